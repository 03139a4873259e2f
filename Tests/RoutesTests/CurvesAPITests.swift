import Testing
@testable import Routes

/// Expected springs from the reference values file: §1 case A, §0's CASpringAnimation default,
/// §3's perceptual (0.5, 0.3) and §4's UISwitch knob (response 0.3, ζ 0.75).
@Suite("API: GET /v1/curves")
struct CurvesAPITests {
    @Test func uikitSpringResolvesAndSamplesAsTheReference() throws {
        let app = TestApp()
        let reply = try expectOK(app.get("/v1/curves/spring?type=uikit&duration=0.3&dampingRatio=0.4&initialVelocity=1&fps=20&to=0.1"))
        expectClose(reply["spring"]?["resolved"]?["stiffness"], 2523.043419, tolerance: 1e-8)
        expectClose(reply["spring"]?["resolved"]?["damping"], 40.183924, tolerance: 1e-7)
        expectClose(reply["spring"]?["resolved"]?["settlingDuration"], 0.361074, tolerance: 1e-5)
        #expect(reply["spring"]?["type"] == "uikit")
        #expect(reply["spring"]?["resolved"]?["duration"] == 0.3)
        expectClose(reply["samples"], [
            ["t": 0, "progress": 0, "velocity": 1],
            ["t": 0.05, "progress": 1.131421, "velocity": 14.577876],
            ["t": 0.1, "progress": 1.069836, "velocity": -7.262163],
        ], tolerance: 1e-6)
        #expect(reply["from"] == 0 && reply["to"] == 0.1 && reply["fps"] == 20 && reply["count"] == 3)
    }

    @Test func theWindowDefaultsToTheShownDuration() throws {
        let reply = try expectOK(TestApp().get("/v1/curves/spring?duration=0.3&dampingRatio=0.4&initialVelocity=1"))
        #expect(reply["spring"]?["type"] == "uikit", "inferred from duration + dampingRatio")
        #expect(reply["to"] == 0.3 && reply["fps"] == 60 && reply["count"] == 19)
        expectClose(reply["samples"]?[3], ["t": 0.05, "progress": 1.131421, "velocity": 14.577876], tolerance: 1e-6)
        // Shown until 0.3 s, then the target.
        expectClose(reply["samples"]?[18], ["t": 0.3, "progress": 1, "velocity": 0])
    }

    @Test(arguments: [
        ("type=physical&mass=1&stiffness=100&damping=10", "physical", 100.0, 10.0, 1.4727),
        ("stiffness=100&damping=10", "physical", 100, 10, 1.4727),
        ("type=perceptual&duration=0.5&bounce=0.3", "perceptual", 157.913670, 17.592919, 0.862955),
        ("bounce=0.3&duration=0.5", "perceptual", 157.913670, 17.592919, 0.862955),
        ("type=response&response=0.3&dampingRatio=0.75", "response", 438.649084, 31.4159265, 0.488014),
        ("response=0.3&dampingRatio=0.75", "response", 438.649084, 31.4159265, 0.488014),
    ])
    func everyParameterisationResolves(query: String, type: String, stiffness: Double, damping: Double, settling: Double) throws {
        let reply = try expectOK(TestApp().get("/v1/curves/spring?\(query)"))
        let resolved = reply["spring"]?["resolved"]
        #expect(reply["spring"]?["type"]?.stringValue == type)
        expectClose(resolved?["stiffness"], .number(stiffness), tolerance: 1e-7)
        expectClose(resolved?["damping"], .number(damping), tolerance: 1e-7)
        expectClose(resolved?["settlingDuration"], .number(settling), tolerance: 1e-4)
        // Not a UIKit duration spring: shown until it settles, which is the default window.
        #expect(reply["to"] == resolved?["duration"])
        #expect(reply["samples"]?[0]?["progress"] == 0)
    }

    @Test func overdampingIsABooleanParameter() throws {
        let reply = try expectOK(TestApp().get("/v1/curves/spring?stiffness=100&damping=40&allowsOverdamping=true&to=0"))
        #expect(reply["spring"]?["allowsOverdamping"] == true)
        #expect(reply["spring"]?["resolved"]?["regime"] == "overdamped")
    }

    @Test func cubicByNameAndByControlPoints() throws {
        let app = TestApp()
        let byName = try expectOK(app.get("/v1/curves/cubic?curve=easeInEaseOut&fps=10"))
        let byPoints = try expectOK(app.get("/v1/curves/cubic?controlPoints=0.42,0,0.58,1&fps=10"))
        #expect(byName == byPoints)
        #expect(byName["curve"] == "easeInEaseOut")
        #expect(byName["controlPoints"] == [0.42, 0, 0.58, 1])
        #expect(byName["duration"] == 1 && byName["count"] == 11)
        // Reference §5 and the Bézier by hand: y(0.3) = 0.18739589; dy/dx = 1.7241379 at the middle.
        expectClose(byName["samples"]?[3], ["t": 0.3, "progress": 0.18739589, "slope": 1.26721784], tolerance: 1e-7)
        expectClose(byName["samples"]?[5], ["t": 0.5, "progress": 0.5, "slope": 1.72413793], tolerance: 1e-7)
        #expect(byName["samples"]?[0]?["slope"] == 0)
    }

    @Test func controlPointsMayHaveSpacesAfterCommasAndExponents() throws {
        let reply = try expectOK(TestApp().get("/v1/curves/cubic?controlPoints=42e-2,+0,%200.58,+1E0&to=0"))
        #expect(reply["curve"] == "easeInEaseOut")
    }

    @Test func cubicDurationScalesTimeAndHoldsAfterwards() throws {
        let reply = try expectOK(TestApp().get("/v1/curves/cubic?controlPoints=0.42,0,0.58,1&duration=0.25&fps=8&to=0.5"))
        #expect(reply["curve"] == "easeInEaseOut")
        #expect(reply.each("samples", "t") == [0, 0.125, 0.25, 0.375, 0.5])
        expectClose(reply["samples"]?[1]?["progress"], 0.5)
        expectClose(reply["samples"]?[4], ["t": 0.5, "progress": 1, "slope": 0])
    }

    @Test func aVerticalEndHasANullSlope() throws {
        let reply = try expectOK(TestApp().get("/v1/curves/cubic?controlPoints=0,1,1,0&to=0"))
        #expect(reply["samples"]?[0]?["slope"] == .null)
    }

    @Test func curvesExportLikeFrames() throws {
        let app = TestApp()
        let query = "/v1/curves/spring?duration=0.3&dampingRatio=0.4&initialVelocity=1&fps=240"
        let css = app.get(query + "&format=css")
        #expect(css.contentType == "text/css; charset=utf-8")
        let document = try ExportDocument(css: css.text, name: "spring")
        #expect(document.registrations == ["--progress": "<number>"])
        let progress = try #require(document.animations.first)
        #expect(document.animations.count == 1 && progress.source == "properties/progress" && progress.selector == ".spring")
        #expect(progress.keyframes.first?.values == ["--progress": "0"])
        let samples = try expectOK(app.get(query))["samples"]?.arrayValue ?? []
        let worst = try samples.indices.map { k in
            let value = try ExportOracle.value(progress, "--progress", at: Double(k) / Double(samples.count - 1))[0]
            return abs(value - (samples[k]["progress"]?.doubleValue ?? .nan))
        }.max()!
        #expect(worst <= 0.001 * 1.0000001, "the progress travels from 0 to at most about 1.26, so 0.001 of it")
        let svg = try SVGSummary.parse(app.get("/v1/curves/cubic?curve=easeOut&format=svg").body)
        #expect(svg.series == ["progress"] && svg.events == 0)
        let waapi = try expectOK(app.get("/v1/curves/cubic?curve=linear&format=waapi"))
        #expect(waapi["duration"] == 1000)
        let line = try #require(waapi["animations"]?[0])
        #expect(line["source"] == "properties/progress")
        #expect(line["options"]?["easing"] == "linear(0, 1 100%)", "a straight line needs its ends only")
    }

    @Test(arguments: [
        ("/v1/curves/spring?duration=0.3&dampingRatio=0.4&format=png", "invalid_query", "format"),
        ("/v1/curves/cubic?format=", "invalid_query", "format"),
        ("/v1/curves/spring?duration=0.3&dampingRatio=0.4&format=css&tolerance=0", "invalid_query", "tolerance"),
        ("/v1/curves/spring?duration=0.3&dampingRatio=0.4&format=css&tolerance=0.5", "invalid_query", "tolerance"),
        ("/v1/curves/spring?duration=0.3&dampingRatio=0.4&format=waapi&tolerance=x", "invalid_query", "tolerance"),
        ("/v1/curves/spring?duration=0.3&dampingRatio=0.4&tolerance=0.01", "invalid_query", "tolerance"),
        ("/v1/curves/spring?duration=0.3&dampingRatio=0.4&format=svg&tolerance=0.01", "invalid_query", "tolerance"),
        ("/v1/curves/spring", "invalid_query", "type"),
        ("/v1/curves/spring?dampingRatio=0.4", "invalid_query", "type"),
        ("/v1/curves/spring?type=uikit&duration=0.3", "invalid_query", "dampingRatio"),
        ("/v1/curves/spring?type=physical&damping=3", "invalid_query", "stiffness"),
        ("/v1/curves/spring?type=bouncy", "invalid_query", "type"),
        ("/v1/curves/spring?duration=0.3&dampingRatio=-1", "invalid_query", "dampingRatio"),
        ("/v1/curves/spring?duration=abc&dampingRatio=0.4", "invalid_query", "duration"),
        ("/v1/curves/spring?stiffness=100&damping=10&allowsOverdamping=yes", "invalid_query", "allowsOverdamping"),
        ("/v1/curves/spring?duration=0.3&dampingRatio=0.4&color=red", "invalid_query", "color"),
        ("/v1/curves/spring?duration=0.3&dampingRatio=0.4&fps=0", "invalid_query", "fps"),
        ("/v1/curves/spring?duration=0.3&dampingRatio=0.4&to=2000000000", "invalid_query", "to"),
        ("/v1/curves/spring?duration=0.3&dampingRatio=0.4&fps=100000", "frame_limit", "fps"),
        ("/v1/curves/spring?duration=0.3&dampingRatio=0.4&to=1000", "frame_limit", "to"),
        ("/v1/curves/cubic?curve=bouncy", "invalid_query", "curve"),
        ("/v1/curves/cubic?controlPoints=0.42,0,0.58", "invalid_query", "controlPoints"),
        ("/v1/curves/cubic?controlPoints=0.42,0,0.58,inf", "invalid_query", "controlPoints"),
        ("/v1/curves/cubic?controlPoints=1.5,0,0.58,1", "invalid_query", "controlPoints"),
        ("/v1/curves/cubic?controlPoints=0,0,0,1e308", "invalid_query", "controlPoints"),
        ("/v1/curves/cubic?controlPoints=.5,0,0.58,1", "invalid_query", "controlPoints"),
        ("/v1/curves/cubic?controlPoints=%2B0.5,0,0.58,1", "invalid_query", "controlPoints"),
        ("/v1/curves/cubic?controlPoints=0.5,0,0.58,1.", "invalid_query", "controlPoints"),
        ("/v1/curves/cubic?controlPoints=0.5,0,0.58,1e", "invalid_query", "controlPoints"),
        ("/v1/curves/cubic?controlPoints=0x1,0,0.58,1", "invalid_query", "controlPoints"),
        ("/v1/curves/cubic?curve=easeIn&controlPoints=0.42,0,0.58,1", "invalid_query", "curve"),
        ("/v1/curves/cubic?duration=0", "invalid_query", "duration"),
        ("/v1/curves/cubic?duration=-1", "invalid_query", "duration"),
    ])
    func refusals(target: String, code: String, field: String) throws {
        let problem = try expectProblem(TestApp().get(target), 400, code, field: field)
        #expect(problem["detail"]?.stringValue?.contains(field) == true, "the detail names \(field): \(problem)")
    }

    @Test func theFrameLimitIsTheAppsLimit() throws {
        let app = TestApp.small()
        _ = try expectOK(app.get("/v1/curves/cubic?to=1.65"))
        try expectProblem(app.get("/v1/curves/cubic?to=1.7"), 400, "frame_limit", field: "to")
    }

    @Test func onlyGet() throws {
        let response = TestApp().post("/v1/curves/spring", "{}")
        #expect(response.status == 405)
        #expect(response.headers["Allow"] == "GET, HEAD")
    }
}
