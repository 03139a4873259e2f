/// Scroll-view style deceleration: velocity keeps `rate` of itself every millisecond.
public struct Decay: Sendable, Equatable {
    /// `UIScrollView.DecelerationRate.normal`.
    public static let normal = 0.998
    /// `UIScrollView.DecelerationRate.fast`.
    public static let fast = 0.99

    public let rate: Double

    /// A scroll view's normal deceleration.
    public static let scrollView = Decay(unchecked: normal)

    private init(unchecked rate: Double) { self.rate = rate }

    public init(rate: Double = Decay.normal) throws(ParameterError) {
        try ParameterError.finite(rate, "decelerationRate")
        guard rate > 0 && rate < 1 else { throw ParameterError("decelerationRate", "must be between 0 and 1, exclusive") }
        self.rate = rate
    }

    /// Where a flick at `velocity` (points/s) comes to rest, as WWDC 2018's
    /// "Designing Fluid Interfaces" sample projects it: (v/1000)·r/(1 − r).
    public func projectedDistance(velocity: Double) -> Double {
        (velocity / 1000) * rate / (1 - rate)
    }

    /// The exact integral of v·r^(1000t): −v/(1000·ln r), about 0.1 % above the WWDC form.
    public func exactDistance(velocity: Double) -> Double {
        -velocity / (1000 * cLog(rate))
    }

    /// Distance travelled after `t` seconds (exact model), and the velocity then.
    public func sample(velocity: Double, at t: Double) -> (distance: Double, velocity: Double) {
        let remaining = cPow(rate, 1000 * max(t, 0))
        return (exactDistance(velocity: velocity) * (1 - remaining), velocity * remaining)
    }
}
