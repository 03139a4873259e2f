import Testing
@testable import Routes

/// The event log, settledAt over HTTP, scenarios (export, create, run) and the wall clock's
/// refusal of future events.
@Suite("API: event log, settledAt, scenarios")
struct APIScenarioTests {
    @Test func theLogShowsEveryInputAndEachShorthandAsPosted() throws {
        let app = TestApp()
        let id = try app.create(control: "switch")
        _ = try app.applied(id, #"{"events":[{"type":"tap","t":0,"x":25,"y":15,"duration":0.2},{"type":"touchDown","t":1,"x":25,"y":15}]}"#)
        // No t: stamped at the session's time (1, the touchDown), shown resolved.
        _ = try app.applied(id, #"{"type":"touchUp","x":25,"y":15}"#)
        #expect(try expectOK(app.get("/v1/sessions/\(id)/events")) == [
            "id": "id-1", "control": "switch", "time": 1, "settledAt": 1.25, "count": 4,
            "events": [
                ["type": "touchDown", "t": 0, "x": 25, "y": 15],
                ["type": "touchUp", "t": 0.2, "x": 25, "y": 15],
                ["type": "touchDown", "t": 1, "x": 25, "y": 15],
                ["type": "touchUp", "t": 1, "x": 25, "y": 15],
            ],
            "shorthands": [["first": 0, "count": 2, "posted": ["type": "tap", "t": 0, "x": 25, "y": 15, "duration": 0.2]]],
        ])
    }

    @Test func settledEndsTheWindowWhereEverythingRests() throws {
        let app = TestApp()
        let id = try app.create(control: "switch")
        _ = try app.applied(id, #"{"type":"touchDown","t":0,"x":25,"y":15}"#)
        // The 0.25 s toggle: frames from 0 to its end at 8 fps.
        let frames = try app.frames(id, "?from=0&to=settled&fps=8")
        #expect(frames["to"] == 0.25)
        #expect(frames.each("frames", "t") == [0, 0.125, 0.25])
        // A later from: one frame.
        #expect(try app.frames(id, "?from=2&to=settled")["count"] == 1)
        // Exports take it too.
        #expect(app.get("/v1/sessions/\(id)/frames?from=0&to=settled&format=svg").status == 200)
        // A paused countdown does not settle by itself.
        let ring = try app.create(control: "progressButton")
        _ = try app.applied(ring, #"{"events":[{"type":"start","t":0},{"type":"pause","t":1}]}"#)
        #expect(try app.session(ring)["settledAt"] == .null)
        try expectProblem(app.get("/v1/sessions/\(ring)/frames?to=settled"), 409, "not_settling", field: "to")
        _ = try app.applied(ring, #"{"type":"resume","t":2}"#)
        // 3 s in all, 1 of it before the pause.
        #expect(try app.session(ring)["settledAt"] == 4)
    }

    /// The card with release: velocity, a flick that projects past the half way, an inline
    /// definition, a command: every kind of event a scenario carries.
    static let sessions = [
        (#"{"control":"card","config":{"release":"velocity"}}"#,
         #"{"events":[{"type":"flick","t":0.5,"from":{"x":195,"y":800},"to":{"x":195,"y":700},"velocity":{"x":0,"y":-2000}},{"type":"collapse","t":3}]}"#),
        (#"{"control":"dot","definition":{"parameters":{"size":{"type":"number","default":20,"minimum":1,"maximum":100}},"layers":[{"id":"dot","frame":{"x":0,"y":0,"width":"size","height":"size"}}]},"config":{"size":30}}"#,
         #"{"type":"touchDown","t":0.25,"x":5,"y":5}"#),
    ]

    @Test(arguments: 0..<sessions.count)
    func anExportedScenarioReplaysByteForByte(_ index: Int) throws {
        let app = TestApp()
        let (create, events) = Self.sessions[index]
        let original = try app.create(create)
        _ = try app.applied(original, events)
        let scenario = try expectOK(app.get("/v1/sessions/\(original)/scenario"))
        let copy = try app.create(#"{"scenario":\#(scenario)}"#)
        let window = "?from=0&to=4&fps=30"
        let expected = app.get("/v1/sessions/\(original)/frames\(window)")
        #expect(expected.status == 200)
        #expect(app.get("/v1/sessions/\(copy)/frames\(window)").body == expected.body)
        #expect(try expectOK(app.get("/v1/sessions/\(copy)/scenario")) == scenario)
        // Run statelessly: the same body, and nothing left behind.
        let before = try app.listedIDs()
        let run = app.post("/v1/scenarios/run", #"{"scenario":\#(scenario),"from":0,"to":4,"fps":30}"#)
        #expect(run.status == 200)
        #expect(run.text == expected.text)
        #expect(try app.listedIDs() == before)
    }

    @Test func theScenarioKeepsShorthandsAndNamesBuiltInsOnly() throws {
        let app = TestApp()
        let id = try app.create(control: "switch")
        _ = try app.applied(id, #"{"type":"tap","t":0,"x":25,"y":15}"#)
        let scenario = try expectOK(app.get("/v1/sessions/\(id)/scenario"))
        #expect(scenario["definition"] == nil)
        #expect(scenario["clock"] == "virtual")
        #expect(scenario["events"] == [["type": "tap", "t": 0, "x": 25, "y": 15]])
        #expect(scenario["config"] == ExpectedConfig.switch)
    }

    @Test func aRefusedScenarioMakesNoSession() throws {
        let app = TestApp()
        try expectProblem(app.post("/v1/sessions", #"{"scenario":{"control":"switch","events":[{"type":"touchUp","t":0,"x":1,"y":1}]}}"#),
                          409, "invalid_touch_sequence", field: "/scenario/events/0/type")
        try expectProblem(app.post("/v1/sessions", #"{"scenario":{"control":"switch","events":[{"type":"setOn","on":true,"t":2},{"type":"setOn","on":false,"t":1}]}}"#),
                          409, "event_out_of_order", field: "/scenario/events/1/t")
        try expectProblem(app.post("/v1/sessions", #"{"scenario":{"control":"nope"}}"#), 400, "unknown_control", field: "/scenario/control")
        try expectProblem(app.post("/v1/sessions", #"{"scenario":{"control":"switch","config":{"width":-1}}}"#),
                          400, "invalid_field", field: "/scenario/config/width")
        // A create's own members beside a scenario: a known field given where it may not be.
        for key in ["clock", "control", "config", "definition"] {
            let value = key == "clock" ? #""wall""# : key == "control" ? #""switch""# : "{}"
            let problem = try expectProblem(app.post("/v1/sessions", #"{"scenario":{"control":"switch"},"\#(key)":\#(value)}"#),
                                            400, "invalid_field", field: "/" + key)
            #expect(problem["detail"]?.stringValue == "`\(key)` may not be given with `scenario`")
        }
        try expectProblem(app.post("/v1/scenarios/run", #"{"scenario":{"control":"switch"},"to":"later"}"#), 400, "invalid_field", field: "/to")
        try expectProblem(app.post("/v1/scenarios/run", #"{"scenario":{"control":"progressButton","events":[{"type":"start"},{"type":"pause"}]},"to":"settled"}"#),
                          409, "not_settling", field: "/to")
        #expect(try app.listedIDs().isEmpty)
    }

    @Test func aWallClockSessionRefusesEventsAheadOfItsPresent() throws {
        let app = TestApp()
        let id = try app.create(#"{"control":"switch","clock":"wall"}"#)
        app.clock.advance(by: 1)
        try expectEventsRejected(app, id, #"{"type":"touchDown","t":1.5,"x":25,"y":15}"#, 409, "event_in_future", field: "/t")
        try expectEventsRejected(app, id, #"{"events":[{"type":"touchDown","t":1,"x":25,"y":15},{"type":"touchUp","t":1.2,"x":25,"y":15}]}"#,
                                 409, "event_in_future", field: "/events/1/t")
        // Within 0.1 s is the present; a tap stamped now ends 0.1 s later, its own doing.
        #expect(try app.applied(id, #"{"type":"touchDown","t":1.08,"x":25,"y":15}"#)["time"] == 1.08)
        #expect(try app.applied(id, #"{"events":[{"type":"touchUp","x":25,"y":15},{"type":"tap","x":25,"y":15}]}"#)["accepted"] == 3)
        // A virtual session has no present to be ahead of.
        let virtual = try app.create(control: "switch")
        #expect(try app.applied(virtual, #"{"type":"touchDown","t":100,"x":25,"y":15}"#)["time"] == 100)
    }
}
