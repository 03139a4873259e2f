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

/// One drawable layer, enough to render any control without knowing its type: the values of the
/// parts (`LayerSchema.parts`) it has, laid out as the table says.
public struct Layer: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        /// A filled rounded rectangle.
        case rect
        /// A stroked circular arc inscribed in the frame, from the top, `strokeEnd` of the way round.
        case arc
        /// A backdrop blur over the frame, `blur` of the way from none to the style.
        case blur
        /// A CAShapeLayer: an SVG path (`path`) filled and stroked.
        case shape
        /// A text (`text`) drawn in the frame.
        case text
        /// A named glyph (`symbol`) centred in the frame.
        case symbol
    }

    public var id: String
    public var kind: Kind
    /// The id of the layer it is a sublayer of (CALayer's superlayer), nil for a top-level layer:
    /// its frame is then in that layer's coordinates (from its bounds' top left), and it draws
    /// after that layer, moved, turned, scaled and faded with it, and clipped to it when that
    /// layer masks to bounds.
    public var superlayer: String?
    /// Which of `LayerSchema.parts` it has: bit `i` for part `i`.
    public private(set) var parts: UInt32
    /// Where the parts its accessors read start among its values (from `parts`).
    @usableFromInline private(set) var offsets: PartOffsets
    /// Holds its values from `start` (`width` of them: its parts' fields' values in the table's
    /// order, a colour's four, a text field the index of its text in the storage) and its texts.
    /// The layers of a frame made from its values share one.
    @usableFromInline private(set) var storage: FrameStorage
    @usableFromInline private(set) var start: Int32
    @usableFromInline private(set) var width: Int32

    public struct Stroke: Sendable, Equatable {
        public var color: Color
        public var lineWidth: Double
        public var strokeEnd: Double
        /// Radians, 0 = 3 o'clock; −π/2 is the top.
        public var startAngle: Double
        public var clockwise: Bool

        @usableFromInline
        init(color: Color, lineWidth: Double, strokeEnd: Double, startAngle: Double, clockwise: Bool) {
            self.color = color
            self.lineWidth = lineWidth
            self.strokeEnd = strokeEnd
            self.startAngle = startAngle
            self.clockwise = clockwise
        }
    }

    public struct Blur: Sendable, Equatable {
        public var fraction: Double
        public var style: String
        /// Blur radius at this fraction (the style's radius times the fraction).
        public var radius: Double

        @usableFromInline
        init(fraction: Double, style: String, radius: Double) {
            self.fraction = fraction
            self.style = style
            self.radius = radius
        }
    }
}

extension Layer {
    /// A layer with the values of the parts in `parts` (`LayerSchema`'s layout), as a frame's
    /// values give them.
    public init(id: String, kind: Kind, superlayer: String? = nil, parts: UInt32, values: [Double], texts: [String]) {
        precondition(values.count == LayerSchema.width(parts), "\(values.count) values for the parts of layer '\(id)'")
        self.init(id: id, kind: kind, superlayer: superlayer, parts: parts, offsets: PartOffsets(parts),
                  storage: FrameStorage.make(values, texts: texts), start: 0, width: values.count)
    }

    /// A layer of a frame (`Frame(t:shape:storage:)`): its layer shape has checked the width and
    /// found the offsets once. (The memberwise initialiser builds it in place: one assigning each
    /// property made the layer a temporary copied into the frame's array.)
    init(id: String, kind: Kind, superlayer: String?, parts: UInt32, offsets: PartOffsets, storage: FrameStorage,
         start: Int, width: Int) {
        self.init(id: id, kind: kind, superlayer: superlayer, parts: parts, offsets: offsets, storage: storage,
                  start: Int32(start), width: Int32(width))
    }

    /// Its parts' fields' values in the table's order (a colour's four; a text's index in `texts`).
    public var values: [Double] {
        var values = storage.values(Int(start) ..< Int(start + width))
        for (k, at) in LayerSchema.textOffsets(parts).enumerated() { values[at] = Double(k) }
        return values
    }

    /// The texts its text fields name, in order.
    public var texts: [String] { LayerSchema.textOffsets(parts).map { text(value(at: $0)) } }

    /// The value at `at` from the start of its values.
    @inlinable
    public func value(at: Int) -> Double {
        precondition(at >= 0 && at < width, "value \(at) of a layer of \(width)")
        return storage[Int(start) + at]
    }

    /// The text a text field's value names.
    @usableFromInline
    func text(_ value: Double) -> String { storage.text(Int(value)) }

    /// Appends its values to `array`.
    func appendValues(to array: inout [Double]) {
        storage.append(Int(start) ..< Int(start + width), to: &array)
    }

    /// Makes its values and texts its own (before a write: a frame's layers share theirs).
    private mutating func makeUnique() {
        guard !storage.isUnique() else { return }
        storage = FrameStorage.make(values, texts: texts)
        start = 0
    }

    /// Writes `value` at `at` from the start of its values.
    private mutating func write(_ value: Double, at: Int) {
        precondition(at >= 0 && at < width, "value \(at) of a layer of \(width)")
        makeUnique()
        storage[Int(start) + at] = value
    }

    public static func == (a: Layer, b: Layer) -> Bool {
        a.id == b.id && a.kind == b.kind && a.superlayer == b.superlayer && a.parts == b.parts && a.values == b.values
            && a.texts == b.texts
    }

    /// A layer built part by part (tests and hand-made frames): each part's fields' values by the table.
    public init(id: String, kind: Kind = .rect, frame: Rect, backgroundColor: Color? = nil,
                cornerRadius: Double = 0, opacity: Double = 1, scale: Double = 1,
                stroke: Stroke? = nil, blur: Blur? = nil) {
        self.init(id: id, kind: kind, parts: 0, values: [], texts: [])
        self.frame = frame
        if let backgroundColor { set("background", [.color(backgroundColor)]) }
        set("appearance", [.number(cornerRadius), .number(opacity), .number(scale)])
        if let stroke {
            set("stroke", [.color(stroke.color), .number(stroke.lineWidth), .number(stroke.strokeEnd),
                           .number(stroke.startAngle), .bool(stroke.clockwise)])
        }
        if let blur { set("blur", [.number(blur.fraction), .string(blur.style), .number(blur.radius)]) }
    }
}

extension Layer {
    /// The values of part `name`'s fields (a colour, a text, a boolean or a number each), nil if
    /// the layer does not have it.
    public func part(_ name: String) -> [FieldValue]? {
        let index = LayerSchema.part(name)
        guard var at = LayerSchema.offset(ofPart: index, in: parts) else { return nil }
        return LayerSchema.parts[index].fields.map { field in
            defer { at += field.kind.width }
            return switch field.kind {
            case .number: .number(value(at: at))
            case .bool: .bool(value(at: at) != 0)
            case .color: .color(color(at: at))
            case .text: .string(text(value(at: at)))
            }
        }
    }

    /// Gives the layer part `name` with these values for its fields, in the table's order (the
    /// values in place if it has the part already).
    public mutating func set(_ name: String, _ fields: [FieldValue]) {
        let index = LayerSchema.part(name)
        let part = LayerSchema.parts[index]
        precondition(fields.count == part.fields.count, "part '\(name)' has \(part.fields.count) fields")
        var values = self.values, texts = self.texts
        var written: [Double] = []
        for (field, value) in zip(part.fields, fields) {
            switch (field.kind, value) {
            case let (.number, .number(n)): written.append(n)
            case let (.bool, .bool(b)): written.append(b ? 1 : 0)
            case let (.color, .color(c)): written += [c.red, c.green, c.blue, c.alpha]
            case let (.text, .string(s)):
                written.append(Double(texts.count))
                texts.append(s)
            default: preconditionFailure("field '\(field.key)' of part '\(name)' is a \(field.kind)")
            }
        }
        if let at = LayerSchema.offset(ofPart: index, in: parts) {
            values.replaceSubrange(at ..< at + part.width, with: written)
        } else {
            parts |= 1 << UInt32(index)
            offsets = PartOffsets(parts)
            values.insert(contentsOf: written, at: LayerSchema.offset(ofPart: index, in: parts)!)
        }
        storage = FrameStorage.make(values, texts: texts)
        (start, width) = (0, Int32(values.count))
    }

    @inlinable
    func color(at offset: Int) -> Color {
        Color(red: value(at: offset), green: value(at: offset + 1), blue: value(at: offset + 2), alpha: value(at: offset + 3))
    }

    // The readers below are inlinable: a frame's reader (an export, a scene, `Bench sampling`)
    // reads them for every layer of every frame, and each is a few loads at a kept offset.

    /// Untransformed frame in the control's coordinates; `scale` applies about its centre.
    public var frame: Rect {
        @inlinable get {
            let at = Int(offsets.frame)
            guard at >= 0 else { return Rect(x: 0, y: 0, width: 0, height: 0) }
            return Rect(x: value(at: at), y: value(at: at + 1), width: value(at: at + 2), height: value(at: at + 3))
        }
        set {
            let at = Int(offsets.frame)
            guard at >= 0 else {
                return set("frame", [.number(newValue.minX), .number(newValue.minY), .number(newValue.size.width), .number(newValue.size.height)])
            }
            write(newValue.minX, at: at)
            write(newValue.minY, at: at + 1)
            write(newValue.size.width, at: at + 2)
            write(newValue.size.height, at: at + 3)
        }
    }

    /// The appearance part's field at `k` (corner radius, opacity, scale), or its default.
    @inlinable
    func appearance(_ k: Int, default fallback: Double) -> Double {
        let at = Int(offsets.appearance)
        return at >= 0 ? value(at: at + k) : fallback
    }

    @inlinable
    public var backgroundColor: Color? {
        let at = Int(offsets.background)
        return at >= 0 ? color(at: at) : nil
    }

    @inlinable
    public var cornerRadius: Double { appearance(0, default: 0) }

    public var opacity: Double {
        @inlinable get { appearance(1, default: 1) }
        set {
            let at = Int(offsets.appearance)
            guard at >= 0 else { return set("appearance", [.number(0), .number(newValue), .number(1)]) }
            write(newValue, at: at + 1)
        }
    }

    @inlinable
    public var scale: Double { appearance(2, default: 1) }

    @inlinable
    public var stroke: Stroke? {
        let at = Int(offsets.stroke)
        guard at >= 0 else { return nil }
        return Stroke(color: color(at: at), lineWidth: value(at: at + 4), strokeEnd: value(at: at + 5),
                      startAngle: value(at: at + 6), clockwise: value(at: at + 7) != 0)
    }

    @inlinable
    public var blur: Blur? {
        let at = Int(offsets.blur)
        guard at >= 0 else { return nil }
        return Blur(fraction: value(at: at), style: text(value(at: at + 1)), radius: value(at: at + 2))
    }
}

/// Where the parts `Layer`'s own readers read (frame, background, appearance, stroke, blur)
/// start among a layer's values, −1 for a part it does not have: found from `LayerSchema` once
/// per layer shape (`FrameShape.LayerShape`), so a reader loads an offset instead of summing the
/// widths of the parts before it.
@usableFromInline
struct PartOffsets: Sendable, Equatable {
    @usableFromInline let frame: Int8
    @usableFromInline let background: Int8
    @usableFromInline let appearance: Int8
    @usableFromInline let stroke: Int8
    @usableFromInline let blur: Int8

    init(_ parts: UInt32) {
        func offset(_ name: String) -> Int8 {
            LayerSchema.offset(ofPart: LayerSchema.part(name), in: parts).map { Int8($0) } ?? -1
        }
        frame = offset("frame")
        background = offset("background")
        appearance = offset("appearance")
        stroke = offset("stroke")
        blur = offset("blur")
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
