import Synchronization
import Testing
@testable import Routes

/// A session whose journal history is damaged is held apart: 503 `session_damaged` everywhere
/// it would be served, discardable with DELETE, carried through compaction; every other
/// session answers as if nothing happened.
@Suite("Damaged sessions: held apart, named, discardable, carried through compaction")
struct DamagedSessionTests {
    struct App {
        let journal = MemoryJournal()
        let router: Application

        init() {
            let clock = ManualClock(at: 1000)
            router = makeApp(AppEnvironment(now: { clock.now }, makeID: { "fresh" }, epoch: { 1_700_000_000 + clock.now },
                                               journal: journal))
        }

        func send(_ method: String, _ target: String, _ body: String = "") -> HTTPResponse {
            router.respond(to: HTTPRequest(method: method, target: target, body: Array(body.utf8)))
        }
    }

    static func change(_ session: String, _ json: String) -> JournalEntry {
        JournalEntry(session: session, payload: Array(json.utf8))
    }

    static func create(_ id: String) -> JournalEntry {
        change(id, #"{"op":"create","id":"\#(id)","clock":"virtual","created":1700000000,"control":"switch","config":{}}"#)
    }

    static func tap(_ id: String, base: Int, t: Double) -> JournalEntry {
        change(id, #"{"op":"events","id":"\#(id)","base":\#(base),"events":[{"type":"touchDown","t":\#(t),"x":25,"y":15},{"type":"touchUp","t":\#(t + 0.1),"x":25,"y":15}]}"#)
    }

    static func at(_ offset: Int) -> JournalPosition { JournalPosition(file: "journal-000000000001.log", offset: offset, length: 100) }

    /// x's second batch is damaged; y and z are intact, z created after the damage.
    static let replay: [JournalReplayItem] = [
        .entry(create("x"), at: at(8)),
        .entry(create("y"), at: at(108)),
        .entry(tap("x", base: 0, t: 0), at: at(208)),
        .damage(JournalDamage(file: "quarantine/journal-000000000001.log", offset: 308, length: 212, sessions: ["x"],
                              attributed: true, records: 1, detail: "payload checksum mismatch")),
        .entry(tap("y", base: 0, t: 0), at: at(520)),
        .entry(tap("x", base: 4, t: 1), at: at(620)),
        .entry(create("z"), at: at(720)),
    ]

    @Test func aDamagedSessionAnswers503OnEveryEndpointThatWouldServeIt() throws {
        let app = App()
        let report = app.router.restore(Self.replay)
        #expect(report.sessions == 2 && report.damagedSessions == 1)
        #expect(report.notApplied == 1)                        // x's batch after the damage, kept
        #expect(report.damage.count == 1 && report.unusable.isEmpty)
        for (method, target, body) in [("GET", "/v1/sessions/x", ""), ("GET", "/v1/sessions/x/frames", ""),
                                       ("GET", "/v1/sessions/x/frame?t=0", ""), ("GET", "/v1/sessions/x/stream", ""),
                                       ("POST", "/v1/sessions/x/events", #"{"type":"tap","t":5,"x":25,"y":15}"#)] {
            let problem = try expectProblem(app.send(method, target, body), 503, "session_damaged", field: nil)
            #expect(problem["detail"] == """
                session 'x' is not served: its journal history is damaged at quarantine/journal-000000000001.log offset 308 \
                (212 bytes): payload checksum mismatch; 3 intact records are kept, not applied. DELETE it to discard it; \
                the damaged bytes stay in the journal directory's quarantine
                """, "\(method) \(target)")
        }
        // The others answer as if nothing happened; the list names the damaged one apart.
        #expect(try app.send("GET", "/v1/sessions/y").json()["eventCount"] == 2)
        #expect(app.send("GET", "/v1/sessions/z").status == 200)
        #expect(app.send("GET", "/v1/sessions").text == #"{"sessions":[{"id":"y","control":"switch","clock":"virtual","time":0.1},{"id":"z","control":"switch","clock":"virtual","time":0}],"damaged":["x"]}"# + "\n")
        #expect(app.send("GET", "/v1/sessions/nope").status == 404)
        #expect(app.journal.all.isEmpty)
    }

    @Test func readinessAndMetricsSayDegradedWithCounts() throws {
        let app = App()
        _ = app.router.restore(Self.replay)
        let ready = app.send("GET", "/readyz")
        #expect(ready.status == 200)
        #expect(ready.text == #"{"status":"degraded","damage":{"files":1,"regions":1,"records":1,"bytes":212,"sessions":1}}"# + "\n")
        let metrics = app.send("GET", "/metrics").text.split(separator: "\n").map(String.init)
        for line in ["controlsim_sessions 2", "controlsim_sessions_damaged 1", "controlsim_journal_damaged_records 1",
                     "controlsim_journal_damaged_bytes 212", "controlsim_ready 1"] {
            #expect(metrics.contains(line), "\(line)")
        }
    }

    @Test func deletingADamagedSessionDiscardsItDurably() throws {
        let app = App()
        _ = app.router.restore(Self.replay)
        #expect(app.send("DELETE", "/v1/sessions/x").status == 204)
        #expect(app.journal.text == [#"{"op":"delete","id":"x"}"#])
        #expect(app.journal.all.map(\.session) == ["x"])
        try expectProblem(app.send("GET", "/v1/sessions/x"), 404, "session_not_found", field: nil)
        #expect(app.send("DELETE", "/v1/sessions/x").status == 404)
        // Still degraded: the damage was met at start-up; but no session is held apart any more.
        #expect(app.send("GET", "/readyz").text == #"{"status":"degraded","damage":{"files":1,"regions":1,"records":1,"bytes":212,"sessions":0}}"# + "\n")
        // Replayed again, the delete after the damage lets the session go.
        let again = App()
        let report = again.router.restore(Self.replay + [.entry(app.journal.all[0], at: Self.at(820))])
        #expect(report.damagedSessions == 0 && report.sessions == 2)
        #expect(again.send("GET", "/v1/sessions/x").status == 404)
    }

    @Test func compactionCarriesTheDamageAndEveryKeptRecord() throws {
        let app = App()
        _ = app.router.restore(Self.replay)
        let snapshot = app.router.snapshot()
        // First the switch's definition (which the live sessions were made with), under its own key.
        #expect(snapshot.map(\.session).dropFirst() == ["y", "y", "z", "x", "x", "x", "x"])
        #expect(snapshot[0].session.hasPrefix("definition:"))
        #expect(String(decoding: snapshot[0].payload, as: UTF8.self).hasPrefix(#"{"op":"define","digest":""#))
        #expect(snapshot.map(\.kind) == [.change, .change, .change, .change, .damageNote, .change, .change, .change])
        #expect(String(decoding: snapshot[4].payload, as: UTF8.self) == #"{"spans":[{"file":"quarantine/journal-000000000001.log","offset":308,"length":212,"detail":"payload checksum mismatch"}]}"#)
        // Kept: x as it was before the damage (create, its one batch), then the batch after it, verbatim.
        #expect(snapshot[7].payload == Self.tap("x", base: 4, t: 1).payload)
        let restored = App()
        let report = restored.router.restore(entries: snapshot)
        #expect(report.sessions == 2 && report.damagedSessions == 1 && report.damage.isEmpty)
        #expect(restored.send("GET", "/v1/sessions/x").text == app.send("GET", "/v1/sessions/x").text)
        for target in ["/v1/sessions/y", "/v1/sessions/z", "/v1/sessions/y/frames?from=0&to=1&fps=30"] {
            #expect(restored.send("GET", target).body == app.send("GET", target).body, "\(target)")
        }
        // Degraded without fresh damage: a session is still held apart.
        #expect(restored.send("GET", "/readyz").text == #"{"status":"degraded","damage":{"files":0,"regions":0,"records":0,"bytes":0,"sessions":1}}"# + "\n")
        // And compacting again gives the same entries.
        #expect(restored.router.snapshot() == snapshot)
    }

    @Test func intactRecordsThatDoNotFitHoldTheirSessionApart() throws {
        let app = App()
        let report = app.router.restore([
            .entry(Self.create("x"), at: Self.at(8)),
            .entry(Self.tap("x", base: 3, t: 0), at: Self.at(108)),                                // a gap
            .entry(Self.tap("y", base: 0, t: 0), at: Self.at(208)),                                // unknown session
            .entry(Self.change("w", "not json"), at: Self.at(308)),                                // unreadable
            .entry(Self.create("z"), at: Self.at(408)),
            .entry(Self.change("v", #"{"op":"delete","id":"z"}"#), at: Self.at(508)),             // framed for another
        ])
        #expect(report.sessions == 0)
        #expect(report.damagedSessions == 5)
        #expect(report.unusable == [
            "journal-000000000001.log offset 108: events for x start at 3, the session has 0",
            "journal-000000000001.log offset 208: events for unknown session y",
            "journal-000000000001.log offset 308: unreadable record (unexpected character 'o' at byte 1)",
            "journal-000000000001.log offset 508: a record of session z framed as session v",
            "journal-000000000001.log offset 508: a record of session z framed as session v",
        ])
        for id in ["v", "w", "x", "y", "z"] {
            try expectProblem(app.send("GET", "/v1/sessions/\(id)"), 503, "session_damaged", field: nil)
        }
    }

    @Test func damageThatCannotBeAttributedHoldsApartEverySessionAliveThere() throws {
        let app = App()
        let report = app.router.restore([
            .entry(Self.create("x"), at: Self.at(8)),
            .entry(Self.create("y"), at: Self.at(108)),
            .damage(JournalDamage(file: "quarantine/journal-000000000001.log", offset: 208, length: 50, sessions: [],
                                  attributed: false, records: 1, detail: "bytes that are no intact record")),
            .entry(Self.create("z"), at: Self.at(258)),
        ])
        #expect(report.sessions == 1 && report.damagedSessions == 2)
        #expect(app.send("GET", "/v1/sessions/z").status == 200)
        try expectProblem(app.send("GET", "/v1/sessions/x"), 503, "session_damaged", field: nil)
        try expectProblem(app.send("GET", "/v1/sessions/y"), 503, "session_damaged", field: nil)
    }

    @Test func aDamagedFileHeaderCostsNoSession() throws {
        let app = App()
        let report = app.router.restore([
            .damage(JournalDamage(file: "quarantine/journal-000000000001.log", offset: 0, length: 8, sessions: [],
                                  attributed: true, records: 0, detail: "damaged file header")),
            .entry(Self.create("x"), at: Self.at(8)),
        ])
        #expect(report.sessions == 1 && report.damagedSessions == 0)
        #expect(app.send("GET", "/v1/sessions/x").status == 200)
        #expect(app.send("GET", "/readyz").text == #"{"status":"degraded","damage":{"files":1,"regions":1,"records":0,"bytes":8,"sessions":0}}"# + "\n")
    }
}
