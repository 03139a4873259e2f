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

    /// A layer's values from `offset`: 1 when it is shown (0: the frame leaves it out), then its
    /// parts' fields' values as `LayerSchema` lays them out (a colour's four; a text's index in
    /// `texts`), `Layer.values`' layout.
    public struct LayerShape: Sendable {
        public let id: String
        public let kind: Layer.Kind
        /// The id of the layer whose sublayer it is (its frame in that layer's coordinates), nil at the top.
        public let superlayer: String?
        public let offset: Int
        /// Which of `LayerSchema.parts` it has (bit `i` for part `i`).
        public let parts: UInt32
        /// Where its text fields' values are, from `offset + 1`.
        let textOffsets: [Int]
        /// Where the parts a `Layer`'s readers read start, from `offset + 1`.
        let partOffsets: PartOffsets
        /// The first value after the layer's.
        let end: Int

        init(id: String, kind: Layer.Kind, superlayer: String?, offset: Int, parts: UInt32) {
            self.id = id
            self.kind = kind
            self.superlayer = superlayer
            self.offset = offset
            self.parts = parts
            textOffsets = LayerSchema.textOffsets(parts)
            partOffsets = PartOffsets(parts)
            end = offset + 1 + LayerSchema.width(parts)
        }
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
    /// What the JSON writer prepares from the shape, kept with it.
    public let attachment = ShapeAttachment()

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
            let layer = LayerShape(id: plan.id, kind: plan.kind, superlayer: plan.superlayer, offset: offset, parts: plan.parts)
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
        // A formatted number's code stays as it is (negative: never an index).
        index < 0 ? index : Double(strings.position(index) ?? texts.count - 1)
    }

    /// The text a text field's value stands for: `texts` at its index, or a formatted number.
    public func text(at value: Double) -> String {
        FormattedNumber.text(code: value) ?? texts[Int(value)]
    }

    /// The index in `texts` of case `index` of output enumeration `enumeration` (the empty text if none).
    @inline(__always)
    func text(enumeration: Int, cases: Int, _ index: Double) -> Double {
        let index = Int(index)
        return Double(index >= 0 && index < cases ? enumerationOffsets[enumeration] + index : texts.count - 1)
    }
}

extension Frame {
    /// The frame at `t` whose values are `values`, as `shape` lays them out.
    public init(t: Double, shape: FrameShape, values: FrameValues) {
        self.init(t: t, shape: shape, storage: FrameStorage.make(copying: values, count: shape.count))
    }

    /// The frame at `t` whose values, as `shape` lays them out, `storage` holds (it resolves their
    /// texts into it): its layers share it.
    init(t: Double, shape: borrowing FrameShape, storage: FrameStorage) {
        // The shape is borrowed and its lists read in place by index: a copy of it, or a `for`
        // over one of them, retains and releases what it copies.
        var properties: [Field] = []
        properties.reserveCapacity(shape.properties.count)
        for index in shape.properties.indices {
            let offset = shape.properties[index].offset
            let value: FieldValue = switch shape.properties[index].kind {
            case .number: .number(storage[offset])
            case .bool: .bool(storage[offset] != 0)
            case .color: .color(Color(red: storage[offset], green: storage[offset + 1], blue: storage[offset + 2],
                                      alpha: storage[offset + 3]))
            case .text: .string(shape.text(at: storage[offset]))
            }
            properties.append(Field(shape.properties[index].name, value))
        }
        // A shown layer's text field names a text of the shape's by its index, or one this frame
        // makes (a formatted number, a named shape's path: a code below 0), appended after them.
        var made: [String] = [], hasTexts = false
        for index in shape.layers.indices where !shape.layers[index].textOffsets.isEmpty && storage[shape.layers[index].offset] != 0 {
            hasTexts = true
            let start = shape.layers[index].offset + 1
            for at in shape.layers[index].textOffsets where storage[start + at] < 0 {
                let value = storage[start + at]
                let path = storage.withValues { NamedShape.text(code: value, $0.from(start), at: at) }
                made.append(path ?? shape.text(at: value))
                storage[start + at] = Double(shape.texts.count + made.count - 1)
            }
        }
        if hasTexts { storage.setTexts(shape.texts, made: made) }
        var layers: [Layer] = []
        layers.reserveCapacity(shape.layers.count)
        for index in shape.layers.indices where storage[shape.layers[index].offset] != 0 {
            layers.append(Layer(id: shape.layers[index].id, kind: shape.layers[index].kind, superlayer: shape.layers[index].superlayer,
                                parts: shape.layers[index].parts, offsets: shape.layers[index].partOffsets, storage: storage,
                                start: shape.layers[index].offset + 1, width: shape.layers[index].end - shape.layers[index].offset - 1))
        }
        self.init(t: t, properties: properties, layers: layers)
    }
}

extension FrameShape {
    /// The shape of `frame` alone, with its values in `values` (`count` of them): how a frame
    /// made as a value (a scene's) is written by the one frame writer.
    public init(_ frame: Frame, values: inout [Double]) {
        var texts: [String] = []
        var offset = 0
        values.removeAll(keepingCapacity: true)
        properties = frame.properties.map { field in
            let kind: Kind
            switch field.value {
            case let .number(n): kind = .number; values.append(n)
            case let .bool(b): kind = .bool; values.append(b ? 1 : 0)
            case let .color(c): kind = .color; values += [c.red, c.green, c.blue, c.alpha]
            case let .string(s): kind = .text; values.append(Double(texts.count)); texts.append(s)
            }
            defer { offset += kind.width }
            return Property(name: field.name, kind: kind, offset: offset)
        }
        layers = frame.layers.map { layer in
            let shape = LayerShape(id: layer.id, kind: layer.kind, superlayer: layer.superlayer, offset: offset, parts: layer.parts)
            values.append(1)
            let start = values.count
            layer.appendValues(to: &values)
            for at in shape.textOffsets {
                values[start + at] = Double(texts.count)
                texts.append(layer.text(layer.value(at: at)))
            }
            offset = shape.end
            return shape
        }
        count = offset
        texts.append("")
        self.texts = texts
        enumerationOffsets = []
    }
}
