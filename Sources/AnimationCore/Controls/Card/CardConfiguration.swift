/// Seed 004's draggable bottom card and its three property animators.
public struct CardConfiguration: Sendable, Equatable {
    public enum Release: String, Sendable, CaseIterable {
        /// The seed: `continueAnimation(withTimingParameters: nil, durationFactor: 0)`.
        case `continue`
        /// Project the release velocity (deceleration 0.998) and settle at the nearer end,
        /// reversing when flicked back or released short; the frame spring keeps the finger's speed.
        case velocity
    }

    public enum Position: String, Sendable, CaseIterable {
        case collapsed, expanded
    }

    public var containerWidth = 390.0
    public var containerHeight = 844.0
    public var cardHeight = 600.0
    public var handleHeight = 65.0
    /// Seconds for each of the three animators.
    public var duration = 0.9
    /// The frame and blur animators' `UIViewPropertyAnimator(duration:dampingRatio:)`.
    public var dampingRatio = 1.0
    public var cornerRadius = 12.0
    public var blurStyle = "dark"
    /// Blur radius at full effect.
    public var blurRadius = 20.0
    public var cardColor = Color(rgb: 0xFFFFFF)
    public var handleColor = Color(rgb: 0xC7C7CC)
    public var release = Release.continue
    public var initialState = Position.collapsed

    public init() {}

    public var collapsedY: Double { containerHeight - handleHeight }
    public var expandedY: Double { containerHeight - cardHeight }

    public func restY(_ position: Position) -> Double {
        position == .expanded ? expandedY : collapsedY
    }

    public func validate() throws(ParameterError) {
        try ParameterError.length(containerWidth, "containerWidth")
        try ParameterError.length(containerHeight, "containerHeight")
        try ParameterError.length(cardHeight, "cardHeight")
        try ParameterError.length(handleHeight, "handleHeight")
        guard handleHeight < cardHeight else { throw ParameterError("handleHeight", "must be less than cardHeight") }
        guard cardHeight <= containerHeight else { throw ParameterError("cardHeight", "must not exceed containerHeight") }
        try ParameterError.seconds(duration, "duration")
        try ParameterError.within(dampingRatio, 0.01...1, "dampingRatio")
        try ParameterError.nonNegative(cornerRadius, "cornerRadius", upTo: ParameterError.maximumLength)
        try ParameterError.nonNegative(blurRadius, "blurRadius", upTo: 1000)
    }
}
