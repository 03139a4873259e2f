import AnimationCore

/// The session endpoints of API v1 (`openapi.yaml`).
struct SessionsAPI: Sendable {
    let environment: AppEnvironment
    let store: SessionStore
    /// Recent frames answers (JSON windows with an explicit `from`), by session and log length.
    let framesCache: FramesCache
    /// The registry the cluster shares, when there is one: a create naming a user-defined control
    /// reads the name there, off the event loop (`offloading`).
    var shared: EtcdDirectory? = nil
    /// True while a handler runs off the loop, where it may wait on the shared registry.
    var offLoop = false

    var routes: [Router.Route] {
        [
            .init("POST", "/v1/sessions", offloading { api, context throws(Problem) in try api.create(context) }),
            .init("GET", "/v1/sessions", list),
            .init("GET", "/v1/sessions/{id}", show),
            .init("DELETE", "/v1/sessions/{id}", delete),
            .init("POST", "/v1/sessions/{id}/events", postEvents),
            .init("GET", "/v1/sessions/{id}/events", events),
            .init("GET", "/v1/sessions/{id}/scenario", exportScenario),
            .init("GET", "/v1/sessions/{id}/frames", frames),
            .init("GET", "/v1/sessions/{id}/frame", frame),
        ]
    }

    // MARK: Handlers

    func create(_ context: RequestContext) throws(Problem) -> HTTPResponse {
        _ = try Query(context.request.queryString, allowed: [])
        let body = try parseBody(context.request)
        let (clock, session, version, shorthands): (SessionClock, Session, DefinitionVersion, [EventCodec.Shorthand])
        if case let .object(object) = body, object["scene"] != nil { return try createScene(body) }
        if case let .object(object) = body, Self.isSceneScenario(object["scenario"]) {
            for key in ["control", "definition", "config", "clock", "scene"] where object[key] != nil {
                throw Problem(400, "invalid_field", "`\(key)` may not be given with `scenario`", field: TreePath(key).pointer)
            }
            guard object.count == 1, let member = object["scenario"] else {
                throw Problem(400, "invalid_field", "unknown field", field: object.keys.first { $0 != "scenario" }.map { TreePath($0).pointer })
            }
            let scenario = try decodeSceneScenario(member, at: TreePath("scenario"))
            return try createScene(clock: scenario.clock, document: scenario.document, timeline: scenario.timeline)
        }
        if case let .object(object) = body, object["scenario"] != nil {
            let scenario = try decodeScenarioMember(body)
            (clock, session, version, shorthands) = (scenario.clock, scenario.session, scenario.version, scenario.shorthands)
        } else {
            let instance: ControlInstance
            (clock, instance, version) = try decodeCreate(body)
            session = Session(configuration: instance, maximumEvents: environment.limits.maxEventsPerSession)
            shorthands = []
        }
        let now = environment.now()
        let (slot, record): (SessionSlot, UInt64?)
        do throws(SessionStore.StoreError) {
            (slot, record) = try store.create(id: environment.makeID(), clock: clock, version: version, session: session,
                                              shorthands: shorthands, now: now)
        } catch {
            throw Self.storeProblem(error, environment)
        }
        var answer = jsonAnswer(status: 201) { w in encodeSession(slot, session, now: now, into: &w) }
        answer.headers.add("Location", "/v1/sessions/\(slot.id)")
        return Self.durable(answer, record, environment)
    }

    /// What a store that refused a change answers.
    static func storeProblem(_ error: SessionStore.StoreError, _ environment: AppEnvironment) -> Problem {
        switch error {
        case let .full(retryAfter):
            var problem = Problem(503, "too_many_sessions",
                                  "the server holds its maximum of \(environment.limits.maxSessions) sessions; delete some or retry later")
            problem.headers = [("Retry-After", String(retryAfter))]
            return problem
        case let .storageFull(limit):
            var problem = Problem(503, "storage_full",
                                  "all sessions together hold the server's maximum of \(limit) events; delete sessions or retry later")
            problem.headers = [("Retry-After", "30")]
            return problem
        case let .journal(_, outOfSpace):
            return outOfSpace ? journalFullProblem : journalProblem
        }
    }

    private func decodeCreate(_ json: JSON) throws(Problem) -> (SessionClock, ControlInstance, DefinitionVersion) {
        do throws(DocumentError) {
            var body = try ObjectReader(json)
            let source = try decodeSource(&body)
            try body.finish()
            return source
        } catch {
            throw Problem(error)
        }
    }

    /// Runs `handler` on the loop; when it meets a name only the shared registry can resolve
    /// (`Problem.mustOffload`), runs it again from the start off the loop, where it may wait.
    /// Built-in controls and inline definitions never leave the loop.
    func offloading(_ handler: @escaping @Sendable (SessionsAPI, RequestContext) throws(Problem) -> HTTPResponse)
        -> @Sendable (RequestContext) throws(Problem) -> HTTPResponse {
        let api = self
        guard shared != nil else { return { context throws(Problem) in try handler(api, context) } }
        return { context throws(Problem) in
            do throws(Problem) {
                return try handler(api, context)
            } catch where error.code == Problem.offloadCode {
                var away = api
                away.offLoop = true
                return Offloaded(api.environment) { [away] () throws(Problem) in try handler(away, context) }.response
            }
        }
    }

    /// The control registered under `name`: a built-in or this node's own at once; the shared
    /// registry's read there (linearizable), which only a handler running off the loop may do.
    private func registered(_ name: String, field: TreePath) throws(DocumentError) -> RegisteredControl {
        let registry = store.registry
        if let shared, registry.named(name)?.builtIn != true {
            guard offLoop else { throw DocumentError(.mustOffload) }
            let found: RegisteredControl?
            do {
                found = try shared.lookup(name)
            } catch {
                throw DocumentError(.registryUnavailable(error), at: field)
            }
            guard let found else {
                throw DocumentError(.unknownControl, at: field, "unknown control '\(name)': use one of \(registry.quotedNames) or a registered one")
            }
            return found
        }
        guard let known = registry.named(name) else {
            if let damage = registry.damage(name) {
                throw DocumentError(damage.problem(control: name), at: field)
            }
            throw DocumentError(.unknownControl, at: field, "unknown control '\(name)': use one of \(registry.quotedNames)")
        }
        return known
    }

    /// The control a session is made of, from `body`'s members: `control` names a registered
    /// control; or `definition` carries one inline (then `control`, if given, is the name the
    /// session reports; else `inline`); `clock` and `config`. Fields are named under the body's path.
    func decodeSource(_ body: inout ObjectReader) throws(DocumentError) -> (SessionClock, ControlInstance, DefinitionVersion) {
        let registry = store.registry
        let name = try body.string("control")
        let inline = body.raw("definition")
        guard name != nil || inline != nil else {
            throw body.error("control", "is required: one of \(registry.plainNames)")
        }
        let clock = try body.choice("clock", default: SessionClock.virtual)
        let control: RegisteredControl
        if let inline {
            let shown = name ?? "inline"
            guard ControlsAPI.isValidName(shown) else {
                throw body.error("control", "'\(shown)' is not a control name: 1 to 64 letters, digits, - and _, starting with a letter")
            }
            let member = body.path.appending("definition")
            let version: DefinitionVersion
            do throws(Problem) {
                version = try DefinitionVersion.load(inline, under: member, limits: environment.limits)
            } catch {
                throw DocumentError(error)
            }
            do {
                control = try RegisteredControl(name: shown, builtIn: false, version: version)
            } catch {
                throw DocumentError(Problem(definition: error, under: member))
            }
        } else if let name {
            control = try registered(name, field: body.field("control"))
        } else {
            throw body.error("control", "is required")
        }
        do throws(DocumentError) {
            let instance = try control.instance(configuration: body.raw("config"))
            return (clock, instance, control.version)
        } catch {
            throw error.placed(under: body.path)
        }
    }

    func list(_ context: RequestContext) throws(Problem) -> HTTPResponse {
        let query = try Query(context.request.queryString, allowed: ["node"])
        if let asked = query.string("node") { try checkNode(asked) }
        let now = environment.now()
        let listed = store.listing(now: now)
        let damaged = store.damagedIDs
        return json(status: 200) { w in
            w.beginObject()
            if let node = environment.node { w.member("node", node) }
            w.key("sessions")
            w.beginArray()
            for item in listed {
                w.beginObject()
                switch item {
                case let .session(slot):
                    let session = slot.record.withLock { $0.session }
                    w.member("id", slot.id)
                    w.member("control", session.kind)
                    w.member("clock", slot.clock.rawValue)
                    w.member("time", slot.time(of: session, now: now))
                case let .scene(slot):
                    let timeline = slot.record.withLock { $0.timeline }
                    w.member("id", slot.id)
                    w.member("views", timeline.initial.scene.nodes.count)
                    w.member("clock", slot.clock.rawValue)
                    w.member("time", slot.time(lastEvent: timeline.time, now: now))
                }
                w.endObject()
            }
            w.endArray()
            // Sessions held apart as damaged are named, so a client can find and discard them.
            if !damaged.isEmpty {
                w.key("damaged")
                w.beginArray()
                for id in damaged { w.value(id) }
                w.endArray()
            }
            w.endObject()
        }
    }

    func show(_ context: RequestContext) throws(Problem) -> HTTPResponse {
        _ = try Query(context.request.queryString, allowed: [])
        let now = environment.now()
        let slot: SessionSlot
        switch try subject(context.id, now: now) {
        case let .session(found): slot = found
        case let .scene(scene): return showScene(scene)
        }
        let session = slot.record.withLock { $0.session }
        return json(status: 200) { w in encodeSession(slot, session, now: now, into: &w) }
    }

    func delete(_ context: RequestContext) throws(Problem) -> HTTPResponse {
        _ = try Query(context.request.queryString, allowed: [])
        // An expired session is gone even if no sweep has removed it yet; a damaged one may be discarded.
        let now = environment.now()
        if store.slot(context.id, now: now) == nil, store.scene(context.id, now: now) == nil, store.damage(context.id) == nil {
            throw notFound(context.id)
        }
        let removal: SessionStore.Removal
        do throws(SessionStore.StoreError) {
            removal = try store.delete(context.id)
        } catch {
            throw Self.storeProblem(error, environment)
        }
        guard case let .removed(record) = removal else { throw notFound(context.id) }
        return Self.durable(HTTPAnswer(status: 204), record, environment)
    }

    func postEvents(_ context: RequestContext) throws(Problem) -> HTTPResponse {
        // `state` (`all` or `changed`) chooses which views a scene's answer lists; a session's
        // answer is its one control's state either way.
        let query = try Query(context.request.queryString, allowed: ["window", "fps", "state"])
        let ahead = try Self.windowAhead(query, limit: environment.limits.maxFramesPerRequest)
        let body = try parseBody(context.request)
        let now = environment.now()
        let slot: SessionSlot
        switch try subject(context.id, now: now) {
        case let .session(found): slot = found
        case let .scene(scene): return try postSceneEvents(scene, query: query, ahead: ahead, body: body, now: now)
        }
        _ = try Self.changedOnly(query)
        let kind = slot.record.withLock { $0.session.kind }
        let eventContext = EventCodec.Context(definition: slot.version.definition, control: kind,
                                              catalogue: { [registry = store.registry] in registry.commandCatalogue })
        // Decoded under the session's lock, so events without `t` are stamped with the time of the
        // session they are applied to: now on the wall clock, or a virtual session's current time.
        var decoded = EventCodec.Decoded()
        let outcome = try store.apply(to: slot, storeFailure: { Self.storeProblem($0, environment) }) { latest throws(Problem) in
            let stamp = slot.clock == .wall ? max(now - slot.createdAt, latest) : latest
            do throws(DocumentError) {
                decoded = try EventCodec.decodeBody(body, context: eventContext, now: stamp)
            } catch {
                throw Problem(error)
            }
            guard decoded.inputs.count <= environment.limits.maxEventsPerBatch else {
                throw Problem(413, "too_many_events", "a batch may hold at most \(environment.limits.maxEventsPerBatch) events",
                              field: body["events"] == nil ? nil : "/events")
            }
            if slot.clock == .wall { try refuseFuture(decoded, now: stamp) }
            return SessionStore.Batch(inputs: decoded.inputs, shorthands: decoded.shorthands)
        }
        let inputs = decoded.inputs
        switch outcome {
        case let .success(applied):
            let response = jsonAnswer(status: 200) { w in
                w.beginObject()
                w.member("time", slot.time(lastEvent: applied.time, now: now))
                w.key("state")
                FrameEncoder.encodeFields(applied.state, into: &w)
                w.member("accepted", inputs.count)
                w.key("emitted")
                FrameEncoder.encode(applied.emitted, into: &w)
                if let ahead {
                    Self.encodeSettled(applied.session, into: &w)
                    w.key("window")
                    Self.encodeWindow(applied.session, ahead.window(from: slot.time(lastEvent: applied.time, now: now),
                                                                    settledAt: applied.session.settledAt), into: &w)
                }
                w.endObject()
            }
            return Self.durable(response, applied.record, environment)
        case let .failure(error):
            throw problem(for: error, decoded: decoded, definition: slot.version.definition)
        }
    }

    /// `?window=<seconds>&fps=<rate>` on a post: the answer carries the frames from its `time` on,
    /// so a page draws the touch's effect without asking again (docs/client.md#playing).
    struct WindowAhead: Equatable {
        let span: Double
        let fps: Double

        /// From `from` for `span` seconds, ending at the first frame at or after `settledAt` when
        /// everything comes to rest sooner: that frame is the rest, and every later one is the
        /// same until the next event.
        func window(from: Double, settledAt: Double?) -> SampleWindow {
            var to = from + span
            if let settledAt, settledAt < to {
                let frames = max(0, ((settledAt - from) * fps - 1e-9).rounded(.up))
                to = min(to, from + frames / fps)
            }
            return SampleWindow(from: from, to: to, fps: fps, count: Session.frameCount(from: from, to: to, fps: fps))
        }
    }

    /// The frames a post asks for, nil without `window`; `fps` (default 60) only with it, and
    /// no more frames than a frames request may hold.
    static func windowAhead(_ query: Query, limit: Int) throws(Problem) -> WindowAhead? {
        guard let span = try query.number("window") else {
            if query.string("fps") != nil {
                throw Problem(400, "invalid_query", "'fps' applies to the frames of 'window'; give 'window' too", field: "fps")
            }
            return nil
        }
        guard span > 0, span <= 10 else {
            throw Problem(400, "invalid_query", "'window' must be greater than 0 and at most 10 (seconds)", field: "window")
        }
        let fps = try query.number("fps") ?? 60
        guard fps > 0 else { throw Problem(400, "invalid_query", "'fps' must be greater than 0", field: "fps") }
        let count = Session.frameCount(from: 0, to: span, fps: fps)
        guard count <= limit else {
            throw Problem(400, "frame_limit", "\(count) frames requested; at most \(limit) per request (narrow 'window' or lower 'fps')",
                          field: "fps")
        }
        return WindowAhead(span: span, fps: fps)
    }

    /// A wall-clock session's events happen when they are posted: one stamped later than now (by
    /// more than `futureTolerance`, for clocks that differ a little) is refused, 409
    /// `event_in_future`. A shorthand is judged by its start; its later inputs are its own.
    func refuseFuture(_ decoded: EventCodec.Decoded, now: Double) throws(Problem) {
        for (position, t) in decoded.postedTimes where t > now + Self.futureTolerance {
            throw Problem(409, "event_in_future",
                          "a wall-clock session takes events up to its present (t=\(DecimalText.text(now, decimals: 6)) s, within \(Self.futureTolerance) s); this one is at t=\(t); leave 't' out to stamp it on arrival",
                          field: decoded.isBatch ? decoded.listPath.appending(position).appending("t").pointer : "/t")
        }
    }

    /// How far ahead of a wall-clock session's present an event may be stamped.
    static let futureTolerance = 0.1

    func frames(_ context: RequestContext) throws(Problem) -> HTTPResponse {
        let query = try Query(context.request.queryString, allowed: ["from", "to", "fps"] + ExportOptions.queryKeys)
        let now = environment.now()
        let slot: SessionSlot
        switch try subject(context.id, now: now) {
        case let .session(found): slot = found
        case let .scene(scene): return try sceneFrames(scene, query)
        }
        let export = try ExportOptions(query)
        let session = slot.record.withLock { $0.session }
        let window = try SampleWindow(query, defaultFrom: slot.time(of: session, now: now), defaultSpan: 1,
                                      maximumTo: export.maximumTo, limit: environment.limits.maxFramesPerRequest,
                                      settledAt: { session.settledAt })
        // Without an explicit `from` the window starts at the session's present: never kept.
        guard export.format == .json, query.string("from") != nil, framesCache.capacity > 0 else {
            return Self.framesAnswer(session, window: window, export: export, title: "\(session.kind) session \(slot.id)")
        }
        let key = FramesCache.key(slot, events: session.events.count, window)
        if let body = framesCache.body(for: key) {
            return HTTPResponse(status: 200, contentType: "application/json", body: body)
        }
        let answer = Self.framesAnswer(session, window: window, export: export, title: "\(session.kind) session \(slot.id)")
        if let ready = answer.answer, ready.status == 200 { framesCache.store(ready.body, for: key) }
        return answer
    }

    /// The frames of `window` as `GET …/frames` answers them, in `export`'s format.
    static func framesAnswer(_ session: Session, window: SampleWindow, export: ExportOptions, title: String) -> HTTPResponse {
        let (from, to, fps) = (window.from, window.to, window.fps)
        guard export.format == .json else {
            return export.response(for: SampledMotion(name: session.kind, title: "\(title), frames \(window.description)",
                                                      window: window, frames: session.frames(from: from, to: to, fps: fps),
                                                      emissions: session.emissions(from: from, to: to)))
        }
        return json(status: 200, capacity: 2048) { w in encodeWindow(session, window, into: &w) }
    }

    /// A window answer's opening, `{"from","to","fps","count","frames":`, for a session's and a scene's.
    static func beginWindow(_ window: SampleWindow, into w: inout JSONWriter) {
        w.beginObject()
        w.member("from", window.from)
        w.member("to", window.to)
        w.member("fps", window.fps)
        w.member("count", window.count)
        w.key("frames")
    }

    /// `{from, to, fps, count, frames, emitted}`: a frames answer's body, and a post's `window`.
    static func encodeWindow(_ session: Session, _ window: SampleWindow, into w: inout JSONWriter) {
        beginWindow(window, into: &w)
        let emitted = FrameEncoder.encodeWindow(session, window, into: &w)
        w.key("emitted")
        FrameEncoder.encode(emitted, into: &w)
        w.endObject()
    }

    func frame(_ context: RequestContext) throws(Problem) -> HTTPResponse {
        let query = try Query(context.request.queryString, allowed: ["t"])
        let now = environment.now()
        let slot: SessionSlot
        switch try subject(context.id, now: now) {
        case let .session(found): slot = found
        case let .scene(scene): return try sceneFrame(scene, query)
        }
        let session = slot.record.withLock { $0.session }
        let t = try query.number("t") ?? slot.time(of: session, now: now)
        guard t >= 0, t <= EventCodec.maximumTime else {
            throw Problem(400, "invalid_query", "'t' must be between 0 and \(Int(EventCodec.maximumTime))", field: "t")
        }
        return json(status: 200) { w in FrameEncoder.encode(session, at: t, into: &w) }
    }

    // MARK: Helpers

    /// A node lists only its own sessions: `?node=` must name this node. A proxy routes the
    /// parameter to the node it names, so another id here means the request reached the wrong node.
    private func checkNode(_ asked: String) throws(Problem) {
        guard NodeID.isValid(asked) else {
            throw Problem(400, "invalid_query", "'node' must be a node id: 1 to 32 lowercase letters and digits", field: "node")
        }
        guard asked == environment.node else {
            let this = environment.node.map { "this is node '\($0)'" } ?? "this server has no node id"
            throw Problem(404, "node_not_found", "\(this); node '\(asked)' lists its own sessions (through the proxy, GET /v1/sessions?node=\(asked))",
                          field: "node")
        }
    }

    /// The journal could not write a change, so the change was not made.
    static let journalProblem = retryLater(Problem(503, "journal_unavailable",
                                                   "the change could not be made durable and was not applied; retry later"))

    /// As `journalProblem`, the journal's disk being full.
    static let journalFullProblem = retryLater(Problem(507, "journal_full",
                                                       "the journal's disk is full: the change could not be made durable and was not applied; the server accepts no changes until space is freed and it is restarted"))

    /// The journal wrote a change but could not sync it: it refuses every change from then on,
    /// and a restart replays what the disk holds.
    static let syncProblem = retryLater(Problem(503, "journal_unavailable",
                                                "the change could not be made durable; the server accepts no changes until it is restarted, and then holds what its disk holds"))

    /// As `syncProblem`, the write having found the journal's disk full.
    static let syncFullProblem = retryLater(Problem(507, "journal_full",
                                                    "the journal's disk is full: the change could not be made durable; the server accepts no changes until space is freed and it is restarted, and then holds what its disk holds"))

    /// What every change answers when its sync fails: written once, not for every change that
    /// might need it.
    static let syncFailure = syncProblem.answer
    static let syncFullFailure = syncFullProblem.answer

    /// The journal's problems ask clients to come back later (a server restarted, or another node).
    private static func retryLater(_ problem: Problem) -> Problem {
        var problem = problem
        problem.headers = [("Retry-After", "30")]
        return problem
    }

    /// Acknowledged only once durable: a pending answer the server sends when the journal has
    /// synced `record`, without holding its thread meanwhile.
    static func durable(_ answer: HTTPAnswer, _ record: UInt64?, _ environment: AppEnvironment) -> HTTPResponse {
        guard let record, let journal = environment.journal else { return .now(answer) }
        return DurableAnswer(journal: journal, sequence: record, response: answer, failure: Self.syncFailure,
                             outOfSpace: Self.syncFullFailure).answer
    }

    func find(_ id: String, now: Double) throws(Problem) -> SessionSlot {
        try store.servable(id, now: now) { notFound(id) }
    }

    /// A session's or a scene's slot: the scene is looked up only when no session has the id,
    /// so a session's requests cost what they did.
    enum Subject {
        case session(SessionSlot)
        case scene(SceneSlot)
    }

    func subject(_ id: String, now: Double) throws(Problem) -> Subject {
        if let slot = store.slot(id, now: now) { return .session(slot) }
        if let scene = store.scene(id, now: now) { return .scene(scene) }
        throw store.damage(id)?.problem(id: id) ?? notFound(id)
    }

    private func notFound(_ id: String) -> Problem {
        Problem(404, "session_not_found", "no session '\(id)' (it may have expired after \(Int(environment.limits.sessionIdleTTL)) s idle)")
    }

    func parseBody(_ request: HTTPRequest) throws(Problem) -> JSON {
        guard !request.body.isEmpty else {
            throw Problem(400, "invalid_json", "the request body is empty; send a JSON object")
        }
        do {
            return try JSONParser().parse(request.body)
        } catch {
            throw Problem(400, "invalid_json", "the body is not valid JSON: \(error.message)")
        }
    }

    /// Where input `index` of a decoded body was posted: `key` of its event.
    func eventField(_ index: Int, _ key: String, decoded: EventCodec.Decoded) -> String {
        guard decoded.isBatch else { return TreePath(key).pointer }
        let position = index < decoded.origins.count ? decoded.origins[index] : (decoded.origins.last ?? 0)
        return decoded.listPath.appending(position).appending(key).pointer
    }

    /// `definition`: the control's that refused an input (its commands are named).
    func problem(for error: SessionError, decoded: EventCodec.Decoded, definition: ControlDefinition?) -> Problem {
        func eventField(_ index: Int, _ key: String) -> String { self.eventField(index, key, decoded: decoded) }
        switch error {
        case let .outOfOrder(index, t, latest):
            return Problem(409, "event_out_of_order",
                           "event at t=\(t) is older than the session's latest event at t=\(latest); events must not go back in time",
                           field: eventField(index, "t"))
        case let .invalidTime(index):
            return Problem(400, "invalid_field", "t must be a finite number ≥ 0", field: eventField(index, "t"))
        case let .rejected(index, .unsupportedCommand(command, control)):
            return Problem(400, "unsupported_command", "'\(command)' is not a \(control) command; use \(definition.map(EventCodec.commands) ?? "no commands")",
                           field: eventField(index, "type"))
        case let .rejected(index, .invalidParameter(parameter)):
            return Problem(400, "invalid_field", parameter.reason, field: eventField(index, parameter.parameter))
        case let .rejected(index, .animator(animatorError)):
            environment.log(LogLine(level: "error", "animator refused an event").field("error", "\(animatorError)").description)
            return Problem(409, "invalid_state", "the control cannot take this event in its current state",
                           field: eventField(index, "type"))
        case let .rejected(index, .tooManyTimers(limit)):
            return Problem(409, "too_many_timers", "the control has \(limit) timers pending, as many as it may; the event was not applied",
                           field: eventField(index, "type"))
        case let .logFull(limit):
            return Problem(409, "event_log_full", "the session holds its maximum of \(limit) events; create a new session",
                           field: decoded.isBatch ? decoded.listPath.pointer : nil)
        case let .invalidTouchSequence(index, reason):
            return Problem(409, "invalid_touch_sequence", reason, field: eventField(index, "type"))
        }
    }

    private func encodeSession(_ slot: SessionSlot, _ session: Session, now: Double, into w: inout JSONWriter) {
        w.beginObject()
        w.member("id", slot.id)
        w.member("control", session.kind)
        w.member("clock", slot.clock.rawValue)
        w.key("config")
        ConfigCodec.encode(session.configuration, into: &w)
        let time = slot.time(of: session, now: now)
        w.member("time", time)
        // The state at the time shown: a wall-clock session's present may be past its last event.
        w.key("state")
        FrameEncoder.encodeFields(slot.clock == .wall ? session.state(at: time) : session.state, into: &w)
        w.member("eventCount", session.events.count)
        Self.encodeSettled(session, into: &w)
        w.endObject()
    }

    /// `settledAt`: when everything has come to rest if no event comes; null when it does not by itself.
    static func encodeSettled(_ session: Session, into w: inout JSONWriter) {
        encodeSettled(at: session.settledAt, into: &w)
    }

    static func encodeSettled(at settled: Double?, into w: inout JSONWriter) {
        w.key("settledAt")
        if let settled { w.value(settled) } else { w.null() }
    }
}
