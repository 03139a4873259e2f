import Testing
@testable import Routes

/// Registered controls are journalled, and a session's create names the exact definition it
/// was made with, so both survive a restart whatever later happens to the name.
@Suite("Journal: registered controls and the definitions sessions were made with")
struct ControlJournalTests {
    typealias App = JournalTests.App

    static let small = #"{"parameters":{"size":{"type":"number","default":20,"exclusiveMinimum":0}},"layers":[{"id":"a","frame":{"x":0,"y":0,"width":"size","height":"size"},"backgroundColor":"systemRed"}]}"#
    static let big = small.replacingOccurrences(of: #""default":20"#, with: #""default":40"#)

    /// A registered control with a session, replaced, a session of the new version, then removed;
    /// and a session with an inline definition.
    static func populate(_ app: App) {
        #expect(app.send("POST", "/v1/controls", #"{"name":"sq","definition":\#(small)}"#).status == 201)
        #expect(app.send("POST", "/v1/sessions", #"{"control":"sq"}"#).status == 201)                          // a
        #expect(app.send("PUT", "/v1/controls/sq", #"{"definition":\#(big)}"#).status == 200)
        #expect(app.send("POST", "/v1/sessions", #"{"control":"sq","config":{"size":30}}"#).status == 201)     // b
        #expect(app.send("POST", "/v1/controls", #"{"name":"gone","definition":\#(small)}"#).status == 201)
        #expect(app.send("DELETE", "/v1/controls/gone").status == 204)
        #expect(app.send("POST", "/v1/sessions", #"{"control":"mine","definition":\#(small)}"#).status == 201)  // c
        #expect(app.send("POST", "/v1/sessions/c/events", #"{"type":"tap","t":0,"x":5,"y":5}"#).status == 200)
    }

    @Test func registrationsAndDefinitionsAreWrittenOnceEach() throws {
        let app = App()
        Self.populate(app)
        let ops = try app.journal.text.map { text in try JSONParser().parse(Array(text.utf8))["op"]?.stringValue ?? "" }
        // small defined once (sq, gone and c share it), big once.
        #expect(ops == ["define", "register", "create", "define", "register", "create", "register", "unregister", "create", "events"])
        let keys = app.journal.all.map(\.session)
        #expect(keys[1] == "control:sq" && keys[7] == "control:gone" && keys[2] == "a" && keys[8] == "c")
        #expect(keys[0].hasPrefix("definition:") && keys[3].hasPrefix("definition:") && keys[0] != keys[3])
        #expect(app.journal.text[1] == #"{"op":"register","name":"sq","digest":"\#(keys[0].dropFirst("definition:".count))"}"#)
        #expect(app.journal.text[7] == #"{"op":"unregister","name":"gone"}"#)
    }

    @Test func controlsAndTheirSessionsComeBackAfterARestartAndACompaction() throws {
        let first = App()
        Self.populate(first)
        for entries in [first.journal.all, first.router.snapshot()] {
            let second = App(clock: ManualClock(at: 5000), ids: ["d"])
            let report = second.router.restore(entries: entries)
            #expect(report.sessions == 3 && report.controls == 1 && report.unusable.isEmpty)
            // The name holds its last definition; the removed name is gone.
            #expect(second.send("GET", "/v1/controls/sq").body == first.send("GET", "/v1/controls/sq").body)
            #expect(second.send("GET", "/v1/controls/gone").status == 404)
            // Each session keeps its own version: a was made with the small square.
            for id in ["a", "b", "c"] {
                #expect(second.send("GET", "/v1/sessions/\(id)").body == first.send("GET", "/v1/sessions/\(id)").body, "\(id)")
                let frames = "/v1/sessions/\(id)/frames?from=0&to=0.5&fps=30"
                #expect(second.send("GET", frames).body == first.send("GET", frames).body, "\(id)")
            }
            #expect(try JSONParser().parse(second.send("GET", "/v1/sessions/a").body)["config"]?["size"] == .number(20))
            // And new sessions of the name get its present definition.
            #expect(try JSONParser().parse(second.send("POST", "/v1/sessions", #"{"control":"sq"}"#).body)["config"]?["size"] == .number(40))
        }
    }

    @Test func aSnapshotHoldsDefinitionsFirstAndOnlyThoseInUse() throws {
        let app = App()
        Self.populate(app)
        #expect(app.send("DELETE", "/v1/sessions/a").status == 204)   // the last user of the small square's first use
        let snapshot = app.router.snapshot()
        let ops = try snapshot.map { try JSONParser().parse($0.payload)["op"]?.stringValue ?? "" }
        // big (sq's and b's), small (c's); sq registered; b's create; c's create and events.
        #expect(ops == ["define", "define", "register", "create", "create", "events"])
        #expect(snapshot.map(\.session).suffix(4) == ["control:sq", "b", "c", "c"])
    }

    /// One damaged record, as the journal reports it, for the records framed under `key`.
    static func damage(_ key: String) -> JournalReplayItem {
        .damage(JournalDamage(file: "journal-000000000001.log", offset: 900, length: 80, sessions: [key], attributed: true,
                              records: 1, detail: "payload checksum mismatch"))
    }

    @Test func aDamagedRegistrationHoldsItsNameApartUntilSettled() throws {
        let first = App()
        Self.populate(first)
        let items = first.journal.all.enumerated().map { index, entry in
            JournalReplayItem.entry(entry, at: JournalPosition(file: "journal-000000000001.log", offset: index * 100, length: 100))
        }
        let second = App(ids: ["d", "e"])
        let report = second.router.restore(items + [Self.damage("control:sq")])
        #expect(report.damagedControls == 1 && report.damagedSessions == 0 && report.sessions == 3)
        let problem = try expectProblem(second.send("GET", "/v1/controls/sq"), 503, "control_damaged", field: nil)
        #expect(problem["detail"]?.stringValue?.contains("journal-000000000001.log offset 900") == true)
        try expectProblem(second.send("POST", "/v1/sessions", #"{"control":"sq"}"#), 503, "control_damaged", field: "/control")
        try expectProblem(second.send("POST", "/v1/controls", #"{"name":"sq","definition":{}}"#), 409, "control_exists", field: "/name")
        let listed = try JSONParser().parse(second.send("GET", "/v1/controls").body)
        #expect(listed["damaged"] == .array([.string("sq")]))
        #expect(listed["controls"]?.arrayValue?.contains { $0["name"] == .string("sq") } == false)
        // Sessions made with it are not touched; a snapshot keeps the name held apart.
        #expect(second.send("GET", "/v1/sessions/b").body == first.send("GET", "/v1/sessions/b").body)
        let third = App()
        #expect(third.router.restore(entries: second.router.snapshot()).damagedControls == 1)
        try expectProblem(third.send("GET", "/v1/controls/sq"), 503, "control_damaged", field: nil)
        // PUT settles it; so would DELETE.
        #expect(second.send("PUT", "/v1/controls/sq", #"{"definition":\#(Self.small)}"#).status == 201)
        #expect(second.send("GET", "/v1/controls/sq").status == 200)
        #expect(third.send("DELETE", "/v1/controls/sq").status == 204)
        #expect(third.send("GET", "/v1/controls/sq").status == 404)
    }

    @Test func aDamagedDefinitionCostsTheSessionsMadeWithIt() throws {
        let first = App()
        Self.populate(first)
        let smallKey = first.journal.all[0].session
        // The small square's record lost: a (made with it) and c (inline, the same definition)
        // are held apart; b (the big square) replays.
        var items: [JournalReplayItem] = [Self.damage(smallKey)]
        for (index, entry) in first.journal.all.enumerated().dropFirst() {
            items.append(.entry(entry, at: JournalPosition(file: "journal-000000000001.log", offset: index * 100, length: 100)))
        }
        let second = App()
        let report = second.router.restore(items)
        #expect(report.sessions == 1 && report.damagedSessions == 2)
        for id in ["a", "c"] {
            let problem = try expectProblem(second.send("GET", "/v1/sessions/\(id)"), 503, "session_damaged", field: nil)
            #expect(problem["detail"]?.stringValue?.contains("which the journal does not hold (its record was damaged") == true)
        }
        #expect(second.send("GET", "/v1/sessions/b").body == first.send("GET", "/v1/sessions/b").body)
        // The name registered with the lost definition was removed later: that settles it.
        try expectProblem(second.send("GET", "/v1/controls/gone"), 404, "control_not_found", field: nil)
    }

    @Test func aJournalOfBuiltInsFromBeforeDefinitionsStillReplays() throws {
        // Creates without a digest name the built-in of that name.
        let entries = [
            JournalEntry(session: "a", payload: Array(#"{"op":"create","id":"a","clock":"virtual","created":1700001000,"control":"switch","config":{}}"#.utf8)),
            JournalEntry(session: "a", payload: Array(#"{"op":"events","id":"a","base":0,"events":[{"type":"touchDown","t":0,"x":25,"y":15}]}"#.utf8)),
            JournalEntry(session: "b", payload: Array(#"{"op":"create","id":"b","clock":"virtual","created":1700001000,"control":"dial","config":{}}"#.utf8)),
        ]
        let app = App()
        let report = app.router.restore(entries: entries)
        #expect(report.sessions == 1 && report.damagedSessions == 1 && report.events == 1)
        #expect(try JSONParser().parse(app.send("GET", "/v1/sessions/a").body)["state"]?["isOn"] == .bool(true))
        #expect(report.unusable.first?.hasSuffix("session b names no definition and 'dial' is not a built-in control") == true)
    }
}
