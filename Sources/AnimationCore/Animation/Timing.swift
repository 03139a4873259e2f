/// How one animation segment moves from its start to its end: a timed cubic curve or a spring.
/// Boxed (one pointer, 168 bytes of a resolved spring or 88 of a curve behind it): the timings
/// an instance holds are made once and every animation in flight on one shares its box.
public indirect enum Timing: Sendable, Equatable {
    case curve(CubicBezier, duration: Double)
    case spring(SpringTiming)

    /// Seconds until the segment shows its end value.
    public var duration: Double {
        switch self {
        case let .curve(_, duration): duration
        case let .spring(spring): spring.duration
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
        }
    }
}
