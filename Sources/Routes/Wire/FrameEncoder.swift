import AnimationCore

/// Frames, fields and emissions as JSON, written straight into a `JSONWriter`. Public so the
/// release benchmarks can time the encoder itself, apart from the routes around it.
public enum FrameEncoder {
    public static func encode(_ frame: Frame, into w: inout JSONWriter) {
        w.beginObject()
        w.member(literal: "t", frame.t)
        w.key(literal: "properties")
        encodeFields(frame.properties, into: &w)
        w.key(literal: "layers")
        w.beginArray()
        for layer in frame.layers { encode(layer, into: &w) }
        w.endArray()
        w.endObject()
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

    public static func encode(_ layer: Layer, into w: inout JSONWriter) {
        w.beginObject()
        w.member(literal: "id", layer.id)
        w.member(literal: "kind", layer.kind.rawValue)
        w.member(literal: "x", layer.frame.minX)
        w.member(literal: "y", layer.frame.minY)
        w.member(literal: "width", layer.frame.size.width)
        w.member(literal: "height", layer.frame.size.height)
        if let background = layer.backgroundColor {
            w.key(literal: "backgroundColor")
            background.withHexUTF8 { w.value(utf8: $0) }
        }
        w.member(literal: "cornerRadius", layer.cornerRadius)
        w.member(literal: "opacity", layer.opacity)
        w.member(literal: "scale", layer.scale)
        if let stroke = layer.stroke {
            w.key(literal: "stroke")
            w.beginObject()
            w.key(literal: "color")
            stroke.color.withHexUTF8 { w.value(utf8: $0) }
            w.member(literal: "lineWidth", stroke.lineWidth)
            w.member(literal: "strokeEnd", stroke.strokeEnd)
            w.member(literal: "startAngle", stroke.startAngle)
            w.member(literal: "clockwise", stroke.clockwise)
            w.endObject()
        }
        if let blur = layer.blur {
            w.key(literal: "blur")
            w.beginObject()
            w.member(literal: "fraction", blur.fraction)
            w.member(literal: "style", blur.style)
            w.member(literal: "radius", blur.radius)
            w.endObject()
        }
        w.endObject()
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
