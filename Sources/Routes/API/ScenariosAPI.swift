import AnimationCore

/// Scenarios run without a session (docs/scenarios.md): `POST /v1/scenarios/run` answers what
/// `GET /v1/sessions/{id}/frames` would for a session made of the scenario, `POST
/// /v1/scenarios/compare` compares it with a golden frames answer or with another scenario.
/// Nothing is stored: no session, no journal record.
struct ScenariosAPI: Sendable {
    let sessions: SessionsAPI

    var routes: [Router.Route] {
        [
            .init("POST", "/v1/scenarios/run", sessions.offloading { api, context throws(Problem) in
                try ScenariosAPI(sessions: api).run(context)
            }),
            .init("POST", "/v1/scenarios/compare", sessions.offloading { api, context throws(Problem) in
                try ScenariosAPI(sessions: api).compare(context)
            }),
        ]
    }

    static let windowKeys = ["from", "to", "fps"]
    static let defaultTolerance = 1e-9
    static let toleranceRange = 0.0...1e6

    func run(_ context: RequestContext) throws(Problem) -> HTTPResponse {
        let query = try Query(context.request.queryString, allowed: ExportOptions.queryKeys)
        let export = try ExportOptions(query)
        var body = try reader(try sessions.parseBody(context.request))
        let member = body.raw("scenario") ?? .null
        if SessionsAPI.isSceneScenario(member) { return try runScene(member, &body, export: export) }
        let scenario = try sessions.decodeScenario(member, at: TreePath("scenario"))
        let window = try window(&body, scenario.session, maximumTo: export.maximumTo)
        try finish(body)
        return SessionsAPI.framesAnswer(scenario.session, window: window, export: export, title: "\(scenario.session.kind) scenario")
    }

    /// `{"scenario", "golden" | "against", "from", "to", "fps", "tolerance"}`; `format=svg` plots the
    /// two on each other. A scene's scenario compares with a scene's golden or scenario, each
    /// view's properties named `view.property` (JSON only).
    func compare(_ context: RequestContext) throws(Problem) -> HTTPResponse {
        let query = try Query(context.request.queryString, allowed: ["format"])
        let format = query.string("format") ?? "json"
        guard format == "json" || format == "svg" else {
            throw Problem(400, "invalid_query", "unknown format '\(format)': use 'json' or 'svg'", field: "format")
        }
        var body = try reader(try sessions.parseBody(context.request))
        let member = body.raw("scenario") ?? .null
        let scenario = SessionsAPI.isSceneScenario(member) ? try sceneSampled(member, at: TreePath("scenario")) : try sampled(member, at: TreePath("scenario"))
        if format == "svg", scenario.session == nil {
            throw Problem(400, "invalid_query", "a scene's comparison is JSON only: the plot draws one control's properties", field: "format")
        }
        let tolerance = try number(&body, "tolerance") ?? Self.defaultTolerance
        guard Self.toleranceRange.contains(tolerance) else {
            throw Problem(400, "invalid_field", "must be between 0 and \(Int(Self.toleranceRange.upperBound))", field: "/tolerance")
        }
        let golden = body.raw("golden"), against = body.raw("against")
        let window: SampleWindow
        let reference: JSON
        let referenceName: String
        switch (golden, against) {
        case let (golden?, nil):
            for key in Self.windowKeys where body.has(key) {
                throw Problem(400, "invalid_field", "a comparison with a golden samples the golden's window; leave '\(key)' out", field: TreePath(key).pointer)
            }
            window = try goldenWindow(golden)
            reference = scenario.session == nil ? Self.flattenedScene(golden) : golden
            referenceName = "golden"
        case let (nil, against?):
            let other = scenario.session == nil ? try sceneSampled(against, at: TreePath("against")) : try sampled(against, at: TreePath("against"))
            window = try self.window(&body, time: scenario.time, maximumTo: EventCodec.maximumTime, settledAt: scenario.settledAt)
            reference = other.frames(window)
            referenceName = "against"
        case (nil, nil):
            throw Problem(400, "invalid_field", "is required: a frames answer to compare with (or 'against', another scenario)", field: "/golden")
        case (_?, _?):
            throw Problem(400, "invalid_field", "give 'golden' or 'against', not both", field: "/against")
        }
        try finish(body)
        let compared = scenario.frames(window)
        let comparison = FrameComparison(compared, against: reference, tolerance: tolerance)
        if format == "svg", let session = scenario.session {
            var motion = SampledMotion(name: session.kind,
                                       title: "\(session.kind) scenario (solid) against \(referenceName) (dashed), \(window.description)",
                                       window: window, frames: session.frames(from: window.from, to: window.to, fps: window.fps),
                                       emissions: session.emissions(from: window.from, to: window.to))
            motion.overlay = Self.series(of: reference, named: motion.series.map(\.name), count: window.count)
            return HTTPResponse(status: 200, contentType: "image/svg+xml", body: SVGPlot.render(motion))
        }
        return json(status: 200) { w in comparison.encode(into: &w) }
    }

    /// What a comparison samples: a session's scenario (`session`) or a scene's.
    private struct Sampled {
        var time: Double
        var settledAt: () -> Double?
        /// The frames answer over a window as `FrameComparison` reads it.
        var frames: (SampleWindow) -> JSON
        var session: Session?
    }

    private func sampled(_ json: JSON, at path: TreePath) throws(Problem) -> Sampled {
        let session = try sessions.decodeScenario(json, at: path).session
        return Sampled(time: session.time, settledAt: { session.settledAt }, frames: { Self.framesJSON(session, $0) }, session: session)
    }

    private func sceneSampled(_ json: JSON, at path: TreePath) throws(Problem) -> Sampled {
        let timeline = try sessions.decodeSceneScenario(json, at: path).timeline
        return Sampled(time: timeline.time, settledAt: { timeline.settledAt }, frames: { window in
            var w = JSONWriter(reservingCapacity: 4096)
            SessionsAPI.encodeWindow(timeline, window, into: &w)
            // The writer's own output always parses.
            return Self.flattenedScene((try? JSONParser().parse(w.bytes)) ?? .null)
        }, session: nil)
    }

    /// A scene's frames answer as a control's reads (`{"frames": [{"t", "properties"}], "emitted"}`),
    /// each view's properties named `view.property` in the views' order; emissions keep their `view`.
    static func flattenedScene(_ answer: JSON) -> JSON {
        let frames = (answer["frames"]?.arrayValue ?? []).map { frame -> JSON in
            var properties: [(key: String, value: JSON)] = []
            for view in frame["views"]?.arrayValue ?? [] {
                guard let id = view["view"]?.stringValue, let own = view["frame"]?["properties"]?.objectValue else { continue }
                for name in own.keys { properties.append(("\(id).\(name)", own[name] ?? .null)) }
            }
            return .object(JSONObject([("t", frame["t"] ?? .null), ("properties", .object(JSONObject(properties)))]))
        }
        return .object(JSONObject([("frames", .array(frames)), ("emitted", answer["emitted"] ?? .array([]))]))
    }

    /// A scene's scenario run: its frames as `GET …/frames` of the scene would answer them, in
    /// JSON or exported (the export titled "scene scenario" where the session's names its id).
    private func runScene(_ member: JSON, _ body: inout ObjectReader, export: ExportOptions) throws(Problem) -> HTTPResponse {
        let scenario = try sessions.decodeSceneScenario(member, at: TreePath("scenario"))
        let timeline = scenario.timeline
        let window = try window(&body, time: timeline.time, maximumTo: export.maximumTo, settledAt: { timeline.settledAt })
        try finish(body)
        guard export.format == .json else {
            return SessionsAPI.sceneExport(timeline, scene: scenario.document.scene, window: window, export: export, title: "scene scenario")
        }
        return json(status: 200, capacity: 4096) { w in SessionsAPI.encodeWindow(timeline, window, into: &w) }
    }

    // MARK: Pieces

    private func reader(_ json: JSON) throws(Problem) -> ObjectReader {
        do throws(DocumentError) { return try ObjectReader(json) } catch { throw Problem(error) }
    }

    private func finish(_ body: ObjectReader) throws(Problem) {
        do throws(DocumentError) { try body.finish() } catch { throw Problem(error) }
    }

    private func number(_ body: inout ObjectReader, _ key: String) throws(Problem) -> Double? {
        do throws(DocumentError) { return try body.number(key) } catch { throw Problem(error) }
    }

    /// `from`, `to` (a time or `"settled"`) and `fps` of the body, read as `GET …/frames` reads its
    /// query: `from` defaults to the last event's time, `to` to a second later.
    private func window(_ body: inout ObjectReader, _ session: Session, maximumTo: Double) throws(Problem) -> SampleWindow {
        try window(&body, time: session.time, maximumTo: maximumTo, settledAt: { session.settledAt })
    }

    private func window(_ body: inout ObjectReader, time: Double, maximumTo: Double,
                        settledAt: @escaping () -> Double?) throws(Problem) -> SampleWindow {
        var pairs: [(key: String, value: String)] = []
        for key in Self.windowKeys {
            switch body.raw(key) {
            case nil: continue
            case let .number(value)?: pairs.append((key, "\(value)"))
            case .string(SampleWindow.settled)? where key == "to": pairs.append((key, SampleWindow.settled))
            case let value?:
                throw Problem(400, "invalid_field", "expected a number\(key == "to" ? " or \"settled\"" : ""), got \(value.kindName)", field: TreePath(key).pointer)
            }
        }
        do throws(Problem) {
            return try SampleWindow(Query(pairs: pairs), defaultFrom: time, defaultSpan: 1, maximumTo: maximumTo,
                                    limit: sessions.environment.limits.maxFramesPerRequest, settledAt: settledAt)
        } catch {
            throw Self.inBody(error, under: .root)
        }
    }

    /// A window's refusal names its member as a query parameter; here the members came from the
    /// body (under `base`), so it names their JSON pointer.
    private static func inBody(_ problem: Problem, under base: TreePath) -> Problem {
        var problem = problem
        problem.field = problem.field.map { base.appending($0).pointer }
        return problem
    }

    /// The window a golden frames answer was sampled over.
    private func goldenWindow(_ golden: JSON) throws(Problem) -> SampleWindow {
        guard case .object = golden, case .array? = golden["frames"] else {
            throw Problem(400, "invalid_field", "must be a frames answer: {\"from\", \"to\", \"fps\", \"frames\": [...], \"emitted\": [...]}", field: "/golden")
        }
        var pairs: [(key: String, value: String)] = []
        for key in Self.windowKeys {
            guard let value = golden[key]?.doubleValue else {
                throw Problem(400, "invalid_field", "is required: a number, as a frames answer has it", field: TreePath("golden").appending(key).pointer)
            }
            pairs.append((key, "\(value)"))
        }
        do throws(Problem) {
            return try SampleWindow(Query(pairs: pairs), defaultFrom: 0, defaultSpan: 1, maximumTo: EventCodec.maximumTime,
                                    limit: sessions.environment.limits.maxFramesPerRequest)
        } catch {
            throw Self.inBody(error, under: TreePath("golden"))
        }
    }

    /// The frames answer of `window`, as JSON.
    static func framesJSON(_ session: Session, _ window: SampleWindow) -> JSON {
        var w = JSONWriter(reservingCapacity: 2048)
        w.beginObject()
        w.key("frames")
        let emitted = FrameEncoder.encodeWindow(session, window, into: &w)
        w.key("emitted")
        FrameEncoder.encode(emitted, into: &w)
        w.endObject()
        // The writer's own output always parses.
        return (try? JSONParser().parse(w.bytes)) ?? .null
    }

    /// The reference's numeric properties among `names`, where it has one per frame.
    static func series(of reference: JSON, named names: [String], count: Int) -> [SampledMotion.Series] {
        let frames = reference["frames"]?.arrayValue ?? []
        guard frames.count == count else { return [] }
        return names.compactMap { name in
            let values = frames.compactMap { $0["properties"]?[name]?.doubleValue }
            return values.count == count ? SampledMotion.Series(name: name, values: values) : nil
        }
    }
}
