import Testing
@testable import Routes

/// Every built-in control's golden scenarios, run on a journalled app and read back after a
/// restart (from its journal, as after kill -9, and from a compaction's snapshot): the reads after
/// the last change answer byte for byte as recorded, as the built-in scenes' do
/// (`SceneJournalTests`). The list comes from the folder: a golden named `<built-in>-…` or
/// `scene-…`, on the default limits and the manual clock left alone.
@Suite("Built-ins: their goldens after a restart")
struct BuiltInRestartTests {
    static let goldens: [String] = GoldenFile.names.filter { name in
        let control = String(name.prefix { $0 != "-" })
        guard BuiltInControls.named(control) != nil || control == "scene", let scenario = try? GoldenFile.load(name) else { return false }
        return scenario.limits == nil && scenario.steps.allSatisfy { $0.advance == nil && $0.method != "HEAD" }
    }

    @Test("Every built-in has one (the progress button's are named progress-…, from before the catalogue)")
    func everyBuiltInHasOne() {
        for entry in BuiltInControls.all where entry.name != "progressButton" {
            #expect(Self.goldens.contains { $0.hasPrefix(entry.name + "-") }, "no golden of \(entry.name) replays")
        }
    }

    @Test(arguments: goldens)
    func readsTheSameAfterARestart(_ name: String) throws {
        let scenario = try GoldenFile.load(name)
        let ids = (1...9).map { "id-\($0)" }
        let first = JournalTests.App(ids: ids)
        for step in scenario.steps { _ = first.send(step.method, step.target, step.body ?? "") }
        let last = scenario.steps.lastIndex { $0.method != "GET" } ?? 0
        for entries in [first.journal.all, first.router.snapshot()] {
            let restarted = JournalTests.App(ids: [])
            let report = restarted.router.restore(entries: entries)
            #expect(report.unusable == [], "\(report)")
            for step in scenario.steps[(last + 1)...] {
                #expect(GoldenResponse(restarted.send("GET", step.target)) == step.expect, "\(name): GET \(step.target) after a restart")
            }
        }
    }
}
