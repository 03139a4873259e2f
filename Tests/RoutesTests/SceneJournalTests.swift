import Testing
@testable import Routes

/// Scene sessions in the journal: written as their document and their inputs, replayed after a
/// restart (from the records as written, and from a compaction's snapshot) to answer every read
/// byte for byte as before.
@Suite("Scenes: the journal, restarts and compaction")
struct SceneJournalTests {
    @Test func aSceneIsJournalledAsItsDocumentThenItsInputs() throws {
        let app = JournalTests.App()
        #expect(app.send("POST", "/v1/sessions", #"{"scene":{"views":[{"id":"t","control":"switch","frame":{"x":10,"y":20,"width":51,"height":31}}]}}"#).status == 201)
        #expect(app.send("POST", "/v1/sessions/a/events", #"{"type":"tap","touch":4,"t":0,"x":35,"y":35}"#).status == 200)
        #expect(app.send("POST", "/v1/sessions/a/events", #"{"type":"setOn","view":"t","t":1,"on":false,"animated":false}"#).status == 200)
        let text = app.journal.text
        #expect(text.count == 4)
        #expect(text[0].hasPrefix(#"{"op":"define","digest":""#))
        #expect(text[1].hasPrefix(#"{"op":"scene","id":"a","clock":"virtual","created":1700001000,"scene":{"views":[{"id":"t","control":"switch","digest":""#))
        #expect(text[1].hasSuffix(#""frame":{"x":10,"y":20,"width":51,"height":31}}]}}"#))
        #expect(text[2] == #"{"op":"events","id":"a","base":0,"events":[{"type":"touchDown","touch":4,"t":0,"x":35,"y":35},{"type":"touchUp","touch":4,"t":0.1,"x":35,"y":35}]}"#)
        #expect(text[3] == #"{"op":"events","id":"a","base":2,"events":[{"type":"setOn","view":"t","t":1,"on":false,"animated":false}]}"#)
        #expect(app.journal.all.map(\.session).dropFirst() == ["a", "a", "a"])

        #expect(app.send("DELETE", "/v1/sessions/a").status == 204)
        let restarted = JournalTests.App()
        let report = restarted.router.restore(entries: app.journal.all)
        #expect(report.sessions == 0)
        #expect(report.unusable == [])
        #expect(restarted.send("GET", "/v1/sessions/a").status == 404)
    }

    static let goldens = ["scene-settings", "scene-sheet-list", "scene-card-controls"]

    /// Each built-in scene's golden scenario run on a journalled app; after a restart from its
    /// journal (as after kill -9: every acknowledged record is there) and from a snapshot, every
    /// read answers as recorded, byte for byte.
    @Test(arguments: goldens)
    func aBuiltInSceneAnswersTheSameAfterARestart(_ name: String) throws {
        let scenario = try GoldenFile.load(name)
        let first = JournalTests.App(ids: ["id-1"])
        for step in scenario.steps { _ = first.send(step.method, step.target, step.body ?? "") }
        for entries in [first.journal.all, first.router.snapshot()] {
            let restarted = JournalTests.App(ids: [])
            let report = restarted.router.restore(entries: entries)
            #expect(report.sessions == 1, "\(report)")
            #expect(report.unusable == [])
            // The reads after the last change (the earlier ones saw the scene before it).
            let last = scenario.steps.lastIndex { $0.method != "GET" } ?? 0
            for step in scenario.steps[(last + 1)...] {
                let response = GoldenResponse(restarted.send("GET", step.target))
                #expect(response == step.expect, "\(name): GET \(step.target) after a restart")
            }
        }
    }

    /// A scene made of an inline definition replays by the digest its journal names.
    @Test func aSceneOfAnInlineDefinitionReplays() throws {
        let app = JournalTests.App()
        let body = #"{"scene":{"views":[{"id":"dot","control":"dot","definition":{"parameters":{"size":{"type":"number","default":20}},"layers":[{"id":"dot","frame":{"x":0,"y":0,"width":"size","height":"size"},"backgroundColor":"systemPink"}]},"config":{"size":30},"frame":{"x":5,"y":5,"width":30,"height":30}}]}}"#
        let created = app.send("POST", "/v1/sessions", body)
        #expect(created.status == 201, "\(created.text)")
        let before = app.send("GET", "/v1/sessions/a/frame?t=0").body
        let restarted = JournalTests.App()
        #expect(restarted.router.restore(entries: app.journal.all).sessions == 1)
        #expect(restarted.send("GET", "/v1/sessions/a/frame?t=0").body == before)
        #expect(restarted.send("GET", "/v1/sessions/a/frame?t=0").text.contains(#""width":30"#))
    }
}
