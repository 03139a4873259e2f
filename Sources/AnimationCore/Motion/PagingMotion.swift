/// A paging scroll view's axis settling on its page: UIKit's per-millisecond spring
/// (`_getPagingDecelerationOffset:forTimeInterval:`), in closed form, with UIKit's snap tests
/// (docs/fidelity.md#paging).
///
/// The spring replaces the deceleration and the edge bounce: the target lies inside the content,
/// so the spring pulls back from any overscroll by itself. The axis snaps onto the target, and
/// stops, at the first whole millisecond after the release at which
/// - it moves slower than `settleSpeed` within `settleDistance` of the target (UIKit also asks
///   the pixel-rounded offset to be within 5 pt, which this implies), or
/// - it has just passed the target in its direction of travel slower than `passSpeed`, or
/// - it does not bounce and has left the content range.
/// UIKit tests once a frame; testing every millisecond makes the end independent of frame rate.
public struct PagingMotion: MotionSegment, Equatable {
    /// Snap thresholds and the time base, UIKit's by default.
    public struct Snap: Sendable, Equatable {
        /// Points per second (UIKit: 0.01 pt/ms).
        public var settleSpeed: Double
        public var settleDistance: Double
        /// Points per second (UIKit: 0.1 pt/ms).
        public var passSpeed: Double
        /// Simulated milliseconds per real millisecond. UIKit runs a whole number of steps per
        /// frame and drops the fraction: 16 of 16.67 ms at 60 fps, 8 of 8.33 at 120, 4 of 4.17
        /// at 240, all 0.96. 1 is the frame-rate-independent motion; 0.96 that emulation.
        public var clockRate: Double
        /// Snaps at the latest after this many seconds, whatever the thresholds say.
        public var timeLimit: Double

        public static let uikit = Snap(unchecked: 10, 1, 100, 1, 60)

        public init(settleSpeed: Double, settleDistance: Double, passSpeed: Double, clockRate: Double,
                    timeLimit: Double) throws(ParameterError) {
            try ParameterError.positive(settleSpeed, "settleSpeed", upTo: 1e6)
            try ParameterError.positive(settleDistance, "settleDistance", upTo: ParameterError.maximumLength)
            try ParameterError.positive(passSpeed, "passSpeed", upTo: 1e6)
            try ParameterError.within(clockRate, 0.1...4, "clockRate")
            // The snap search looks at every simulated millisecond up to the limit: at most 240,000.
            try ParameterError.within(timeLimit, 0.001...60, "timeLimit")
            self.init(unchecked: settleSpeed, settleDistance, passSpeed, clockRate, timeLimit)
        }

        private init(unchecked settleSpeed: Double, _ settleDistance: Double, _ passSpeed: Double,
                     _ clockRate: Double, _ timeLimit: Double) {
            self.settleSpeed = settleSpeed
            self.settleDistance = settleDistance
            self.passSpeed = passSpeed
            self.clockRate = clockRate
            self.timeLimit = timeLimit
        }
    }

    public let target: Double
    public let startTime: Double
    public let endTime: Double
    let spring: DiscreteSpring
    let displacement: Double
    /// UIKit's velocity at the release, points per millisecond.
    let velocity: Double
    let clockRate: Double

    /// - Parameters:
    ///   - offset, velocity: the axis at the release (points, points per second).
    ///   - target: where it settles (`PageTarget`).
    ///   - spring: `DiscreteSpring.paging(dimension:)` for the bounds along the axis.
    ///   - minimum, maximum, bounces: the content range, for UIKit's snap when it does not bounce.
    public init(offset: Double, velocity: Double, target: PageTarget, spring: DiscreteSpring,
                minimum: Double, maximum: Double, bounces: Bool = true, at start: Double, snap: Snap = .uikit) {
        let offset = ScrollDeceleration.bounded(offset, ParameterError.maximumLength * 10)
        let velocity = ScrollDeceleration.bounded(velocity, ScrollDeceleration.maximumSpeed)
        self.target = target.offset
        self.startTime = start
        self.spring = spring
        displacement = offset - target.offset
        self.velocity = velocity / 1000
        clockRate = snap.clockRate
        let steps = Self.snapStep(spring: spring, displacement: offset - target.offset, velocity: velocity / 1000,
                                  direction: target.direction, range: (minimum - target.offset, max(minimum, maximum) - target.offset),
                                  bounces: bounces, snap: snap)
        endTime = start + Double(steps) / 1000 / snap.clockRate
    }

    /// The first whole millisecond at which UIKit's snap tests pass.
    private static func snapStep(spring: DiscreteSpring, displacement e0: Double, velocity v0: Double,
                                 direction: PageTarget.Direction, range: (low: Double, high: Double),
                                 bounces: Bool, snap: Snap) -> Int {
        func passed(_ e: Double) -> Bool {
            switch direction {
            case .none: false
            case .increasing: e > 0
            case .decreasing: e < 0
            }
        }
        let settleSpeed = snap.settleSpeed / 1000, passSpeed = snap.passSpeed / 1000
        let limit = max(Int((snap.timeLimit * 1000 * snap.clockRate).rounded(.up)), 1)
        var before = e0
        for n in 1...limit {
            let (e, v, _) = spring.state(after: Double(n), displacement: e0, velocity: v0)
            let settled = abs(v) < settleSpeed && abs(before) <= snap.settleDistance
            let passing = !passed(before) && passed(e) && abs(v) < passSpeed
            let escaped = !bounces && (e < range.low || e > range.high)
            if settled || passing || escaped { return n }
            before = e
        }
        return limit
    }

    public func sample(at t: Double) -> (value: Double, velocity: Double) {
        if t >= endTime { return (target, 0) }
        if t <= startTime { return (target + displacement, velocity * 1000) }
        let steps = max(t - startTime, 0) * 1000 * clockRate
        let state = spring.state(after: steps, displacement: displacement, velocity: velocity)
        return (target + state.displacement, state.rate * 1000 * clockRate)
    }
}
