/// A control's frames as numbers: what every frame of the control shares (property names and
/// kinds, layer ids and kinds, which parts a layer has) once, and per frame only the values, in a
/// flat buffer of `count` doubles at the offsets this gives. A window of frames is sampled into one
/// buffer (`Session.forEachFrameValues`) with no array, string or layer made per frame; `Frame`
/// is the same values as a value type (`Frame(t:shape:values:)`).
public struct FrameShape: Sendable {
    public enum Kind: Sendable {
        /// One value.
        case number
        /// One value, true when not 0.
        case bool
        /// Four values: red, green, blue, alpha.
        case color
        /// One value: the index of the text in `texts`.
        case text
    }

    public struct Property: Sendable {
        public let name: String
        public let kind: Kind
        public let offset: Int
    }

    /// A layer's values from `offset`: 1 when it is shown (0: the frame leaves it out), then x, y,
    /// width, height; the background colour's four if it has one; corner radius, opacity, scale;
    /// the stroke's colour (four), line width, stroke end, start angle and clockwise (not 0) if it
    /// has one; the blur's fraction, style (an index in `texts`) and radius if it has one.
    public struct LayerShape: Sendable {
        public let id: String
        public let kind: Layer.Kind
        public let offset: Int
        public let hasBackground: Bool
        public let hasStroke: Bool
        public let hasBlur: Bool

        /// Where the parts after the frame start.
        public var backgroundOffset: Int { offset + 5 }
        public var cornerRadiusOffset: Int { offset + (hasBackground ? 9 : 5) }
        public var strokeOffset: Int { cornerRadiusOffset + 3 }
        public var blurOffset: Int { strokeOffset + (hasStroke ? 8 : 0) }
        var end: Int { blurOffset + (hasBlur ? 3 : 0) }
    }

    public let properties: [Property]
    /// Back to front, every layer the control may show.
    public let layers: [LayerShape]
    /// The texts values refer to: the definition's literal strings, the configuration's, every
    /// output enumeration's cases, and last an empty text (a string or case that does not exist).
    public let texts: [String]
    /// Values per frame.
    public let count: Int
    /// Where each output enumeration's cases start in `texts`.
    let enumerationOffsets: [Int]

    init(_ render: RenderPlan, strings: StringTable, enumerations: [EnumType]) {
        var offset = 0
        properties = render.properties.map { field in
            let kind: Kind = switch field.kind {
            case .number: .number
            case .bool: .bool
            case .color: .color
            case .string, .enumeration: .text
            }
            defer { offset += kind == .color ? 4 : 1 }
            return Property(name: field.name, kind: kind, offset: offset)
        }
        layers = render.layers.map { plan in
            let layer = LayerShape(id: plan.id, kind: plan.kind, offset: offset, hasBackground: plan.backgroundColor != nil,
                                   hasStroke: plan.stroke != nil, hasBlur: plan.blur != nil)
            offset = layer.end
            return layer
        }
        count = offset
        var texts = strings.literals + strings.instance
        var enumerationOffsets: [Int] = []
        for enumeration in enumerations {
            enumerationOffsets.append(texts.count)
            texts += enumeration.cases
        }
        texts.append("")
        self.texts = texts
        self.enumerationOffsets = enumerationOffsets
    }

    /// The index in `texts` of the string table's text at `index` (the empty text if none).
    @inline(__always)
    func text(_ strings: StringTable, _ index: Double) -> Double {
        Double(strings.position(index) ?? texts.count - 1)
    }

    /// The index in `texts` of case `index` of output enumeration `enumeration` (the empty text if none).
    @inline(__always)
    func text(enumeration: Int, cases: Int, _ index: Double) -> Double {
        let index = Int(index)
        return Double(index >= 0 && index < cases ? enumerationOffsets[enumeration] + index : texts.count - 1)
    }
}

extension Frame {
    /// The frame at `t` whose values (as `shape` lays them out) are at `values`.
    public init(t: Double, shape: FrameShape, values: UnsafePointer<Double>) {
        var properties: [Field] = []
        properties.reserveCapacity(shape.properties.count)
        for property in shape.properties {
            let value: FieldValue = switch property.kind {
            case .number: .number(values[property.offset])
            case .bool: .bool(values[property.offset] != 0)
            case .color: .color(Self.color(values + property.offset))
            case .text: .string(shape.texts[Int(values[property.offset])])
            }
            properties.append(Field(property.name, value))
        }
        var layers: [Layer] = []
        layers.reserveCapacity(shape.layers.count)
        for layer in shape.layers where values[layer.offset] != 0 {
            let v = values + layer.offset
            let rest = values + layer.cornerRadiusOffset
            let stroke = values + layer.strokeOffset
            let blur = values + layer.blurOffset
            layers.append(Layer(
                id: layer.id, kind: layer.kind, frame: Rect(x: v[1], y: v[2], width: v[3], height: v[4]),
                backgroundColor: layer.hasBackground ? Self.color(values + layer.backgroundOffset) : nil,
                cornerRadius: rest[0], opacity: rest[1], scale: rest[2],
                stroke: layer.hasStroke
                    ? Layer.Stroke(color: Self.color(stroke), lineWidth: stroke[4], strokeEnd: stroke[5], startAngle: stroke[6],
                                   clockwise: stroke[7] != 0)
                    : nil,
                blur: layer.hasBlur ? Layer.Blur(fraction: blur[0], style: shape.texts[Int(blur[1])], radius: blur[2]) : nil))
        }
        self.init(t: t, properties: properties, layers: layers)
    }

    @inline(__always)
    private static func color(_ v: UnsafePointer<Double>) -> Color {
        Color(red: v[0], green: v[1], blue: v[2], alpha: v[3])
    }
}
