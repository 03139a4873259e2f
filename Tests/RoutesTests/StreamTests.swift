import Testing
@testable import Routes

/// `GET /v1/sessions/{id}/stream`, driven in-process: the test plays the server, polling the
/// stream at the times it asks for with the manual clock.
@Suite("API: Server-Sent Events stream")
struct StreamTests {
    /// One SSE event: its name, id and data.
    struct Event: Equatable {
        var name: String
        var id: Int?
        var data: String
    }

    static func events(_ bytes: [UInt8]) -> [Event] {
        String(decoding: bytes, as: UTF8.self).components(separatedBy: "\n\n").compactMap { block in
            var event = Event(name: "", id: nil, data: "")
            for line in block.split(separator: "\n") {
                if line.hasPrefix("event: ") { event.name = String(line.dropFirst(7)) }
                if line.hasPrefix("id: ") { event.id = Int(line.dropFirst(4)) }
                if line.hasPrefix("data: ") { event.data = String(line.dropFirst(6)) }
            }
            return event.name.isEmpty ? nil : event
        }
    }

    /// Polls as the server would: at once, then at each requested time, for `seconds`.
    static func drive(_ app: TestApp, _ stream: any ResponseStream, seconds: Double) -> (events: [Event], ended: Bool) {
        let stop = app.clock.now + seconds
        var collected: [Event] = []
        while true {
            let poll = stream.poll(now: app.clock.now)
            collected += events(poll.bytes)
            guard let next = poll.next else { return (collected, true) }
            guard next <= stop else { return (collected, false) }
            app.clock.advance(by: max(next - app.clock.now, 0))
        }
    }

    func open(_ app: TestApp, _ target: String) throws -> any ResponseStream {
        let response = app.get(target)
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"] == "text/event-stream")
        #expect(response.headers["Cache-Control"] == "no-store")
        return try #require(response.stream)
    }

    @Test func wallClockSwitchStreamsFramesAtTheRateAndItsEmissions() throws {
        let app = TestApp()
        let id = try app.create(#"{"control":"switch","clock":"wall"}"#)
        let stream = try open(app, "/v1/sessions/\(id)/stream?fps=20")
        var (events, ended) = Self.drive(app, stream, seconds: 0.1)   // frames at 0, 0.05, 0.1
        #expect(!ended)
        #expect(events.map(\.name) == ["frame", "frame", "frame"])
        #expect(events.map(\.id) == [0, 1, 2])
        // A tap 0.1 s after creation: valueChanged at 0.1, then the thumb moves.
        _ = try app.applied(id, #"{"type":"touchDown","x":25,"y":15}"#)
        (events, ended) = Self.drive(app, stream, seconds: 0.15)
        #expect(events.map(\.name) == ["emitted", "frame", "frame", "frame"])
        let emitted = try JSONParser().parse(Array(events[0].data.utf8))
        #expect(emitted["name"] == "valueChanged" && emitted["isOn"] == true)
        #expect(abs((emitted["t"]?.doubleValue ?? 0) - 0.1) < 1e-9)   // stamped on arrival: 1000.1 − 1000
        // Frame 5 is at session time 0.25: 0.15 s into the 0.25 s easeInOut toggle
        // (easeInEaseOut(0.6) = 0.66811613 from the reference values, §5): 15.5 + 20·0.66811613.
        let last = try JSONParser().parse(Array(events[3].data.utf8))
        #expect(last["t"] == 0.25)
        #expect(abs((last["properties"]?["thumbCenterX"]?.doubleValue ?? 0) - 28.8623226) < 1e-6)
    }

    @Test func aSlowReaderSkipsFramesInsteadOfQueueingThem() throws {
        let app = TestApp()
        let id = try app.create(#"{"control":"switch","clock":"wall"}"#)
        let stream = try open(app, "/v1/sessions/\(id)/stream?fps=60")
        _ = stream.poll(now: app.clock.now)
        app.clock.advance(by: 1)                                  // the server could not poll for 1 s
        let events = Self.events(stream.poll(now: app.clock.now).bytes)
        #expect(events.map(\.name) == ["frame"])
        #expect(events.first?.id == 60)
    }

    @Test func virtualSessionStreamsFromFromAtRealTimePaceAndEndsAtTo() throws {
        let app = TestApp()
        let id = try app.create(control: "progressButton")
        _ = try app.applied(id, #"{"type":"start","t":0}"#)
        let stream = try open(app, "/v1/sessions/\(id)/stream?fps=10&from=2.8&to=3.1")
        let (events, ended) = Self.drive(app, stream, seconds: 5)
        #expect(ended)
        #expect(events.map(\.name) == ["frame", "frame", "emitted", "frame", "frame", "end"])
        #expect(events.compactMap(\.id) == [0, 1, 2, 3])
        #expect(try JSONParser().parse(Array(events[2].data.utf8)) == ["t": 3, "name": "completed"])
        #expect(events.last?.data == #"{"reason":"to_reached"}"#)
    }

    @Test func deletingTheSessionEndsTheStream() throws {
        let app = TestApp()
        let id = try app.create(#"{"control":"card","clock":"wall"}"#)
        let stream = try open(app, "/v1/sessions/\(id)/stream?fps=30")
        _ = stream.poll(now: app.clock.now)
        #expect(app.delete("/v1/sessions/\(id)").status == 204)
        let poll = stream.poll(now: app.clock.now + 1.0 / 30)
        #expect(poll.next == nil)
        #expect(Self.events(poll.bytes) == [Event(name: "end", id: nil, data: #"{"reason":"session_gone"}"#)])
    }

    @Test func anIdleSessionExpiresUnderAStream() throws {
        let app = TestApp.small()                      // 10 s idle TTL
        let id = try app.create(#"{"control":"switch","clock":"wall"}"#)
        let stream = try open(app, "/v1/sessions/\(id)/stream?fps=1")
        let (events, ended) = Self.drive(app, stream, seconds: 30)
        #expect(ended)
        #expect(events.last?.name == "end")
        #expect(events.filter { $0.name == "frame" }.count == 11)   // t = 0 … 10 s, then expired
    }

    @Test func aQuietStreamSendsHeartbeats() throws {
        let app = TestApp()
        let id = try app.create(#"{"control":"switch","clock":"wall"}"#)
        let stream = try open(app, "/v1/sessions/\(id)/stream?fps=0.02")   // a frame every 50 s
        _ = stream.poll(now: app.clock.now)
        let first = try #require(stream.poll(now: app.clock.now).next)
        #expect(abs(first - (app.clock.now + 15)) < 1e-9)
        app.clock.advance(by: 15)
        #expect(String(decoding: stream.poll(now: app.clock.now).bytes, as: UTF8.self) == ": heartbeat\n\n")
    }

    @Test func cancelledStreamsStop() throws {
        let app = TestApp()
        let id = try app.create(control: "switch")
        let stream = try open(app, "/v1/sessions/\(id)/stream")
        stream.cancel()
        let poll = stream.poll(now: app.clock.now)
        #expect(poll.next == nil && poll.bytes.isEmpty)
    }

    @Test(arguments: [
        ("?fps=0", "fps"), ("?fps=241", "fps"), ("?fps=abc", "fps"), ("?from=-1", "from"),
        ("?from=2&to=1", "to"), ("?rate=5", "rate"),
        ("?from=1000000001", "from"), ("?to=2000000000", "to"), ("?from=0&to=1000000000.5", "to"),
    ])
    func badQueriesAreRefused(_ query: String, _ field: String) throws {
        let app = TestApp()
        let id = try app.create(control: "switch")
        try expectProblem(app.get("/v1/sessions/\(id)/stream\(query)"), 400, "invalid_query", field: field)
    }

    /// `to` is bounded like `from` and every other time: at most 1e9 s, the latest a session takes.
    @Test func toMayBeTheLatestTimeButNotBeyond() throws {
        let app = TestApp()
        let id = try app.create(control: "switch")
        #expect(app.get("/v1/sessions/\(id)/stream?from=0&to=1000000000").status == 200)
        let problem = try expectProblem(app.get("/v1/sessions/\(id)/stream?to=2000000000"), 400, "invalid_query", field: "to")
        #expect(problem["detail"] == "'to' must be at most 1000000000")
    }

    @Test func wallSessionsRefuseFromAndTo() throws {
        let app = TestApp()
        let id = try app.create(#"{"control":"switch","clock":"wall"}"#)
        try expectProblem(app.get("/v1/sessions/\(id)/stream?from=1"), 400, "invalid_query", field: "from")
    }

    @Test func unknownSessionIs404() throws {
        try expectProblem(TestApp().get("/v1/sessions/nope/stream"), 404, "session_not_found", field: nil)
    }
}
