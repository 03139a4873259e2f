import AnimationCore

/// `control` + `config` on the wire ⇄ a resolved `ControlConfiguration`. Every default is the
/// seed's; every field is optional; unknown fields are errors; the echo is complete.
enum ConfigCodec {
    static func decode(control: String, config: JSON?) throws(WireError) -> ControlConfiguration {
        let json = config ?? .object(JSONObject())
        let configuration: ControlConfiguration
        switch control {
        case Button.kind: configuration = .button(try decodeButton(json))
        case ProgressButton.kind: configuration = .progressButton(try decodeProgressButton(json))
        case Switch.kind: configuration = .switch(try decodeSwitch(json))
        case Card.kind: configuration = .card(try decodeCard(json))
        default:
            let names = ControlConfiguration.kinds.map { "'\($0)'" }.joined(separator: ", ")
            throw WireError(code: "unknown_control", field: "control", "unknown control '\(control)': use one of \(names)")
        }
        do {
            try configuration.validate()
        } catch {
            let code = error.reason.hasPrefix("duplicate effect") ? "duplicate_effect" : "invalid_field"
            throw WireError(code: code, field: WireError.join("config", error.parameter), error.reason)
        }
        return configuration
    }

    static func encode(_ configuration: ControlConfiguration, into w: inout JSONWriter) {
        switch configuration {
        case let .button(c): encodeButton(c, into: &w)
        case let .progressButton(c): encodeProgressButton(c, into: &w)
        case let .switch(c): encodeSwitch(c, into: &w)
        case let .card(c): encodeCard(c, into: &w)
        }
    }

    // MARK: button

    private static func decodeButton(_ json: JSON) throws(WireError) -> ButtonConfiguration {
        var r = try ObjectReader(json, path: "config")
        var c = ButtonConfiguration()
        c.width = try r.number("width", default: c.width)
        c.height = try r.number("height", default: c.height)
        c.cornerRadius = try r.number("cornerRadius", default: c.cornerRadius)
        c.backgroundColor = try r.color("backgroundColor", default: c.backgroundColor)
        c.changesSelectionAsPrimaryAction = try r.bool("changesSelectionAsPrimaryAction", default: c.changesSelectionAsPrimaryAction)
        c.isEnabled = try r.bool("enabled", default: c.isEnabled)
        c.isSelected = try r.bool("selected", default: c.isSelected)
        if let effects = try r.array("effects") {
            c.effects = []
            for (index, effect) in effects.enumerated() {
                c.effects.append(try decodeEffect(effect, path: "config.effects[\(index)]"))
            }
        }
        try r.finish()
        return c
    }

    private static func decodeEffect(_ json: JSON, path: String) throws(WireError) -> ButtonConfiguration.Effect {
        var r = try ObjectReader(json, path: path)
        let effect: ButtonConfiguration.Effect
        switch try r.string("type") {
        case "scale":
            var scale = ButtonConfiguration.ScaleEffect()
            scale.ratio = try r.number("ratio", default: scale.ratio)
            scale.mode = try r.choice("mode", default: scale.mode)
            if let press = r.raw("press") { scale.press = try SpringCodec.decode(press, path: r.field("press")) }
            if let release = r.raw("release") { scale.release = try SpringCodec.decode(release, path: r.field("release")) }
            effect = .scale(scale)
        case "background":
            guard r.has("color") else { throw WireError(field: r.field("color"), "is required") }
            effect = .background(try r.color("color", default: Color(rgb: 0)))
        case "opacity":
            effect = .opacity(try r.number("opacity", default: 0.5))
        case nil:
            throw WireError(field: r.field("type"), "is required: 'scale', 'background' or 'opacity'")
        case let other?:
            throw WireError(field: r.field("type"), "unknown effect '\(other)': use 'scale', 'background' or 'opacity'")
        }
        try r.finish()
        return effect
    }

    private static func encodeButton(_ c: ButtonConfiguration, into w: inout JSONWriter) {
        w.beginObject()
        w.member("width", c.width)
        w.member("height", c.height)
        w.member("cornerRadius", c.cornerRadius)
        w.member("backgroundColor", c.backgroundColor.hex)
        w.key("effects")
        w.beginArray()
        for effect in c.effects {
            w.beginObject()
            w.member("type", effect.type)
            switch effect {
            case let .scale(scale):
                w.member("ratio", scale.ratio)
                w.member("mode", scale.mode.rawValue)
                w.key("press")
                SpringCodec.encode(scale.press, into: &w)
                w.key("release")
                SpringCodec.encode(scale.release, into: &w)
            case let .background(color):
                w.member("color", color.hex)
            case let .opacity(value):
                w.member("opacity", value)
            }
            w.endObject()
        }
        w.endArray()
        w.member("changesSelectionAsPrimaryAction", c.changesSelectionAsPrimaryAction)
        w.member("enabled", c.isEnabled)
        w.member("selected", c.isSelected)
        w.endObject()
    }

    // MARK: progressButton

    private static func decodeProgressButton(_ json: JSON) throws(WireError) -> ProgressButtonConfiguration {
        var r = try ObjectReader(json, path: "config")
        var c = ProgressButtonConfiguration()
        c.radius = try r.number("radius", default: c.radius)
        c.color = try r.color("color", default: c.color)
        c.duration = try r.number("duration", default: c.duration)
        c.lineWidth = try r.number("lineWidth", default: c.lineWidth)
        c.backgroundColor = try r.color("backgroundColor", default: c.backgroundColor)
        try r.finish()
        return c
    }

    private static func encodeProgressButton(_ c: ProgressButtonConfiguration, into w: inout JSONWriter) {
        w.beginObject()
        w.member("radius", c.radius)
        w.member("color", c.color.hex)
        w.member("duration", c.duration)
        w.member("lineWidth", c.lineWidth)
        w.member("backgroundColor", c.backgroundColor.hex)
        w.endObject()
    }

    // MARK: switch

    private static func decodeSwitch(_ json: JSON) throws(WireError) -> SwitchConfiguration {
        var r = try ObjectReader(json, path: "config")
        var c = SwitchConfiguration()
        c.width = try r.number("width", default: c.width)
        c.height = try r.number("height", default: c.height)
        c.thumbSize = try r.number("thumbSize", default: c.thumbSize)
        c.margin = try r.number("margin", default: c.margin)
        c.onTintColor = try r.color("onTintColor", default: c.onTintColor)
        c.offTintColor = try r.color("offTintColor", default: c.offTintColor)
        c.thumbColor = try r.color("thumbColor", default: c.thumbColor)
        c.toggleOn = try r.choice("toggleOn", default: c.toggleOn)
        c.isOn = try r.bool("isOn", default: c.isOn)
        if let animation = try r.object("animation") {
            c.animation = try decodeSwitchAnimation(animation)
        }
        try r.finish()
        return c
    }

    private static func decodeSwitchAnimation(_ reader: ObjectReader) throws(WireError) -> SwitchConfiguration.Animation {
        var r = reader
        let animation: SwitchConfiguration.Animation
        switch try r.string("type") ?? "curve" {
        case "curve":
            let duration = try r.number("duration", default: 0.25)
            let curve = try decodeCurve(&r)
            animation = .curve(curve, duration: duration)
        case "spring":
            guard let spring = r.raw("spring") else {
                throw WireError(field: r.field("spring"), "is required for a spring animation, e.g. {\"response\":0.3,\"dampingRatio\":0.75}")
            }
            animation = .spring(try SpringCodec.decode(spring, path: r.field("spring")))
        case let other:
            throw WireError(field: r.field("type"), "unknown animation '\(other)': use 'curve' or 'spring'")
        }
        try r.finish()
        return animation
    }

    /// `curve` by name, or `controlPoints: [x1, y1, x2, y2]`; both may be given (as echoed) if they agree.
    static func decodeCurve(_ r: inout ObjectReader) throws(WireError) -> CubicBezier {
        let name = try r.string("curve")
        var named: CubicBezier?
        if let name {
            guard let curve = CubicBezier.named(name) else {
                let names = CubicBezier.named.map { "'\($0.name)'" }.joined(separator: ", ")
                throw WireError(field: r.field("curve"), "unknown curve '\(name)': use one of \(names) or controlPoints")
            }
            named = curve
        }
        guard let points = try r.array("controlPoints") else { return named ?? .easeInEaseOut }
        let numbers = points.compactMap(\.doubleValue)
        guard numbers.count == 4, points.count == 4 else {
            throw WireError(field: r.field("controlPoints"), "expected four numbers [x1, y1, x2, y2]")
        }
        let curve: CubicBezier
        do {
            curve = try CubicBezier(numbers[0], numbers[1], numbers[2], numbers[3])
        } catch {
            throw WireError(field: r.field("controlPoints"), "\(error.parameter) \(error.reason)")
        }
        if let named, named != curve {
            throw WireError(field: r.field("curve"), "'\(name ?? "")' disagrees with controlPoints; give one or the other")
        }
        return curve
    }

    static func encodeCurve(_ curve: CubicBezier, into w: inout JSONWriter) {
        if let name = curve.name { w.member("curve", name) }
        w.key("controlPoints")
        w.beginArray()
        for value in [curve.p1x, curve.p1y, curve.p2x, curve.p2y] { w.value(value) }
        w.endArray()
    }

    private static func encodeSwitch(_ c: SwitchConfiguration, into w: inout JSONWriter) {
        w.beginObject()
        w.member("width", c.width)
        w.member("height", c.height)
        w.member("thumbSize", c.thumbSize)
        w.member("margin", c.margin)
        w.member("onTintColor", c.onTintColor.hex)
        w.member("offTintColor", c.offTintColor.hex)
        w.member("thumbColor", c.thumbColor.hex)
        w.member("toggleOn", c.toggleOn.rawValue)
        w.member("isOn", c.isOn)
        w.key("animation")
        w.beginObject()
        switch c.animation {
        case let .curve(curve, duration):
            w.member("type", "curve")
            w.member("duration", duration)
            encodeCurve(curve, into: &w)
        case let .spring(spring):
            w.member("type", "spring")
            w.key("spring")
            SpringCodec.encode(spring, into: &w)
        }
        w.endObject()
        w.endObject()
    }

    // MARK: card

    private static func decodeCard(_ json: JSON) throws(WireError) -> CardConfiguration {
        var r = try ObjectReader(json, path: "config")
        var c = CardConfiguration()
        // Read-only echoes: accepted back (type-checked) and ignored.
        _ = try r.number("collapsedY")
        _ = try r.number("expandedY")
        c.containerWidth = try r.number("containerWidth", default: c.containerWidth)
        c.containerHeight = try r.number("containerHeight", default: c.containerHeight)
        c.cardHeight = try r.number("cardHeight", default: c.cardHeight)
        c.handleHeight = try r.number("handleHeight", default: c.handleHeight)
        c.duration = try r.number("duration", default: c.duration)
        c.dampingRatio = try r.number("dampingRatio", default: c.dampingRatio)
        c.cornerRadius = try r.number("cornerRadius", default: c.cornerRadius)
        c.blurStyle = try r.string("blurStyle") ?? c.blurStyle
        c.blurRadius = try r.number("blurRadius", default: c.blurRadius)
        c.cardColor = try r.color("cardColor", default: c.cardColor)
        c.handleColor = try r.color("handleColor", default: c.handleColor)
        c.release = try r.choice("release", default: c.release)
        c.initialState = try r.choice("initialState", default: c.initialState)
        try r.finish()
        return c
    }

    private static func encodeCard(_ c: CardConfiguration, into w: inout JSONWriter) {
        w.beginObject()
        w.member("containerWidth", c.containerWidth)
        w.member("containerHeight", c.containerHeight)
        w.member("cardHeight", c.cardHeight)
        w.member("handleHeight", c.handleHeight)
        w.member("duration", c.duration)
        w.member("dampingRatio", c.dampingRatio)
        w.member("cornerRadius", c.cornerRadius)
        w.member("blurStyle", c.blurStyle)
        w.member("blurRadius", c.blurRadius)
        w.member("cardColor", c.cardColor.hex)
        w.member("handleColor", c.handleColor.hex)
        w.member("release", c.release.rawValue)
        w.member("initialState", c.initialState.rawValue)
        w.member("collapsedY", c.collapsedY)
        w.member("expandedY", c.expandedY)
        w.endObject()
    }
}
