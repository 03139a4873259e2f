/// Every part a layer may have and every field of each, in the order a frame carries them: the one
/// declaration of a layer's shape. The loader reads a definition's layers by it, `FrameShape`
/// lays out their values by it, the interpreter's render writes them by it, `Layer` holds them by
/// it, and the JSON frame writer, `docs/controls.md`, `openapi.yaml` and `client.d.ts` are derived
/// from it or checked against it by a test. A new attribute is a row here (and a line in the
/// client that draws it).
public enum LayerSchema {
    public static let parts: [LayerPart] = [
        LayerPart("frame", .flattened("frame"), always: true, [
            LayerField("x", .number), LayerField("y", .number),
            LayerField("width", .number), LayerField("height", .number),
        ]),
        LayerPart("background", .members, [LayerField("backgroundColor", .color)]),
        LayerPart("appearance", .members, always: true, [
            LayerField("cornerRadius", .number, default: .number(0)),
            LayerField("opacity", .number, default: .number(1)),
            LayerField("scale", .number, default: .number(1)),
        ]),
        LayerPart("stroke", .object("stroke"), requiredFor: .arc, [
            LayerField("color", .color),
            LayerField("lineWidth", .number, default: .number(1)),
            LayerField("strokeEnd", .number, default: .number(1)),
            LayerField("startAngle", .number, default: .string("-pi / 2")),
            LayerField("clockwise", .bool, default: .bool(false)),
        ]),
        LayerPart("blur", .object("blur"), requiredFor: .blur, [
            LayerField("fraction", .number), LayerField("style", .text), LayerField("radius", .number),
        ]),
        // CALayer's borderWidth and borderColor (defaults 0 and opaque black), drawn inside the frame.
        LayerPart("border", .members, [
            LayerField("borderWidth", .number, default: .number(0)),
            LayerField("borderColor", .color, default: .string("#000000")),
        ]),
        // CALayer's masksToBounds (default false): its sublayers, and its own drawing, are clipped
        // to its bounds, rounded by its cornerRadius. A Bool, so it changes at once (CA animates it
        // as a discrete value).
        LayerPart("masks", .members, [LayerField("masksToBounds", .bool, default: .bool(false))]),
        // CALayer's shadowColor, shadowOpacity, shadowRadius, shadowOffset (defaults black, 0, 3, (0, −3)).
        LayerPart("shadow", .object("shadow"), [
            LayerField("color", .color, default: .string("#000000")),
            LayerField("opacity", .number, default: .number(0)),
            LayerField("radius", .number, default: .number(3)),
            LayerField("offsetX", .number, default: .number(0)),
            LayerField("offsetY", .number, default: .number(-3)),
        ]),
        // A CATransform3D made of a translation, a rotation about z (radians, clockwise on screen)
        // and a scale, about the anchor point (a fraction of the frame; CALayer's anchorPoint, whose
        // default is the centre). `scale` multiplies scaleX and scaleY.
        LayerPart("transform", .object("transform"), [
            LayerField("translationX", .number, default: .number(0)),
            LayerField("translationY", .number, default: .number(0)),
            LayerField("scaleX", .number, default: .number(1)),
            LayerField("scaleY", .number, default: .number(1)),
            LayerField("rotation", .number, default: .number(0)),
            LayerField("anchorX", .number, default: .number(0.5)),
            LayerField("anchorY", .number, default: .number(0.5)),
        ]),
        // CAShapeLayer: SVG path data in the layer's coordinates, filled (default opaque black, as
        // CAShapeLayer's fillColor) and stroked (default none), strokeStart to strokeEnd of its length.
        LayerPart("path", .object("path"), requiredFor: .shape, [
            LayerField("data", .text),
            LayerField("fillColor", .color, default: .string("#000000")),
            LayerField("strokeColor", .color, default: .string("#00000000")),
            LayerField("lineWidth", .number, default: .number(1)),
            LayerField("strokeStart", .number, default: .number(0)),
            LayerField("strokeEnd", .number, default: .number(1)),
            LayerField("lineCap", .text, default: .string("'butt'")),
            LayerField("lineJoin", .text, default: .string("'miter'")),
        ]),
        // A label's text in the frame: the system font at fontSize (UILabel's default 17 pt),
        // fontWeight as CSS numbers it (400 regular, 600 semibold), aligned left, center or right.
        LayerPart("text", .object("text"), requiredFor: .text, [
            LayerField("string", .text),
            LayerField("fontSize", .number, default: .number(17)),
            LayerField("fontWeight", .number, default: .number(400)),
            LayerField("color", .color, default: .string("#000000")),
            LayerField("alignment", .text, default: .string("'left'")),
        ]),
        // A named glyph (an SF Symbol's name) drawn centred in the frame at pointSize.
        LayerPart("symbol", .object("symbol"), requiredFor: .symbol, [
            LayerField("name", .text),
            LayerField("pointSize", .number, default: .number(17)),
            LayerField("color", .color, default: .string("#000000")),
        ]),
    ]

    /// The index in `parts` of the part named `name`.
    public static func part(_ name: String) -> Int {
        guard let index = parts.firstIndex(where: { $0.name == name }) else { preconditionFailure("no layer part '\(name)'") }
        return index
    }

    /// Each part's width, by index.
    private static let widths = parts.map(\.width)

    /// How many values the parts in `mask` take.
    public static func width(_ mask: UInt32) -> Int {
        // Over the set bits alone: a layer's accessors ask this of every read.
        let widths = self.widths
        var rest = mask, total = 0
        while rest != 0 {
            total += widths[rest.trailingZeroBitCount]
            rest &= rest - 1
        }
        return total
    }

    /// Where the text fields' values are among those of the parts in `mask`, in order.
    static func textOffsets(_ mask: UInt32) -> [Int] {
        var offsets: [Int] = []
        var at = 0
        for (index, part) in parts.enumerated() where mask & 1 << UInt32(index) != 0 {
            for field in part.fields {
                if field.kind == .text { offsets.append(at) }
                at += field.kind.width
            }
        }
        return offsets
    }

    /// Where part `index`'s values start among those of the parts in `mask` (nil if it is not among them).
    public static func offset(ofPart index: Int, in mask: UInt32) -> Int? {
        guard mask & 1 << UInt32(index) != 0 else { return nil }
        return width(mask & (1 << UInt32(index) - 1))
    }
}

/// A group of a layer's fields that is there or not as a whole.
public struct LayerPart: Sendable {
    /// Where the fields are written, in a definition and in a frame.
    public enum Placement: Sendable, Equatable {
        /// The layer's own members, in both.
        case members
        /// An object under this key in a definition, the layer's own members in a frame.
        case flattened(String)
        /// An object under this key in both.
        case object(String)
    }

    public let name: String
    public let placement: Placement
    /// Every layer has it (else a layer has it when its definition gives any of its fields).
    public let always: Bool
    /// A layer of this kind must have it.
    public let requiredFor: Layer.Kind?
    public let fields: [LayerField]
    /// How many values its fields take.
    public let width: Int

    init(_ name: String, _ placement: Placement, always: Bool = false, requiredFor: Layer.Kind? = nil, _ fields: [LayerField]) {
        self.name = name
        self.placement = placement
        self.always = always
        self.requiredFor = requiredFor
        self.fields = fields
        width = fields.reduce(0) { $0 + $1.kind.width }
    }

    /// The key of its object in a frame, if it has one.
    public var frameObject: String? {
        if case let .object(key) = placement { return key }
        return nil
    }
}

/// One field of a layer part.
public struct LayerField: Sendable {
    public let key: String
    public let kind: FrameShape.Kind
    /// What a definition that leaves the field out gets (an expression); nil: the field is required.
    public let fallback: JSON?

    init(_ key: String, _ kind: FrameShape.Kind, default fallback: JSON? = nil) {
        self.key = key
        self.kind = kind
        self.fallback = fallback
    }
}

extension FrameShape.Kind {
    /// How many values a field of this kind takes.
    public var width: Int { self == .color ? 4 : 1 }
}
