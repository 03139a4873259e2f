/// A scroll view released with a velocity: both axes decelerate, bounce at the content edges and
/// stop together, as UIScrollView's display-link ticks do (docs/fidelity.md#scroll-deceleration).
///
/// The stop is UIKit's: the first instant at which the speed of both axes together is below
/// `stopSpeed` and neither axis is `bounceEpsilon` or more beyond an edge. Then the offset is
/// pinned into the content range and `scrollViewDidEndDecelerating` is due. UIKit tests once a
/// frame; here the instant is exact, so it does not depend on the frame rate.
public struct ScrollDeceleration: Sendable, Equatable {
    /// One axis at the release: where it is, how fast the offset moves (points per second,
    /// positive as the offset grows, i.e. opposite to the finger), its content range and
    /// whether it bounces (UIKit: `bounces` and the content being larger, or `alwaysBounce…`).
    public struct Release: Sendable, Equatable {
        public var offset: Double
        public var velocity: Double
        public var minimum: Double
        public var maximum: Double
        public var bounces: Bool

        public init(offset: Double, velocity: Double, minimum: Double, maximum: Double, bounces: Bool = true) {
            self.offset = offset
            self.velocity = velocity
            self.minimum = minimum
            self.maximum = maximum
            self.bounces = bounces
        }

        /// An axis that does not scroll.
        public static func still(at offset: Double = 0) -> Release {
            Release(offset: offset, velocity: 0, minimum: offset, maximum: offset, bounces: false)
        }
    }

    /// One axis of the motion, as a segment that rests where the whole scroll view stops.
    public struct Axis: MotionSegment, Equatable {
        let motion: ScrollAxisMotion
        public let startTime: Double
        public let endTime: Double
        /// Where the axis rests: its offset at the stop, pinned into the content range.
        public let restingOffset: Double

        public func sample(at t: Double) -> (value: Double, velocity: Double) {
            if t >= endTime { return (restingOffset, 0) }
            let state = motion.state(at: max(t, startTime))
            return (state.offset, state.rate)
        }

        /// How far beyond the nearest edge the axis is at `t` (signed; 0 inside, and once stopped).
        public func overshoot(at t: Double) -> Double {
            t >= endTime ? 0 : motion.state(at: max(t, startTime)).overshoot
        }
    }

    public let horizontal: Axis
    public let vertical: Axis
    public let startTime: Double
    /// When the scroll view stops (`scrollViewDidEndDecelerating`).
    public let endTime: Double

    /// UIKit's `willDecelerate`: false when the release is already slow and inside the content.
    public var willDecelerate: Bool { endTime > startTime }

    public init(horizontal: Release = .still(), vertical: Release = .still(), at start: Double,
                physics: ScrollPhysics = .standard) {
        let axes = [horizontal, vertical].map {
            ScrollAxisMotion(offset: Self.bounded($0.offset, ParameterError.maximumLength * 10),
                             velocity: Self.bounded($0.velocity, Self.maximumSpeed),
                             lower: Self.bounded($0.minimum, ParameterError.maximumLength * 10),
                             upper: Self.bounded($0.maximum, ParameterError.maximumLength * 10),
                             bounces: $0.bounces, start: start, physics: physics)
        }
        let end = Self.stopTime(of: axes, from: start, physics: physics)
        let resting = axes.map { min(max($0.state(at: end).offset, $0.lower), $0.upper) }
        self.horizontal = Axis(motion: axes[0], startTime: start, endTime: end, restingOffset: resting[0])
        self.vertical = Axis(motion: axes[1], startTime: start, endTime: end, restingOffset: resting[1])
        startTime = start
        endTime = end
    }

    /// Releases faster than this (points per second) are taken at this speed; UIKit has no limit,
    /// but no finger moves a million points a second and every later bound stays finite.
    public static let maximumSpeed = 1e6

    /// `value` within ±`limit`, 0 when it is not a number: a bad expression cannot make NaN frames.
    static func bounded(_ value: Double, _ limit: Double) -> Double {
        value.isNaN ? 0 : min(max(value, -limit), limit)
    }

    /// The first time the joint speed is below the stop speed with no axis bouncing.
    static func stopTime(of axes: [ScrollAxisMotion], from start: Double, physics: ScrollPhysics) -> Double {
        let threshold = physics.stopSpeed
        func slow(_ t: Double) -> Bool {
            axes.map { $0.state(at: t).velocity }.reduce(0) { $0 + $1 * $1 } < threshold * threshold
        }
        // Every piece decays at least as fast as F^τ, so the joint speed is below the threshold
        // one millisecond after the time a free flick at the release speed would take.
        let speed = axes.map(\.releaseSpeed).reduce(0) { ($0 * $0 + $1 * $1).squareRoot() }
        var stop = start
        if !slow(start) {
            let bound = start + (cLog(threshold / speed) / physics.lnRate + 1) / 1000
            stop = firstTime(from: start, to: bound, where: slow)
        }
        // The speed only falls, so waiting out a bounce never makes the view fast again.
        let bouncing = axes.flatMap { $0.bouncingIntervals() }
        var moved = true
        while moved {
            moved = false
            for interval in bouncing where interval.start <= stop && stop < interval.end {
                stop = interval.end
                moved = true
            }
        }
        return stop
    }

    /// Where UIKit tells `scrollViewWillEndDragging` the content will stop
    /// (`_scrollViewWillEndDraggingWithDeceleration:`, docs/fidelity.md#scroll-deceleration): where the
    /// continuous decay v·F^t slows to 10 pt/s, `offset − (v − 0.01·sgn v)/ln F` (v in pt/ms, the sign
    /// of 0 taken as +), clamped to the content range. UIKit rounds it to the pixel grid; here there is none.
    public static func projectedOffset(offset: Double, velocity: Double, minimum: Double, maximum: Double,
                                       decelerationRate: Double = Decay.normal) -> Double {
        let v = velocity / 1000, stop = v >= 0 ? 0.01 : -0.01
        let projected = offset - (v - stop) / cLog(decelerationRate)
        return min(max(projected, minimum), max(minimum, maximum))
    }
}
