import AnimationCore

/// `control` + `config` on the wire ⇄ a resolved `ControlConfiguration`. Every default is the
/// seed's; every field is optional; unknown fields are errors; the echo is complete.
enum ConfigCodec {
    /// A session's configuration of `control`: the definition's parameters read from `config`,
    /// checked, and resolved (faults under `config.…`).
    static func instance(_ control: RegisteredControl, config: JSON?) throws(WireError) -> ControlInstance {
        do {
            return try control.instance(configuration: config)
        } catch {
            throw WireError(code: error.code.rawValue, field: error.path.dotted, error.message)
        }
    }

    static func encode(_ instance: ControlInstance, into w: inout JSONWriter) {
        w.value(instance.echo)
    }

    /// The hand-written controls' configurations (until the definitions replace them).
    static func decode(control: String, config: JSON?) throws(WireError) -> ControlConfiguration {
        let json = config ?? .object(JSONObject())
        let configuration: ControlConfiguration
        switch control {
        case Button.kind:
            configuration = .button(try WireField.decode(buttonFields, over: ButtonConfiguration(), from: json, path: "config"))
        case ProgressButton.kind:
            configuration = .progressButton(try WireField.decode(progressButtonFields, over: ProgressButtonConfiguration(), from: json, path: "config"))
        case Switch.kind:
            configuration = .switch(try WireField.decode(switchFields, over: SwitchConfiguration(), from: json, path: "config"))
        case Card.kind:
            configuration = .card(try WireField.decode(cardFields, over: CardConfiguration(), from: json, path: "config"))
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
        case let .button(c): WireField.encode(buttonFields, c, into: &w)
        case let .progressButton(c): WireField.encode(progressButtonFields, c, into: &w)
        case let .switch(c): WireField.encode(switchFields, c, into: &w)
        case let .card(c): WireField.encode(cardFields, c, into: &w)
        case let .defined(instance): w.value(instance.echo)
        }
    }

    // MARK: button

    static let buttonFields: [WireField<ButtonConfiguration>] = [
        .number("width", \.width), .number("height", \.height), .number("cornerRadius", \.cornerRadius),
        .color("backgroundColor", \.backgroundColor),
        WireField(read: { c, r throws(WireError) in
            guard let effects = try r.array("effects") else { return }
            c.effects = []
            for (index, effect) in effects.enumerated() {
                c.effects.append(try decodeEffect(effect, path: "config.effects[\(index)]"))
            }
        }, write: { c, w in
            w.key("effects")
            w.beginArray()
            for effect in c.effects { encodeEffect(effect, into: &w) }
            w.endArray()
        }),
        .bool("changesSelectionAsPrimaryAction", \.changesSelectionAsPrimaryAction),
        .bool("enabled", \.isEnabled), .bool("selected", \.isSelected),
    ]

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

    private static func encodeEffect(_ effect: ButtonConfiguration.Effect, into w: inout JSONWriter) {
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

    // MARK: progressButton

    static let progressButtonFields: [WireField<ProgressButtonConfiguration>] = [
        .number("radius", \.radius), .color("color", \.color), .number("duration", \.duration),
        .number("lineWidth", \.lineWidth), .color("backgroundColor", \.backgroundColor),
    ]

    // MARK: switch

    static let switchFields: [WireField<SwitchConfiguration>] = [
        .number("width", \.width), .number("height", \.height), .number("thumbSize", \.thumbSize),
        .number("margin", \.margin), .color("onTintColor", \.onTintColor), .color("offTintColor", \.offTintColor),
        .color("thumbColor", \.thumbColor), .choice("toggleOn", \.toggleOn), .bool("isOn", \.isOn),
        WireField(read: { c, r throws(WireError) in
            if let animation = try r.object("animation") { c.animation = try decodeSwitchAnimation(animation) }
        }, write: { c, w in
            w.key("animation")
            encodeSwitchAnimation(c.animation, into: &w)
        }),
    ]

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

    private static func encodeSwitchAnimation(_ animation: SwitchConfiguration.Animation, into w: inout JSONWriter) {
        w.beginObject()
        switch animation {
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
    }

    // MARK: card

    static let cardFields: [WireField<CardConfiguration>] = [
        .number("containerWidth", \.containerWidth), .number("containerHeight", \.containerHeight),
        .number("cardHeight", \.cardHeight), .number("handleHeight", \.handleHeight), .number("duration", \.duration),
        .number("dampingRatio", \.dampingRatio), .number("cornerRadius", \.cornerRadius), .string("blurStyle", \.blurStyle),
        .number("blurRadius", \.blurRadius), .color("cardColor", \.cardColor), .color("handleColor", \.handleColor),
        .choice("release", \.release), .choice("initialState", \.initialState),
        .derived("collapsedY", \.collapsedY), .derived("expandedY", \.expandedY),
    ]
}
