import Foundation
import Testing
@testable import Routes

/// `POST /v1/scenarios/run` of a scene's scenario in the export formats answers what the scene
/// session made of it answers at `GET …/frames?format=`: the same bytes, but for the title, which
/// names the session's id in one and says "scene scenario" in the other.
@Suite("API: a scene's scenario run and exported")
struct APISceneRunExportTests {
    @Test(arguments: ["css", "waapi", "svg"])
    func aScenesScenarioRunExportsAsItsSessionDoes(format: String) throws {
        let app = TestApp()
        let id = try app.create(APISceneTests.list)
        _ = try app.applied(id, APISceneTests.drag(steps: 8))
        _ = try app.applied(id, #"{"type":"setSelected","view":"button","t":0.5,"selected":true}"#)
        let scenario = app.get("/v1/sessions/\(id)/scenario").text
        let session = app.get("/v1/sessions/\(id)/frames?from=0&to=1&fps=30&format=\(format)")
        #expect(session.status == 200)
        let run = app.post("/v1/scenarios/run?format=\(format)", #"{"scenario":\#(scenario),"from":0,"to":1,"fps":30}"#)
        #expect(run.status == 200, "\(run.text)")
        #expect(run.headers["Content-Type"] == session.headers["Content-Type"])
        #expect(session.text.contains("scene \(id), frames"))
        #expect(run.text.contains("scene scenario, frames"))
        #expect(run.text == session.text.replacingOccurrences(of: "scene \(id), frames", with: "scene scenario, frames"))
    }

    /// The run refuses what `GET …/frames` refuses, at the same place (a window too long for an export).
    @Test func anExportsWindowIsBoundedAsTheSessionsIs() throws {
        let app = TestApp()
        let id = try app.create(APISceneTests.list)
        let scenario = app.get("/v1/sessions/\(id)/scenario").text
        try expectProblem(app.get("/v1/sessions/\(id)/frames?from=0&to=2000000000&fps=1&format=css"), 400, "invalid_query", field: "to")
        try expectProblem(app.post("/v1/scenarios/run?format=css", #"{"scenario":\#(scenario),"from":0,"to":2000000000,"fps":1}"#),
                          400, "invalid_query", field: "/to")
    }
}
