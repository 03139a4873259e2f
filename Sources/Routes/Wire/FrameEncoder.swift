import AnimationCore

/// Frames, fields and emissions as JSON, written straight into a `JSONWriter`. Public so the
/// release benchmarks can time the encoder itself, apart from the routes around it.
public enum FrameEncoder {
    /// One frame on its own (a window's frames go through one `FrameWriter`, which prepares the
    /// bytes that repeat from frame to frame once).
    public static func encode(_ frame: Frame, into w: inout JSONWriter) {
        var writer = FrameWriter(preparing: false)
        writer.encode(frame, into: &w)
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

/// Writes the frames of one window. Every frame of a control has the same shape: the same
/// property names in the same order, mostly the same layers; so the bytes that repeat (each
/// property's `,"name":`, each layer's `{"id":"…","kind":"…","x":`) are prepared the first time
/// they are met and copied whole after that, and the rest of the punctuation is literal runs.
/// The output is byte for byte what the general `JSONWriter` calls would write: a name or a
/// layer that differs from the one prepared at its place is prepared again.
public struct FrameWriter {
    private var propertyKeys: [Prepared] = []
    private var layerHeads: [PreparedLayer] = []

    /// `,"name":` (no comma for the first property) for the property at its index.
    private struct Prepared {
        let name: String
        let bytes: [UInt8]
    }

    /// `{"id":"…","kind":"…","x":` for the layer at its index.
    private struct PreparedLayer {
        let id: String
        let kind: Layer.Kind
        let bytes: [UInt8]
    }

    /// Whether keys and layer heads are kept for the frames that follow (a window); a single
    /// frame writes them in place, since preparing costs an array each.
    private let preparing: Bool

    public init() {
        preparing = true
    }

    init(preparing: Bool) {
        self.preparing = preparing
    }

    /// The frames of `window` as a JSON array, written from their values (`FrameValuesWriter`);
    /// returns what the window emitted (`Session.emissions(from:to:)`, from the same pass where
    /// it can be). The body is sized from the first frame (the others are about as long), so it
    /// is not moved as it grows.
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

    /// `{"t":…,"properties":{…},"layers":[…]}`.
    public mutating func encode(_ frame: Frame, into w: inout JSONWriter) {
        w.rawValue { raw in
            raw.append(#"{"t":"#)
            raw.number(frame.t)
            raw.append(#","properties":{"#)
            // Fields and layers read in place through pointers: copying each out of its array
            // cost retains and releases of its strings, every frame.
            frame.properties.withUnsafeBufferPointer { fields in
                guard let first = fields.baseAddress else { return }
                for index in fields.indices {
                    let field = first + index
                    writeKey(field.pointee.name, at: index, into: &raw)
                    Self.value(field.pointee.value, into: &raw)
                }
            }
            raw.append(#"},"layers":["#)
            frame.layers.withUnsafeBufferPointer { layers in
                guard let first = layers.baseAddress else { return }
                for index in layers.indices {
                    if index > 0 { raw.append(JSONByte.comma) }
                    encode(first + index, at: index, into: &raw)
                }
            }
            raw.append("]}")
        }
    }

    private mutating func writeKey(_ name: String, at index: Int, into raw: inout RawJSON) {
        if index < propertyKeys.count, propertyKeys[index].name == name { return raw.append(propertyKeys[index].bytes) }
        guard preparing else {
            if index > 0 { raw.append(JSONByte.comma) }
            raw.string(name)
            return raw.append(JSONByte.colon)
        }
        raw.append(propertyKey(name, at: index))
    }

    private mutating func propertyKey(_ name: String, at index: Int) -> [UInt8] {
        let bytes = (index == 0 ? [] : [JSONByte.comma]) + RawJSON.quoted(name) + [JSONByte.colon]
        let prepared = Prepared(name: name, bytes: bytes)
        if index < propertyKeys.count { propertyKeys[index] = prepared } else { propertyKeys.append(prepared) }
        return bytes
    }

    private mutating func layerHead(_ layer: UnsafePointer<Layer>, at index: Int) -> [UInt8] {
        if index < layerHeads.count, layerHeads[index].kind == layer.pointee.kind, layerHeads[index].id == layer.pointee.id {
            return layerHeads[index].bytes
        }
        let bytes = Array(#"{"id":"#.utf8) + RawJSON.quoted(layer.pointee.id) + Array(#","kind":"#.utf8)
            + RawJSON.quoted(layer.pointee.kind.rawValue) + Array(#","x":"#.utf8)
        let prepared = PreparedLayer(id: layer.pointee.id, kind: layer.pointee.kind, bytes: bytes)
        if index < layerHeads.count { layerHeads[index] = prepared } else { layerHeads.append(prepared) }
        return bytes
    }

    private mutating func encode(_ layer: UnsafePointer<Layer>, at index: Int, into raw: inout RawJSON) {
        if preparing {
            raw.append(layerHead(layer, at: index))
        } else {
            raw.append(#"{"id":"#)
            raw.string(layer.pointee.id)
            raw.append(#","kind":"#)
            raw.string(layer.pointee.kind.rawValue)
            raw.append(#","x":"#)
        }
        raw.number(layer.pointee.frame.minX)
        raw.append(#","y":"#)
        raw.number(layer.pointee.frame.minY)
        raw.append(#","width":"#)
        raw.number(layer.pointee.frame.size.width)
        raw.append(#","height":"#)
        raw.number(layer.pointee.frame.size.height)
        if let background = layer.pointee.backgroundColor {
            raw.append(#","backgroundColor":"#)
            Self.color(background, into: &raw)
        }
        raw.append(#","cornerRadius":"#)
        raw.number(layer.pointee.cornerRadius)
        raw.append(#","opacity":"#)
        raw.number(layer.pointee.opacity)
        raw.append(#","scale":"#)
        raw.number(layer.pointee.scale)
        if let stroke = layer.pointee.stroke {
            raw.append(#","stroke":{"color":"#)
            Self.color(stroke.color, into: &raw)
            raw.append(#","lineWidth":"#)
            raw.number(stroke.lineWidth)
            raw.append(#","strokeEnd":"#)
            raw.number(stroke.strokeEnd)
            raw.append(#","startAngle":"#)
            raw.number(stroke.startAngle)
            raw.append(#","clockwise":"#)
            raw.bool(stroke.clockwise)
            raw.append("}")
        }
        if let blur = layer.pointee.blur {
            raw.append(#","blur":{"fraction":"#)
            raw.number(blur.fraction)
            raw.append(#","style":"#)
            raw.string(blur.style)
            raw.append(#","radius":"#)
            raw.number(blur.radius)
            raw.append("}")
        }
        raw.append("}")
    }

    @inline(__always)
    private static func value(_ value: FieldValue, into raw: inout RawJSON) {
        switch value {
        case let .number(n): raw.number(n)
        case let .bool(b): raw.bool(b)
        case let .color(c): color(c, into: &raw)
        case let .string(s): raw.string(s)
        }
    }

    /// `"#rrggbbaa"`, written in place (hex digits need no escaping).
    @inline(__always)
    static func color(_ color: Color, into raw: inout RawJSON) {
        raw.write(count: Color.hexLength + 2) { text in
            text[0] = JSONByte.quote
            color.writeHex(into: text + 1)
            text[Color.hexLength + 1] = JSONByte.quote
        }
    }
}

/// Writes frames from their values as `FrameShape` lays them out (`Session.forEachFrameValues`),
/// byte for byte what `FrameWriter` writes for the same `Frame`: every byte that does not depend
/// on a value (each property's `,"name":`, each layer's `{"id":"…","kind":"…","x":`, each text in
/// quotes) is prepared once from the shape, and each number's and colour's text is kept by its
/// place in the frame, so a value that stays the same from frame to frame (a layer's size, an
/// opacity at rest) is copied rather than formatted again. A frame costs the numbers that change
/// and a few copies.
struct FrameValuesWriter {
    /// The prepared bytes, and where each piece of them is: the texts (`texts` of them at most;
    /// a text past those is quoted when written), then the property keys and layer heads, whose
    /// places are kept with them (no string in them: a frame reads them with nothing to retain).
    private let prepared: [UInt8]
    private let pieces: [Piece]
    private let properties: [PropertyPlace]
    private let layers: [LayerPlace]
    private let texts: [String]
    /// The text each value's place was last written with, then the numbers written lately
    /// (`WrittenNumber.recentCount`, by their bits).
    private var memo: [WrittenNumber]
    /// The colour each colour's place was last written with (by the offset of its first value),
    /// then the one written last: a colour at rest is copied, and one shown twice in a frame (the
    /// switch's trackColor as its track's background) is converted once.
    private var colors: [WrittenColor]
    /// The most bytes a frame can take (every value as a number, every text as the longest),
    /// made room for before it is written.
    private let frameRoom: Int

    /// The punctuation and keys a layer writes besides its head, its values and its texts, at
    /// most (≈200: `,"y":` to the blur's closing braces).
    static let layerLiterals = 256

    /// How many of the shape's texts are prepared: the built-in controls have a few; a window
    /// does not quote hundreds of a definition's strings that its frames may never show.
    static let texts = 32

    fileprivate struct Piece {
        let start: Int
        let count: Int
    }

    /// A property's key and where its value is.
    fileprivate struct PropertyPlace {
        let key: Piece
        let kind: FrameShape.Kind
        let offset: Int
    }

    /// A layer's head and where its values are (`FrameShape.LayerShape` without its id).
    fileprivate struct LayerPlace {
        let head: Piece
        let offset: Int, backgroundOffset: Int, cornerRadiusOffset: Int, strokeOffset: Int, blurOffset: Int
        let hasBackground: Bool, hasStroke: Bool, hasBlur: Bool
    }

    init(_ shape: FrameShape, preparingTexts: Int = Self.texts) {
        var pieces: [Piece] = [], properties: [PropertyPlace] = [], layers: [LayerPlace] = []
        pieces.reserveCapacity(min(shape.texts.count, preparingTexts))
        properties.reserveCapacity(shape.properties.count)
        layers.reserveCapacity(shape.layers.count)
        prepared = RawJSON.prepared { raw in
            func piece(_ body: (inout RawJSON) -> Void) -> Piece {
                let start = raw.count
                body(&raw)
                return Piece(start: start, count: raw.count - start)
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
                properties.append(PropertyPlace(key: key, kind: property.kind, offset: property.offset))
            }
            for layer in shape.layers {
                let head = piece { raw in
                    raw.append(#"{"id":"#)
                    raw.string(layer.id)
                    raw.append(#","kind":"#)
                    raw.string(layer.kind.rawValue)
                    raw.append(#","x":"#)
                }
                layers.append(LayerPlace(head: head, offset: layer.offset, backgroundOffset: layer.backgroundOffset,
                                         cornerRadiusOffset: layer.cornerRadiusOffset, strokeOffset: layer.strokeOffset,
                                         blurOffset: layer.blurOffset, hasBackground: layer.hasBackground,
                                         hasStroke: layer.hasStroke, hasBlur: layer.hasBlur))
            }
        }
        self.pieces = pieces
        self.properties = properties
        self.layers = layers
        texts = shape.texts
        let longestText = shape.texts.reduce(0) { max($0, $1.utf8.count) } * 6 + 2 // each byte escaped as \u00XX
        frameRoom = prepared.count + 64 + (shape.count + 1) * JSONWriter.numberRoom
            + (shape.properties.count + shape.layers.count) * longestText + shape.layers.count * Self.layerLiterals
        memo = Array(repeating: WrittenNumber(), count: shape.count + WrittenNumber.recentCount)
        colors = Array(repeating: WrittenColor(), count: shape.count + 1)
    }

    /// Calls `body` with the writer's tables in place, for writing a window's frames: they are
    /// taken once for the window, so a frame reads them with nothing to retain.
    mutating func withTables<Result>(_ body: (Tables) -> Result) -> Result {
        let count = memo.count - WrittenNumber.recentCount
        return prepared.withUnsafeBufferPointer { bytes in
            pieces.withUnsafeBufferPointer { pieces in
                properties.withUnsafeBufferPointer { properties in
                    layers.withUnsafeBufferPointer { layers in
                        texts.withUnsafeBufferPointer { texts in
                            memo.withUnsafeMutableBufferPointer { memo in
                                colors.withUnsafeMutableBufferPointer { colors in
                                    body(Tables(bytes: bytes.baseAddress!, textPieces: pieces, properties: properties,
                                                layers: layers, texts: texts, memo: memo.baseAddress!,
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

    /// A `FrameValuesWriter`'s tables in place (valid during `withTables`): the prepared bytes and
    /// where their pieces are, the places and the memos.
    struct Tables {
        fileprivate let bytes: UnsafePointer<UInt8>
        fileprivate let textPieces: UnsafeBufferPointer<Piece>
        fileprivate let properties: UnsafeBufferPointer<PropertyPlace>
        fileprivate let layers: UnsafeBufferPointer<LayerPlace>
        fileprivate let texts: UnsafeBufferPointer<String>
        fileprivate let memo: UnsafeMutablePointer<WrittenNumber>
        fileprivate let recent: UnsafeMutablePointer<WrittenNumber>
        fileprivate let colors: UnsafeMutablePointer<WrittenColor>
        fileprivate let lastColor: UnsafeMutablePointer<WrittenColor>
        fileprivate let frameRoom: Int

        /// `{"t":…,"properties":{…},"layers":[…]}` for the frame at `t` with these values.
        func encode(t: Double, _ values: UnsafePointer<Double>, into w: inout JSONWriter) {
            w.rawValue { raw in raw.write(upTo: frameRoom) { raw in encode(t: t, values, into: &raw) } }
        }

        @inline(__always)
        private func encode(t: Double, _ values: UnsafePointer<Double>, into raw: inout JSONCursor) {
            raw.append(#"{"t":"#)
            raw.number(t)
            raw.append(#","properties":{"#)
            for index in properties.indices {
                let property = properties.baseAddress! + index
                piece(property.pointee.key, into: &raw)
                let offset = property.pointee.offset
                switch property.pointee.kind {
                case .number: number(values, offset, into: &raw)
                case .bool: raw.bool(values[offset] != 0)
                case .color: color(values, offset, into: &raw)
                case .text: text(values, offset, into: &raw)
                }
            }
            raw.append(#"},"layers":["#)
            var shown = 0
            for index in layers.indices where values[layers[index].offset] != 0 {
                if shown > 0 { raw.append(JSONByte.comma) }
                shown += 1
                piece(layers[index].head, into: &raw)
                encode(layers.baseAddress! + index, values, into: &raw)
            }
            raw.append("]}")
        }

        @inline(__always)
        private func piece(_ piece: Piece, into raw: inout JSONCursor) {
            raw.append(bytes, piece)
        }

        /// The number at `offset`, through its place's memo.
        @inline(__always)
        private func number(_ values: UnsafePointer<Double>, _ offset: Int, into raw: inout JSONCursor) {
            raw.number(values[offset], memo: memo + offset, recent: recent)
        }

        /// The colour whose four values are at `offset`, through its place's memo.
        @inline(__always)
        private func color(_ values: UnsafePointer<Double>, _ offset: Int, into raw: inout JSONCursor) {
            let channels = values + offset, kept = colors + offset
            if !kept.pointee.holds(channels) {
                if !lastColor.pointee.holds(channels) { lastColor.pointee = WrittenColor(channels) }
                kept.pointee = lastColor.pointee
            }
            kept.pointee.write(into: &raw)
        }

        /// The text whose index in `texts` is the value at `offset`, prepared if it is among the first.
        @inline(__always)
        private func text(_ values: UnsafePointer<Double>, _ offset: Int, into raw: inout JSONCursor) {
            let index = Int(values[offset])
            if index < textPieces.count { return piece(textPieces[index], into: &raw) }
            RawJSON.quoted(texts[index]).withUnsafeBufferPointer { raw.append($0) }
        }

        /// A layer after its head, from `"x":`'s value on.
        @inline(__always)
        private func encode(_ layer: UnsafePointer<LayerPlace>, _ values: UnsafePointer<Double>, into raw: inout JSONCursor) {
            /// The value at `offset`, through its place's memo.
            @inline(__always)
            func number(_ offset: Int) {
                self.number(values, offset, into: &raw)
            }
            /// `key` (its comma, quotes and colon) and the value at `offset`.
            @inline(__always)
            func member(_ key: StaticString, _ offset: Int) {
                raw.append(key)
                number(offset)
            }
            let v = layer.pointee.offset
            number(v + 1)
            member(#","y":"#, v + 2)
            member(#","width":"#, v + 3)
            member(#","height":"#, v + 4)
            if layer.pointee.hasBackground {
                raw.append(#","backgroundColor":"#)
                color(values, layer.pointee.backgroundOffset, into: &raw)
            }
            let rest = layer.pointee.cornerRadiusOffset
            member(#","cornerRadius":"#, rest)
            member(#","opacity":"#, rest + 1)
            member(#","scale":"#, rest + 2)
            if layer.pointee.hasStroke {
                let stroke = layer.pointee.strokeOffset
                raw.append(#","stroke":{"color":"#)
                color(values, stroke, into: &raw)
                member(#","lineWidth":"#, stroke + 4)
                member(#","strokeEnd":"#, stroke + 5)
                member(#","startAngle":"#, stroke + 6)
                raw.append(#","clockwise":"#)
                raw.bool(values[stroke + 7] != 0)
                raw.append("}")
            }
            if layer.pointee.hasBlur {
                let blur = layer.pointee.blurOffset
                member(#","blur":{"fraction":"#, blur)
                raw.append(#","style":"#)
                text(values, blur + 1, into: &raw)
                member(#","radius":"#, blur + 2)
                raw.append("}")
            }
            raw.append("}")
        }
    }
}

/// A colour's text as `FrameValuesWriter` keeps it: its four values' bits and the eight hex digits
/// of `"#rrggbbaa"` that `FrameWriter.color` writes for them (none kept until it is made).
struct WrittenColor {
    private var channels: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    private var digits: UInt64 = 0
    private var kept = false

    init() {}

    /// The text of the colour whose four values are at `v`.
    init(_ v: UnsafePointer<Double>) {
        channels = (v[0].bitPattern, v[1].bitPattern, v[2].bitPattern, v[3].bitPattern)
        var hex: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &hex) { hex in
            Color(red: v[0], green: v[1], blue: v[2], alpha: v[3]).writeHex(into: hex.baseAddress!.assumingMemoryBound(to: UInt8.self))
            digits = hex.loadUnaligned(fromByteOffset: 1, as: UInt64.self)
        }
        kept = true
    }

    /// Whether this is the text of the colour whose four values are at `v`.
    @inline(__always)
    func holds(_ v: UnsafePointer<Double>) -> Bool {
        kept && channels.0 == v[0].bitPattern && channels.1 == v[1].bitPattern
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
