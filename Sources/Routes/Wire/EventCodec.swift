import AnimationCore

/// Posted events ⇄ timed inputs. Shorthands expand here: `tap` is a touch-down and a touch-up
/// `duration` (default 0.1 s) later; `drag` is a touch-down, moves at 60 Hz along a straight
/// line, and a touch-up at the end.
enum EventCodec {
    /// The event types and which control accepts each command (nil: every control).
    static let types: [(name: String, control: String?)] = [
        ("touchDown", nil), ("touchMove", nil), ("touchUp", nil), ("touchCancel", nil),
        ("tap", nil), ("drag", nil),
        ("setSelected", Button.kind), ("setEnabled", Button.kind),
        ("start", ProgressButton.kind), ("cancel", ProgressButton.kind),
        ("pause", ProgressButton.kind), ("resume", ProgressButton.kind),
        ("setOn", Switch.kind),
        ("expand", Card.kind), ("collapse", Card.kind), ("toggle", Card.kind),
    ]

    /// The argument names of the commands, in their order.
    static let argumentNames: [String: [String]] = [
        "setSelected": ["selected"], "setEnabled": ["enabled"], "start": ["startRatio"], "setOn": ["on", "animated"],
    ]

    static let defaultTapDuration = 0.1
    static let defaultDragDuration = 0.25
    static let dragRate = 60.0
    static let maximumDragMoves = 6_000
    /// Session times beyond this (about 31 years) are refused.
    static let maximumTime = 1e9
    static let maximumCoordinate = 1e6

    /// The body is one event object or `{"events": [...]}`; `now` stamps events without `t`
    /// (the wall clock's reading, or a virtual session's current time).
    static func decodeBody(_ json: JSON, control: String, now: Double) throws(WireError) -> [TimedInput] {
        if case let .object(object) = json, object["events"] != nil {
            var r = try ObjectReader(json, path: "")
            guard let items = try r.array("events") else {
                throw WireError(field: "events", "expected an array of events")
            }
            try r.finish()
            var inputs: [TimedInput] = []
            for (index, item) in items.enumerated() {
                inputs += try decode(item, path: "events[\(index)]", control: control, now: now)
            }
            return inputs
        }
        return try decode(json, path: "", control: control, now: now)
    }

    /// `checkingOwner: false` reads commands for any control (the journal, whose control applies them).
    static func decode(_ json: JSON, path: String, control: String, now: Double,
                       checkingOwner: Bool = true) throws(WireError) -> [TimedInput] {
        var r = try ObjectReader(json, path: path)
        guard let type = try r.string("type") else { throw WireError(field: r.field("type"), "is required") }
        guard let known = types.first(where: { $0.name == type }) else {
            throw WireError(code: "unknown_event_type", field: r.field("type"),
                            "unknown event type '\(type)'; known: \(types.map(\.name).joined(separator: ", "))")
        }
        if checkingOwner, let owner = known.control, owner != control {
            throw WireError(code: "unsupported_command", field: r.field("type"),
                            "'\(type)' is a \(owner) command; a \(control) accepts \(commands(for: control))")
        }
        let t = try r.number("t") ?? now
        guard t >= 0, t <= maximumTime else {
            throw WireError(field: r.field("t"), "must be between 0 and \(Int(maximumTime)) (seconds since the session began)")
        }
        let inputs = try decodeInputs(type, at: t, &r)
        try r.finish()
        return inputs
    }

    private static func decodeInputs(_ type: String, at t: Double, _ r: inout ObjectReader) throws(WireError) -> [TimedInput] {
        func one(_ input: Input) -> [TimedInput] { [TimedInput(t: t, input: input)] }
        switch type {
        case "touchDown": return one(.touch(.down(try point(&r))))
        case "touchMove": return one(.touch(.move(try point(&r))))
        case "touchUp": return one(.touch(.up(try point(&r))))
        case "touchCancel": return one(.touch(.cancel))
        case "tap":
            let p = try point(&r)
            let duration = try shorthandDuration(&r, default: defaultTapDuration, at: t)
            return [TimedInput(t: t, input: .touch(.down(p))), TimedInput(t: t + duration, input: .touch(.up(p)))]
        case "drag":
            return try drag(at: t, &r)
        case "setSelected": return one(.command(Command(type, [.bool(try required(&r, "selected"))])))
        case "setEnabled": return one(.command(Command(type, [.bool(try required(&r, "enabled"))])))
        case "start": return one(.command(Command(type, [.number(try r.number("startRatio", default: 0))])))
        case "setOn": return one(.command(Command(type, [.bool(try required(&r, "on")), .bool(try r.bool("animated", default: true))])))
        default: return one(.command(Command(type)))
        }
    }

    private static func drag(at t: Double, _ r: inout ObjectReader) throws(WireError) -> [TimedInput] {
        guard var fromReader = try r.object("from") else { throw WireError(field: r.field("from"), "is required: {\"x\": …, \"y\": …}") }
        guard var toReader = try r.object("to") else { throw WireError(field: r.field("to"), "is required: {\"x\": …, \"y\": …}") }
        let from = try point(&fromReader)
        let to = try point(&toReader)
        try fromReader.finish()
        try toReader.finish()
        let duration = try shorthandDuration(&r, default: defaultDragDuration, at: t)
        guard duration * dragRate <= Double(maximumDragMoves) else {
            throw WireError(field: r.field("duration"),
                            "a drag may last at most \(Double(maximumDragMoves) / dragRate) s (\(maximumDragMoves) moves at 60 Hz)")
        }
        let steps = max(1, Int((duration * dragRate).rounded()))
        var inputs = [TimedInput(t: t, input: .touch(.down(from)))]
        for k in 1...steps {
            let f = Double(k) / Double(steps)
            inputs.append(TimedInput(t: t + duration * f, input: .touch(.move(.interpolate(from: from, to: to, progress: f)))))
        }
        inputs.append(TimedInput(t: t + duration, input: .touch(.up(to))))
        return inputs
    }

    private static func point(_ r: inout ObjectReader) throws(WireError) -> Point {
        Point(x: try coordinate(&r, "x"), y: try coordinate(&r, "y"))
    }

    private static func coordinate(_ r: inout ObjectReader, _ key: String) throws(WireError) -> Double {
        let value = try r.requiredNumber(key)
        guard abs(value) <= maximumCoordinate else {
            throw WireError(field: r.field(key), "must be between -\(Int(maximumCoordinate)) and \(Int(maximumCoordinate)) points")
        }
        return value
    }

    private static func required(_ r: inout ObjectReader, _ key: String) throws(WireError) -> Bool {
        guard let value = try r.bool(key) else { throw WireError(field: r.field(key), "is required (true or false)") }
        return value
    }

    /// A shorthand's `duration`: ≥ 0, and ending no later than the latest time a session takes.
    private static func shorthandDuration(_ r: inout ObjectReader, default fallback: Double, at t: Double) throws(WireError) -> Double {
        let value = try r.number("duration", default: fallback)
        guard value >= 0 else { throw WireError(field: r.field("duration"), "must be ≥ 0") }
        guard t + value <= maximumTime else {
            throw WireError(field: r.field("duration"), "ends after \(Int(maximumTime)) s, the latest time a session takes")
        }
        return value
    }

    static func commands(for control: String) -> String {
        types.filter { $0.control == control }.map { "'\($0.name)'" }.joined(separator: ", ")
    }
}
