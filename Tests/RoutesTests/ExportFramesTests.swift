import Testing
@testable import Routes

@Suite("Export: format and tolerance on GET frames")
struct ExportFramesTests {
    @Test func jsonIsTheDefaultAndUnchanged() throws {
        let (app, id) = try ExportScenario.named("card expand").start()
        let plain = app.get("/v1/sessions/\(id)/frames?from=0&to=0.5")
        let explicit = app.get("/v1/sessions/\(id)/frames?from=0&to=0.5&format=json")
        #expect(plain.status == 200 && plain.contentType == "application/json")
        #expect(plain.body == explicit.body)
    }

    @Test(arguments: [
        ("format=xml", "invalid_query", "format"),
        ("format=CSS", "invalid_query", "format"),
        ("format=css&tolerance=0", "invalid_query", "tolerance"),
        ("format=css&tolerance=-0.01", "invalid_query", "tolerance"),
        ("format=waapi&tolerance=0.2", "invalid_query", "tolerance"),
        ("format=css&tolerance=nan", "invalid_query", "tolerance"),
        ("tolerance=0.01", "invalid_query", "tolerance"),
        ("format=svg&tolerance=0.01", "invalid_query", "tolerance"),
        ("format=css&fps=100000", "frame_limit", "fps"),
        ("format=svg&to=2000000000", "invalid_query", "to"),
        ("format=css&from=-1", "invalid_query", "from"),
    ])
    func refusals(query: String, code: String, field: String) throws {
        let (app, id) = try ExportScenario.named("switch toggle").start()
        try expectProblem(app.get("/v1/sessions/\(id)/frames?\(query)"), 400, code, field: field)
    }

    @Test func anUnknownSessionIsNotFoundInEveryFormat() throws {
        for format in ["css", "waapi", "svg"] {
            try expectProblem(TestApp().get("/v1/sessions/nope/frames?format=\(format)"), 404, "session_not_found", field: nil)
        }
    }

    @Test func theHeaderStatesTheToleranceAndTheWindow() throws {
        let (app, id) = try ExportScenario.named("switch toggle").start()
        let css = app.get("/v1/sessions/\(id)/frames?from=0&to=0.5&format=css&tolerance=0.005").text
        #expect(css.hasPrefix("/* ControlSim CSS export: switch session \(id), frames from 0 s to 0.5 s at 60 fps.\n"
                              + " * 31 samples at 60 fps, 500 ms from the first to the last."))
        #expect(css.contains(" * 0.005 of its range over the window"))
        #expect(css.contains("/* properties/thumbCenterX: normalisation endpoints, from 15.5 to 35.5, "))
    }
}
