import Testing
@testable import Routes

@Suite("API: POST /v1/sessions/{id}/events")
struct APIEventsTests {
    @Test func switchTouchDownTogglesAndEmitsValueChanged() throws {
        let app = TestApp()
        let id = try app.create(control: "switch")
        #expect(try app.applied(id, #"{"type":"touchDown","t":0,"x":25,"y":15}"#) == [
            "time": 0, "state": ["isOn": true], "accepted": 1,
            "emitted": [["t": 0, "name": "valueChanged", "isOn": true]],
        ])
        #expect(try app.session(id)["eventCount"] == 1)
    }

    /// `t` defaults to the session's current time: a virtual session's latest event time.
    @Test func eventsWithoutTHappenAtTheSessionTime() throws {
        let app = TestApp()
        let id = try app.create(control: "switch")
        #expect(try app.applied(id, #"{"type":"touchDown","x":25,"y":15}"#)["emitted"] == [["t": 0, "name": "valueChanged", "isOn": true]])
        _ = try app.applied(id, #"{"type":"touchUp","t":0.5,"x":25,"y":15}"#)
        app.clock.advance(by: 7)   // a virtual session ignores the clock
        #expect(try app.applied(id, #"{"type":"touchDown","x":25,"y":15}"#) == [
            "time": 0.5, "state": ["isOn": false], "accepted": 1,
            "emitted": [["t": 0.5, "name": "valueChanged", "isOn": false]],
        ])
    }

    @Test func batchIsAppliedInOrder() throws {
        let app = TestApp()
        let id = try app.create(control: "switch")
        let reply = try app.applied(id, """
            {"events":[{"type":"touchDown","t":0,"x":25,"y":15},{"type":"touchUp","t":0.1,"x":25,"y":15},
                       {"type":"touchDown","t":0.5,"x":25,"y":15},{"type":"touchUp","t":0.5,"x":25,"y":15}]}
            """)
        #expect(reply == [
            "time": 0.5, "state": ["isOn": false], "accepted": 4,
            "emitted": [["t": 0, "name": "valueChanged", "isOn": true], ["t": 0.5, "name": "valueChanged", "isOn": false]],
        ])
        #expect(try app.session(id)["eventCount"] == 4)
        #expect(try app.applied(id, #"{"events":[]}"#) == ["time": 0.5, "state": ["isOn": false], "accepted": 0, "emitted": []])
    }

    @Test func tapExpandsToTouchDownAndTouchUpADurationLater() throws {
        let app = TestApp()
        let id = try app.create(control: "button")
        // Default tap duration 0.1 s: down at 0 highlights, up inside at 0.1 un-highlights and fires.
        #expect(try app.applied(id, #"{"type":"tap","t":0,"x":100,"y":25}"#) == [
            "time": 0.1, "state": ["highlighted": false, "selected": false, "enabled": true], "accepted": 2,
            "emitted": [
                ["t": 0, "name": "stateChanged", "highlighted": true, "selected": false, "enabled": true],
                ["t": 0, "name": "touchDown"],
                ["t": 0.1, "name": "stateChanged", "highlighted": false, "selected": false, "enabled": true],
                ["t": 0.1, "name": "touchUpInside"],
                ["t": 0.1, "name": "primaryActionTriggered"],
            ],
        ])
        #expect(try app.session(id)["eventCount"] == 2)

        let later = try app.applied(id, #"{"type":"tap","t":1,"x":100,"y":25,"duration":0.5}"#)
        #expect(later["time"] == 1.5)
        #expect(later["accepted"] == 2)
    }

    @Test func dragExpandsToDownMovesAt60HzAndUp() throws {
        let app = TestApp()
        let id = try app.create(#"{"control":"switch","config":{"toggleOn":"touchUp"}}"#)
        // 0.5 s at 60 Hz: a touchDown, 30 moves, a touchUp at t + 0.5 (inside: it toggles then).
        #expect(try app.applied(id, #"{"type":"drag","t":1,"from":{"x":10,"y":15},"to":{"x":40,"y":15},"duration":0.5}"#) == [
            "time": 1.5, "state": ["isOn": true], "accepted": 32,
            "emitted": [["t": 1.5, "name": "valueChanged", "isOn": true]],
        ])
        #expect(try app.session(id)["eventCount"] == 32)

        // Default 0.25 s: 1 + 15 + 1 inputs.
        let card = try app.create(control: "card")
        let pan = try app.applied(card, #"{"type":"drag","t":0,"from":{"x":195,"y":800},"to":{"x":195,"y":300}}"#)
        #expect(pan["accepted"] == 17)
        #expect(pan["time"] == 0.25)
        #expect(pan.each("emitted", "name") == ["transitionStarted", "panBegan", "panEnded"])
    }

    @Test func dragLastsAtMost100Seconds() throws {
        let app = TestApp()
        let id = try app.create(control: "switch")
        // 100 s × 60 Hz = 6,000 moves, plus the touchDown and the touchUp.
        let reply = try app.applied(id, #"{"type":"drag","t":0,"from":{"x":10,"y":15},"to":{"x":40,"y":15},"duration":100}"#)
        #expect(reply["accepted"] == 6002)
        #expect(reply["time"] == 100)
    }

    @Test func buttonCommands() throws {
        let app = TestApp()
        try expectReplies(app, app.create(control: "button"), [
            (#"{"type":"setSelected","t":0,"selected":true}"#, [
                "time": 0, "state": ["highlighted": false, "selected": true, "enabled": true], "accepted": 1,
                "emitted": [["t": 0, "name": "stateChanged", "highlighted": false, "selected": true, "enabled": true]],
            ]),
            (#"{"type":"setEnabled","t":0.5,"enabled":false}"#, [
                "time": 0.5, "state": ["highlighted": false, "selected": true, "enabled": false], "accepted": 1,
                "emitted": [["t": 0.5, "name": "stateChanged", "highlighted": false, "selected": true, "enabled": false]],
            ]),
        ])
    }

    @Test func progressButtonCommands() throws {
        let app = TestApp()
        let running: JSON = ["ringVisible": true, "animating": true, "paused": false]
        // Duration 3 s: paused at 1.5 the stroke is at 1.5/3; resumed at 2 it runs on to 2.75,
        // 2.25 s of animation time: strokeEnd 0.75, 0.75 s remaining. A start part-way runs
        // duration × (1 − startRatio).
        try expectReplies(app, app.create(control: "progressButton"), [
            (#"{"type":"start","t":0}"#, [
                "time": 0, "state": running, "accepted": 1,
                "emitted": [["t": 0, "name": "started", "startRatio": 0, "remaining": 3]],
            ]),
            (#"{"type":"pause","t":1.5}"#, [
                "time": 1.5, "state": ["ringVisible": true, "animating": true, "paused": true], "accepted": 1,
                "emitted": [["t": 1.5, "name": "paused", "strokeEnd": 0.5, "remaining": 1.5]],
            ]),
            (#"{"type":"resume","t":2}"#, [
                "time": 2, "state": running, "accepted": 1,
                "emitted": [["t": 2, "name": "resumed", "strokeEnd": 0.5, "remaining": 1.5]],
            ]),
            (#"{"type":"cancel","t":2.75}"#, [
                "time": 2.75, "state": ["ringVisible": false, "animating": false, "paused": false], "accepted": 1,
                "emitted": [["t": 2.75, "name": "cancelled", "strokeEnd": 0.75, "remaining": 0.75]],
            ]),
            (#"{"type":"start","t":3,"startRatio":0.5}"#, [
                "time": 3, "state": running, "accepted": 1,
                "emitted": [["t": 3, "name": "started", "startRatio": 0.5, "remaining": 1.5]],
            ]),
        ], tolerance: 1e-12)
    }

    @Test func switchSetOnSendsNoAction() throws {
        let app = TestApp()
        let id = try app.create(control: "switch")
        #expect(try app.applied(id, #"{"type":"setOn","t":0,"on":true,"animated":false}"#) == [
            "time": 0, "state": ["isOn": true], "accepted": 1, "emitted": [],
        ])
        // Not animated: the thumb is at width − margin − thumb/2 = 35.5 at once, the track fully on.
        let properties = try app.frame(id, "?t=0")["properties"]
        #expect(properties == ["thumbCenterX": 35.5, "trackColor": "#34c759ff", "isOn": true])
    }

    @Test func cardCommands() throws {
        let app = TestApp()
        let moving: JSON = ["state": "collapsed", "interactive": false, "animating": true]
        try expectReplies(app, app.create(control: "card"), [
            (#"{"type":"expand","t":0}"#, [
                "time": 0, "state": moving, "accepted": 1,
                "emitted": [["t": 0, "name": "transitionStarted", "heading": "expanded"]],
            ]),
            (#"{"type":"toggle","t":0.25}"#, [
                "time": 0.25, "state": moving, "accepted": 1,
                "emitted": [["t": 0.25, "name": "transitionReversed", "heading": "collapsed"]],
            ]),
            // Already heading there: nothing to do.
            (#"{"type":"collapse","t":0.5}"#, ["time": 0.5, "state": moving, "accepted": 1, "emitted": []]),
        ])
    }
}
