/// Every way users describe a spring, as UIKit, Core Animation and SwiftUI spell them.
public enum SpringParameters: Sendable, Equatable {
    /// `UIView.animate(withDuration:…usingSpringWithDamping:initialSpringVelocity:)` and
    /// `UIViewPropertyAnimator(duration:dampingRatio:)`: shown until `duration`, then the target.
    case uikit(duration: Double, dampingRatio: Double, initialVelocity: Double)
    /// `CASpringAnimation` / `UISpringTimingParameters(mass:stiffness:damping:initialVelocity:)`:
    /// runs for UIKit's settling duration.
    case physical(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double,
                  allowsOverdamping: Bool)
    /// SwiftUI `Spring(response:dampingRatio:)`.
    case response(response: Double, dampingRatio: Double, initialVelocity: Double)
    /// iOS 17 `UIView.animate(springDuration:bounce:)` / SwiftUI `Spring(duration:bounce:)`.
    case perceptual(duration: Double, bounce: Double, initialVelocity: Double)

    public var initialVelocity: Double {
        switch self {
        case let .uikit(_, _, v), let .physical(_, _, _, v, _), let .response(_, _, v),
             let .perceptual(_, _, v):
            return v
        }
    }

    /// The same spring starting at another relative velocity (`initialSpringVelocity` computed
    /// when the animation starts: a released finger's speed over the distance left).
    public func withInitialVelocity(_ v: Double) -> SpringParameters {
        switch self {
        case let .uikit(d, zeta, _): .uikit(duration: d, dampingRatio: zeta, initialVelocity: v)
        case let .physical(m, k, c, _, overdamping):
            .physical(mass: m, stiffness: k, damping: c, initialVelocity: v, allowsOverdamping: overdamping)
        case let .response(r, zeta, _): .response(response: r, dampingRatio: zeta, initialVelocity: v)
        case let .perceptual(d, bounce, _): .perceptual(duration: d, bounce: bounce, initialVelocity: v)
        }
    }

    /// Converts to constants and a running duration; throws naming the first bad parameter.
    public func resolve() throws(ParameterError) -> SpringTiming {
        let v = initialVelocity
        try ParameterError.velocity(v)
        let spring: Spring
        let duration: Double?
        switch self {
        case let .uikit(d, zeta, _):
            spring = try .uikit(duration: d, dampingRatio: zeta, initialVelocity: v)
            duration = d
        case let .physical(m, k, c, _, overdamping):
            spring = try Spring(mass: m, stiffness: k, damping: c, allowsOverdamping: overdamping)
            duration = nil
        case let .response(r, zeta, _):
            spring = try .response(r, dampingRatio: zeta)
            duration = nil
        case let .perceptual(d, bounce, _):
            spring = try .perceptual(duration: d, bounce: bounce)
            duration = nil
        }
        let settling = spring.regime == .overdamped
            ? spring.exactSettlingDuration(initialVelocity: v)
            : spring.uikitSettlingDuration(initialVelocity: v)
        guard settling.isFinite, settling <= 1e6 else {
            throw ParameterError(dampingParameterName, "an undamped spring never settles")
        }
        return SpringTiming(parameters: self, spring: spring, initialVelocity: v,
                            duration: duration ?? settling, settlingDuration: settling)
    }

    private var dampingParameterName: String {
        switch self {
        case .uikit, .response: "dampingRatio"
        case .physical: "damping"
        case .perceptual: "bounce"
        }
    }
}

/// A resolved spring: constants, how long it is shown, and what its motion looks like.
/// Progress runs 0 → 1 with relative velocity (fractions of the distance per second).
public struct SpringTiming: Sendable, Equatable {
    public let parameters: SpringParameters
    public let spring: Spring
    /// Relative initial velocity, positive towards the target.
    public let initialVelocity: Double
    /// The animation shows the spring until this time, then the target (Core Animation's cut-off).
    public let duration: Double
    /// UIKit's settling estimate (exact for overdamped springs).
    public let settlingDuration: Double
    /// Largest progress beyond 1 while shown, as a fraction of the distance (0 when none).
    public let overshoot: Double
    /// Largest |progress velocity| while shown, in distances per second.
    public let peakVelocity: Double
    let motion: SpringOscillator

    init(parameters: SpringParameters, spring: Spring, initialVelocity: Double,
         duration: Double, settlingDuration: Double) {
        self.parameters = parameters
        self.spring = spring
        self.initialVelocity = initialVelocity
        self.duration = duration
        self.settlingDuration = settlingDuration
        let motion = SpringOscillator(spring: spring, displacement: 1, velocity: -initialVelocity)
        self.motion = motion
        let shown = { (t: Double) in t < duration }
        // Cut off while still moving outward, the largest values are the ones just before the cut.
        let cut = motion.state(at: duration)
        // Folded in place, in the same order and with the same `max` as filter-map-reduce, without
        // the intermediate arrays (a spring is resolved on every animated reaction).
        var overshoot = max(-cut.displacement, 0)
        for t in motion.extremumTimes(derivative: 1, before: duration) where shown(t) {
            overshoot = max(overshoot, -motion.displacement(at: t))
        }
        self.overshoot = overshoot
        var peakVelocity = max(abs(initialVelocity), abs(cut.velocity))
        for t in motion.extremumTimes(derivative: 2, before: duration) where shown(t) {
            peakVelocity = max(peakVelocity, abs(motion.velocity(at: t)))
        }
        self.peakVelocity = peakVelocity
    }

    /// The same spring shown for a different time (a continued animator's remainder).
    func shown(for duration: Double) -> SpringTiming {
        SpringTiming(parameters: parameters, spring: spring, initialVelocity: initialVelocity,
                     duration: duration, settlingDuration: settlingDuration)
    }

    /// Progress at `t` seconds after the start; 1 from `duration` on.
    @inline(__always)
    public func progress(at t: Double) -> Double {
        sample(at: t).progress
    }

    /// Progress and its velocity; (1, 0) from `duration` on, (0, v0) before the start.
    @inline(__always)
    public func sample(at t: Double) -> (progress: Double, velocity: Double) {
        if t >= duration { return (1, 0) }
        if t <= 0 { return (0, initialVelocity) }
        let (x, v) = motion.state(at: t)
        return (1 - x, -v)
    }

    /// Progress without the cut-off: what the spring itself does after `duration`.
    public func unclippedProgress(at t: Double) -> Double {
        1 - motion.displacement(at: max(t, 0))
    }
}
