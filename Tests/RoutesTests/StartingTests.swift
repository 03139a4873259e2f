import Synchronization
import Testing
@testable import Routes

/// The server listens before it replays its journal: meanwhile liveness answers, readiness says
/// `starting` with how far the replay got, and what depends on the sessions answers 503 `starting`.
@Suite("Starting: answers while the journal is replayed")
struct StartingTests {
    static func send(_ app: Application, _ method: String, _ target: String, _ body: String = "") -> HTTPResponse {
        app.respond(to: HTTPRequest(method: method, target: target, body: Array(body.utf8)))
    }

    /// The records a journal holds after two sessions were made and driven.
    static func journalled() throws -> [JournalEntry] {
        let journal = MemoryJournal()
        let ids = Mutex(["a", "b"])
        let app = makeApp(AppEnvironment(now: { 0 }, makeID: { ids.withLock { $0.removeFirst() } }, journal: journal))
        _ = app.restore(entries: [])
        for id in ["a", "b"] {
            #expect(send(app, "POST", "/v1/sessions", #"{"control":"switch"}"#).status == 201)
            #expect(send(app, "POST", "/v1/sessions/\(id)/events", #"{"type":"tap","t":0,"x":25,"y":15}"#).status == 200)
        }
        return journal.all
    }

    @Test func whileReplayingOnlyTheServiceEndpointsAnswer() throws {
        let app = makeApp(AppEnvironment(now: { 0 }, makeID: { "s" }, journal: MemoryJournal()))
        app.markStarting()
        #expect(Self.send(app, "GET", "/healthz").status == 200)
        let ready = Self.send(app, "GET", "/readyz")
        #expect(ready.status == 503)
        #expect(ready.headers["Retry-After"] == "1")
        #expect(try JSONParser().parse(ready.body) == ["status": "starting", "progress": ["replayed": 0, "records": 0]])
        for (method, target) in [("GET", "/v1/sessions"), ("POST", "/v1/sessions"), ("GET", "/v1/sessions/a/frames"),
                                 ("GET", "/v1/controls"), ("GET", "/v1/curves/spring?response=0.3")] {
            let refused = Self.send(app, method, target, #"{"control":"switch"}"#)
            #expect(refused.status == 503, "\(method) \(target)")
            #expect(refused.headers["Retry-After"] == "1")
            #expect(try JSONParser().parse(refused.body) == [
                "type": "about:blank", "title": "Service Unavailable", "status": 503, "code": "starting",
                "detail": "the server is replaying its journal (0 of 0 records); retry shortly",
            ])
        }
        #expect(Self.send(app, "GET", "/openapi.yaml").status == 200)
        #expect(Self.send(app, "GET", "/metrics").status == 200)

        _ = app.restore(entries: try Self.journalled())
        #expect(Self.send(app, "GET", "/readyz").status == 200)
        #expect(Self.send(app, "GET", "/v1/sessions/a").status == 200)
        #expect(Self.send(app, "POST", "/v1/sessions", #"{"control":"switch"}"#).status == 201)
    }

    /// A journal whose records ask `/readyz` how far the replay is as each one is read.
    struct Observed: Collection {
        let items: [JournalReplayItem]
        let observe: (Int) -> Void
        var startIndex: Int { 0 }
        var endIndex: Int { items.count }
        func index(after i: Int) -> Int { i + 1 }
        subscript(i: Int) -> JournalReplayItem {
            observe(i)
            return items[i]
        }
    }

    @Test func readinessCountsTheRecordsReplayed() throws {
        let entries = try Self.journalled()
        let items = entries.enumerated().map { index, entry in
            JournalReplayItem.entry(entry, at: JournalPosition(file: "memory", offset: index, length: entry.payload.count))
        }
        let app = makeApp(AppEnvironment(now: { 0 }, makeID: { "s" }, journal: MemoryJournal()))
        let seen = Mutex<[JSON]>([])
        let report = app.restore(Observed(items: items) { _ in
            let body = Self.send(app, "GET", "/readyz").body
            seen.withLock { $0.append((try? JSONParser().parse(body))?["progress"]?["replayed"] ?? .null) }
        })
        #expect(report.sessions == 2)
        // Two creates and two event batches (a definition record may come first).
        #expect(items.count >= 4)
        #expect(seen.withLock { $0 } == (0 ..< items.count).map { .number(Double($0)) })
        #expect(Self.send(app, "GET", "/readyz").status == 200)
    }
}
