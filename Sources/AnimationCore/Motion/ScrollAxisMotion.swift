/// One axis of a released scroll view, before any stop test: UIKit's deceleration inside the
/// content range and its bounce beyond an edge, as closed-form pieces (docs/fidelity.md#bounce).
///
/// Velocities here are UIKit's own, in points per millisecond: inside the range x moves by
/// v·F·(1 − F^τ)/(1 − F) and v decays as F^τ; beyond an edge the overshoot also decays as
/// e^(−λτ), so it rises, peaks and returns without the velocity changing sign. Both step rules
/// compose exactly, so any split of time into frames gives the same motion.
struct ScrollAxisMotion: Sendable, Equatable {
    enum Piece: Sendable, Equatable {
        /// Inside the range from `offset` with UIKit velocity `velocity` (pt/ms).
        case free(start: Double, offset: Double, velocity: Double)
        /// Beyond `edge` by `overshoot` (signed, x − edge) with UIKit velocity `velocity`.
        case bounce(start: Double, edge: Double, overshoot: Double, velocity: Double)
        /// Stopped at an edge without bouncing: UIKit clamps the offset and zeroes the velocity.
        case held(start: Double, offset: Double)

        var start: Double {
            switch self {
            case let .free(start, _, _), let .bounce(start, _, _, _), let .held(start, _): start
            }
        }
    }

    /// The state of the axis at an instant.
    struct State: Sendable, Equatable {
        /// The offset, in points.
        var offset: Double
        /// d offset/dt, points per second.
        var rate: Double
        /// UIKit's velocity, points per second (what the stop test and the bounce step use).
        var velocity: Double
        /// How far beyond the nearest edge (signed; 0 inside the range).
        var overshoot: Double
    }

    let physics: ScrollPhysics
    let lower: Double
    let upper: Double
    /// In time order; each lasts until the next one starts. Never more than three.
    let pieces: [Piece]

    /// Releases the axis at `offset` moving at `velocity` (points per second, UIKit's sign: the
    /// offset's own direction) at session time `start`, in the content range `lower...upper`
    /// (an upper below the lower is raised to it, as UIKit does).
    init(offset: Double, velocity: Double, lower: Double, upper: Double, bounces: Bool,
         start: Double, physics: ScrollPhysics) {
        self.physics = physics
        self.lower = lower
        self.upper = max(lower, upper)
        pieces = Self.pieces(offset: offset, velocity: velocity / 1000, lower: lower, upper: max(lower, upper),
                             bounces: bounces, start: start, physics: physics)
    }

    private static func pieces(offset x0: Double, velocity v0: Double, lower: Double, upper: Double,
                               bounces: Bool, start: Double, physics: ScrollPhysics) -> [Piece] {
        let lnF = physics.lnRate, reach = physics.reach, lambda = physics.bounceDecay
        var (t, x, v) = (start, x0, v0)
        var pieces: [Piece] = []
        // A bounce that comes back inside becomes free motion, which may reach the other edge:
        // at most bounce, free, bounce.
        for _ in 0..<3 {
            if x < lower || x > upper {
                let edge = x < lower ? lower : upper
                guard bounces else { pieces.append(.held(start: t, offset: edge)); break }
                let over = x - edge, distance = v * reach
                pieces.append(.bounce(start: t, edge: edge, overshoot: over, velocity: v))
                // over(τ) = e^(−λτ)·(over + distance·(1 − F^τ)) reaches 0 when F^τ = 1 + over/distance.
                let back = distance == 0 ? 0 : 1 + over / distance
                guard back > 0 && back < 1 else { break }
                let tau = cLog(back) / lnF
                t += tau / 1000
                v *= cExp(tau * (lnF - lambda))
                x = edge
                continue
            }
            pieces.append(.free(start: t, offset: x, velocity: v))
            let distance = v * reach
            let edge: Double
            if v > 0 && x + distance > upper { edge = upper } else if v < 0 && x + distance < lower { edge = lower } else { break }
            // x + distance·(1 − F^τ) = edge.
            let tau = cLog(1 - (edge - x) / distance) / lnF
            t += tau / 1000
            v *= cExp(tau * lnF)
            // Beyond an edge a bounce never comes back by itself (its velocity keeps its sign).
            pieces.append(bounces ? .bounce(start: t, edge: edge, overshoot: 0, velocity: v)
                                  : .held(start: t, offset: edge))
            break
        }
        return pieces
    }

    /// The piece in effect at `t` (the first one before it starts).
    func pieceIndex(at t: Double) -> Int {
        var index = 0
        for (i, piece) in pieces.enumerated() where piece.start <= t { index = i }
        return index
    }

    func state(at t: Double) -> State {
        let piece = pieces[pieceIndex(at: t)]
        let tau = max(t - piece.start, 0) * 1000
        let lnF = physics.lnRate, reach = physics.reach, lambda = physics.bounceDecay
        switch piece {
        case let .free(_, x0, v0):
            let decay = cExp(tau * lnF)
            return State(offset: x0 + v0 * reach * (1 - decay), rate: -v0 * reach * lnF * decay * 1000,
                         velocity: v0 * decay * 1000, overshoot: 0)
        case let .bounce(_, edge, over0, v0):
            let decay = cExp(tau * lnF), damping = cExp(-lambda * tau)
            let over = damping * (over0 + v0 * reach * (1 - decay))
            let rate = -lambda * over - damping * v0 * reach * lnF * decay
            return State(offset: edge + over, rate: rate * 1000, velocity: v0 * decay * damping * 1000,
                         overshoot: over)
        case let .held(_, x):
            return State(offset: x, rate: 0, velocity: 0, overshoot: 0)
        }
    }

    /// UIKit's speed at the release (points per second); no piece is ever faster.
    var releaseSpeed: Double { abs(state(at: pieces[0].start).velocity) }

    /// The session-time intervals during which the axis is at least `bounceEpsilon` beyond an
    /// edge, i.e. UIKit reports it as still bouncing; at most one per bounce piece.
    func bouncingIntervals() -> [(start: Double, end: Double)] {
        let epsilon = physics.bounceEpsilon, lnF = physics.lnRate, lambda = physics.bounceDecay
        var intervals: [(start: Double, end: Double)] = []
        for (i, piece) in pieces.enumerated() {
            guard case let .bounce(start, _, over0, v0) = piece else { continue }
            let distance = v0 * physics.reach
            let magnitude = { (tau: Double) in abs(self.state(at: start + tau / 1000).overshoot) }
            // Bounded above by e^(−λτ)(|over0| + |distance|), so it is below ε from here on.
            var horizon = max(cLog((abs(over0) + abs(distance)) / epsilon) / lambda, 0) + 1
            if i + 1 < pieces.count { horizon = min(horizon, (pieces[i + 1].start - start) * 1000) }
            // |over| peaks where λ(over0 + distance) = distance·F^τ·(λ − ln F), or at the start.
            var peak = 0.0
            if distance != 0 && (over0 == 0 || (over0 > 0) == (distance > 0)) {
                let decay = lambda * (over0 + distance) / (distance * (lambda - lnF))
                if decay > 0 && decay < 1 { peak = min(cLog(decay) / lnF, horizon) }
            }
            guard magnitude(peak) >= epsilon else { continue }
            let rises = magnitude(0) >= epsilon ? 0 : firstTime(from: 0, to: peak) { magnitude($0) >= epsilon }
            let falls = firstTime(from: peak, to: horizon) { magnitude($0) < epsilon }
            intervals.append((start + rises / 1000, start + falls / 1000))
        }
        return intervals
    }
}
