import AnimationCore

/// Frames, fields and emissions as JSON, written straight into a `JSONWriter`. Every frame, a
/// session's, a window's or one made as a value, is written by one writer (`FrameValuesWriter`)
/// from its values as `FrameShape` and `LayerSchema` lay them out. Public so the release
/// benchmarks can time the encoder itself, apart from the routes around it.
public enum FrameEncoder {
    /// A frame made as a value (a scene's, a test's): its shape and values taken from it, then
    /// written as a session's are.
    public static func encode(_ frame: Frame, into w: inout JSONWriter) {
        var values: [Double] = []
        let shape = FrameShape(frame, values: &values)
        values.append(0) // never empty
        var writer = FrameValuesWriter(shape)
        FrameValues.reading(&values) { values in
            writer.withTables { $0.encode(t: frame.t, values, into: &w) }
        }
    }

    /// `session`'s frame at `t` (what `Session.frame(at:)` gives), written from its values.
    public static func encode(_ session: Session, at t: Double, into w: inout JSONWriter) {
        var writer = FrameValuesWriter(session.frameShape)
        session.withFrameValues(at: t) { values in
            writer.withTables { $0.encode(t: t, values, into: &w) }
        }
    }

    /// The frames of `session` at `from + k/fps` up to `to` as a JSON array (the benchmarks' way in).
    public static func encodeWindow(_ session: Session, from: Double, to: Double, fps: Double, into w: inout JSONWriter) -> [Emission] {
        let window = SampleWindow(from: from, to: to, fps: fps, count: Session.frameCount(from: from, to: to, fps: fps))
        return encodeWindow(session, window, into: &w)
    }

    /// The frames of `window` as a JSON array, written from their values; returns what the
    /// window emitted (`Session.emissions(from:to:)`, from the same pass where it can be). The
    /// body is sized from the first frame (the others are about as long), so it is not moved as
    /// it grows.
    /// `preparingTexts`: how many of the shape's texts are quoted once (`FrameValuesWriter.texts`;
    /// fewer in tests, to check the texts quoted as they are written).
    static func encodeWindow(_ session: Session, _ window: SampleWindow, preparingTexts: Int = FrameValuesWriter.texts,
                             into w: inout JSONWriter) -> [Emission] {
        var writer = FrameValuesWriter(session.frameShape, preparingTexts: preparingTexts)
        var first = true
        w.beginArray()
        let emitted = writer.withTables { writer in
            session.forEachFrameValuesEmitting(from: window.from, to: window.to, fps: window.fps) { t, values in
                let start = w.count
                writer.encode(t: t, values, into: &w)
                if first {
                    first = false
                    let frameBytes = w.count - start
                    w.reserveCapacity(w.count + (window.count - 1) * (frameBytes + frameBytes / 8) + writer.frameRoom + 512)
                }
            }
        }
        w.endArray()
        return emitted
    }

    public static func encodeFields(_ fields: [Field], into w: inout JSONWriter) {
        w.beginObject()
        for field in fields { member(field, into: &w) }
        w.endObject()
    }

    @inline(__always)
    static func member(_ field: Field, into w: inout JSONWriter) {
        w.key(field.name)
        switch field.value {
        case let .number(n): w.value(n)
        case let .bool(b): w.value(b)
        case let .color(c): c.withHexUTF8 { w.value(utf8: $0) }
        case let .string(s): w.value(s)
        }
    }

    /// `{"t": …, "name": …, …fields}`.
    public static func encode(_ emission: Emission, into w: inout JSONWriter) {
        encode(emission, view: nil, into: &w)
    }

    /// `{"view": …, "t": …, "name": …, …fields}`: a scene's emission, tagged with its view.
    static func encode(_ emission: Emission, view: String?, into w: inout JSONWriter) {
        w.beginObject()
        if let view { w.member(literal: "view", view) }
        w.member(literal: "t", emission.t)
        w.member(literal: "name", emission.name)
        for field in emission.fields { member(field, into: &w) }
        w.endObject()
    }

    public static func encode(_ emissions: [Emission], into w: inout JSONWriter) {
        w.beginArray()
        for emission in emissions { encode(emission, into: &w) }
        w.endArray()
    }
}

/// Writes frames from their values as `FrameShape` lays them out (`Session.forEachFrameValues`):
/// every byte that does not depend on a value (each property's `,"name":`, each layer's
/// `{"id":"…","kind":"…"`, each field's key as `LayerSchema` names it, each text in quotes) is
/// prepared once from the shape, and each number's and colour's text is kept by its place in the
/// frame, so a value that stays the same from frame to frame (a layer's size, an opacity at rest)
/// is copied rather than formatted again. A frame costs the numbers that change and a few copies.
struct FrameValuesWriter {
    /// What the shape's frames share, prepared once per shape (`FrameShape.attachment`).
    private let tables: PreparedFrame
    /// The text each value's place was last written with, then the numbers written lately
    /// (`WrittenNumber.recentCount`, by their bits).
    private var memo: [WrittenNumber]
    /// The colour each colour's place was last written with (by the offset of its first value),
    /// then the one written last: a colour at rest is copied, and one shown twice in a frame (the
    /// switch's trackColor as its track's background) is converted once.
    private var colors: [WrittenColor]

    /// How many of the shape's texts are prepared: the built-in controls have a few; a window
    /// does not quote hundreds of a definition's strings that its frames may never show.
    static let texts = 32

    struct Piece: Sendable {
        let start: Int
        let count: Int
    }

    /// A prepared key (with the punctuation before it) and the value written after it.
    struct Step: Sendable {
        let key: Piece
        let kind: FrameShape.Kind
        let offset: Int
    }

    /// A layer's head, its steps and what closes it.
    struct LayerPlace: Sendable {
        let head: Piece
        /// Where its shown value is (0: the frame leaves it out).
        let shown: Int
        let steps: Range<Int>
        let tail: Piece
    }

    /// A writer of `shape`'s frames; the prepared part is the shape's own (made by the first
    /// writer of the shape) unless fewer texts are prepared (tests).
    init(_ shape: FrameShape, preparingTexts: Int = Self.texts) {
        tables = preparingTexts == Self.texts ? shape.attachment.value { PreparedFrame(shape, preparingTexts: Self.texts) }
            : PreparedFrame(shape, preparingTexts: preparingTexts)
        memo = Array(repeating: WrittenNumber(), count: shape.count + WrittenNumber.recentCount)
        colors = Array(repeating: WrittenColor(), count: shape.count + 1)
    }

    /// Calls `body` with the writer's tables in place, for writing a window's frames: they are
    /// taken once for the window, so a frame reads them with nothing to retain.
    mutating func withTables<Result>(_ body: (Tables) -> Result) -> Result {
        let count = memo.count - WrittenNumber.recentCount
        let frameRoom = tables.frameRoom
        return tables.prepared.withUnsafeBufferPointer { bytes in
            tables.pieces.withUnsafeBufferPointer { pieces in
                tables.properties.withUnsafeBufferPointer { properties in
                    tables.layers.withUnsafeBufferPointer { layers in
                        tables.steps.withUnsafeBufferPointer { steps in
                            tables.texts.withUnsafeBufferPointer { texts in
                                memo.withUnsafeMutableBufferPointer { memo in
                                    colors.withUnsafeMutableBufferPointer { colors in
                                        body(Tables(bytes: bytes.baseAddress!, textPieces: pieces, properties: properties,
                                                    layers: layers, steps: steps, texts: texts, memo: memo.baseAddress!,
                                                    recent: memo.baseAddress! + count, colors: colors.baseAddress!,
                                                    lastColor: colors.baseAddress! + count, frameRoom: frameRoom))
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// A `FrameValuesWriter`'s tables in place (valid during `withTables`): the prepared bytes and
    /// where their pieces are, the steps and the memos.
    struct Tables {
        fileprivate let bytes: UnsafePointer<UInt8>
        fileprivate let textPieces: UnsafeBufferPointer<Piece>
        fileprivate let properties: UnsafeBufferPointer<Step>
        fileprivate let layers: UnsafeBufferPointer<LayerPlace>
        fileprivate let steps: UnsafeBufferPointer<Step>
        fileprivate let texts: UnsafeBufferPointer<String>
        fileprivate let memo: UnsafeMutablePointer<WrittenNumber>
        fileprivate let recent: UnsafeMutablePointer<WrittenNumber>
        fileprivate let colors: UnsafeMutablePointer<WrittenColor>
        fileprivate let lastColor: UnsafeMutablePointer<WrittenColor>
        fileprivate let frameRoom: Int

        /// `{"t":…,"properties":{…},"layers":[…]}` for the frame at `t` with these values.
        func encode(t: Double, _ values: FrameValues, into w: inout JSONWriter) {
            w.rawValue { raw in raw.write(upTo: frameRoom) { raw in encode(t: t, values, into: &raw) } }
        }

        @inline(__always)
        private func encode(t: Double, _ values: FrameValues, into raw: inout JSONCursor) {
            raw.append(#"{"t":"#)
            raw.number(t)
            raw.append(#","properties":{"#)
            for index in properties.indices {
                step(properties.baseAddress! + index, values, into: &raw)
            }
            raw.append(#"},"layers":["#)
            var shown = 0
            for index in layers.indices where values[layers[index].shown] != 0 {
                if shown > 0 { raw.append(JSONByte.comma) }
                shown += 1
                let layer = layers.baseAddress! + index
                piece(layer.pointee.head, into: &raw)
                for k in layer.pointee.steps {
                    step(steps.baseAddress! + k, values, into: &raw)
                }
                piece(layer.pointee.tail, into: &raw)
            }
            raw.append("]}")
        }

        /// A step's key and its value.
        @inline(__always)
        private func step(_ step: UnsafePointer<Step>, _ values: FrameValues, into raw: inout JSONCursor) {
            piece(step.pointee.key, into: &raw)
            let offset = step.pointee.offset
            switch step.pointee.kind {
            case .number: raw.number(values[offset], memo: memo + offset, recent: recent)
            case .bool: raw.bool(values[offset] != 0)
            case .color: color(values, offset, into: &raw)
            case .text: text(values, offset, into: &raw)
            }
        }

        @inline(__always)
        private func piece(_ piece: Piece, into raw: inout JSONCursor) {
            raw.append(bytes, piece)
        }

        /// The colour whose four values are at `offset`, through its place's memo.
        @inline(__always)
        private func color(_ values: FrameValues, _ offset: Int, into raw: inout JSONCursor) {
            let kept = colors + offset
            if !kept.pointee.holds(values, offset) {
                if !lastColor.pointee.holds(values, offset) { lastColor.pointee = WrittenColor(values, offset) }
                kept.pointee = lastColor.pointee
            }
            kept.pointee.write(into: &raw)
        }

        /// The text whose index in `texts` is the value at `offset`, prepared if it is among the first.
        @inline(__always)
        private func text(_ values: FrameValues, _ offset: Int, into raw: inout JSONCursor) {
            if values[offset] < 0 {
                // A formatted number, or a named shape stretched to its layer's box.
                let text = NamedShape.text(code: values[offset], values, at: offset) ?? FormattedNumber.text(code: values[offset]) ?? ""
                return RawJSON.quoted(text).withUnsafeBufferPointer { raw.append($0) }
            }
            let index = Int(values[offset])
            if index < textPieces.count { return piece(textPieces[index], into: &raw) }
            RawJSON.quoted(texts[index]).withUnsafeBufferPointer { raw.append($0) }
        }
    }
}

/// The bytes and steps every frame of a shape shares: the prepared bytes, and where each piece of
/// them is: the texts (`preparingTexts` of them at most; a text past those is quoted when
/// written), then the keys; the steps and layers keep their places (no string in them: a frame
/// reads them with nothing to retain). Never changed once made.
final class PreparedFrame: Sendable {
    let prepared: [UInt8]
    let pieces: [FrameValuesWriter.Piece]
    let properties: [FrameValuesWriter.Step]
    let layers: [FrameValuesWriter.LayerPlace]
    /// Every layer's steps, one after the other.
    let steps: [FrameValuesWriter.Step]
    let texts: [String]
    /// The most bytes a frame can take (every value as a number, every text as the longest),
    /// made room for before it is written.
    let frameRoom: Int

    init(_ shape: FrameShape, preparingTexts: Int) {
        var pieces: [FrameValuesWriter.Piece] = [], properties: [FrameValuesWriter.Step] = [], layers: [FrameValuesWriter.LayerPlace] = [], steps: [FrameValuesWriter.Step] = []
        pieces.reserveCapacity(min(shape.texts.count, preparingTexts))
        properties.reserveCapacity(shape.properties.count)
        layers.reserveCapacity(shape.layers.count)
        let prepared = RawJSON.prepared { raw in
            func piece(_ body: (inout RawJSON) -> Void) -> FrameValuesWriter.Piece {
                let start = raw.count
                body(&raw)
                return FrameValuesWriter.Piece(start: start, count: raw.count - start)
            }
            for text in shape.texts.prefix(preparingTexts) {
                pieces.append(piece { raw in raw.string(text) })
            }
            for (index, property) in shape.properties.enumerated() {
                let key = piece { raw in
                    if index > 0 { raw.append(JSONByte.comma) }
                    raw.string(property.name)
                    raw.append(JSONByte.colon)
                }
                properties.append(FrameValuesWriter.Step(key: key, kind: property.kind, offset: property.offset))
            }
            for layer in shape.layers {
                let head = piece { raw in
                    raw.append(#"{"id":"#)
                    raw.string(layer.id)
                    raw.append(#","kind":"#)
                    raw.string(layer.kind.rawValue)
                    if let superlayer = layer.superlayer {
                        raw.append(#","superlayer":"#)
                        raw.string(superlayer)
                    }
                }
                // Each field's key, with what closes the part before it, then the layer's close.
                let first = steps.count
                var start = raw.count
                var at = layer.offset + 1
                for (index, part) in LayerSchema.parts.enumerated() where layer.parts & 1 << UInt32(index) != 0 {
                    for (k, field) in part.fields.enumerated() {
                        raw.append(JSONByte.comma)
                        if k == 0, let object = part.frameObject {
                            raw.string(object)
                            raw.append(#":{"#)
                        }
                        raw.string(field.key)
                        raw.append(JSONByte.colon)
                        steps.append(FrameValuesWriter.Step(key: FrameValuesWriter.Piece(start: start, count: raw.count - start), kind: field.kind, offset: at))
                        at += field.kind.width
                        start = raw.count
                    }
                    if part.frameObject != nil { raw.append("}") }
                }
                raw.append("}")
                layers.append(FrameValuesWriter.LayerPlace(head: head, shown: layer.offset, steps: first ..< steps.count,
                                         tail: FrameValuesWriter.Piece(start: start, count: raw.count - start)))
            }
        }
        self.prepared = prepared
        self.pieces = pieces
        self.properties = properties
        self.layers = layers
        self.steps = steps
        texts = shape.texts
        // A path whose box follows expressions is written as a named shape's data.
        let paths = LayerSchema.parts.firstIndex { $0.name == "path" }.map { part in
            shape.layers.contains { $0.parts & 1 << UInt32(part) != 0 } } ?? false
        let longestText = shape.texts.reduce(paths ? max(FormattedNumber.longestText, NamedShape.longestText) : FormattedNumber.longestText) {
            max($0, $1.utf8.count) } * 6 + 2 // each byte escaped as \u00XX
        frameRoom = prepared.count + 64 + (shape.count + 1) * JSONWriter.numberRoom
            + (shape.properties.count + steps.count) * longestText + shape.layers.count
    }

}

/// A colour's text as `FrameValuesWriter` keeps it: its four values' bits and the eight hex digits
/// of `"#rrggbbaa"` (none kept until it is made).
struct WrittenColor {
    private var channels: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    private var digits: UInt64 = 0
    private var kept = false

    init() {}

    /// The text of the colour whose four values are at `offset` in `values`.
    init(_ values: FrameValues, _ offset: Int) {
        let v = values.from(offset)
        channels = (v[0].bitPattern, v[1].bitPattern, v[2].bitPattern, v[3].bitPattern)
        digits = Color(red: v[0], green: v[1], blue: v[2], alpha: v[3]).hexDigits
        kept = true
    }

    /// Whether this is the text of the colour whose four values are at `offset` in `values`.
    @inline(__always)
    func holds(_ values: FrameValues, _ offset: Int) -> Bool {
        let v = values.from(offset)
        return kept && channels.0 == v[0].bitPattern && channels.1 == v[1].bitPattern
            && channels.2 == v[2].bitPattern && channels.3 == v[3].bitPattern
    }

    @inline(__always)
    func write(into raw: inout JSONCursor) {
        raw.write(count: Color.hexLength + 2) { text in
            text[0] = JSONByte.quote
            text[1] = UInt8(ascii: "#")
            UnsafeMutableRawPointer(text + 2).storeBytes(of: digits, as: UInt64.self)
            text[Color.hexLength + 1] = JSONByte.quote
        }
    }
}

extension JSONCursor {
    /// A prepared piece of `bytes`.
    @inline(__always)
    fileprivate mutating func append(_ bytes: UnsafePointer<UInt8>, _ piece: FrameValuesWriter.Piece) {
        append(UnsafeBufferPointer(start: bytes + piece.start, count: piece.count))
    }
}
