import Testing
@testable import AnimationCore

/// The first recogniser to begin excludes the possible ones of its view's ancestors on the same
/// touch, whatever its kind (UIKit's exclusion; docs/fidelity.md#scenes): not only a pan, but a
/// long press on its deadline and a pinch on a move. Fingers move every 1/64 s so times are exact.
@Suite("Scenes: a long press or a pinch that begins excludes its ancestors' recognisers")
struct SceneExclusionTests {
    /// A vertical list (390 × 844, content 2000 tall) holding a context-menu row (350 × 80 at
    /// (20, 100)) whose long press begins after 0.4 s (`minimumTouchDuration`).
    static func list() throws -> SceneState {
        try Scenes.state([sceneView("list", try builtIn("scrollView"), 0, 0, 390, 844, [
            sceneView("row", try builtIn("contextMenuPress"), 20, 100, 350, 80),
        ])])
    }

    @Test("Held until its menu appears (0.4 s), the row keeps the finger: a drag of 100 pt then does not scroll the list")
    func heldRowKeepsTheFinger() throws {
        var state = try Self.list()
        try state.down(1, 100, 140, at: 0)
        #expect(state.wait(until: 0.5) == ["row menuWillDisplay @0.4"])
        let log = try state.drag(1, from: 100, 140, by: 0, 5, steps: 20, from: 1)
        #expect(!log.contains { $0.hasPrefix("list") }, "the list's pan failed when the press began: \(log)")
        #expect(state.number("list", "contentOffsetY", at: 1.5) == 0)
    }

    @Test("A drag before the menu appears scrolls the list, and the menu never appears")
    func quickDragScrolls() throws {
        var state = try Self.list()
        try state.down(1, 100, 140, at: 0)
        let log = try state.drag(1, from: 100, 140, by: 0, -5, steps: 8, from: 0)
        #expect(log == ["list scrollViewWillBeginDragging @0.03125"], "the pan begins at 10 pt, 2/64 s in")
        #expect(state.wait(until: 1) == [], "the row's press failed when the list's pan began")
        #expect(state.number("list", "contentOffsetY", at: 0.125) == 30)
    }

    @Test("A photo's pinch that began keeps its fingers: the list under it then does not scroll when they move down")
    func pinchKeepsTheFingers() throws {
        let photo = try SceneFailureRequirementTests.control("photo", #"""
        {"inputs": {"zoom": {"type": "pinch", "region": {"x": 0, "y": 0, "width": 300, "height": 300}, "on": {
            "began": [{"emit": "zoomBegan"}], "ended": [{"emit": "zoomEnded"}]}}}}
        """#)
        var state = try Scenes.state([sceneView("list", try builtIn("scrollView"), 0, 0, 390, 844, [
            sceneView("photo", photo, 45, 50, 300, 300),
        ])])
        try state.down(1, 100, 200, at: 0)
        try state.down(2, 300, 200, at: 0)
        #expect(try state.drag(1, from: 100, 200, by: -5, 0, steps: 2, from: 0) == ["photo zoomBegan @0.03125"],
                "8 pt of spread, 2/64 s in; the vertical list's pan stays possible sideways")
        let log = try state.drag(1, from: 90, 200, by: 0, 5, steps: 8, from: 0.03125)
        #expect(!log.contains { $0.hasPrefix("list") }, "the list's pan failed when the pinch began: \(log)")
        #expect(state.number("list", "contentOffsetY", at: 0.5) == 0)
    }
}
