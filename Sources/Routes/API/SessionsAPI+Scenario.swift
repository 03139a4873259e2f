import AnimationCore

/// A scenario (docs/scenarios.md): `{"control", "config", "clock", "events"}`, or `"definition"`
/// inline as a session is created; everything a session needs to give the same frames again.
struct Scenario {
    var clock: SessionClock
    var version: DefinitionVersion
    /// The session with every event applied.
    var session: Session
    var shorthands: [EventCodec.Shorthand]
}

extension SessionsAPI {
    // MARK: Reading

    /// `{"scenario": {...}}` and nothing else.
    func decodeScenarioMember(_ json: JSON) throws(Problem) -> Scenario {
        let member: JSON
        do throws(DocumentError) {
            var body = try ObjectReader(json)
            member = body.raw("scenario") ?? .null
            // The create's own members are known fields: what is wrong is giving them beside a
            // scenario, which carries its own.
            for key in ["control", "definition", "config", "clock"] where body.raw(key) != nil {
                throw body.error(key, "`\(key)` may not be given with `scenario`")
            }
            try body.finish()
        } catch {
            throw Problem(error)
        }
        return try decodeScenario(member, at: TreePath("scenario"))
    }

    /// A scenario under `path`, its events applied; refused as a session create or an event
    /// batch would be, fields named under `path`.
    func decodeScenario(_ json: JSON, at path: TreePath) throws(Problem) -> Scenario {
        let (clock, instance, version): (SessionClock, ControlInstance, DefinitionVersion)
        let decoded: EventCodec.Decoded
        do throws(DocumentError) {
            var body = try ObjectReader(json, at: path)
            (clock, instance, version) = try decodeSource(&body)
            let items = try body.array("events") ?? []
            try body.finish()
            let context = EventCodec.Context(definition: version.definition, control: instance.name,
                                             catalogue: { [registry = store.registry] in registry.commandCatalogue })
            decoded = try EventCodec.decodeList(items, at: path.appending("events"),
                                                context: context)
        } catch {
            throw Problem(error)
        }
        guard decoded.inputs.count <= environment.limits.maxEventsPerBatch else {
            throw Problem(413, "too_many_events", "a scenario may hold at most \(environment.limits.maxEventsPerBatch) events",
                          field: decoded.listPath.pointer)
        }
        var session = Session(configuration: instance, maximumEvents: environment.limits.maxEventsPerSession)
        do throws(SessionError) {
            try session.apply(decoded.inputs)
        } catch {
            throw problem(for: error, decoded: decoded, definition: version.definition)
        }
        return Scenario(clock: clock, version: version, session: session, shorthands: decoded.shorthands)
    }

    // MARK: Writing

    /// `GET /v1/sessions/{id}/scenario`: the session as a scenario that makes the same frames.
    func exportScenario(_ context: RequestContext) throws(Problem) -> HTTPResponse {
        _ = try Query(context.request.queryString, allowed: [])
        let now = environment.now()
        let slot: SessionSlot
        switch try subject(context.id, now: now) {
        case let .session(found): slot = found
        case let .scene(scene): return exportSceneScenario(scene)
        }
        let (session, log) = slot.record.withLock { ($0.session, $0.shorthands) }
        let shorthands = log.all(over: session.events)
        return json(status: 200, capacity: 512 + session.events.count * 80) { w in
            encodeScenario(slot, session, shorthands: shorthands, into: &w)
        }
    }

    /// The control by name, with its definition unless it is the built-in of that name (a
    /// registered control may be replaced; the scenario must not change with it); events as
    /// posted, shorthands kept (they expand to the same inputs again).
    func encodeScenario(_ slot: SessionSlot, _ session: Session, shorthands: [EventCodec.Shorthand], into w: inout JSONWriter) {
        w.beginObject()
        w.member("control", session.kind)
        let builtIn = store.registry.named(session.kind).map { $0.builtIn && $0.version.digest == slot.version.digest } ?? false
        if !builtIn {
            w.key("definition")
            w.value(slot.version.document)
        }
        w.key("config")
        ConfigCodec.encode(session.configuration, into: &w)
        w.member("clock", slot.clock.rawValue)
        w.key("events")
        Self.encodeLog(Array(session.events), shorthands: shorthands, definition: slot.version.definition, into: &w)
        w.endObject()
    }

    /// Events as posted: each shorthand once, in place of the inputs it expanded to.
    static func encodeLog(_ events: [TimedInput], shorthands: [EventCodec.Shorthand], definition: ControlDefinition,
                          into w: inout JSONWriter) {
        w.beginArray()
        var index = 0
        var next = shorthands.makeIterator()
        var shorthand = next.next()
        while index < events.count {
            if let current = shorthand, current.first == index {
                w.value(current.posted)
                index += current.count
                shorthand = next.next()
            } else {
                EventCodec.encode(events[index], definition: definition, into: &w)
                index += 1
            }
        }
        w.endArray()
    }

    /// `GET /v1/sessions/{id}/events`: the log as applied, every input with its resolved `t`,
    /// and each shorthand as posted with the inputs it became.
    func events(_ context: RequestContext) throws(Problem) -> HTTPResponse {
        _ = try Query(context.request.queryString, allowed: [])
        let now = environment.now()
        let slot: SessionSlot
        switch try subject(context.id, now: now) {
        case let .session(found): slot = found
        case let .scene(scene): return sceneEvents(scene)
        }
        let (session, log) = slot.record.withLock { ($0.session, $0.shorthands) }
        let shorthands = log.all(over: session.events)
        let definition = slot.version.definition
        return json(status: 200, capacity: 512 + session.events.count * 80) { w in
            w.beginObject()
            w.member("id", slot.id)
            w.member("control", session.kind)
            w.member("time", slot.time(of: session, now: now))
            Self.encodeSettled(session, into: &w)
            w.member("count", session.events.count)
            w.key("events")
            w.beginArray()
            for event in session.events { EventCodec.encode(event, definition: definition, into: &w) }
            w.endArray()
            w.key("shorthands")
            w.beginArray()
            for shorthand in shorthands {
                w.beginObject()
                w.member("first", shorthand.first)
                w.member("count", shorthand.count)
                w.member("posted", shorthand.posted)
                w.endObject()
            }
            w.endArray()
            w.endObject()
        }
    }
}
