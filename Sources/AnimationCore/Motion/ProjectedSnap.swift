/// Choosing one of several rest positions for a released drag by projecting its velocity, as a
/// sheet picks its detent (`-[_UISheetInteraction draggingEndedInSource:]`, docs/fidelity.md#detents).
///
/// 1. A release slower than `minimumSpeed` counts as no velocity.
/// 2. The release is projected with a deceleration rate: `position + v·r/(1 − r)/1000`.
/// 3. The target nearest the projection wins (the first one on a tie)…
/// 4. …except that a fast flick (`|v| ≥ flickSpeed`) whose projection lands back on the target
///    nearest the finger, while the finger is already past that target in the flick's direction,
///    moves one target further that way.
public struct ProjectedSnap: Sendable, Equatable {
    public let decelerationRate: Double
    /// Points per second.
    public let minimumSpeed: Double
    /// Points per second.
    public let flickSpeed: Double
    /// Rule 4 (on in UIKit's sheet).
    public let flickAdvances: Bool

    /// The sheet's: rate 0.99, minimum speed 250 pt/s, flick speed 1000 pt/s.
    public static let sheet = ProjectedSnap(unchecked: 0.99, 250, 1000, true)

    private init(unchecked rate: Double, _ minimum: Double, _ flick: Double, _ advances: Bool) {
        decelerationRate = rate
        minimumSpeed = minimum
        flickSpeed = flick
        flickAdvances = advances
    }

    public init(decelerationRate: Double = 0.99, minimumSpeed: Double = 250, flickSpeed: Double = 1000,
                flickAdvances: Bool = true) throws(ParameterError) {
        let rate = try Decay(rate: decelerationRate).rate
        try ParameterError.nonNegative(minimumSpeed, "minimumSpeed", upTo: 1e6)
        try ParameterError.nonNegative(flickSpeed, "flickSpeed", upTo: 1e6)
        self.init(unchecked: rate, minimumSpeed, flickSpeed, flickAdvances)
    }

    public struct Choice: Sendable, Equatable {
        /// The chosen target's index in the list given.
        public let index: Int
        public let target: Double
        /// Where the release projects to.
        public let projected: Double
        /// The index of the target nearest the release position.
        public let nearest: Int
        /// Whether the release was a flick (the sheet then springs with less damping).
        public let isFlick: Bool
    }

    /// The target a release at `position` moving at `velocity` (points per second) settles on;
    /// nil when there are no targets.
    public func choose(position: Double, velocity: Double, targets: [Double]) -> Choice? {
        guard !targets.isEmpty else { return nil }
        let effective = abs(velocity) < minimumSpeed ? 0 : velocity
        let projected = position + effective * decelerationRate / (1 - decelerationRate) / 1000
        let nearest = Self.nearest(to: position, in: targets)
        let landing = Self.nearest(to: projected, in: targets)
        let isFlick = abs(velocity) >= flickSpeed
        var index = landing
        // UIKit's test, (v < 0) == (position < target): the finger is past the target the flick's way.
        if flickAdvances && isFlick && landing == nearest && (velocity < 0) == (position < targets[nearest]) {
            index = Self.neighbour(of: nearest, towards: velocity, in: targets) ?? nearest
        }
        return Choice(index: index, target: targets[index], projected: projected, nearest: nearest, isFlick: isFlick)
    }

    /// The first index of the target at the least distance.
    static func nearest(to position: Double, in targets: [Double]) -> Int {
        var best = 0
        for i in targets.indices.dropFirst() where abs(targets[i] - position) < abs(targets[best] - position) {
            best = i
        }
        return best
    }

    /// The next target beyond `index` in the direction of `velocity`'s sign (nearest such one).
    static func neighbour(of index: Int, towards velocity: Double, in targets: [Double]) -> Int? {
        let here = targets[index]
        var found: Int?
        for (i, value) in targets.enumerated() where velocity < 0 ? value < here : value > here {
            if let best = found, abs(targets[best] - here) <= abs(value - here) { continue }
            found = i
        }
        return found
    }
}

/// The spring a sheet settles on its detent with (`transitionSpringParametersHighSpeed:`):
/// ω = 2π/response as a mass-stiffness-damping spring, so it runs for its settling duration.
public struct SnapSpring: Sendable, Equatable {
    public let response: Double
    public let dampingRatio: Double
    /// The damping ratio after a flick.
    public let flickDampingRatio: Double

    /// UIKit's sheet: response 0.344144233 s, ζ 1, or 0.8 after a flick.
    public static let sheet = SnapSpring(unchecked: 0.344144233, 1, 0.8)

    private init(unchecked response: Double, _ damping: Double, _ flick: Double) {
        self.response = response
        dampingRatio = damping
        flickDampingRatio = flick
    }

    public init(response: Double, dampingRatio: Double = 1, flickDampingRatio: Double = 0.8) throws(ParameterError) {
        try ParameterError.seconds(response, "response")
        try ParameterError.within(dampingRatio, 0.01...1, "dampingRatio")
        try ParameterError.within(flickDampingRatio, 0.01...1, "flickDampingRatio")
        self.init(unchecked: response, dampingRatio, flickDampingRatio)
    }

    /// The spring from the shown position to `target` for a release at `velocity` (points per
    /// second): UIKit's `UISpringTimingParameters(mass: 1, stiffness: ω², damping: 2ζω,
    /// initialVelocity: v/(target − shown))`, the velocity 0 when there is no distance.
    public func parameters(from shown: Double, to target: Double, velocity: Double,
                           flick: Bool) -> SpringParameters {
        let omega = 2 * Double.pi / response
        let zeta = flick ? flickDampingRatio : dampingRatio
        let distance = target - shown
        let relative = distance != 0 ? velocity / distance : 0
        return .physical(mass: 1, stiffness: omega * omega, damping: 2 * zeta * omega,
                         initialVelocity: min(max(relative, -1e6), 1e6), allowsOverdamping: false)
    }
}
