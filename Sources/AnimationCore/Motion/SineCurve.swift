/// UIKit's animation curve 0, which `setContentOffset(_:animated:)` uses: progress
/// sin²(π·x/2) = (1 − cos πx)/2 (docs/fidelity.md#scroll-view). Not a cubic Bézier, so it has
/// its own type, sampled like `CubicBezier`.
public enum SineCurve {
    /// Progress and its slope (d progress/d x) at the time fraction `x`, clamped to [0, 1].
    public static func sample(at x: Double) -> (progress: Double, slope: Double) {
        let u = min(max(x, 0), 1)
        return ((1 - cCos(Double.pi * u)) / 2, Double.pi / 2 * cSin(Double.pi * u))
    }
}

/// A value moved from one position to another over a fixed time on `SineCurve`:
/// `setContentOffset(_:animated: true)` moves each axis this way over 0.3 s, whatever the distance.
public struct SineMove: MotionSegment, Equatable {
    public let from: Double
    public let to: Double
    public let startTime: Double
    public let duration: Double

    /// UIScrollView's `_contentOffsetAnimationDuration`.
    public static let contentOffsetDuration = 0.3

    public init(from: Double, to: Double, at start: Double,
                duration: Double = SineMove.contentOffsetDuration) throws(ParameterError) {
        try ParameterError.seconds(duration, "duration")
        self.from = from
        self.to = to
        startTime = start
        self.duration = duration
    }

    public var endTime: Double { startTime + duration }

    public func sample(at t: Double) -> (value: Double, velocity: Double) {
        if t >= endTime { return (to, 0) }
        if t <= startTime { return (from, 0) }
        let (p, slope) = SineCurve.sample(at: (t - startTime) / duration)
        return (from + (to - from) * p, (to - from) * slope / duration)
    }
}
