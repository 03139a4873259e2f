/// A spring that UIKit steps once a millisecond, solved in closed form for any (fractional)
/// number of steps (docs/fidelity.md#paging).
///
/// UIScrollView's paging runs, per millisecond, `v = (v + (T − x)·pull)·friction; x += v`. With
/// the displacement e = x − T that is the linear map M = [[1 − f·s, f], [−f·s, f]] on (e, v), so
/// after n steps the state is Mⁿ·(e₀, v₀). Cayley–Hamilton gives Mⁿ = Uₙ·M − det·Uₙ₋₁·I with
/// Uₙ = (λ₁ⁿ − λ₂ⁿ)/(λ₁ − λ₂) over M's eigenvalues, which extends to fractional n: exact at every
/// whole millisecond, smooth between them.
public struct DiscreteSpring: Sendable, Equatable {
    /// The pull towards the target per millisecond (UIKit's `_pagingSpringPull`).
    public let pull: Double
    /// The velocity kept per millisecond (UIKit's `_pagingFriction`).
    public let friction: Double

    enum Roots: Sendable, Equatable {
        /// λ = r·e^(±iθ).
        case complex(r: Double, theta: Double)
        case real(Double, Double)
        case repeated(Double)
    }

    let roots: Roots

    public init(pull: Double, friction: Double) throws(ParameterError) {
        try ParameterError.positive(pull, "pull", upTo: 1)
        try ParameterError.positive(friction, "friction")
        guard friction < 1 else { throw ParameterError("friction", "must be less than 1") }
        self.pull = pull
        self.friction = friction
        // trace = 1 + f − f·s > 0 and det = f > 0, so real roots are positive.
        let trace = 1 + friction - friction * pull, det = friction
        let discriminant = trace * trace - 4 * det
        if abs(discriminant) < 1e-15 {
            roots = .repeated(trace / 2)
        } else if discriminant < 0 {
            let r = det.squareRoot()
            roots = .complex(r: r, theta: cAtan2((-discriminant).squareRoot(), trace))
        } else {
            let root = discriminant.squareRoot()
            roots = .real((trace + root) / 2, (trace - root) / 2)
        }
    }

    /// UIKit's paging spring for a scroll view whose bounds are `dimension` points along the
    /// paging axis: pull 0.000359090909 − 1.84659091e-7·W and friction 0.966818182 +
    /// 9.94318182e-6·W, or 0.00017 and 0.977 above 1024 pt (set when the bounds change).
    public static func paging(dimension: Double) throws(ParameterError) -> DiscreteSpring {
        try ParameterError.length(dimension, "dimension")
        if dimension > 1024 { return try DiscreteSpring(pull: 0.00017, friction: 0.977) }
        return try DiscreteSpring(pull: 0.000359090909 - 1.84659091e-7 * dimension,
                                  friction: 0.966818182 + 9.94318182e-6 * dimension)
    }

    /// Uₙ and dUₙ/dn.
    private func chebyshev(_ n: Double) -> (u: Double, du: Double) {
        switch roots {
        case let .complex(r, theta):
            let scale = cExp((n - 1) * cLog(r)) / cSin(theta)
            let s = cSin(n * theta), c = cCos(n * theta)
            return (scale * s, scale * (cLog(r) * s + theta * c))
        case let .real(a, b):
            let pa = cExp(n * cLog(a)), pb = cExp(n * cLog(b))
            return ((pa - pb) / (a - b), (cLog(a) * pa - cLog(b) * pb) / (a - b))
        case let .repeated(a):
            let p = cExp((n - 1) * cLog(a))
            return (n * p, p * (1 + n * cLog(a)))
        }
    }

    /// After `steps` milliseconds from displacement `e0` (x − T) and velocity `v0` (points per
    /// step): the displacement, UIKit's velocity (the last step's increment), and the rate of
    /// change of the displacement per step.
    public func state(after steps: Double, displacement e0: Double, velocity v0: Double)
        -> (displacement: Double, velocity: Double, rate: Double) {
        let f = friction, s = pull
        let (u, du) = chebyshev(steps), (u1, du1) = chebyshev(steps - 1)
        let me = (1 - f * s) * e0 + f * v0, mv = -f * s * e0 + f * v0
        return (u * me - f * u1 * e0, u * mv - f * u1 * v0, du * me - f * du1 * e0)
    }
}
