import Testing
@testable import Routes

/// Every refused event request names its problem and leaves the session exactly as it was.
@Suite("API: refused events change nothing")
struct APIEventErrorTests {
    /// Against a switch whose latest event is a touchDown at t = 0.5.
    static let switchRefusals = [
        Refusal("", "invalid_json", nil),
        Refusal(#"{"type":"touchUp","t":1,"x":25"#, "invalid_json", nil),
        Refusal(#"{"type":"touchUp","t":1e400,"x":25,"y":15}"#, "invalid_json", nil),
        Refusal(#"[{"type":"touchUp","t":1,"x":25,"y":15}]"#, "invalid_field", nil),
        Refusal(#"{"t":1}"#, "invalid_field", "/type"),
        Refusal(#"{"type":"touchSlide","t":1,"x":25,"y":15}"#, "unknown_event_type", "/type"),
        Refusal(#"{"type":"start","t":1}"#, "unsupported_command", "/type"),
        Refusal(#"{"type":"expand","t":1}"#, "unsupported_command", "/type"),
        Refusal(#"{"type":"setSelected","t":1,"selected":true}"#, "unsupported_command", "/type"),
        Refusal(#"{"type":"touchUp","t":-1,"x":25,"y":15}"#, "invalid_field", "/t"),
        Refusal(#"{"type":"touchUp","t":2e9,"x":25,"y":15}"#, "invalid_field", "/t"),
        Refusal(#"{"type":"touchUp","t":1,"x":25,"y":1e7}"#, "invalid_field", "/y"),
        Refusal(#"{"type":"drag","t":1,"from":{"x":10,"y":15},"to":{"x":40,"y":15},"duration":1e300}"#, "invalid_field", "/duration"),
        Refusal(#"{"type":"drag","t":1,"from":{"x":10,"y":15},"to":{"x":40,"y":15},"duration":100.5}"#, "invalid_field", "/duration"),
        Refusal(#"{"type":"touchUp","t":"1","x":25,"y":15}"#, "invalid_field", "/t"),
        Refusal(#"{"type":"touchUp","t":1,"y":15}"#, "invalid_field", "/x"),
        Refusal(#"{"type":"touchUp","t":1,"x":"25","y":15}"#, "invalid_field", "/x"),
        Refusal(#"{"type":"touchUp","t":1,"x":25,"y":15,"pressure":0.5}"#, "invalid_field", "/pressure"),
        Refusal(#"{"type":"setOn","t":1}"#, "invalid_field", "/on"),
        Refusal(#"{"type":"tap","t":1,"x":25,"y":15,"duration":-0.1}"#, "invalid_field", "/duration"),
        Refusal(#"{"type":"drag","t":1,"from":{"x":10,"y":15}}"#, "invalid_field", "/to"),
        Refusal(#"{"type":"drag","t":1,"from":{"x":10},"to":{"x":40,"y":15}}"#, "invalid_field", "/from/y"),
        Refusal(#"{"events":{"type":"touchUp"}}"#, "invalid_field", "/events"),
        Refusal(#"{"events":[],"atomic":true}"#, "invalid_field", "/atomic"),
        Refusal(#"{"events":[{"type":"touchUp","t":1,"x":25,"y":15},1]}"#, "invalid_field", "/events/1"),
        Refusal(#"{"events":[{"type":"touchUp","t":1,"x":25,"y":15},{"type":"swipe","t":2}]}"#, "unknown_event_type", "/events/1/type"),
        Refusal(#"{"events":[{"type":"touchUp","t":1,"x":25,"y":15},{"type":"toggle","t":2}]}"#, "unsupported_command", "/events/1/type"),
        Refusal(#"{"events":[{"type":"touchUp","t":1,"x":25,"y":15},{"type":"touchDown","t":2,"y":15}]}"#, "invalid_field", "/events/1/x"),
        Refusal(#"{"type":"touchUp","t":0.25,"x":25,"y":15}"#, 409, "event_out_of_order", "/t"),
        Refusal(#"{"events":[{"type":"touchUp","t":1,"x":25,"y":15},{"type":"touchDown","t":0.75,"x":25,"y":15}]}"#,
                409, "event_out_of_order", "/events/1/t"),
        Refusal(#"{"events":[{"type":"touchDown","t":0.25,"x":25,"y":15}]}"#, 409, "event_out_of_order", "/events/0/t"),
        // The tap's touchUp lands at 1.1, after the next event's 1.05.
        Refusal(#"{"events":[{"type":"touchUp","t":1,"x":25,"y":15},{"type":"tap","t":1,"x":25,"y":15},{"type":"touchDown","t":1.05,"x":25,"y":15}]}"#,
                409, "event_out_of_order", "/events/2/t"),
        // One pointer: a second touchDown while one is down, an up or a move with none down.
        Refusal(#"{"type":"touchDown","t":1,"x":25,"y":15}"#, 409, "invalid_touch_sequence", "/type"),
        Refusal(#"{"events":[{"type":"touchUp","t":1,"x":25,"y":15},{"type":"touchUp","t":2,"x":25,"y":15}]}"#,
                409, "invalid_touch_sequence", "/events/1/type"),
        Refusal(#"{"events":[{"type":"touchCancel","t":1},{"type":"drag","t":2,"from":{"x":1,"y":1},"to":{"x":9,"y":1}},{"type":"touchMove","t":3,"x":1,"y":1}]}"#,
                409, "invalid_touch_sequence", "/events/2/type"),
        // The third event is bad: neither of the first two is applied.
        Refusal(#"{"events":[{"type":"touchUp","t":1,"x":25,"y":15},{"type":"touchDown","t":1.5,"x":25,"y":15},{"type":"touchUp","t":1.2,"x":25,"y":15}]}"#,
                409, "event_out_of_order", "/events/2/t"),
        Refusal(#"{"events":[{"type":"touchUp","t":1,"x":25,"y":15},{"type":"touchDown","t":1.5,"x":25,"y":15},{"type":"wiggle","t":2}]}"#,
                "unknown_event_type", "/events/2/type"),
        Refusal(#"{"events":[{"type":"touchUp","t":1,"x":25,"y":15},{"type":"touchDown","t":1.5,"x":25,"y":15},{"type":"setOn","t":2,"on":1}]}"#,
                "invalid_field", "/events/2/on"),
    ]

    @Test(arguments: switchRefusals)
    func switchRefuses(_ refusal: Refusal) throws {
        let app = TestApp()
        let id = try app.create(control: "switch")
        _ = try app.applied(id, #"{"type":"touchDown","t":0.5,"x":25,"y":15}"#)
        try expectEventsRejected(app, id, refusal.body, refusal.status, refusal.code, field: refusal.field)
    }

    @Test(arguments: [
        Refusal(#"{"type":"start","t":1,"startRatio":2}"#, "invalid_field", "/startRatio"),
        Refusal(#"{"type":"start","t":1,"startRatio":-0.5}"#, "invalid_field", "/startRatio"),
        Refusal(#"{"events":[{"type":"cancel","t":1},{"type":"start","t":1,"startRatio":2}]}"#, "invalid_field", "/events/1/startRatio"),
        Refusal(#"{"type":"setOn","t":1,"on":true}"#, "unsupported_command", "/type"),
    ])
    func progressButtonRefuses(_ refusal: Refusal) throws {
        let app = TestApp()
        let id = try app.create(control: "progressButton")
        _ = try app.applied(id, #"{"type":"start","t":0.5}"#)
        try expectEventsRejected(app, id, refusal.body, refusal.status, refusal.code, field: refusal.field)
    }

    @Test func fullEventLogRefusesTheWholeBatch() throws {
        let app = TestApp.with { $0.maxEventsPerSession = 3 }
        let id = try app.create(control: "button")
        _ = try app.applied(id, #"{"type":"tap","t":0,"x":100,"y":25}"#)
        try expectEventsRejected(app, id, #"{"events":[{"type":"tap","t":1,"x":100,"y":25}]}"#, 409, "event_log_full", field: "/events")
        #expect(try app.applied(id, #"{"type":"touchDown","t":1,"x":100,"y":25}"#)["accepted"] == 1)
    }

    @Test func oversizedBatchIs413() throws {
        let app = TestApp.with { $0.maxEventsPerBatch = 3 }
        let id = try app.create(control: "button")
        try expectEventsRejected(app, id, #"{"events":[{"type":"tap","t":0,"x":100,"y":25},{"type":"tap","t":1,"x":100,"y":25}]}"#,
                                 413, "too_many_events", field: "/events")
    }
}
