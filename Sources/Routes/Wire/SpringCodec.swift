import AnimationCore

/// Springs on the wire: `{"type": "uikit"|"physical"|"response"|"perceptual", …}`; the type may
/// be left out when the fields make it unambiguous. Echoed with a read-only `resolved` block.
enum SpringCodec {
    static func decode(_ json: JSON, path: String) throws(WireError) -> SpringTiming {
        var reader = try ObjectReader(json, path: path)
        _ = try reader.object("resolved")            // read-only echo: accepted back and ignored
        let type: String
        if let given = try reader.string("type") { type = given } else { type = try inferType(reader) }
        let v = try reader.number("initialVelocity", default: 0)
        let parameters: SpringParameters
        switch type {
        case "uikit":
            parameters = .uikit(duration: try reader.requiredNumber("duration"),
                                dampingRatio: try reader.requiredNumber("dampingRatio"), initialVelocity: v)
        case "physical":
            parameters = .physical(mass: try reader.number("mass", default: 1),
                                   stiffness: try reader.requiredNumber("stiffness"),
                                   damping: try reader.requiredNumber("damping"), initialVelocity: v,
                                   allowsOverdamping: try reader.bool("allowsOverdamping", default: false))
        case "response":
            parameters = .response(response: try reader.requiredNumber("response"),
                                   dampingRatio: try reader.requiredNumber("dampingRatio"), initialVelocity: v)
        case "perceptual":
            parameters = .perceptual(duration: try reader.requiredNumber("duration"),
                                     bounce: try reader.number("bounce", default: 0), initialVelocity: v)
        default:
            throw WireError(field: reader.field("type"), "must be one of 'uikit', 'physical', 'response', 'perceptual'")
        }
        try reader.finish()
        do {
            return try parameters.resolve()
        } catch {
            throw WireError(error, under: path)
        }
    }

    private static func inferType(_ reader: ObjectReader) throws(WireError) -> String {
        if reader.has("stiffness") || reader.has("damping") || reader.has("mass") { return "physical" }
        if reader.has("response") { return "response" }
        if reader.has("bounce") { return "perceptual" }
        if reader.has("duration") && reader.has("dampingRatio") { return "uikit" }
        throw WireError(field: reader.field("type"),
                        "is required unless the fields say which spring: duration+dampingRatio, mass/stiffness/damping, response, or duration+bounce")
    }

    static func encode(_ spring: SpringTiming, into w: inout JSONWriter) {
        w.beginObject()
        switch spring.parameters {
        case let .uikit(duration, zeta, v):
            w.member("type", "uikit")
            w.member("duration", duration)
            w.member("dampingRatio", zeta)
            w.member("initialVelocity", v)
        case let .physical(m, k, c, v, overdamping):
            w.member("type", "physical")
            w.member("mass", m)
            w.member("stiffness", k)
            w.member("damping", c)
            w.member("initialVelocity", v)
            w.member("allowsOverdamping", overdamping)
        case let .response(response, zeta, v):
            w.member("type", "response")
            w.member("response", response)
            w.member("dampingRatio", zeta)
            w.member("initialVelocity", v)
        case let .perceptual(duration, bounce, v):
            w.member("type", "perceptual")
            w.member("duration", duration)
            w.member("bounce", bounce)
            w.member("initialVelocity", v)
        }
        w.key("resolved")
        encodeResolved(spring, into: &w)
        w.endObject()
    }

    /// The constants the spring runs with and what its motion looks like.
    static func encodeResolved(_ spring: SpringTiming, into w: inout JSONWriter) {
        w.beginObject()
        w.member("mass", spring.spring.mass)
        w.member("stiffness", spring.spring.stiffness)
        w.member("damping", spring.spring.damping)
        w.member("dampingRatio", spring.spring.dampingRatio)
        w.member("response", spring.spring.response)
        w.member("regime", spring.spring.regime.rawValue)
        w.member("initialVelocity", spring.initialVelocity)
        w.member("duration", spring.duration)
        w.member("settlingDuration", spring.settlingDuration)
        w.member("overshoot", spring.overshoot)
        w.member("peakVelocity", spring.peakVelocity)
        w.endObject()
    }
}
