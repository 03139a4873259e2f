import AnimationCore

/// A scene's events on the wire: a session's events (`EventCodec`: the same types, shorthands and
/// arguments), each naming the finger it is (`touch`, an id, 1 when not given) or, for a command,
/// the view whose control it is for (`view`). Points are in the window's coordinates.
enum SceneEventCodec {
    /// Whom an input is for.
    enum Target: Sendable, Equatable {
        case touch(Int)
        case view(Int)
    }

    /// A body's events, as `EventCodec` decodes a session's (positions; no shorthands: a scene's
    /// log keeps the inputs only), with whom each input is for.
    struct Decoded {
        var events = EventCodec.Decoded()
        var targets: [Target] = []

        var inputs: [(t: Double, input: SceneInput)] {
            zip(events.inputs, targets).map { event, target in (event.t, SceneEventCodec.input(event, target)) }
        }
    }

    static let defaultTouch = 1
    static let maximumTouch = Double(Int32.max)

    /// One event object or `{"events": [...]}`, events without `t` stamped `now`.
    static func decodeBody(_ json: JSON, scene: Scene, now: Double) throws(DocumentError) -> Decoded {
        var targets: [Target] = []
        let events = try EventCodec.decodeBody(json, now: now, keepingShorthands: false) { item, path, now throws(DocumentError) in
            try decode(item, at: path, scene: scene, now: now, targets: &targets)
        }
        return Decoded(events: events, targets: targets)
    }

    /// A list of events (a journal's batch), each with its own `t`.
    static func decodeList(_ items: [JSON], at path: TreePath, scene: Scene) throws(DocumentError) -> Decoded {
        var decoded = Decoded()
        decoded.events.isBatch = true
        decoded.events.keepsShorthands = false
        for (index, item) in items.enumerated() {
            let now = decoded.events.inputs.last?.t ?? 0
            let inputs = try decode(item, at: path.appending(index), scene: scene, now: now, targets: &decoded.targets)
            decoded.events.append(inputs, posted: item, origin: index)
        }
        return decoded
    }

    /// One event: a pointer event of the finger `touch`, or a command to `view`'s control.
    static func decode(_ json: JSON, at path: TreePath, scene: Scene, now: Double,
                       targets: inout [Target]) throws(DocumentError) -> [TimedInput] {
        guard case var .object(object) = json else {
            throw DocumentError(.invalidField, at: path, "expected an object, got \(json.kindName)")
        }
        let touch = object["touch"], view = object["view"]
        if let view {
            // A command's arguments are read strictly by its definition: it is read without `touch` and `view`.
            object["touch"] = nil
            object["view"] = nil
            let event = JSON.object(object)
            guard touch == nil else { throw DocumentError(.invalidField, at: path.appending("touch"), "a command names its 'view', a pointer event its 'touch': not both") }
            guard case let .string(id) = view else { throw DocumentError(.invalidField, at: path.appending("view"), "expected a view's id, got \(view.kindName)") }
            guard let index = scene.index(of: id) else {
                throw DocumentError(Problem(409, "unknown_view", "the scene has no view '\(id)'"), at: path.appending("view"))
            }
            guard let control = scene.nodes[index].control else {
                throw DocumentError(Problem(409, "unknown_view", "view '\(id)' is a plain view: it has no control to take commands"), at: path.appending("view"))
            }
            let context = EventCodec.Context(definition: control.definition, control: control.name)
            if try EventCodec.decodePointerEvent(event, at: path, now: now) != nil {
                throw DocumentError(.invalidField, at: path.appending("view"), "a pointer event goes where its finger is: give its 'touch' id, not a 'view'")
            }
            let inputs = try EventCodec.decode(event, at: path, context: context, now: now)
            targets += repeatElement(.view(index), count: inputs.count)
            return inputs
        }
        var id = defaultTouch
        if let touch {
            guard case let .number(n) = touch, n >= 0, n <= maximumTouch, let whole = Int(exactly: n) else {
                throw DocumentError(.invalidField, at: path.appending("touch"), "must be a whole number from 0 to \(Int(maximumTouch)): the finger's id")
            }
            id = whole
        }
        // A pointer event is read where it is, its `touch` (this finger's id) marked read.
        guard let inputs = try EventCodec.decodePointerEvent(json, at: path, now: now, sceneFinger: true) else {
            let type = object["type"]?.stringValue ?? ""
            throw DocumentError(.invalidField, at: path.appending("view"), "'\(type)' is not a pointer event: a command names the 'view' it is for")
        }
        targets += repeatElement(.touch(id), count: inputs.count)
        return inputs
    }

    static func input(_ event: TimedInput, _ target: Target) -> SceneInput {
        switch (event.input, target) {
        case let (.touch(touch), .touch(id)): .touch(id: id, touch)
        case let (.command(command), .view(view)): .command(view: view, command)
        default: preconditionFailure("a scene input's target does not fit it")
        }
    }

    /// One input as a wire event that `decode` reads back to the same input.
    static func encode(_ t: Double, _ input: SceneInput, scene: Scene, into w: inout JSONWriter) {
        switch input {
        case let .touch(id, touch):
            EventCodec.encode(TimedInput(t: t, input: .touch(touch)), definition: nil, into: &w) { w in w.member("touch", id) }
        case let .command(view, command):
            let node = scene.nodes[view]
            EventCodec.encode(TimedInput(t: t, input: .command(command)), definition: node.control?.definition, into: &w) { w in
                w.member("view", node.id)
            }
        }
    }
}
