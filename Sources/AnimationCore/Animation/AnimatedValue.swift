/// One animated scalar as UIKit composes it: a model value plus animations in flight.
///
/// `animate` adds an animation the way UIKit has since iOS 8 (additively: the model jumps to the
/// new value and an animation carries the difference back to zero, so motions in flight keep
/// going and value and velocity stay continuous); `retarget` replaces everything with one spring
/// that starts from the current value and velocity; `follow` hands the value to a closed-form
/// motion (a scroll view's deceleration, a page's spring, a sin² move) until it rests.
public struct AnimatedValue: Sendable, Equatable {
    /// The model value: what shows once every animation has ended.
    public private(set) var target: Double
    private var components: [Component] = []

    /// More simultaneous animations than this are collapsed into one retargeting spring.
    static let maximumComponents = 64

    enum Component: Sendable, Equatable {
        /// Offset = delta·(1 − p(t − start)) until `start + timing.duration`.
        case additive(start: Double, delta: Double, timing: Timing)
        /// Offset = x(t − start) of an oscillator until `end`.
        case spring(start: Double, end: Double, motion: SpringOscillator)
        /// Offset = motion(t) − its resting value until the motion's end (boxed: rare, and larger).
        indirect case motion(AnimatedMotion)
        /// Offset = path(p(t − start)) − the path's last value until `start + timing.duration`
        /// (a `CAKeyframeAnimation`; boxed: rare, and larger).
        indirect case keyframes(start: Double, timing: Timing, path: KeyframePath)

        var end: Double {
            switch self {
            case let .additive(start, _, timing): start + timing.duration
            case let .spring(_, end, _): end
            case let .motion(motion): motion.endTime
            case let .keyframes(start, timing, _): start + timing.duration
            }
        }

        @inline(__always)
        func offset(at t: Double) -> (value: Double, velocity: Double) {
            switch self {
            case let .additive(start, delta, timing):
                if t < start { return (delta, 0) }
                let (p, v) = timing.sample(at: t - start)
                return (delta * (1 - p), -delta * v)
            case let .spring(start, end, motion):
                if t >= end { return (0, 0) }
                let state = motion.state(at: max(t - start, 0))
                return (state.displacement, state.velocity)
            case let .motion(motion):
                let (value, velocity) = motion.sample(at: t)
                return (value - motion.restingValue, velocity)
            case let .keyframes(start, timing, path):
                let (p, rate) = t < start ? (0, 0) : timing.sample(at: t - start)
                let (value, slope) = path.sample(at: p)
                return (value - path.last, slope * rate)
            }
        }
    }

    public init(_ value: Double) {
        target = value
    }

    /// Jumps to `value` with no animation, removing any in flight.
    public mutating func set(_ value: Double) {
        target = value
        components.removeAll()
    }

    /// UIKit's additive animation to `value`, added at `t` and moving from `t + delay` (until
    /// then it holds the difference, as a delayed `UIView.animate` fills backwards).
    public mutating func animate(to value: Double, timing: Timing, at t: Double, delay: Double = 0) {
        prune(at: t)
        let delta = target - value
        target = value
        guard delta != 0 else { return }
        let begin = t + delay
        // Animations that start together on one timing add exactly into one.
        if case let .additive(start, previous, sameTiming)? = components.last, start == begin, sameTiming == timing {
            components[components.count - 1] = .additive(start: begin, delta: previous + delta, timing: timing)
        } else {
            components.append(.additive(start: begin, delta: delta, timing: timing))
        }
        if components.count > Self.maximumComponents, case let .spring(spring) = timing {
            retarget(to: value, spring: spring, at: t)
        } else if components.count > Self.maximumComponents {
            // Curves cannot be merged exactly; the oldest contribution is dropped (a visible jump,
            // only after 64 overlapping animations).
            components.removeFirst()
        }
    }

    /// `beginFromCurrentState`, or a Core Animation animation whose `fromValue` is the
    /// presentation value: what is in flight stops where it shows at `t`, and one animation on
    /// `timing` carries the value from there to `value`, moving from `t + delay`. No velocity is
    /// carried over (a spring starts at its own initial velocity).
    public mutating func animateFromCurrent(to value: Double, timing: Timing, at t: Double, delay: Double = 0) {
        let current = self.value(at: t)
        target = value
        components.removeAll()
        guard current != value else { return }
        components.append(.additive(start: t + delay, delta: current - value, timing: timing))
    }

    /// Replaces every animation by one spring from the current value and velocity to `value`,
    /// shown for `spring.duration` seconds.
    public mutating func retarget(to value: Double, spring: SpringTiming, at t: Double) {
        let (current, velocity) = sample(at: t)
        startSpring(from: current, velocity: velocity, to: value, spring: spring, at: t)
    }

    /// Replaces every animation by one spring from the current value moving at `velocity` (units
    /// per second): a released drag handing its finger's speed to the spring (a sheet's detent).
    public mutating func retarget(to value: Double, spring: SpringTiming, velocity: Double, at t: Double) {
        startSpring(from: self.value(at: t), velocity: velocity, to: value, spring: spring, at: t)
    }

    private mutating func startSpring(from current: Double, velocity: Double, to value: Double, spring: SpringTiming, at t: Double) {
        target = value
        components.removeAll()
        guard current != value || velocity != 0 else { return }
        let motion = SpringOscillator(spring: spring.spring, displacement: current - value, velocity: velocity)
        components.append(.spring(start: t, end: t + spring.duration, motion: motion))
    }

    /// The shown value and its velocity at `t` (valid from the last change on).
    @inline(__always)
    public func sample(at t: Double) -> (value: Double, velocity: Double) {
        var value = target, velocity = 0.0
        for component in components where t < component.end {
            let offset = component.offset(at: t)
            value += offset.value
            velocity += offset.velocity
        }
        return (value, velocity)
    }

    public func value(at t: Double) -> Double { sample(at: t).value }

    /// A `CAKeyframeAnimation` added at `t` (not additive: it replaces what is in flight, as a
    /// layer shows a non-additive animation's values whatever ran before it), whose model value is
    /// the last keyframe. It starts at `t + delay`, showing the first keyframe until then (filled
    /// backwards, as a delayed UIView animation is); `timing` turns time into the path's progress.
    public mutating func animateKeyframes(_ path: KeyframePath, timing: Timing, at t: Double, delay: Double = 0) {
        target = path.last
        components = [.keyframes(start: t + delay, timing: timing, path: path)]
    }

    /// Replaces every animation by `motion`: the value shows it and rests where it rests.
    public mutating func follow(_ motion: AnimatedMotion) {
        target = motion.restingValue
        components = [.motion(motion)]
    }

    /// When the last animation in flight ends (nil when none is).
    public var endTime: Double? {
        components.map(\.end).max()
    }

    public func isAnimating(at t: Double) -> Bool {
        components.contains { t < $0.end }
    }

    private mutating func prune(at t: Double) {
        components.removeAll { $0.end <= t }
    }
}
