import Testing
@testable import Routes

/// `POST …/events?window=<seconds>&fps=<rate>`: the answer carries the frames that follow its
/// `time`, and `settledAt`, so a page draws a touch's effect without asking again.
@Suite("API: the frames a post's answer carries")
struct APIEventsWindowTests {
    /// A switch toggles on touchDown: the thumb leaves 15.5 (off: 2 + 27 / 2) at t = 0 and rests
    /// at 35.5 (on: 51 − 2 − 27 / 2) at 0.25 s, the switch definition's duration.
    @Test func aPostAnswersTheFramesThatFollowIt() throws {
        let app = TestApp()
        let id = try app.create(control: "switch")
        let reply = try expectOK(app.post("/v1/sessions/\(id)/events?window=0.05&fps=60", #"{"type":"touchDown","t":0,"x":25,"y":15}"#))
        #expect(reply["time"] == 0)
        #expect(reply["state"] == ["isOn": true])
        #expect(reply["emitted"] == [["t": 0, "name": "valueChanged", "isOn": true]])
        #expect(reply["settledAt"] == 0.25)
        let window = try #require(reply["window"])
        #expect(window["from"] == 0)
        #expect(window["to"] == 0.05)
        #expect(window["fps"] == 60)
        #expect(window["count"] == 4)
        #expect(window["emitted"] == [["t": 0, "name": "valueChanged", "isOn": true]])
        let frames = try #require(window["frames"]?.arrayValue)
        #expect(frames.map { $0["t"] } == [0, .number(1.0 / 60), .number(2.0 / 60), 0.05])
        #expect(frames[0]["properties"] == ["thumbCenterX": 15.5, "trackColor": "#e9e9eaff", "isOn": true])
        // Each is the frame GET …/frame?t answers at its time, byte for byte once parsed.
        for frame in frames {
            let t = try #require(frame["t"]?.doubleValue)
            #expect(try app.frame(id, "?t=\(t)") == frame)
        }
    }

    /// A window longer than the motion ends at `settledAt`: after it every frame is the last.
    @Test func theWindowEndsWhereEverythingComesToRest() throws {
        let app = TestApp()
        let id = try app.create(control: "switch")
        let reply = try expectOK(app.post("/v1/sessions/\(id)/events?window=1", #"{"type":"touchDown","t":0,"x":25,"y":15}"#))
        let window = try #require(reply["window"])
        #expect(window["from"] == 0)
        #expect(window["to"] == 0.25)
        #expect(window["fps"] == 60)
        #expect(window["count"] == 16)
        let last = try #require(window["frames"]?.arrayValue?.last)
        #expect(last["t"] == 0.25)
        #expect(last["properties"] == ["thumbCenterX": 35.5, "trackColor": "#34c759ff", "isOn": true])
    }

    /// The window starts at the answer's `time` (a tap's touchUp, 0.1 s after its touchDown) and
    /// carries what is emitted in it that no event caused: the card's completion at 2 s.
    @Test func theWindowCarriesTheEmissionsOfItsTime() throws {
        let app = TestApp()
        let id = try app.create(control: "card")
        let reply = try expectOK(app.post("/v1/sessions/\(id)/events?window=2&fps=10", #"{"type":"tap","t":1,"x":195,"y":790}"#))
        #expect(reply["time"] == 1.1)
        #expect(reply["emitted"] == [["t": 1.1, "name": "transitionStarted", "heading": "expanded"]])
        #expect(reply["settledAt"] == 2)
        let window = try #require(reply["window"])
        #expect(window["from"] == 1.1)
        #expect(window["to"] == 2)
        #expect(window["count"] == 10)
        #expect(window["emitted"] == [
            ["t": 1.1, "name": "transitionStarted", "heading": "expanded"],
            ["t": 2, "name": "animatorCompleted", "animator": "frame", "position": "end"],
            ["t": 2, "name": "stateChanged", "state": "expanded"],
        ])
        let last = try #require(window["frames"]?.arrayValue?.last)
        #expect(last["t"] == 2)
        #expect(last["properties"]?["cardY"] == 244)
        #expect(last["properties"]?["state"] == "expanded")
    }

    /// A wall-clock session's window starts at its present, past its last event.
    @Test func aWallClockWindowStartsAtThePresent() throws {
        let app = TestApp()
        let id = try app.create(#"{"control":"switch","clock":"wall"}"#)
        app.clock.advance(by: 3)
        let reply = try expectOK(app.post("/v1/sessions/\(id)/events?window=0.1&fps=20", #"{"type":"touchDown","t":2,"x":25,"y":15}"#))
        #expect(reply["time"] == 3)
        #expect(reply["settledAt"] == 2.25)
        let window = try #require(reply["window"])
        #expect(window["from"] == 3)
        #expect(window["to"] == 3)
        #expect(window["count"] == 1)
        #expect(window["emitted"] == [])
    }

    /// Without `window` the answer is as it always was: no `settledAt`, no frames.
    @Test func withoutAWindowTheAnswerIsUnchanged() throws {
        let app = TestApp()
        let id = try app.create(control: "switch")
        #expect(try app.applied(id, #"{"type":"touchDown","t":0,"x":25,"y":15}"#) == [
            "time": 0, "state": ["isOn": true], "accepted": 1,
            "emitted": [["t": 0, "name": "valueChanged", "isOn": true]],
        ])
    }

    /// A refused query applies nothing.
    @Test func aBadWindowIsRefusedBeforeAnythingIsApplied() throws {
        let app = TestApp()
        let id = try app.create(control: "switch")
        let down = #"{"type":"touchDown","t":0,"x":25,"y":15}"#
        let before = try app.session(id)
        try expectProblem(app.post("/v1/sessions/\(id)/events?fps=60", down), 400, "invalid_query", field: "fps")
        try expectProblem(app.post("/v1/sessions/\(id)/events?window=0", down), 400, "invalid_query", field: "window")
        try expectProblem(app.post("/v1/sessions/\(id)/events?window=11", down), 400, "invalid_query", field: "window")
        try expectProblem(app.post("/v1/sessions/\(id)/events?window=1&fps=0", down), 400, "invalid_query", field: "fps")
        try expectProblem(app.post("/v1/sessions/\(id)/events?window=10&fps=1001", down), 400, "frame_limit", field: "fps")
        try expectProblem(app.post("/v1/sessions/\(id)/events?frames=1", down), 400, "invalid_query", field: "frames")
        #expect(try app.session(id) == before)
    }
}

extension APIEventsWindowTests {
    /// A rest between two frames: the window ends at the first frame after it, which is the rest.
    /// The switch rests at 0.25 s; at 50 fps the frames are k/50 and the first at or after 0.25
    /// is k = 13, 0.26.
    @Test func aRestBetweenFramesEndsAtTheFrameAfterIt() throws {
        let app = TestApp()
        let id = try app.create(control: "switch")
        let reply = try expectOK(app.post("/v1/sessions/\(id)/events?window=1&fps=50", #"{"type":"touchDown","t":0,"x":25,"y":15}"#))
        #expect(reply["settledAt"] == 0.25)
        let window = try #require(reply["window"])
        #expect(window["to"] == 0.26)
        #expect(window["count"] == 14)
        let last = try #require(window["frames"]?.arrayValue?.last)
        #expect(last["t"] == 0.26)
        #expect(last["properties"] == ["thumbCenterX": 35.5, "trackColor": "#34c759ff", "isOn": true])
    }
}
