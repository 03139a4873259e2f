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
        w.beginObject()
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

    /// The frames of `window` as a JSON array. The body is sized from the first frame (the
    /// others are about as long), so it is not moved as it grows.
    static func encodeWindow(_ session: Session, _ window: SampleWindow, into w: inout JSONWriter) {
        var writer = FrameWriter()
        var first = true
        w.beginArray()
        session.forEachFrame(from: window.from, to: window.to, fps: window.fps) { frame in
            let start = w.count
            writer.encode(frame, into: &w)
            if first {
                first = false
                let frameBytes = w.count - start
                w.reserveCapacity(w.count + (window.count - 1) * (frameBytes + frameBytes / 8) + 512)
            }
        }
        w.endArray()
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
    private static func color(_ color: Color, into raw: inout RawJSON) {
        raw.write(count: Color.hexLength + 2) { text in
            text[0] = JSONByte.quote
            color.writeHex(into: text + 1)
            text[Color.hexLength + 1] = JSONByte.quote
        }
    }
}
