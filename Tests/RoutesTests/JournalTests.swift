import Synchronization
import Testing
@testable import Routes

/// A journal in memory, durable as soon as written, that can be told to refuse.
final class MemoryJournal: SessionJournal {
    let records = Mutex<[JournalEntry]>([])
    let refusing = Mutex(false)

    struct Refused: Error {}

    func write(_ entry: JournalEntry) throws -> UInt64 {
        if refusing.withLock({ $0 }) { throw Refused() }
        return records.withLock { $0.append(entry); return UInt64($0.count) }
    }

    func isDurable(_ sequence: UInt64) -> Bool { true }
    func whenDurable(_ sequence: UInt64, _ action: @escaping @Sendable ((any Error)?) -> Void) { action(nil) }

    var all: [JournalEntry] { records.withLock { $0 } }
    var text: [String] { all.map { String(decoding: $0.payload, as: UTF8.self) } }
}

@Suite("Journal: durable changes and replay")
struct JournalTests {
    struct App {
        let clock: ManualClock
        let journal = MemoryJournal()
        let router: Application

        init(clock: ManualClock = ManualClock(at: 1000), ids: [String] = ["a", "b", "c", "d", "e"]) {
            self.clock = clock
            let pool = Mutex(ids)
            router = makeApp(AppEnvironment(
                now: { clock.now }, makeID: { pool.withLock { $0.removeFirst() } },
                epoch: { 1_700_000_000 + clock.now }, journal: journal))
        }

        func send(_ method: String, _ target: String, _ body: String = "") -> HTTPResponse {
            router.respond(to: HTTPRequest(method: method, target: target, body: Array(body.utf8)))
        }
    }

    /// Sessions of every kind with events, as a client would leave them.
    static func populate(_ app: App) {
        #expect(app.send("POST", "/v1/sessions", #"{"control":"switch"}"#).status == 201)
        #expect(app.send("POST", "/v1/sessions", #"{"control":"button","config":{"effects":[{"type":"scale","mode":"hold"}]}}"#).status == 201)
        #expect(app.send("POST", "/v1/sessions", #"{"control":"card","config":{"release":"velocity"}}"#).status == 201)
        #expect(app.send("POST", "/v1/sessions", #"{"control":"progressButton"}"#).status == 201)
        #expect(app.send("POST", "/v1/sessions/a/events", #"{"type":"tap","t":0,"x":25,"y":15}"#).status == 200)
        #expect(app.send("POST", "/v1/sessions/b/events", #"{"events":[{"type":"touchDown","t":0,"x":5,"y":5},{"type":"touchMove","t":0.1,"x":5,"y":200},{"type":"touchUp","t":0.2,"x":5,"y":5}]}"#).status == 200)
        #expect(app.send("POST", "/v1/sessions/c/events", #"{"type":"drag","t":0.5,"from":{"x":100,"y":800},"to":{"x":100,"y":500},"duration":0.2}"#).status == 200)
        #expect(app.send("POST", "/v1/sessions/d/events", #"{"type":"start","t":0.25,"startRatio":0.2}"#).status == 200)
        #expect(app.send("POST", "/v1/sessions/d/events", #"{"type":"pause","t":1}"#).status == 200)
    }

    static let windows = ["?from=0&to=2&fps=60", "?from=0.3&to=0.9&fps=240"]

    static func frames(_ app: App, _ id: String) -> [[UInt8]] {
        windows.map { app.send("GET", "/v1/sessions/\(id)/frames\($0)").body }
    }

    @Test func everyAcknowledgedChangeIsJournalledAsReadableJSON() throws {
        let app = App()
        Self.populate(app)
        #expect(app.send("DELETE", "/v1/sessions/d").status == 204)
        let ops = app.journal.text.map { String($0.prefix(20)) }
        // Each control's definition is written once, before the first session made with it.
        let define = #"{"op":"define","dige"#, create = #"{"op":"create","id":"#, events = #"{"op":"events","id":"#
        #expect(ops == [define, create, define, create, define, create, define, create,
                        events, events, events, events, events, #"{"op":"delete","id":"#])
        #expect(app.journal.text[1].hasPrefix(#"{"op":"create","id":"a","clock":"virtual","created":1700001000,"control":"switch","digest":""#))
        #expect(app.journal.text[8] == #"{"op":"events","id":"a","base":0,"events":[{"type":"touchDown","t":0,"x":25,"y":15},{"type":"touchUp","t":0.1,"x":25,"y":15}]}"#)
        #expect(app.journal.text[12] == #"{"op":"events","id":"d","base":1,"events":[{"type":"pause","t":1}]}"#)
        // Each entry is framed with the session it belongs to; a definition with its digest.
        let keys = app.journal.all.map(\.session)
        #expect(keys.enumerated().filter { $0.offset % 2 == 0 && $0.offset < 8 }.allSatisfy { $0.element.hasPrefix("definition:") })
        let digest = try #require(try JSONParser().parse(Array(app.journal.text[1].utf8))["digest"]?.stringValue)
        #expect(keys[0] == "definition:" + digest)
        #expect(keys.enumerated().filter { $0.offset % 2 == 1 || $0.offset >= 8 }.map(\.element)
                == ["a", "b", "c", "d", "a", "b", "c", "d", "d", "d"])
        #expect(app.journal.all.allSatisfy { $0.kind == .change })
    }

    @Test func replayGivesByteIdenticalFramesForEveryControl() {
        let first = App()
        Self.populate(first)
        let second = App(clock: ManualClock(at: 5000))
        let report = second.router.restore(entries: first.journal.all)
        // Inputs: a tap (2), b's batch (3), a 0.2 s drag (down, 12 moves, up), start and pause.
        // Four definitions, four creates and five batches.
        #expect(report == RestoreReport(records: 13, sessions: 4, events: 21))
        for id in ["a", "b", "c", "d"] {
            #expect(Self.frames(second, id) == Self.frames(first, id), "\(id)")
            #expect(second.send("GET", "/v1/sessions/\(id)").body == first.send("GET", "/v1/sessions/\(id)").body)
        }
        #expect(second.journal.all.isEmpty)      // a replay is not journalled again
    }

    @Test func aRefusedAppendChangesNothingAndSays503() throws {
        let app = App()
        Self.populate(app)
        let before = app.send("GET", "/v1/sessions/a").body
        app.journal.refusing.withLock { $0 = true }
        for (method, target, body) in [("POST", "/v1/sessions/a/events", #"{"type":"touchDown","t":1,"x":25,"y":15}"#),
                                       ("POST", "/v1/sessions", #"{"control":"switch"}"#),
                                       ("DELETE", "/v1/sessions/a", "")] {
            let response = app.send(method, target, body)
            #expect(response.status == 503, "\(method) \(target)")
            #expect(try JSONParser().parse(response.body)["code"] == "journal_unavailable")
        }
        #expect(app.send("GET", "/v1/sessions/a").body == before)
        #expect(try JSONParser().parse(app.send("GET", "/v1/sessions").body)["sessions"]?.arrayValue?.count == 4)
    }

    @Test func aSnapshotPlusTheRecordsAfterItAppliesEachBatchOnce() {
        let app = App()
        Self.populate(app)
        let snapshot = app.router.snapshot()
        #expect(snapshot.count == 12)                                  // the definitions, a create and one batch each
        // Records journalled after the snapshot was taken, and one the snapshot already holds.
        let alreadyHeld = app.journal.all[12]                          // d's pause, base 1
        #expect(app.send("POST", "/v1/sessions/a/events", #"{"type":"touchDown","t":2,"x":25,"y":15}"#).status == 200)
        let later = Array(app.journal.all.suffix(1))
        let restored = App(clock: ManualClock(at: 7000))
        let report = restored.router.restore(entries: snapshot + [alreadyHeld] + later)
        #expect(report.unusable == [] && report.damagedSessions == 0)
        #expect(report.events == 22, "\(report)")   // 21 in the snapshot and the one after it
        for id in ["a", "b", "c", "d"] { #expect(Self.frames(restored, id) == Self.frames(app, id), "\(id)") }
    }

    @Test func aWallClockSessionKeepsItsAgeAcrossARestart() throws {
        let clock = ManualClock(at: 1000)
        let first = App(clock: clock)
        #expect(first.send("POST", "/v1/sessions", #"{"control":"switch","clock":"wall"}"#).status == 201)
        // The restarted process's monotonic clock reads 9000 where its epoch clock reads
        // 1_700_009_000; the session was created at epoch 1_700_001_000, so it is 8000 s old.
        let restarted = App(clock: ManualClock(at: 9000))
        _ = restarted.router.restore(entries: first.journal.all)
        let time = try JSONParser().parse(restarted.send("GET", "/v1/sessions/a").body)["time"]?.doubleValue
        #expect(time == 8000)
    }

    /// A journal that syncs only when told to, so answers wait for it.
    final class SlowJournal: SessionJournal {
        let pending = Mutex<[(UInt64, @Sendable ((any Error)?) -> Void)]>([])
        let next = Mutex<UInt64>(0)
        func write(_ entry: JournalEntry) throws -> UInt64 { next.withLock { $0 += 1; return $0 } }
        func isDurable(_ sequence: UInt64) -> Bool { false }
        func whenDurable(_ sequence: UInt64, _ action: @escaping @Sendable ((any Error)?) -> Void) {
            pending.withLock { $0.append((sequence, action)) }
        }
        func sync(failing: Bool = false) {
            let waiting = pending.withLock { list in
                let taken = list
                list.removeAll()
                return taken
            }
            for (_, action) in waiting {
                action(failing ? MemoryJournal.Refused() : nil)
            }
        }
    }

    /// What a pending response delivers, once it has.
    final class Delivery: Sendable {
        private let delivered = Mutex<HTTPAnswer?>(nil)
        var answer: HTTPAnswer? { delivered.withLock { $0 } }

        init(_ response: HTTPResponse) throws {
            let pending = try #require(response.pending, "answered at once with \(response.status)")
            pending.onReady { [self] answer in delivered.withLock { $0 = answer } }
        }
    }

    @Test func everyChangeIsAnsweredOnceDurableWithEveryHeaderAndA503IfTheSyncFails() throws {
        let journal = SlowJournal()
        var environment = AppEnvironment(now: { 0 }, makeID: { "s" }, journal: journal)
        environment.node = "node1"
        let router = makeApp(environment)
        _ = router.restore(entries: [])
        let origin = HTTPHeaders([("Origin", "http://a.example")])
        let send = { (method: String, target: String, body: String) in
            router.respond(to: HTTPRequest(method: method, target: target, headers: origin, body: Array(body.utf8)))
        }
        // A create, an events batch and a delete each wait for their record's sync; none holds the caller.
        for (method, target, body, status) in [("POST", "/v1/sessions", #"{"control":"switch"}"#, 201),
                                               ("POST", "/v1/sessions/s/events", #"{"type":"touchDown","t":0,"x":25,"y":15}"#, 200),
                                               ("DELETE", "/v1/sessions/s", "", 204)] {
            let delivered = try Delivery(send(method, target, body))
            #expect(delivered.answer == nil, "\(method) \(target) answered before the sync")
            journal.sync()
            let answer = try #require(delivered.answer)
            #expect(answer.status == status, "\(method) \(target)")
            #expect(answer.headers["X-Node"] == "node1")
            #expect(answer.headers["Access-Control-Allow-Origin"] == "*")
        }
        // A sync that fails turns the answer into 503 journal_unavailable.
        let failed = try Delivery(send("POST", "/v1/sessions", #"{"control":"switch"}"#))
        journal.sync(failing: true)
        let refused = try #require(failed.answer)
        #expect(refused.status == 503)
        #expect(try JSONParser().parse(refused.body)["code"] == "journal_unavailable")
    }

    /// An idle session found expired by a GET is gone at once: the GET never waits for the
    /// expiry's record, which is written for the next sync.
    @Test func lazyExpiryNeverMakesAReadWait() throws {
        let journal = SlowJournal()
        let clock = ManualClock(at: 0)
        var limits = Limits()
        limits.sessionIdleTTL = 10
        let router = makeApp(AppEnvironment(now: { clock.now }, makeID: { "s" }, limits: limits, journal: journal))
        _ = router.restore(entries: [])
        let created = try Delivery(router.respond(to: HTTPRequest(method: "POST", target: "/v1/sessions", body: Array(#"{"control":"switch"}"#.utf8))))
        journal.sync()
        #expect(created.answer?.status == 201)
        clock.advance(by: 11)
        let answer = router.respond(to: HTTPRequest(method: "GET", target: "/v1/sessions/s"))
        #expect(answer.pending == nil && answer.status == 404)
        #expect(journal.next.withLock { $0 } == 3)                 // the expiry was written: definition, create, delete
    }
}
