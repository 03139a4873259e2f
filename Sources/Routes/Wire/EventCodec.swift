import AnimationCore

/// Posted events ⇄ timed inputs. Pointer events and their shorthands are the same for every
/// control: `tap` is a touch-down and a touch-up `duration` (default 0.1 s) later; `drag` is a
/// touch-down, moves at 60 Hz along a straight line, and a touch-up at the end; `flick` is a
/// drag whose last two moves give the pan recogniser the velocity asked for
/// (`EventCodec+Flick.swift`). Every other type is a command the session's definition
/// declares, with the arguments it declares.
enum EventCodec {
    static let pointerTypes = ["touchDown", "touchMove", "touchUp", "touchCancel", "tap", "drag", "flick"]
    /// The types that expand to several inputs; the event log shows them as posted too.
    static let shorthandTypes = ["tap", "drag", "flick"]

    /// What the decoder needs to know of the session's control.
    struct Context {
        var definition: ControlDefinition
        /// The control's name, for messages.
        var control: String
        /// Every known control's commands, for naming the owner of another control's command.
        /// Asked only when a type is refused: building it costs more than decoding a valid event.
        var catalogue: () -> [(control: String, commands: [String])] = { [] }
    }

    /// The inputs of a body, and for each one of a batch the position of the posted event it came
    /// from (shorthands expand to several), so a refusal names the event as posted.
    struct Decoded {
        var inputs: [TimedInput] = []
        /// Kept for a batch only: a single event's inputs all come from position 0, and every
        /// single-event POST is spared the array.
        var origins: [Int] = []
        /// The body held `{"events": [...]}` (fields are then named `/events/i/…`).
        var isBatch = false
        /// Where the list of events is in the request: `/events`, or `/scenario/events`.
        var listPath = TreePath("events")
        /// Each shorthand as posted (its `t` resolved), with the inputs it expanded to.
        var shorthands: [Shorthand] = []
        /// Whether `shorthands` are kept: a session's log shows them; a scene's keeps none, so
        /// its decoding is spared writing their text.
        var keepsShorthands = true

        /// The time each posted event was stamped with (its first input's), by position.
        var postedTimes: [(position: Int, t: Double)] {
            guard isBatch else { return inputs.first.map { [(0, $0.t)] } ?? [] }
            var times: [(Int, Double)] = []
            for (index, origin) in origins.enumerated() where index == 0 || origins[index - 1] != origin {
                times.append((origin, inputs[index].t))
            }
            return times
        }

        mutating func append(_ inputs: [TimedInput], posted json: JSON, origin: Int) {
            if keepsShorthands, case let .object(object) = json, let type = object["type"]?.stringValue, shorthandTypes.contains(type),
               let t = inputs.first?.t {
                shorthands.append(Shorthand(first: self.inputs.count, count: inputs.count, text: Self.text(of: object, t: t)))
            }
            // One event's inputs (every single-event body) are taken as they are, not copied.
            if self.inputs.isEmpty { self.inputs = inputs } else { self.inputs += inputs }
            if isBatch { origins.append(contentsOf: repeatElement(origin, count: inputs.count)) }
        }

        /// The compact text of a posted shorthand with its `t` resolved: `t` replaced where it was
        /// posted, or added last; written from the posted members, without a modified copy of them.
        private static func text(of object: JSONObject, t: Double) -> [UInt8] {
            var writer = JSONWriter(reservingCapacity: 128)
            writer.beginObject()
            var wroteT = false
            for (key, value) in object.members {
                writer.key(key)
                if key == "t" {
                    writer.value(t)
                    wroteT = true
                } else {
                    writer.value(value)
                }
            }
            if !wroteT { writer.member("t", t) }
            writer.endObject()
            return writer.bytes
        }
    }

    /// A shorthand in the log: `posted` expanded to the `count` inputs from index `first`. Kept
    /// as its compact JSON text (about 60 bytes) rather than a parsed tree (several hundred, in
    /// every session's log), and read back when the log is shown.
    struct Shorthand: Sendable, Equatable {
        var first: Int
        var count: Int
        /// The compact JSON text (a session keeps these in its `ShorthandLog`).
        let text: [UInt8]

        init(first: Int, count: Int, text: [UInt8]) {
            self.first = first
            self.count = count
            self.text = text
        }

        /// The shorthand as posted (its `t` resolved).
        var posted: JSON {
            // The text was written from a JSON value here, so it reads back as that value.
            (try? JSONParser().parse(text)) ?? .null
        }
    }

    static let defaultTapDuration = 0.1
    static let defaultDragDuration = 0.25
    static let dragRate = 60.0
    static let maximumDragMoves = 6_000
    /// Session times beyond this (about 31 years) are refused.
    static let maximumTime = 1e9
    static let maximumCoordinate = 1e6

    /// The body is one event object or `{"events": [...]}`; `now` stamps events without `t`
    /// (the wall clock's reading, or a virtual session's current time).
    static func decodeBody(_ json: JSON, context: Context, now: Double) throws(DocumentError) -> Decoded {
        try decodeBody(json, now: now) { item, path, now throws(DocumentError) in try decode(item, at: path, context: context, now: now) }
    }

    /// `decodeBody` with each event read by `decodeOne` (a scene's events name their touch or view).
    static func decodeBody(_ json: JSON, now: Double, keepingShorthands: Bool = true,
                           _ decodeOne: (JSON, TreePath, Double) throws(DocumentError) -> [TimedInput]) throws(DocumentError) -> Decoded {
        var decoded = Decoded()
        decoded.keepsShorthands = keepingShorthands
        if case let .object(object) = json, object["events"] != nil {
            var r = try ObjectReader(json)
            guard let items = try r.array("events") else {
                throw DocumentError(.invalidField, at: TreePath("events"), "expected an array of events")
            }
            try r.finish()
            decoded.isBatch = true
            for (index, item) in items.enumerated() {
                let inputs = try decodeOne(item, TreePath([.key("events"), .index(index)]), now)
                decoded.append(inputs, posted: item, origin: index)
            }
            return decoded
        }
        decoded.append(try decodeOne(json, .root, now), posted: json, origin: 0)
        return decoded
    }

    /// A list of events (a scenario's), each under `path[i]`, stamped `now` when without `t`.
    /// An event without `t` happens at the time of the one before it (0 for the first).
    static func decodeList(_ items: [JSON], at path: TreePath, context: Context) throws(DocumentError) -> Decoded {
        var decoded = Decoded()
        decoded.isBatch = true
        decoded.listPath = path
        for (index, item) in items.enumerated() {
            let now = decoded.inputs.last?.t ?? 0
            decoded.append(try decode(item, at: path.appending(index), context: context, now: now), posted: item, origin: index)
        }
        return decoded
    }

    static func decode(_ json: JSON, at path: TreePath, context: Context, now: Double) throws(DocumentError) -> [TimedInput] {
        var r = try ObjectReader(json, at: path)
        guard let type = try r.string("type") else { throw r.error("type", "is required") }
        let command = context.definition.command(named: type)
        if command == nil && !pointerTypes.contains(type) {
            if let owner = context.catalogue().first(where: { $0.commands.contains(type) }) {
                throw DocumentError(.unsupportedCommand, at: r.field("type"),
                                "'\(type)' is a \(owner.control) command; a \(context.control) accepts \(commands(of: context.definition))")
            }
            throw DocumentError(.unknownEventType, at: r.field("type"),
                            "unknown event type '\(type)'; known: \(knownTypes(context).joined(separator: ", "))")
        }
        let t = try time(&r, now: now)
        if let command {
            // The arguments, typed and defaulted as the definition declares them.
            var arguments = try ObjectReader(json, at: path)
            _ = arguments.raw("type")
            _ = arguments.raw("t")
            return [TimedInput(t: t, input: .command(try command.decodeArguments(from: &arguments)))]
        }
        let inputs = try decodePointer(type, at: t, &r)
        try r.finish()
        return inputs
    }

    /// A pointer event or shorthand, the same for every control; nil when `json`'s type is not one.
    /// `sceneFinger`: `touch` is a scene's finger id, read by the scene (`SceneEventCodec`), not
    /// a session's finger 0 or 1; the event is read where it is rather than copied without it.
    static func decodePointerEvent(_ json: JSON, at path: TreePath, now: Double, sceneFinger: Bool = false) throws(DocumentError) -> [TimedInput]? {
        var r = try ObjectReader(json, at: path)
        guard let type = try r.string("type") else { throw r.error("type", "is required") }
        guard pointerTypes.contains(type) else { return nil }
        if sceneFinger { _ = r.raw("touch") }
        let inputs = try decodePointer(type, at: try time(&r, now: now), &r, fingers: !sceneFinger)
        try r.finish()
        return inputs
    }

    /// An event's `t`, `now` when it has none.
    private static func time(_ r: inout ObjectReader, now: Double) throws(DocumentError) -> Double {
        let t = try r.number("t") ?? now
        guard t >= 0, t <= maximumTime else {
            throw r.error("t", "must be between 0 and \(Int(maximumTime)) (seconds since the session began)")
        }
        return t
    }

    /// Pointer events and the shorthands, then every command known, each once.
    static func knownTypes(_ context: Context) -> [String] {
        var known = pointerTypes
        for command in context.catalogue().flatMap(\.commands) + context.definition.commands.map(\.name) where !known.contains(command) {
            known.append(command)
        }
        return known
    }

    static func commands(of definition: ControlDefinition) -> String {
        let names = definition.commands.map { "'\($0.name)'" }
        return names.isEmpty ? "no commands" : names.joined(separator: ", ")
    }

    private static func decodePointer(_ type: String, at t: Double, _ r: inout ObjectReader, fingers: Bool = true) throws(DocumentError) -> [TimedInput] {
        func one(_ touch: Touch) throws(DocumentError) -> [TimedInput] {
            // `touch`: which finger, 0 (the default) or 1, the second finger pinch and rotation see.
            guard fingers, let finger = try r.number("touch"), finger != 0 else { return [TimedInput(t: t, input: .touch(touch))] }
            guard finger == 1 else { throw r.error("touch", "must be 0 or 1: the finger (1 is a second finger, for pinch and rotation)") }
            return [TimedInput(t: t, input: .secondTouch(touch))]
        }
        switch type {
        case "touchDown": return try one(.down(try point(&r)))
        case "touchMove": return try one(.move(try point(&r)))
        case "touchUp": return try one(.up(try point(&r)))
        case "touchCancel": return try one(.cancel)
        case "tap":
            let p = try point(&r)
            let duration = try shorthandDuration(&r, default: defaultTapDuration, at: t)
            return [TimedInput(t: t, input: .touch(.down(p))), TimedInput(t: t + duration, input: .touch(.up(p)))]
        case "flick":
            return try flick(at: t, &r)
        default:
            return try drag(at: t, &r)
        }
    }

    private static func drag(at t: Double, _ r: inout ObjectReader) throws(DocumentError) -> [TimedInput] {
        let from = try pointMember(&r, "from")
        let to = try pointMember(&r, "to")
        let duration = try shorthandDuration(&r, default: defaultDragDuration, at: t)
        guard duration * dragRate <= Double(maximumDragMoves) else {
            throw r.error("duration",
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

    static func point(_ r: inout ObjectReader) throws(DocumentError) -> Point {
        Point(x: try coordinate(&r, "x"), y: try coordinate(&r, "y"))
    }

    private static func coordinate(_ r: inout ObjectReader, _ key: String) throws(DocumentError) -> Double {
        let value = try r.requiredNumber(key)
        guard abs(value) <= maximumCoordinate else {
            throw r.error(key, "must be between -\(Int(maximumCoordinate)) and \(Int(maximumCoordinate)) points")
        }
        return value
    }

    /// A shorthand's `duration`: ≥ 0, and ending no later than the latest time a session takes.
    static func shorthandDuration(_ r: inout ObjectReader, default fallback: Double, at t: Double) throws(DocumentError) -> Double {
        let value = try r.number("duration", default: fallback)
        guard value >= 0 else { throw r.error("duration", "must be ≥ 0") }
        guard t + value <= maximumTime else {
            throw r.error("duration", "ends after \(Int(maximumTime)) s, the latest time a session takes")
        }
        return value
    }
}
