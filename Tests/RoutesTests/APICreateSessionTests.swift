import Testing
@testable import Routes

/// Resolved configurations as the API must echo them. Spring constants and `overshoot` and
/// `peakVelocity` (the analytic motion sampled every 1.5 µs over the shown duration) come from
/// the project's oracle, `scripts/oracle/uikit_oracle.py` (its output `uikit_oracle.txt`, §1–§4 and §12).
enum ExpectedConfig {
    /// Seed press, reference case A (0.3 s, ζ 0.4, v 1): settling 0.361074 s.
    static let seedPress: JSON = [
        "type": "uikit", "duration": 0.3, "dampingRatio": 0.4, "initialVelocity": 1,
        "resolved": ["mass": 1, "stiffness": 2523.043419, "damping": 40.183924, "dampingRatio": 0.4,
                     "response": 0.125089, "regime": "underdamped", "initialVelocity": 1, "duration": 0.3,
                     "settlingDuration": 0.361074, "overshoot": 0.253878, "peakVelocity": 30.291277],
    ]
    /// Seed release, reference case B (0.3 s, ζ 0.5, v 0.5): settling 0.348322 s.
    static let seedRelease: JSON = [
        "type": "uikit", "duration": 0.3, "dampingRatio": 0.5, "initialVelocity": 0.5,
        "resolved": ["mass": 1, "stiffness": 1783.364068, "damping": 42.229895, "dampingRatio": 0.5,
                     "response": 0.148785, "regime": "underdamped", "initialVelocity": 0.5, "duration": 0.3,
                     "settlingDuration": 0.348322, "overshoot": 0.163045, "peakVelocity": 23.071527],
    ]

    static let button: JSON = [
        "width": 200, "height": 50, "cornerRadius": 8, "backgroundColor": "#007affff",
        "effects": [["type": "scale", "ratio": 0.9, "mode": "pulse", "press": seedPress, "release": seedRelease]],
        "changesSelectionAsPrimaryAction": false, "enabled": true, "selected": false,
    ]

    static let progressButton: JSON = [
        "radius": 16, "color": "#ff3b30ff", "duration": 3, "lineWidth": 1, "backgroundColor": "#00000000",
    ]

    static let `switch`: JSON = [
        "width": 51, "height": 31, "thumbSize": 27, "margin": 2, "onTintColor": "#34c759ff",
        "offTintColor": "#e9e9eaff", "thumbColor": "#ffffffff", "toggleOn": "touchDown", "isOn": false,
        "animation": ["type": "curve", "duration": 0.25, "curve": "easeInEaseOut", "controlPoints": [0.42, 0, 0.58, 1]],
    ]

    /// collapsedY = 844 − 65, expandedY = 844 − 600.
    static let card: JSON = [
        "containerWidth": 390, "containerHeight": 844, "cardHeight": 600, "handleHeight": 65, "duration": 0.9,
        "dampingRatio": 1, "cornerRadius": 12, "blurStyle": "dark", "blurRadius": 20, "cardColor": "#ffffffff",
        "handleColor": "#c7c7ccff", "release": "continue", "initialState": "collapsed", "collapsedY": 779, "expandedY": 244,
    ]
}

@Suite("API: POST /v1/sessions")
struct APICreateSessionTests {
    struct Created: Sendable, CustomTestStringConvertible {
        let control: String
        let config: JSON
        let state: JSON
        var testDescription: String { control }
    }

    static let defaults = [
        Created(control: "button", config: ExpectedConfig.button,
                state: ["highlighted": false, "selected": false, "enabled": true]),
        Created(control: "progressButton", config: ExpectedConfig.progressButton,
                state: ["ringVisible": false, "animating": false, "paused": false]),
        Created(control: "switch", config: ExpectedConfig.switch, state: ["isOn": false]),
        Created(control: "card", config: ExpectedConfig.card,
                state: ["state": "collapsed", "interactive": false, "animating": false]),
    ]

    @Test(arguments: defaults)
    func createsWithFullyResolvedDefaults(_ expected: Created) throws {
        let app = TestApp()
        let response = app.post("/v1/sessions", #"{"control":"\#(expected.control)"}"#)
        #expect(response.status == 201)
        #expect(response.contentType == "application/json")
        #expect(response.headers["Location"] == "/v1/sessions/id-1")
        expectClose(try response.json(), [
            "id": "id-1", "control": .string(expected.control), "clock": "virtual", "config": expected.config,
            "time": 0, "state": expected.state, "eventCount": 0, "settledAt": 0,
        ])
        // GET shows the same session.
        #expect(try app.session("id-1") == response.json())
    }

    @Test func switchEchoesOverridesWithColoursNormalised() throws {
        let body = """
            {"control":"switch","clock":"virtual","config":{"width":61,"onTintColor":"systemBlue","offTintColor":"#abc",
             "thumbColor":"#11223344","toggleOn":"touchUp","isOn":true,
             "animation":{"type":"spring","spring":{"response":0.3,"dampingRatio":0.75}}}}
            """
        let created = try app201(body)
        // Oracle §4 "knob position": response 0.3, ζ 0.75 → k 438.649084, c 31.4159265,
        // settling 0.488014 s; overshoot e^(−πζ/√(1−ζ²)) = 0.028375.
        expectClose(created["config"], [
            "width": 61, "height": 31, "thumbSize": 27, "margin": 2, "onTintColor": "#007affff",
            "offTintColor": "#aabbccff", "thumbColor": "#11223344", "toggleOn": "touchUp", "isOn": true,
            "animation": ["type": "spring", "spring": [
                "type": "response", "response": 0.3, "dampingRatio": 0.75, "initialVelocity": 0,
                "resolved": ["mass": 1, "stiffness": 438.649084, "damping": 31.4159265, "dampingRatio": 0.75,
                             "response": 0.3, "regime": "underdamped", "initialVelocity": 0, "duration": 0.488014,
                             "settlingDuration": 0.488014, "overshoot": 0.028375, "peakVelocity": 9.228959],
            ]],
        ])
        #expect(created["state"] == ["isOn": true])
    }

    @Test func buttonEchoesEffectsAndSprings() throws {
        let body = """
            {"control":"button","config":{"width":120,"height":44,"cornerRadius":0,"backgroundColor":"systemRed",
             "changesSelectionAsPrimaryAction":true,"selected":true,
             "effects":[{"type":"scale","ratio":0.95,"mode":"hold","press":{"stiffness":100,"damping":10},
                         "release":{"duration":0.5,"bounce":0.3}},
                        {"type":"background","color":"#000"},{"type":"opacity","opacity":0.25}]}}
            """
        let created = try app201(body)
        // press: m 1, k 100, c 10 → ζ 0.5, response 2π/10, settling 1.4727 s (oracle §0).
        // release: perceptual 0.5 s, bounce 0.3 → ζ 0.7, k 157.913670, c 17.592919, settling 0.862955 (oracle §3).
        expectClose(created["config"], [
            "width": 120, "height": 44, "cornerRadius": 0, "backgroundColor": "#ff3b30ff",
            "effects": [
                ["type": "scale", "ratio": 0.95, "mode": "hold",
                 "press": ["type": "physical", "mass": 1, "stiffness": 100, "damping": 10, "initialVelocity": 0,
                           "allowsOverdamping": false,
                           "resolved": ["mass": 1, "stiffness": 100, "damping": 10, "dampingRatio": 0.5,
                                        "response": 0.628319, "regime": "underdamped", "initialVelocity": 0,
                                        "duration": 1.4727, "settlingDuration": 1.4727, "overshoot": 0.163034,
                                        "peakVelocity": 5.462930]],
                 "release": ["type": "perceptual", "duration": 0.5, "bounce": 0.3, "initialVelocity": 0,
                             "resolved": ["mass": 1, "stiffness": 157.913670, "damping": 17.592919, "dampingRatio": 0.7,
                                          "response": 0.5, "regime": "underdamped", "initialVelocity": 0,
                                          "duration": 0.862955, "settlingDuration": 0.862955, "overshoot": 0.045988,
                                          "peakVelocity": 5.762535]]],
                ["type": "background", "color": "#000000ff"],
                ["type": "opacity", "opacity": 0.25],
            ],
            "changesSelectionAsPrimaryAction": true, "enabled": true, "selected": true,
        ], tolerance: 1e-4)
        #expect(created["state"] == ["highlighted": false, "selected": true, "enabled": true])
    }

    @Test func progressButtonAndCardEchoOverrides() throws {
        let button = try app201(##"{"control":"progressButton","config":{"radius":20,"color":"systemBlue","duration":2,"lineWidth":2.5,"backgroundColor":"#fff"}}"##)
        #expect(button["config"] == ["radius": 20, "color": "#007affff", "duration": 2, "lineWidth": 2.5, "backgroundColor": "#ffffffff"])

        // collapsedY and expandedY are read-only: ignored on input, recomputed (844 − 65, 844 − 500).
        let card = try app201(#"{"control":"card","config":{"cardHeight":500,"release":"velocity","initialState":"expanded","cardColor":"systemGray6","collapsedY":1,"expandedY":2}}"#)
        #expect(card["config"] == [
            "containerWidth": 390, "containerHeight": 844, "cardHeight": 500, "handleHeight": 65, "duration": 0.9,
            "dampingRatio": 1, "cornerRadius": 12, "blurStyle": "dark", "blurRadius": 20, "cardColor": "#f2f2f7ff",
            "handleColor": "#c7c7ccff", "release": "velocity", "initialState": "expanded", "collapsedY": 779, "expandedY": 344,
        ])
        #expect(card["state"] == ["state": "expanded", "interactive": false, "animating": false])
    }

    @Test func wallClockIsEchoed() throws {
        let created = try app201(#"{"control":"switch","clock":"wall"}"#)
        #expect(created["clock"] == "wall")
        #expect(created["time"] == 0)
    }

    /// The echo is "the fully resolved configuration", a valid `config` by the contract's own
    /// schema; posting it back must create the same session.
    @Test(arguments: defaults)
    func echoedConfigIsAcceptedBack(_ expected: Created) throws {
        let app = TestApp()
        let echoed = try #require(try app.post("/v1/sessions", #"{"control":"\#(expected.control)"}"#).json()["config"])
        let again = app.post("/v1/sessions", #"{"control":"\#(expected.control)","config":\#(echoed)}"#)
        #expect(again.status == 201, "\(again.text)")
        #expect(try again.json()["config"] == echoed)
    }

    static let refusals = [
        Refusal(#"{"control":"switch""#, "invalid_json", nil),
        Refusal("", "invalid_json", nil),
        Refusal(#"{"control":"switch","config":{"width":1e400}}"#, "invalid_json", nil),
        Refusal(#"{"control":"switch","control":"card"}"#, "invalid_json", nil),
        Refusal(#"["switch"]"#, "invalid_field", nil),
        Refusal(#""switch""#, "invalid_field", nil),
        Refusal(#"{}"#, "invalid_field", "/control"),
        Refusal(#"{"config":{}}"#, "invalid_field", "/control"),
        Refusal(#"{"control":5}"#, "invalid_field", "/control"),
        Refusal(#"{"control":"knob"}"#, "unknown_control", "/control"),
        Refusal(#"{"control":"Switch"}"#, "unknown_control", "/control"),
        Refusal(#"{"control":"switch","colour":"red"}"#, "invalid_field", "/colour"),
        Refusal(#"{"control":"switch","config":{"widht":60}}"#, "invalid_field", "/config/widht"),
        Refusal(#"{"control":"switch","config":[]}"#, "invalid_field", "/config"),
        Refusal(#"{"control":"switch","config":{"width":"51"}}"#, "invalid_field", "/config/width"),
        Refusal(#"{"control":"switch","config":{"width":-51}}"#, "invalid_field", "/config/width"),
        Refusal(#"{"control":"switch","config":{"width":0}}"#, "invalid_field", "/config/width"),
        Refusal(#"{"control":"switch","config":{"isOn":"yes"}}"#, "invalid_field", "/config/isOn"),
        Refusal(#"{"control":"switch","config":{"toggleOn":"touchMove"}}"#, "invalid_field", "/config/toggleOn"),
        Refusal(##"{"control":"switch","config":{"onTintColor":"#12345"}}"##, "invalid_field", "/config/onTintColor"),
        Refusal(#"{"control":"switch","config":{"onTintColor":"green"}}"#, "invalid_field", "/config/onTintColor"),
        Refusal(#"{"control":"switch","config":{"animation":{"curve":"bouncy"}}}"#, "invalid_field", "/config/animation/curve"),
        Refusal(#"{"control":"switch","clock":"sundial"}"#, "invalid_field", "/clock"),
        Refusal(#"{"control":"switch","clock":1}"#, "invalid_field", "/clock"),
        Refusal(#"{"control":"button","config":{"width":-1}}"#, "invalid_field", "/config/width"),
        Refusal(#"{"control":"button","config":{"effects":[{"type":"scale","ratio":0}]}}"#, "invalid_field", "/config/effects/0/ratio"),
        Refusal(#"{"control":"button","config":{"effects":[{"type":"wobble"}]}}"#, "invalid_field", "/config/effects/0/type"),
        Refusal(#"{"control":"button","config":{"effects":[{"type":"scale","rate":0.9}]}}"#, "invalid_field", "/config/effects/0/rate"),
        Refusal(#"{"control":"button","config":{"effects":[{"type":"opacity","opacity":1.5}]}}"#, "invalid_field", "/config/effects/0/opacity"),
        Refusal(#"{"control":"button","config":{"effects":[{"type":"scale","press":{"duration":0.3}}]}}"#, "invalid_field", "/config/effects/0/press/type"),
        Refusal(##"{"control":"button","config":{"backgroundColor":"#gg0000"}}"##, "invalid_field", "/config/backgroundColor"),
        Refusal(#"{"control":"button","config":{"effects":[{"type":"scale","press":{"stiffness":-1,"damping":10}}]}}"#, "invalid_field", "/config/effects/0/press/stiffness"),
        Refusal(#"{"control":"button","config":{"effects":[{"type":"scale","release":{"stiffness":100,"damping":0}}]}}"#, "invalid_field", "/config/effects/0/release/damping"),
        Refusal(#"{"control":"button","config":{"effects":[{"type":"background"}]}}"#, "invalid_field", "/config/effects/0/color"),
        Refusal(#"{"control":"button","config":{"effects":{"type":"scale"}}}"#, "invalid_field", "/config/effects"),
        Refusal(#"{"control":"switch","config":{"animation":{"type":"spring"}}}"#, "invalid_field", "/config/animation/spring"),
        Refusal(#"{"control":"switch","config":{"thumbSize":50}}"#, "invalid_field", "/config/thumbSize"),
        Refusal(#"{"control":"button","config":{"effects":[{"type":"scale"},{"type":"scale","ratio":0.8}]}}"#, "duplicate_effect", "/config/effects/1"),
        Refusal(#"{"control":"progressButton","config":{"duration":0}}"#, "invalid_field", "/config/duration"),
        Refusal(#"{"control":"card","config":{"dampingRatio":2}}"#, "invalid_field", "/config/dampingRatio"),
        Refusal(#"{"control":"card","config":{"initialState":"open"}}"#, "invalid_field", "/config/initialState"),
    ]

    @Test(arguments: refusals)
    func refusesWithProblem(_ refusal: Refusal) throws {
        let app = TestApp()
        try expectProblem(app.post("/v1/sessions", refusal.body), 400, refusal.code, field: refusal.field)
        #expect(try app.listedIDs() == [], "a refused create must not leave a session behind")
    }

    @Test func refusesBeyondTheSessionCapUntilOneIsDeleted() throws {
        let app = TestApp.small()
        _ = try app.create(control: "switch")
        _ = try app.create(control: "card")
        let refused = app.post("/v1/sessions", #"{"control":"button"}"#)
        try expectProblem(refused, 503, "too_many_sessions", field: nil)
        let retryAfter = try #require(refused.headers["Retry-After"])
        #expect(Int(retryAfter).map { $0 > 0 } == true, "Retry-After is delay-seconds, got \(retryAfter)")
        #expect(try app.listedIDs() == ["id-1", "id-2"])

        #expect(app.delete("/v1/sessions/id-1").status == 204)
        #expect(app.post("/v1/sessions", #"{"control":"button"}"#).status == 201)
    }

    @Test func expiredSessionsFreeTheirPlaceUnderTheCap() throws {
        let app = TestApp.small()
        _ = try app.create(control: "switch")
        _ = try app.create(control: "switch")
        app.clock.advance(by: 10.5)
        #expect(app.post("/v1/sessions", #"{"control":"switch"}"#).status == 201)
    }

    /// POST /v1/sessions on a fresh app, expecting 201; the parsed body.
    private func app201(_ body: String) throws -> JSON {
        let response = TestApp().post("/v1/sessions", body)
        try #require(response.status == 201, "\(response.text)")
        return try response.json()
    }
}
