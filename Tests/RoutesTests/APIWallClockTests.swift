import Testing
@testable import Routes

/// A wall-clock session's time is the injected clock's seconds since its creation.
@Suite("API: wall-clock sessions")
struct APIWallClockTests {
    @Test func eventsWithoutTAreStampedOnArrival() throws {
        let app = TestApp()
        let id = try app.create(#"{"control":"switch","clock":"wall"}"#)
        app.clock.advance(by: 0.5)
        #expect(try app.applied(id, #"{"type":"touchDown","x":25,"y":15}"#) == [
            "time": 0.5, "state": ["isOn": true], "accepted": 1,
            "emitted": [["t": 0.5, "name": "valueChanged", "isOn": true]],
        ])
        // A batch without times: every event gets the arrival time.
        app.clock.advance(by: 1.5)
        #expect(try app.applied(id, #"{"events":[{"type":"touchUp","x":25,"y":15},{"type":"touchDown","x":25,"y":15},{"type":"touchUp","x":25,"y":15}]}"#) == [
            "time": 2, "state": ["isOn": false], "accepted": 3,
            "emitted": [["t": 2, "name": "valueChanged", "isOn": false]],
        ])
        // A tap stamped on arrival still ends its duration later.
        app.clock.advance(by: 0.25)
        #expect(try app.applied(id, #"{"type":"tap","x":25,"y":15}"#)["emitted"] == [["t": 2.25, "name": "valueChanged", "isOn": true]])
        #expect(try app.session(id)["eventCount"] == 6)
    }

    @Test func timeFollowsTheClock() throws {
        let app = TestApp()
        app.clock.advance(by: 3)   // the session's origin is its creation, not the clock's
        let id = try app.create(#"{"control":"card","clock":"wall"}"#)
        #expect(try app.session(id)["time"] == 0)
        app.clock.advance(by: 1.5)
        #expect(try app.session(id)["time"] == 1.5)
        #expect(try expectOK(app.get("/v1/sessions"))["sessions"]?[0]?["time"] == 1.5)
        #expect(try app.frame(id)["t"] == 1.5)
        let frames = try app.frames(id, "?fps=4")
        #expect(frames["from"] == 1.5)
        #expect(frames["to"] == 2.5)
        #expect(frames.each("frames", "t") == [1.5, 1.75, 2, 2.25, 2.5])
    }

    @Test("The session's state is the state at its present, not at its last event")
    func stateFollowsTheClock() throws {
        let app = TestApp()
        let id = try app.create(#"{"control":"card","clock":"wall"}"#)
        _ = try app.applied(id, #"{"type":"tap","x":195,"y":800}"#)
        app.clock.advance(by: 0.5)   // mid-transition (0.9 s from the touch-up at 0.1)
        #expect(try app.session(id)["state"] == ["state": "collapsed", "interactive": false, "animating": true])
        app.clock.advance(by: 1.5)   // at 2 s the transition has ended
        #expect(try app.session(id)["time"] == 2)
        #expect(try app.session(id)["state"] == ["state": "expanded", "interactive": false, "animating": false])
    }

    @Test func explicitTimesStillMustNotGoBack() throws {
        let app = TestApp()
        let id = try app.create(#"{"control":"switch","clock":"wall"}"#)
        app.clock.advance(by: 2)
        _ = try app.applied(id, #"{"type":"touchDown","x":25,"y":15}"#)
        try expectEventsRejected(app, id, #"{"type":"touchUp","t":1,"x":25,"y":15}"#, 409, "event_out_of_order", field: "/t")
        // Ahead of the present by less than the 0.1 s tolerance.
        #expect(try app.applied(id, #"{"type":"touchUp","t":2.05,"x":25,"y":15}"#)["time"] == 2.05)
    }
}
