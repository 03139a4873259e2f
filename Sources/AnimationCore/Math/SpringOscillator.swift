/// The closed-form motion of a spring from a displacement and velocity, in any regime.
///
/// Displacement is measured from the rest point; coefficients are solved once so that a
/// sample costs one `exp` (plus one `sin` and one `cos` when underdamped).
public struct SpringOscillator: Sendable, Equatable {
    enum Solution: Sendable, Equatable {
        /// x = e^(−βt)·(a·cos ωd t + b·sin ωd t)
        case underdamped(beta: Double, omegaD: Double, a: Double, b: Double)
        /// x = e^(−ωt)·(a + b·t)
        case critical(omega: Double, a: Double, b: Double)
        /// x = a·e^(r1 t) + b·e^(r2 t)
        case overdamped(r1: Double, r2: Double, a: Double, b: Double)
    }

    let solution: Solution
    public let initialDisplacement: Double
    public let initialVelocity: Double

    public init(spring: Spring, displacement x0: Double, velocity v0: Double) {
        initialDisplacement = x0
        initialVelocity = v0
        let omega0 = spring.naturalFrequency
        let zeta = spring.dampingRatio
        switch spring.regime {
        case .underdamped:
            let beta = zeta * omega0
            let omegaD = omega0 * (1 - zeta * zeta).squareRoot()
            solution = .underdamped(beta: beta, omegaD: omegaD, a: x0, b: (v0 + beta * x0) / omegaD)
        case .critical:
            solution = .critical(omega: omega0, a: x0, b: v0 + omega0 * x0)
        case .overdamped:
            let root = omega0 * (zeta * zeta - 1).squareRoot()
            let r1 = -zeta * omega0 + root
            let r2 = -zeta * omega0 - root
            let a = (v0 - r2 * x0) / (r1 - r2)
            solution = .overdamped(r1: r1, r2: r2, a: a, b: x0 - a)
        }
    }

    /// Displacement and velocity at `t` seconds after the start.
    @inline(__always)
    public func state(at t: Double) -> (displacement: Double, velocity: Double) {
        switch solution {
        case let .underdamped(beta, omegaD, a, b):
            let envelope = cExp(-beta * t)
            let c = cCos(omegaD * t), s = cSin(omegaD * t)
            let x = envelope * (a * c + b * s)
            let v = envelope * ((omegaD * b - beta * a) * c - (beta * b + omegaD * a) * s)
            return (x, v)
        case let .critical(omega, a, b):
            let envelope = cExp(-omega * t)
            return (envelope * (a + b * t), envelope * (b - omega * (a + b * t)))
        case let .overdamped(r1, r2, a, b):
            let e1 = cExp(r1 * t), e2 = cExp(r2 * t)
            return (a * e1 + b * e2, a * r1 * e1 + b * r2 * e2)
        }
    }

    public func displacement(at t: Double) -> Double { state(at: t).displacement }
    public func velocity(at t: Double) -> Double { state(at: t).velocity }

    /// Times in (0, limit] where the displacement (order 1) or velocity (order 2) has an extremum,
    /// in increasing order; a damped oscillation's extremes shrink, so the first two of each sign suffice.
    func extremumTimes(derivative order: Int, before limit: Double) -> [Double] {
        switch solution {
        case let .underdamped(beta, omegaD, a, b):
            // Differentiate e^(−βt)(a cos + b sin) `order` times: (a, b) → (−βa + ωd b, −βb − ωd a).
            var (p, q) = (a, b)
            for _ in 0..<order { (p, q) = (-beta * p + omegaD * q, -beta * q - omegaD * p) }
            // Zeros of p cos θ + q sin θ: θ = atan2(−p, q) + nπ.
            var theta = cAtan2(-p, q)
            while theta <= 0 { theta += .pi }
            return [theta / omegaD, (theta + .pi) / omegaD].filter { $0 <= limit }
        case let .critical(omega, a, b):
            // x' = e(b − ωa − ωbt) and x'' = ωe(ωa − 2b + ωbt).
            guard b != 0 else { return [] }
            let t = order == 1 ? (b - omega * a) / (omega * b) : (2 * b - omega * a) / (omega * b)
            return t > 0 && t <= limit ? [t] : []
        case let .overdamped(r1, r2, a, b):
            // a rⁿ e^(r1 t) + b rⁿ e^(r2 t) = 0  ⇒  e^((r1−r2)t) = −b r2ⁿ / (a r1ⁿ).
            let ratio = -b * cPow(r2, Double(order)) / (a * cPow(r1, Double(order)))
            guard a != 0, ratio > 0 else { return [] }
            let t = cLog(ratio) / (r1 - r2)
            return t > 0 && t <= limit ? [t] : []
        }
    }
}
