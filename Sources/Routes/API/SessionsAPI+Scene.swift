import AnimationCore

/// Scene sessions through the session endpoints (docs/scenes.md#the-api): created with
/// `{"scene": {"views": [...]}}`, then driven, read and deleted at the same paths as a session.
/// Each handler of `SessionsAPI` hands a scene's id to its counterpart here.
extension SessionsAPI {
    // MARK: Creating

    /// `{"scene": {...}, "clock"}` (or `"scene": "<name>"` for a built-in scene): every view's control resolved (built-in, registered, or an
    /// inline `definition`) and the scene checked whole before anything is made.
    func createScene(_ body: JSON) throws(Problem) -> HTTPResponse {
        let clock: SessionClock
        let scene: SharedScene
        do throws(DocumentError) {
            var r = try ObjectReader(body)
            clock = try r.choice("clock", default: SessionClock.virtual)
            let member = r.raw("scene") ?? .null
            var builtIn: BuiltInScenes.Entry?
            if case let .string(name) = member {
                guard let entry = BuiltInScenes.named(name) else {
                    throw DocumentError(.unknownScene, at: TreePath("scene"),
                                    "no built-in scene '\(name)': use one of \(BuiltInScenes.all.map { "'\($0.name)'" }.joined(separator: ", ")) or a scene document")
                }
                builtIn = entry
            }
            for key in ["control", "definition", "config"] where r.raw(key) != nil {
                throw r.error(key, "`\(key)` belongs to a view of the scene, not beside `scene`")
            }
            try r.finish()
            if let builtIn {
                scene = try builtInScene(builtIn)
            } else {
                scene = try newScene(member)
            }
        } catch {
            throw Problem(error)
        }
        return try createScene(clock: clock, document: scene.document, timeline: scene.timeline)
    }

    /// A scene document under `scene`, decoded, with its timeline before any input.
    private func newScene(_ json: JSON) throws(DocumentError) -> SharedScene {
        let document = try decodeScene(json, at: TreePath("scene"))
        return SharedScene(document: document, timeline: SceneTimeline(scene: document.scene, maximumEvents: environment.limits.maxEventsPerSession))
    }

    /// A built-in scene, decoded the first time the store makes one and then shared by every
    /// session made of it: with 100 Settings scenes, one copy of its 45 views and its controls'
    /// instances instead of 100 (each kept warm by the others' requests). Only a scene whose
    /// every control is a built-in is kept: a built-in's definition never changes in a process.
    private func builtInScene(_ entry: BuiltInScenes.Entry) throws(DocumentError) -> SharedScene {
        if let shared = store.builtInScenes.withLock({ $0[entry.name] }) { return shared }
        let scene = try newScene(entry.scene)
        let builtIns = scene.document.scene.nodes.allSatisfy { node in
            node.control.map { store.registry.named($0.name)?.builtIn == true } ?? true
        }
        guard builtIns else { return scene }
        return store.builtInScenes.withLock { shared in
            if let first = shared[entry.name] { return first }
            shared[entry.name] = scene
            return scene
        }
    }

    /// A scene document under `path`, each view's control resolved as a session's is (`decodeSource`).
    func decodeScene(_ json: JSON, at path: TreePath) throws(DocumentError) -> SceneDocument {
        try SceneDocument(json, at: path) { view throws(DocumentError) in
            guard view.has("control") || view.has("definition") else { return nil }
            if view.has("clock") {
                throw view.error("clock", "a view has no clock of its own: give 'clock' beside 'scene'")
            }
            let (_, instance, version) = try decodeSource(&view)
            return (instance, version)
        }
    }

    func createScene(clock: SessionClock, document: SceneDocument, timeline: SceneTimeline) throws(Problem) -> HTTPResponse {
        let now = environment.now()
        let (slot, record): (SceneSlot, UInt64?)
        do throws(SessionStore.StoreError) {
            (slot, record) = try store.createScene(id: environment.makeID(), clock: clock, document: document, timeline: timeline,
                                                   now: now)
        } catch {
            throw Self.storeProblem(error, environment)
        }
        var answer = jsonAnswer(status: 201) { w in encodeScene(slot, timeline, now: now, into: &w) }
        answer.headers.add("Location", "/v1/sessions/\(slot.id)")
        return Self.durable(answer, record, environment)
    }

    // MARK: Reading

    func showScene(_ slot: SceneSlot) -> HTTPResponse {
        let now = environment.now()
        let timeline = slot.record.withLock { $0.timeline }
        return json(status: 200) { w in encodeScene(slot, timeline, now: now, into: &w) }
    }

    /// `{"id", "scene", "clock", "time", "state", "eventCount", "settledAt"}`: `scene` as the
    /// journal keeps it (each control with its definition's digest and its whole configuration),
    /// `state` every control's semantic state by view.
    private func encodeScene(_ slot: SceneSlot, _ timeline: SceneTimeline, now: Double, into w: inout JSONWriter) {
        w.beginObject()
        w.member("id", slot.id)
        w.member("scene", slot.document.stored)
        w.member("clock", slot.clock.rawValue)
        let time = slot.time(lastEvent: timeline.time, now: now)
        w.member("time", time)
        w.key("state")
        SceneFrameEncoder.encode(timeline.properties(at: time), into: &w)
        w.member("eventCount", timeline.inputs.count)
        Self.encodeSettled(timeline, into: &w)
        w.endObject()
    }

    static func encodeSettled(_ timeline: SceneTimeline, into w: inout JSONWriter) {
        encodeSettled(at: timeline.settledAt, into: &w)
    }

    func sceneFrame(_ slot: SceneSlot, _ query: Query) throws(Problem) -> HTTPResponse {
        let timeline = slot.record.withLock { $0.timeline }
        let t = try query.number("t") ?? slot.time(lastEvent: timeline.time, now: environment.now())
        guard t >= 0, t <= EventCodec.maximumTime else {
            throw Problem(400, "invalid_query", "'t' must be between 0 and \(Int(EventCodec.maximumTime))", field: "t")
        }
        return json(status: 200, capacity: 4096) { w in SceneFrameEncoder.encode(timeline.frame(at: t), into: &w) }
    }

    /// `GET …/frames` of a scene: JSON, or exported as a session's frames are (every view's
    /// layers in scene coordinates, each clipped as the frames say; properties as `view.property`).
    func sceneFrames(_ slot: SceneSlot, _ query: Query) throws(Problem) -> HTTPResponse {
        let export = try ExportOptions(query)
        let timeline = slot.record.withLock { $0.timeline }
        let window = try SampleWindow(query, defaultFrom: slot.time(lastEvent: timeline.time, now: environment.now()), defaultSpan: 1,
                                      maximumTo: export.maximumTo, limit: environment.limits.maxFramesPerRequest,
                                      settledAt: { timeline.settledAt })
        guard export.format == .json else {
            return Self.sceneExport(timeline, scene: slot.document.scene, window: window, export: export, title: "scene \(slot.id)")
        }
        return json(status: 200, capacity: 4096) { w in Self.encodeWindow(timeline, window, into: &w) }
    }

    /// A scene's frames over `window` in an export format: what `GET …/frames` of a scene session
    /// and `POST /v1/scenarios/run` of a scene's scenario answer, titled by what was sampled.
    static func sceneExport(_ timeline: SceneTimeline, scene: Scene, window: SampleWindow, export: ExportOptions,
                            title: String) -> HTTPResponse {
        let motion = SampledMotion(name: "scene", title: "\(title), frames \(window.description)", window: window, scene: scene,
                                   frames: timeline.frames(from: window.from, to: window.to, fps: window.fps),
                                   emissions: timeline.emissions(from: window.from, to: window.to))
        return export.response(for: motion)
    }

    /// `{from, to, fps, count, frames, emitted}` of a scene.
    static func encodeWindow(_ timeline: SceneTimeline, _ window: SampleWindow, into w: inout JSONWriter) {
        beginWindow(window, into: &w)
        w.beginArray()
        for frame in timeline.frames(from: window.from, to: window.to, fps: window.fps) { SceneFrameEncoder.encode(frame, into: &w) }
        w.endArray()
        w.key("emitted")
        SceneFrameEncoder.encode(timeline.emissions(from: window.from, to: window.to), into: &w)
        w.endObject()
    }

    /// `GET …/events` of a scene: every input with its resolved `t` and its `touch` or `view`.
    func sceneEvents(_ slot: SceneSlot) -> HTTPResponse {
        let now = environment.now()
        let timeline = slot.record.withLock { $0.timeline }
        return json(status: 200, capacity: 512 + timeline.inputs.count * 80) { w in
            w.beginObject()
            w.member("id", slot.id)
            w.member("time", slot.time(lastEvent: timeline.time, now: now))
            Self.encodeSettled(timeline, into: &w)
            w.member("count", timeline.inputs.count)
            w.key("events")
            Self.encodeLog(timeline, scene: slot.document.scene, into: &w)
            w.key("shorthands")
            w.beginArray()
            w.endArray()
            w.endObject()
        }
    }

    static func encodeLog(_ timeline: SceneTimeline, scene: Scene, into w: inout JSONWriter) {
        w.beginArray()
        for (t, input) in timeline.inputs { SceneEventCodec.encode(t, input, scene: scene, into: &w) }
        w.endArray()
    }

    // MARK: Driving

    /// `POST …/events` of a scene: as a session's, each event naming its `touch` or its `view`.
    /// `query`, `ahead` and `body` as `postEvents` read them.
    func postSceneEvents(_ slot: SceneSlot, query: Query, ahead: WindowAhead?, body: JSON, now: Double) throws(Problem) -> HTTPResponse {
        let changedOnly = try Self.changedOnly(query)
        var decoded = SceneEventCodec.Decoded()
        // Decoded under the scene's lock: events without `t` are stamped with the time of the
        // scene they are applied to, as a session's are.
        let outcome = try store.applyScene(to: slot, now: now, changedOnly: changedOnly, keepingTimeline: ahead != nil,
                                           storeFailure: { Self.storeProblem($0, environment) }) { latest throws(Problem) in
            let stamp = slot.clock == .wall ? max(now - slot.createdAt, latest) : latest
            do throws(DocumentError) {
                decoded = try SceneEventCodec.decodeBody(body, scene: slot.document.scene, now: stamp)
            } catch {
                throw Problem(error)
            }
            guard decoded.targets.count <= environment.limits.maxEventsPerBatch else {
                throw Problem(413, "too_many_events", "a batch may hold at most \(environment.limits.maxEventsPerBatch) events",
                              field: body["events"] == nil ? nil : "/events")
            }
            if slot.clock == .wall { try refuseFuture(decoded.events, now: stamp) }
            return decoded.inputs
        }
        switch outcome {
        case let .success(applied):
            let response = jsonAnswer(status: 200) { w in
                w.beginObject()
                w.member("time", applied.time)
                w.key("state")
                SceneFrameEncoder.encode(applied.state, into: &w)
                w.member("accepted", decoded.targets.count)
                w.key("emitted")
                SceneFrameEncoder.encode(applied.emitted, into: &w)
                if let ahead, let timeline = applied.timeline {
                    Self.encodeSettled(timeline, into: &w)
                    w.key("window")
                    Self.encodeWindow(timeline, ahead.window(from: applied.time, settledAt: timeline.settledAt), into: &w)
                }
                w.endObject()
            }
            return Self.durable(response, applied.record, environment)
        case let .failure(error):
            throw problem(for: error, decoded: decoded, scene: slot.document.scene)
        }
    }

    /// `?state=changed`: the answer's `state` holds only the views the batch changed (their
    /// control given an input, a command or a deadline), not every view's (`state=all`, the default).
    static func changedOnly(_ query: Query) throws(Problem) -> Bool {
        switch query.string("state") {
        case nil, "all": return false
        case "changed": return true
        default: throw Problem(400, "invalid_query", "'state' is 'all' (every view's state, the default) or 'changed' (the views the batch changed)",
                               field: "state")
        }
    }

    func problem(for error: SceneTimeline.BatchError, decoded: SceneEventCodec.Decoded, scene: Scene) -> Problem {
        let events = decoded.events
        switch error {
        case let .logFull(limit):
            return problem(for: .logFull(limit: limit), decoded: events, definition: nil)
        case let .input(index, .outOfOrder(t, latest)):
            return problem(for: .outOfOrder(index: index, t: t, latest: latest), decoded: events, definition: nil)
        case let .input(index, .touchIdInUse(id)):
            return Problem(409, "touch_in_use", "touch \(id) is down already; lift it (touchUp or touchCancel) before it comes down again, or use another id",
                           field: eventField(index, "touch", decoded: events))
        case let .input(index, .unknownTouch(id)):
            return problem(for: .invalidTouchSequence(index: index, reason: "no touch \(id) is down; send its touchDown first"),
                           decoded: events, definition: nil)
        case let .input(index, .unknownView(view)):
            return Problem(409, "unknown_view", "the scene has no view with a control at \(view)", field: eventField(index, "view", decoded: events))
        case let .input(index, .rejected(view, controlError)):
            let definition = scene.index(of: view).flatMap { scene.nodes[$0].control?.definition }
            return problem(for: .rejected(index: index, controlError), decoded: events, definition: definition)
        }
    }
}

// MARK: Scenarios

/// A scene scenario: `{"scene", "clock", "events"}`, everything a scene session needs to give
/// the same frames again.
struct SceneScenario {
    var clock: SessionClock
    var document: SceneDocument
    /// The scene with every event applied.
    var timeline: SceneTimeline
}

extension SessionsAPI {
    /// Whether a scenario is a scene's (it holds `scene`).
    static func isSceneScenario(_ json: JSON?) -> Bool {
        if case let .object(object)? = json { return object["scene"] != nil }
        return false
    }

    /// A scene scenario under `path`, its events applied; refused as a scene create or an event
    /// batch would be, fields named under `path`.
    func decodeSceneScenario(_ json: JSON, at path: TreePath) throws(Problem) -> SceneScenario {
        let clock: SessionClock
        let document: SceneDocument
        var decoded: SceneEventCodec.Decoded
        do throws(DocumentError) {
            var body = try ObjectReader(json, at: path)
            clock = try body.choice("clock", default: SessionClock.virtual)
            document = try decodeScene(body.raw("scene") ?? .null, at: body.field("scene"))
            let items = try body.array("events") ?? []
            try body.finish()
            let listPath = path.appending("events")
            decoded = try SceneEventCodec.decodeList(items, at: listPath, scene: document.scene)
            decoded.events.listPath = listPath
        } catch {
            throw Problem(error)
        }
        guard decoded.targets.count <= environment.limits.maxEventsPerBatch else {
            throw Problem(413, "too_many_events", "a scenario may hold at most \(environment.limits.maxEventsPerBatch) events",
                          field: decoded.events.listPath.pointer)
        }
        var timeline = SceneTimeline(scene: document.scene, maximumEvents: environment.limits.maxEventsPerSession)
        do throws(SceneTimeline.BatchError) {
            try timeline.apply(decoded.inputs)
        } catch {
            throw problem(for: error, decoded: decoded, scene: document.scene)
        }
        return SceneScenario(clock: clock, document: document, timeline: timeline)
    }

    /// `GET …/scenario` of a scene: `{"scene", "clock", "events"}`, each control by name with its
    /// configuration, and its definition inline unless it is the built-in of that name.
    func exportSceneScenario(_ slot: SceneSlot) -> HTTPResponse {
        let timeline = slot.record.withLock { $0.timeline }
        var versions: [String: DefinitionVersion] = [:]
        for case let version? in slot.document.versions { versions[version.digest] = version }
        let scene = portable(slot.document.stored, versions: versions)
        return json(status: 200, capacity: 1024 + timeline.inputs.count * 80) { w in
            w.beginObject()
            w.member("scene", scene)
            w.member("clock", slot.clock.rawValue)
            w.key("events")
            Self.encodeLog(timeline, scene: slot.document.scene, into: &w)
            w.endObject()
        }
    }

    /// The journal's form of a scene as a create takes it: `digest` gone, the definition inline
    /// where the name alone would not find the same one.
    private func portable(_ json: JSON, versions: [String: DefinitionVersion]) -> JSON {
        switch json {
        case let .array(items):
            return .array(items.map { portable($0, versions: versions) })
        case let .object(object):
            var members: [(key: String, value: JSON)] = []
            for (key, value) in object {
                if key == "digest", case let .string(digest) = value {
                    let name = object["control"]?.stringValue ?? ""
                    let builtIn = store.registry.named(name).map { $0.builtIn && $0.version.digest == digest } ?? false
                    if !builtIn, let version = versions[digest] { members.append(("definition", version.document)) }
                    continue
                }
                members.append((key, key == "config" ? value : portable(value, versions: versions)))
            }
            return .object(JSONObject(members))
        default:
            return json
        }
    }
}
