/// How one animation segment moves from its start to its end: a timed cubic curve or a spring.
/// Boxed (one pointer, 168 bytes of a resolved spring or 88 of a curve behind it): the timings
/// an instance holds are made once and every animation in flight on one shares its box.
public indirect enum Timing: Sendable, Equatable {
    case curve(CubicBezier, duration: Double)
    case spring(SpringTiming)
    /// `CAMediaTiming`'s `repeatCount` and `autoreverses` over a segment (docs/fidelity.md#repeat):
    /// each cycle runs the segment forward, then, autoreversing, backward; `count` cycles (a
    /// fraction ends mid-cycle; infinity never ends). Once over, the value shows its end (the model
    /// value, as a layer does when the animation is removed).
    case repeating(Timing, count: Double, autoreverses: Bool)

    /// Seconds until the segment shows its end value.
    public var duration: Double {
        switch self {
        case let .curve(_, duration): duration
        case let .spring(spring): spring.duration
        case let .repeating(base, count, autoreverses): base.duration * (autoreverses ? 2 : 1) * count
        }
    }

    /// Progress 0 → 1 and its rate per second, `t` seconds after the start.
    @inline(__always)
    public func sample(at t: Double) -> (progress: Double, velocity: Double) {
        switch self {
        case let .curve(curve, duration):
            guard duration > 0 else { return (1, 0) }
            let (p, slope) = curve.sample(at: t / duration)
            // From its first instant the curve moves at its start slope; before and after, at rest.
            return (p, t < 0 || t >= duration ? 0 : slope / duration)
        case let .spring(spring):
            return spring.sample(at: t)
        case let .repeating(base, count, autoreverses):
            let d = base.duration
            guard t >= 0, d > 0 else { return base.sample(at: t) }
            let period = autoreverses ? 2 * d : d
            guard t < period * count else { return (1, 0) }
            let tau = t - (t / period).rounded(.down) * period
            guard autoreverses, tau >= d else { return base.sample(at: tau) }
            let (p, v) = base.sample(at: 2 * d - tau)
            return (p, -v)
        }
    }
}
