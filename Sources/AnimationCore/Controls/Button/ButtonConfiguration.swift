/// Seed 000's button: a filled UIButton whose configuration update handler runs effects.
public struct ButtonConfiguration: Sendable, Equatable {
    /// One composable effect; each type at most once (the seed warns against chaining twice).
    public enum Effect: Sendable, Equatable {
        case scale(ScaleEffect)
        case background(Color)
        case opacity(Double)

        /// The wire name of the effect's type.
        public var type: String {
            switch self {
            case .scale: "scale"
            case .background: "background"
            case .opacity: "opacity"
            }
        }
    }

    public struct ScaleEffect: Sendable, Equatable {
        public enum Mode: String, Sendable, CaseIterable {
            /// The seed: spring to `ratio`, then on its completion spring back to 1.
            case pulse
            /// Press in while highlighted or selected; spring back on normal.
            case hold
        }

        public var ratio = 0.9
        public var mode = Mode.pulse
        /// The seed's `UIView.animate(withDuration: 0.3, usingSpringWithDamping: 0.4, initialSpringVelocity: 1)`.
        public var press: SpringTiming
        /// The seed's way back: 0.3 s, damping 0.5, velocity 0.5.
        public var release: SpringTiming

        public init(ratio: Double = 0.9, mode: Mode = .pulse, press: SpringTiming? = nil, release: SpringTiming? = nil) {
            self.ratio = ratio
            self.mode = mode
            self.press = press ?? ScaleEffect.seedPress
            self.release = release ?? ScaleEffect.seedRelease
        }

        public static let seedPress = try! SpringParameters.uikit(duration: 0.3, dampingRatio: 0.4, initialVelocity: 1).resolve()
        public static let seedRelease = try! SpringParameters.uikit(duration: 0.3, dampingRatio: 0.5, initialVelocity: 0.5).resolve()
    }

    public var width = 200.0
    public var height = 50.0
    public var cornerRadius = 8.0
    public var backgroundColor = Color(rgb: 0x007AFF)
    public var effects: [Effect] = [.scale(ScaleEffect())]
    public var changesSelectionAsPrimaryAction = false
    public var isEnabled = true
    public var isSelected = false

    public init() {}

    public var scaleEffect: ScaleEffect? {
        for case let .scale(effect) in effects { return effect }
        return nil
    }

    public var backgroundEffect: Color? {
        for case let .background(color) in effects { return color }
        return nil
    }

    public var opacityEffect: Double? {
        for case let .opacity(value) in effects { return value }
        return nil
    }

    /// Throws naming the first bad field; a repeated effect type is `effects[i]`.
    public func validate() throws(ParameterError) {
        try ParameterError.length(width, "width")
        try ParameterError.length(height, "height")
        try ParameterError.nonNegative(cornerRadius, "cornerRadius", upTo: ParameterError.maximumLength)
        var seen: [String] = []
        for (index, effect) in effects.enumerated() {
            guard !seen.contains(effect.type) else {
                throw ParameterError("effects[\(index)]", "duplicate effect type '\(effect.type)': each effect type may appear once")
            }
            seen.append(effect.type)
            switch effect {
            case let .scale(scale): try ParameterError.positive(scale.ratio, "effects[\(index)].ratio", upTo: 100)
            case let .opacity(value): try ParameterError.within(value, 0...1, "effects[\(index)].opacity")
            case .background: break
            }
        }
    }
}
