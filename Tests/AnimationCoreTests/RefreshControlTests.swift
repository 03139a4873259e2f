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

    @Test("In a scene: the pull passes the trigger at the move that rubber-bands it past 167.17 pt; the release adds 60 pt to the list's contentInset.top, so it bounces back to −60 and rests there; endRefreshing scrolls it back over 0.3 s")
    func pullToRefresh() throws {
        let list = sceneView("list", try builtIn("scrollView", ["backgroundColor": "clear"]), 0, 0, 390, 844)
        let scene = try Scene([sceneView("refresh", try builtIn("refreshControl"), 0, 0, 390, 844, [list])]).linking(
            bindings: [SceneLink(from: "list", .property("contentOffsetY"), to: "refresh", command: "setPull", arguments: [("offset", "value")])],
            actions: [SceneLink(from: "list", .emission("scrollViewWillEndDragging"), to: "refresh", command: "release"),
                      SceneLink(from: "refresh", .emission("contentInsetChanged"), to: "list", command: "setContentInset",
                                arguments: [("top", "event.top")])], at: .root)
        var state = SceneState(scene: scene)
        try state.down(1, 200, 200, at: 0)
        // 10 pt a step: past the 10 pt hysteresis, 370 pt of travel rubber-band to 163.97, 380 to 167.52.
        let before = try state.drag(1, from: 200, 200, by: 0, 10, steps: 38, from: 0)
        #expect(!before.contains { $0.hasPrefix("refresh") })
        #expect(try state.move(1, 200, 590, at: 39.0 / 64) == ["refresh valueChanged @0.609375"])
        #expect(state.bool("refresh", "isRefreshing", at: 39.0 / 64) == true)
        let released = try state.up(1, 200, 590, at: 40.0 / 64)
        #expect(released.contains("refresh contentInsetChanged @0.625"))
        #expect(state.number("refresh", "inset", at: 40.0 / 64 + 0.3) == 60, "the spinner's place")
        state.wait(until: 3)
        #expect(state.number("list", "contentOffsetY", at: 3) == -60, "the list rests 60 pt down, on its inset")
        #expect(state.number("refresh", "pull", at: 3) == 60, "seen when the bounce ends")
        let ended = try state.apply(.command(view: 0, Command("endRefreshing")), at: 4)
        #expect(Scenes.log(ended) == ["refresh contentInsetChanged @4.0"])
        expectClose(state.number("list", "contentOffsetY", at: 4.15), -30, within: 1e-9, "sin² half-way at half-time")
        #expect(state.number("list", "contentOffsetY", at: 4.3) == 0)
        #expect(state.number("refresh", "pull", at: 5) == 0)
    }

    @Test("contentInset.top 60 on a resting list: nothing moves; pulled, the first 60 pt follow the finger 1:1 (−50 after 50 pt), past them the rubber band counts from −60 (−91.758266819 after 120 pt)")
    func scrollViewInset() throws {
        var state = SceneState(scene: try Scene([sceneView("list", try builtIn("scrollView"), 0, 0, 390, 844)]))
        try state.apply(.command(view: 0, Command("setContentInset", [.number(60)])), at: 0)
        #expect(state.number("list", "contentOffsetY", at: 0.5) == 0)
        try state.down(1, 200, 200, at: 1)
        // Travel less the 10 pt hysteresis: 6 steps of 10 pt pull 50, 13 pull 120.
        try state.drag(1, from: 200, 200, by: 0, 10, steps: 6, from: 1)
        #expect(state.number("list", "contentOffsetY", at: 1 + 6.0 / 64) == -50)
        try state.drag(1, from: 200, 260, by: 0, 10, steps: 7, from: 1 + 6.0 / 64)
        // −60 − 844 · (1 − 1 / (60 · 0.55 / 844 + 1)).
        expectClose(state.number("list", "contentOffsetY", at: 1 + 13.0 / 64), -91.758266819, within: 1e-6)
        try state.up(1, 200, 330, at: 1 + 14.0 / 64)
        state.wait(until: 4)
        #expect(state.number("list", "contentOffsetY", at: 4) == -60, "bounces back to the inset, not to 0")
    }
}
