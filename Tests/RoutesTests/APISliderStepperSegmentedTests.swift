import Testing
@testable import Routes

/// The slider, the stepper and the segmented control over HTTP: created with their defaults and
/// with a custom configuration, each echoed fully resolved (accepted back: APISheetScrollViewTests); their commands
/// decoded as their definitions declare them.
@Suite("API: slider, stepper and segmentedControl sessions")
struct APISliderStepperSegmentedTests {
    /// UISlider's values (docs/fidelity.md#slider) on the project's 300 pt width.
    static let sliderDefaults: JSON = [
        "width": 300, "height": 31, "value": 0, "minimumValue": 0, "maximumValue": 1, "isContinuous": true, "enabled": true,
        "minimumTrackTintColor": "#007affff", "maximumTrackTintColor": "#78788033", "thumbTintColor": "#ffffffff",
        "thumbShadowColor": "#00000026", "thumbDiameter": 28, "trackHeight": 4, "trackInset": 3, "grabSize": 48, "hitOutset": 12.5,
        "animationFactor": 0.25, "minimumAnimationDuration": 0.1, "trackTouches": "ignored",
    ]

    /// UIStepper's values (docs/fidelity.md#stepper), without its two springs (checked apart).
    static let stepperDefaults: [String: JSON] = [
        "width": 94, "height": 32, "cornerRadius": 8, "value": 0, "minimumValue": 0, "maximumValue": 100, "stepValue": 1,
        "wraps": false, "autorepeat": true, "isContinuous": true, "enabled": true, "backgroundColor": "#7676801f",
        "highlightColor": "#7676801f", "dividerColor": "#78788033", "glyphColor": "#000000ff", "disabledGlyphColor": "#3c3c434d",
        "glyphSize": 14, "glyphThickness": 2, "dividerWidth": 1, "dividerInset": 7, "highlightInset": 4, "initialRepeatDelay": 0.5,
        "slowInterval": 0.5, "slowRepeats": 4, "midInterval": 0.1, "fastFromRepeat": 19, "fastInterval": 0.05,
        "releaseDelayFactor": 0.566969897,
    ]

    /// UISegmentedControl's values (docs/fidelity.md#segmented-control), without its spring.
    static let segmentedDefaults: [String: JSON] = [
        "width": 300, "height": 32, "segments": 3, "selectedSegmentIndex": 0, "cornerRadius": 8, "indicatorInset": 2,
        "dividerWidth": 1, "dividerInset": 7, "slop": 70, "pressScale": 0.95, "enabled": true, "backgroundColor": "#7676801f",
        "selectedSegmentTintColor": "#ffffffff", "dividerColor": "#78788033", "highlightColor": "#7676801f",
    ]

    static func created(_ app: TestApp, _ body: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> JSON {
        let response = app.post("/v1/sessions", body)
        try #require(response.status == 201, "\(response.text)", sourceLocation: sourceLocation)
        return try response.json()
    }

    static func expectConfig(_ config: JSON?, _ expected: [String: JSON], springs: [String: (stiffness: Double, damping: Double)],
                             sourceLocation: SourceLocation = #_sourceLocation) {
        let object = config?.objectValue ?? JSONObject()
        #expect(Set(object.keys) == Set(expected.keys).union(springs.keys), sourceLocation: sourceLocation)
        for (key, value) in expected { #expect(object[key] == value, "\(key)", sourceLocation: sourceLocation) }
        for (key, spring) in springs {
            let resolved = object[key]?["resolved"]
            expectClose(resolved?["stiffness"], .number(spring.stiffness), tolerance: 1e-5, context: "\(key) stiffness",
                        sourceLocation: sourceLocation)
            expectClose(resolved?["damping"], .number(spring.damping), tolerance: 1e-6, context: "\(key) damping", sourceLocation: sourceLocation)
        }
    }

    @Test func theSliderIsCreatedWithItsDefaultsResolved() throws {
        let session = try Self.created(TestApp(), #"{"control":"slider"}"#)
        #expect(session["config"] == Self.sliderDefaults)
        #expect(session["state"] == ["value": 0, "tracking": false, "enabled": true])
    }

    @Test func theStepperIsCreatedWithItsDefaultsResolved() throws {
        let session = try Self.created(TestApp(), #"{"control":"stepper"}"#)
        // ζ 1, response 0.28: k = (2π/0.28)² = 503.551245, c = 2·2π/0.28 = 44.879895.
        Self.expectConfig(session["config"], Self.stepperDefaults,
                          springs: ["highlightSpring": (503.551245, 44.8798951), "fadeSpring": (2741.55678, 209.43951)])
        #expect(session["state"] == ["value": 0, "minusHighlighted": false, "plusHighlighted": false, "enabled": true])
    }

    @Test func theSegmentedControlIsCreatedWithItsDefaultsResolved() throws {
        let session = try Self.created(TestApp(), #"{"control":"segmentedControl"}"#)
        Self.expectConfig(session["config"], Self.segmentedDefaults, springs: ["popSpring": (503.551245, 44.8798951)])
        #expect(session["state"] == ["selectedSegmentIndex": 0, "highlightedSegmentIndex": -1, "draggingSelected": false, "enabled": true])
    }

    @Test func customConfigurationsAreEchoed() throws {
        let app = TestApp()
        let slider = try Self.created(app, #"{"control":"slider","config":{"value":30,"minimumValue":10,"maximumValue":60,"minimumTrackTintColor":"systemRed","trackTouches":"moveThumb"}}"#)
        var expected = Self.sliderDefaults.objectValue ?? JSONObject()
        for (key, value) in [("value", 30), ("minimumValue", 10), ("maximumValue", 60), ("minimumTrackTintColor", "#ff3b30ff"),
                             ("trackTouches", "moveThumb")] as [(String, JSON)] { expected[key] = value }
        #expect(slider["config"] == .object(expected))
        // f = (30 − 10)/50 = 0.4: the thumb at round(272·0.4) = 109.
        #expect(try expectOK(app.get("/v1/sessions/id-1/frame?t=0"))["properties"]?["thumbX"] == 109)
        let stepper = try Self.created(app, ##"{"control":"stepper","config":{"value":250,"maximumValue":200,"stepValue":5,"wraps":true,"glyphColor":"#00f"}}"##)
        var stepperExpected = Self.stepperDefaults
        for (key, value) in [("value", 250), ("maximumValue", 200), ("stepValue", 5), ("wraps", true), ("glyphColor", "#0000ffff")]
            as [(String, JSON)] { stepperExpected[key] = value }
        Self.expectConfig(stepper["config"], stepperExpected, springs: ["highlightSpring": (503.551245, 44.8798951), "fadeSpring": (2741.55678, 209.43951)])
        #expect(stepper["state"]?["value"] == 200, "the value at creation is clamped to the range")
        let segmented = try Self.created(app, #"{"control":"segmentedControl","config":{"segments":4,"selectedSegmentIndex":-1,"selectedSegmentTintColor":"systemBlue"}}"#)
        var segmentedExpected = Self.segmentedDefaults
        for (key, value) in [("segments", 4), ("selectedSegmentIndex", -1), ("selectedSegmentTintColor", "#007affff")] as [(String, JSON)] {
            segmentedExpected[key] = value
        }
        Self.expectConfig(segmented["config"], segmentedExpected, springs: ["popSpring": (503.551245, 44.8798951)])
        try expectProblem(app.post("/v1/sessions", #"{"control":"segmentedControl","config":{"segments":2,"selectedSegmentIndex":2}}"#),
                          400, "invalid_field", field: "/config/selectedSegmentIndex")
    }

    @Test func theirCommandsAreDecodedAsDeclared() throws {
        let app = TestApp()
        let slider = try app.create(control: "slider")
        let set = try expectOK(app.postEvents(slider, #"{"type":"setValue","t":0,"value":0.5,"animated":false}"#))
        #expect(set["state"] == ["value": 0.5, "tracking": false, "enabled": true])
        #expect(set["emitted"] == [], "programmatic: no valueChanged")
        try expectProblem(app.postEvents(slider, #"{"type":"setValue","t":1}"#), 400, "invalid_field", field: "/value")
        let segmented = try app.create(control: "segmentedControl")
        let selected = try expectOK(app.postEvents(segmented, #"{"type":"setSelectedIndex","t":0,"index":2}"#))
        #expect(selected["state"]?["selectedSegmentIndex"] == 2)
        #expect(selected["emitted"] == [])
        try expectProblem(app.postEvents(segmented, #"{"type":"setSelectedIndex","t":1,"index":"last"}"#), 400, "invalid_field", field: "/index")
    }
}
