/// The switch of seed 003, with UISwitch's geometry and colours as defaults.
public struct SwitchConfiguration: Sendable, Equatable {
    public enum ToggleOn: String, Sendable, CaseIterable {
        /// The seed: `touchesBegan` toggles.
        case touchDown
        /// UISwitch: a tap toggles on release inside.
        case touchUp
    }

    public enum Animation: Sendable, Equatable {
        /// `UIView.animate(withDuration:)` with a curve; added additively as UIKit does.
        case curve(CubicBezier, duration: Double)
        /// A spring restarted from the thumb's current position and velocity on each toggle.
        case spring(SpringTiming)
    }

    public var width = 51.0
    public var height = 31.0
    public var thumbSize = 27.0
    public var margin = 2.0
    public var onTintColor = Color(rgb: 0x34C759)
    public var offTintColor = Color(rgb: 0xE9E9EA)
    public var thumbColor = Color(rgb: 0xFFFFFF)
    public var toggleOn = ToggleOn.touchDown
    public var animation = Animation.curve(.easeInEaseOut, duration: 0.25)
    /// The value at creation.
    public var isOn = false

    public init() {}

    /// Thumb centre x when off and when on: `margin + thumb/2` and `width − margin − thumb/2`.
    public var thumbRange: (off: Double, on: Double) {
        (margin + thumbSize / 2, width - margin - thumbSize / 2)
    }

    /// Throws naming the first field that cannot describe a switch.
    public func validate() throws(ParameterError) {
        try ParameterError.length(width, "width")
        try ParameterError.length(height, "height")
        try ParameterError.length(thumbSize, "thumbSize")
        try ParameterError.nonNegative(margin, "margin", upTo: ParameterError.maximumLength)
        guard thumbSize + 2 * margin < width else {
            throw ParameterError("thumbSize", "thumbSize + 2·margin must be less than width")
        }
        guard thumbSize <= height else { throw ParameterError("thumbSize", "must not exceed height") }
        if case let .curve(_, duration) = animation {
            try ParameterError.nonNegative(duration, "animation.duration", upTo: ParameterError.maximumDuration)
        }
    }
}
