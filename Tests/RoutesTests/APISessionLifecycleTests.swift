import Dispatch
import Testing
@testable import Routes

@Suite("API: list, show, delete and expiry of sessions")
struct APISessionLifecycleTests {
    @Test func listsSessionsInCreationOrder() throws {
        let app = TestApp()
        #expect(try expectOK(app.get("/v1/sessions")) == ["sessions": []])
        for control in ["switch", "card", "button", "progressButton"] { _ = try app.create(control: control) }
        _ = try app.create(#"{"control":"switch","clock":"wall"}"#)
        _ = try app.applied("id-2", #"{"type":"expand","t":0.5}"#)
        app.clock.advance(by: 2)

        #expect(try expectOK(app.get("/v1/sessions")) == ["sessions": [
            ["id": "id-1", "control": "switch", "clock": "virtual", "time": 0],
            ["id": "id-2", "control": "card", "clock": "virtual", "time": 0.5],
            ["id": "id-3", "control": "button", "clock": "virtual", "time": 0],
            ["id": "id-4", "control": "progressButton", "clock": "virtual", "time": 0],
            ["id": "id-5", "control": "switch", "clock": "wall", "time": 2],
        ]])
    }

    @Test func showsOneSessionWithItsEventCount() throws {
        let app = TestApp()
        let id = try app.create(control: "switch")
        _ = try app.applied(id, #"{"events":[{"type":"touchDown","t":0,"x":25,"y":15},{"type":"touchUp","t":0.25,"x":25,"y":15}]}"#)
        #expect(try app.session(id) == [
            "id": "id-1", "control": "switch", "clock": "virtual", "config": ExpectedConfig.switch,
            "time": 0.25, "state": ["isOn": true], "eventCount": 2, "settledAt": 0.25,
        ])
    }

    @Test func deleteAnswers204ThenTheSessionIsGone() throws {
        let app = TestApp()
        let id = try app.create(control: "card")
        let keep = try app.create(control: "card")
        let deleted = app.delete("/v1/sessions/\(id)")
        #expect(deleted.status == 204)
        #expect(deleted.body.isEmpty)
        try expectProblem(app.delete("/v1/sessions/\(id)"), 404, "session_not_found", field: nil)
        try expectProblem(app.get("/v1/sessions/\(id)"), 404, "session_not_found", field: nil)
        #expect(try app.listedIDs() == [keep])
    }

    @Test(arguments: [
        ("GET", "/v1/sessions/nope", nil),
        ("DELETE", "/v1/sessions/nope", nil),
        ("GET", "/v1/sessions/nope/frames", nil),
        ("GET", "/v1/sessions/nope/frame?t=0", nil),
        ("POST", "/v1/sessions/nope/events", #"{"type":"touchDown","t":0,"x":1,"y":1}"#),
    ] as [(String, String, String?)])
    func unknownSessionIs404(_ method: String, _ target: String, _ body: String?) throws {
        let app = TestApp()
        _ = try app.create(control: "switch")
        try expectProblem(app.send(method, target, body: body), 404, "session_not_found", field: nil)
    }

    @Test func idleSessionsExpireAfterTheTTL() throws {
        let app = TestApp.small()
        let idle = try app.create(control: "switch")
        app.clock.advance(by: 6)
        let busy = try app.create(control: "card")
        app.clock.advance(by: 4)
        // 10 s idle is still within the TTL; touching `busy` keeps it alive.
        #expect(try app.listedIDs() == [idle, busy])
        _ = try app.frame(busy)
        app.clock.advance(by: 0.5)

        #expect(try app.listedIDs() == [busy])
        try expectProblem(app.get("/v1/sessions/\(idle)"), 404, "session_not_found", field: nil)
        try expectProblem(app.postEvents(idle, #"{"type":"touchDown","t":0,"x":1,"y":1}"#), 404, "session_not_found", field: nil)

        app.clock.advance(by: 10)
        try expectProblem(app.get("/v1/sessions/\(busy)/frames"), 404, "session_not_found", field: nil)
        #expect(try app.listedIDs() == [])
    }

    /// Whether the store has swept it yet or not, an expired session no longer exists.
    @Test
    func deletingAnExpiredSessionIs404() throws {
        let app = TestApp.small()
        let id = try app.create(control: "switch")
        app.clock.advance(by: 10.5)
        try expectProblem(app.delete("/v1/sessions/\(id)"), 404, "session_not_found", field: nil)
    }

    @Test(arguments: [
        ("GET", "/v1/sessions?limit=5", nil, "limit"),
        ("GET", "/v1/sessions/id-1?verbose=1", nil, "verbose"),
        ("DELETE", "/v1/sessions/id-1?force", nil, "force"),
        ("POST", "/v1/sessions?dry=1", #"{"control":"card"}"#, "dry"),
        ("POST", "/v1/sessions/id-1/events?dry=1", #"{"type":"touchDown","t":0,"x":25,"y":15}"#, "dry"),
    ] as [(String, String, String?, String)])
    func refusesUnknownQueryParametersAndChangesNothing(_ method: String, _ target: String, _ body: String?, _ field: String) throws {
        let app = TestApp()
        let id = try app.create(control: "switch")
        let before = try app.session(id)
        try expectProblem(app.send(method, target, body: body), 400, "invalid_query", field: field)
        #expect(try app.listedIDs() == [id])
        #expect(try app.session(id) == before)
    }
}

@Suite("API: one router under concurrent requests")
struct APIConcurrencyTests {
    @Test func concurrentClientsEachGetTheirOwnSession() throws {
        let app = TestApp()
        DispatchQueue.concurrentPerform(iterations: 64) { _ in
            let created = app.post("/v1/sessions", #"{"control":"button"}"#)
            guard let id = try? created.json()["id"]?.stringValue else { return }
            _ = app.postEvents(id, #"{"type":"tap","t":0,"x":100,"y":25}"#)
            _ = app.get("/v1/sessions/\(id)/frames?fps=30")
        }
        let ids = try app.listedIDs()
        #expect(ids.count == 64)
        #expect(Set(ids) == Set((1...64).map { "id-\($0)" }))
        for id in ids { #expect(try app.session(id)["eventCount"] == 2) }
    }
}
