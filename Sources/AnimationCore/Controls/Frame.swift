/// A value a frame or an emitted event carries.
public enum FieldValue: Sendable, Equatable {
    case number(Double)
    case bool(Bool)
    case color(Color)
    case string(String)
}

/// A named value, in a fixed order so output is byte-stable.
public struct Field: Sendable, Equatable {
    public var name: String
    public var value: FieldValue
    public init(_ name: String, _ value: FieldValue) {
        self.name = name
        self.value = value
    }
}

/// What a control shows at one instant: its named properties and a generic render tree.
public struct Frame: Sendable, Equatable {
    public var t: Double
    public var properties: [Field]
    /// Back to front.
    public var layers: [Layer]

    public init(t: Double, properties: [Field], layers: [Layer]) {
        self.t = t
        self.properties = properties
        self.layers = layers
    }

    public subscript(_ name: String) -> FieldValue? {
        properties.first { $0.name == name }?.value
    }
}

/// One drawable layer, enough to render any control without knowing its type.
public struct Layer: Sendable, Equatable {
    public enum Kind: String, Sendable {
        /// A filled rounded rectangle.
        case rect
        /// A stroked circular arc inscribed in the frame, from the top, `strokeEnd` of the way round.
        case arc
        /// A backdrop blur over the frame, `blur` of the way from none to the style.
        case blur
    }

    public var id: String
    public var kind: Kind
    /// Untransformed frame in the control's coordinates; `scale` applies about its centre.
    public var frame: Rect
    public var backgroundColor: Color?
    public var cornerRadius: Double
    public var opacity: Double
    public var scale: Double
    public var stroke: Stroke?
    public var blur: Blur?

    public struct Stroke: Sendable, Equatable {
        public var color: Color
        public var lineWidth: Double
        public var strokeEnd: Double
        /// Radians, 0 = 3 o'clock; −π/2 is the top.
        public var startAngle: Double
        public var clockwise: Bool
    }

    public struct Blur: Sendable, Equatable {
        public var fraction: Double
        public var style: String
        /// Blur radius at this fraction (the style's radius times the fraction).
        public var radius: Double
    }

    public init(id: String, kind: Kind = .rect, frame: Rect, backgroundColor: Color? = nil,
                cornerRadius: Double = 0, opacity: Double = 1, scale: Double = 1,
                stroke: Stroke? = nil, blur: Blur? = nil) {
        self.id = id
        self.kind = kind
        self.frame = frame
        self.backgroundColor = backgroundColor
        self.cornerRadius = cornerRadius
        self.opacity = opacity
        self.scale = scale
        self.stroke = stroke
        self.blur = blur
    }
}

/// A callback UIKit would make, with the time it happens.
public struct Emission: Sendable, Equatable {
    public var t: Double
    public var name: String
    public var fields: [Field]

    public init(t: Double, name: String, fields: [Field] = []) {
        self.t = t
        self.name = name
        self.fields = fields
    }
}
