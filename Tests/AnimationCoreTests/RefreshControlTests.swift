import Testing
@testable import AnimationCore

/// The refresh control's rules (docs/fidelity.md#refresh-control): UIKit's trigger height for a
/// control with no title, min(round(0.5 · h), 112.5 · h / 568), and the 60 pt it holds the list down.
@Suite("refreshControl")
struct RefreshControlTests {
    static func pulled(_ offset: Double, height: Double = 844) throws -> (DefinedControl, [String]) {
        var control = DefinedControl(configuration: try builtIn("refreshControl", ["height": .number(height)]))
        var emitted: [Emission] = []
        try control.handle(.command(Command("setPull", [.number(offset)])), at: 0, emit: &emitted)
        return (control, emitted.map(\.name))
    }

    static func isRefreshing(_ control: DefinedControl) -> Bool {
        control.state.first { $0.name == "isRefreshing" }?.value == .bool(true)
    }

    @Test("On an 844 pt list it begins at a pull of 112.5 · 844 / 568 = 167.1654929577465 pt, with valueChanged")
    func trigger() throws {
        let below = try Self.pulled(-167.165)
        #expect(!Self.isRefreshing(below.0))
        #expect(below.1 == [])
        let at = try Self.pulled(-167.1654929577465)
        #expect(Self.isRefreshing(at.0))
        #expect(at.1 == ["valueChanged"])
    }

    @Test("Half the height when that is less (a 200 pt list: round(100) beats 39.6…), and 0.654929577 · h below 372 pt")
    func smallLists() throws {
        // 200 < 372: 0.654929577 · 200 = 130.9859154.
        #expect(!Self.isRefreshing(try Self.pulled(-130.98, height: 200).0))
        #expect(Self.isRefreshing(try Self.pulled(-130.986, height: 200).0))
        // 400 pt: min(200, 112.5 · 400 / 568 = 79.2253…) = 79.2253521.
        #expect(!Self.isRefreshing(try Self.pulled(-79.22, height: 400).0))
        #expect(Self.isRefreshing(try Self.pulled(-79.226, height: 400).0))
    }

    @Test("Released while refreshing, the content moves 60 pt down over 0.3 s; endRefreshing moves it back")
    func inset() throws {
        var (control, _) = try Self.pulled(-170)
        var emitted: [Emission] = []
        try control.handle(.command(Command("release")), at: 1, emit: &emitted)
        let inset = { (c: DefinedControl, t: Double) -> FieldValue? in c.render(at: t).properties.first { $0.name == "inset" }?.value }
        #expect(inset(control, 1) == .number(0))
        guard case let .number(half)? = inset(control, 1.15) else { Issue.record("no inset"); return }
        #expect(abs(half - 30) < 1e-9, "half way at half time: easeInEaseOut is symmetric")
        #expect(inset(control, 1.3) == .number(60))
        try control.handle(.command(Command("endRefreshing")), at: 2, emit: &emitted)
        #expect(inset(control, 2.3) == .number(0))
        #expect(!Self.isRefreshing(control))
    }

    @Test("In a scene: the pull passes the trigger at the move that rubber-bands it past 167.17 pt, and the release holds the list 60 pt down")
    func pullToRefresh() throws {
        let list = sceneView("list", try builtIn("scrollView", ["backgroundColor": "clear"]), 0, 0, 390, 844)
        let scene = try Scene([sceneView("refresh", try builtIn("refreshControl"), 0, 0, 390, 844, [list])]).linking(
            bindings: [SceneLink(from: "list", .property("contentOffsetY"), to: "refresh", command: "setPull", arguments: [("offset", "value")])],
            actions: [SceneLink(from: "list", .emission("scrollViewWillEndDragging"), to: "refresh", command: "release")], at: .root)
        var state = SceneState(scene: scene)
        try state.down(1, 200, 200, at: 0)
        // 10 pt a step: past the 10 pt hysteresis, 370 pt of travel rubber-band to 163.97, 380 to 167.52.
        let before = try state.drag(1, from: 200, 200, by: 0, 10, steps: 38, from: 0)
        #expect(!before.contains { $0.hasPrefix("refresh") })
        #expect(try state.move(1, 200, 590, at: 39.0 / 64) == ["refresh valueChanged @0.609375"])
        #expect(state.bool("refresh", "isRefreshing", at: 39.0 / 64) == true)
        try state.up(1, 200, 590, at: 40.0 / 64)
        #expect(state.number("refresh", "inset", at: 40.0 / 64) == 0)
        #expect(state.number("refresh", "inset", at: 40.0 / 64 + 0.3) == 60, "the list held 60 pt down after 0.3 s")
        state.wait(until: 3)
        #expect(state.number("list", "contentOffsetY", at: 3) == 0, "the list itself bounces back to 0")
        #expect(state.number("refresh", "pull", at: 3) == 0, "seen when the bounce ends")
    }
}
