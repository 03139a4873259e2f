import Testing
@testable import AnimationCore

/// Touch delivery and gesture arbitration in scenes, as UIKit does them (docs/scenes.md; each
/// rule's source in docs/fidelity.md#scenes). Fingers move every 1/64 s so times are exact; the
/// scroll view's pan begins when the finger has gone 10 pt and scrolls by the travel past that.
@Suite("Scenes: touch delivery and arbitration")
struct SceneArbitrationTests {
    /// A vertical list (390 × 844, content 2000 tall) holding a button at content (95, 100), a
    /// plain panel at (0, 400) and a slider at (45, 600).
    static func list(button configure: (inout SceneView) -> Void = { _ in }, list change: (inout SceneView) -> Void = { _ in }) throws -> SceneState {
        var button = sceneView("button", try builtIn("button"), 95, 100, 200, 50)
        configure(&button)
        var list = sceneView("list", try builtIn("scrollView"), 0, 0, 390, 844, [
            button,
            sceneView("panel", nil, 0, 400, 390, 100),
            sceneView("slider", try builtIn("slider"), 45, 600, 300, 31),
        ])
        change(&list)
        return try Scenes.state([list])
    }

    // MARK: A button in a scroll view

    @Test("A quick drag from a button scrolls the list; the button never sees the touch")
    func quickDragScrolls() throws {
        var state = try Self.list()
        var log = try state.down(1, 195, 125, at: 0)
        log += try state.drag(1, from: 195, 125, by: 0, -5, steps: 8, from: 0)
        #expect(log == ["list scrollViewWillBeginDragging @0.03125"], "the pan begins at 10 pt, 2/64 s in")
        #expect(state.number("list", "contentOffsetY", at: 0.125) == 30, "40 pt of travel less the 10 of hysteresis")
        #expect(state.bool("button", "highlighted", at: 0.125) == false)
        log = try state.up(1, 195, 85, at: 0.125)
        #expect(!log.contains { $0.hasPrefix("button") }, "\(log)")
        #expect(log.first == "list scrollViewWillEndDragging @0.125")
    }

    @Test("A quick tap on a button in a list: touchDown and touchUpInside both at the lift")
    func quickTap() throws {
        var state = try Self.list()
        #expect(try state.down(1, 195, 125, at: 0) == [])
        // The button reports its highlight (stateChanged) before each control event, as its own session does.
        #expect(try state.up(1, 195, 125, at: 0.1) == [
            "button stateChanged @0.1", "button touchDown @0.1", "button stateChanged @0.1", "button touchUpInside @0.1",
            "button primaryActionTriggered @0.1",
        ])
    }

    @Test("Held past 0.15 s the button has the touch: a drag keeps it tracking and the list does not scroll")
    func heldButtonKeepsTheTouch() throws {
        var state = try Self.list()
        try state.down(1, 195, 125, at: 0)
        #expect(state.wait(until: 0.149) == [])
        #expect(state.wait(until: 0.15) == ["button stateChanged @0.15", "button touchDown @0.15"], "the content-touch delay")
        var log = try state.drag(1, from: 195, 125, by: 0, -5, steps: 4, from: 0.25)
        #expect(log == Array(repeating: "", count: 4).enumerated().map { "button touchDragInside @\(0.25 + Double($0.offset + 1) / 64)" },
                "the pan fails at 10 pt: it cannot cancel an enabled control")
        #expect(state.number("list", "contentOffsetY", at: 0.5) == 0)
        // Far enough (local y −75, beyond the 70 pt slop) the button lets go of the highlight, still tracking.
        log = try state.move(1, 195, 25, at: 0.5)
        #expect(log == ["button stateChanged @0.5", "button touchDragExit @0.5", "button touchDragOutside @0.5"])
        #expect(try state.up(1, 195, 25, at: 0.6) == ["button touchUpOutside @0.6"])
        #expect(state.number("list", "contentOffsetY", at: 0.6) == 0)
    }

    @Test("touchesShouldCancel(in:) answering true for the button: the held drag scrolls and cancels it")
    func overriddenTouchesShouldCancel() throws {
        var state = try Self.list(button: { $0.touchesShouldCancel = true })
        try state.down(1, 195, 125, at: 0)
        #expect(state.wait(until: 0.15) == ["button stateChanged @0.15", "button touchDown @0.15"])
        let log = try state.drag(1, from: 195, 125, by: 0, -5, steps: 8, from: 0.25)
        #expect(log == ["button touchDragInside @0.265625", "list scrollViewWillBeginDragging @0.28125",
                        "button stateChanged @0.28125", "button touchCancel @0.28125"])
        #expect(state.number("list", "contentOffsetY", at: 0.375) == 30)
    }

    @Test("canCancelContentTouches false: even a view that agrees to be cancelled keeps the touch")
    func cannotCancelContentTouches() throws {
        var state = try Self.list(button: { $0.touchesShouldCancel = true }, list: { $0.canCancelContentTouches = false })
        try state.down(1, 195, 125, at: 0)
        state.wait(until: 0.15)
        try state.drag(1, from: 195, 125, by: 0, -5, steps: 8, from: 0.25)
        #expect(state.number("list", "contentOffsetY", at: 0.375) == 0)
        #expect(state.bool("button", "highlighted", at: 0.375) == true)
    }

    @Test("Held past 0.15 s on a plain view, a drag scrolls the list")
    func heldPlainViewScrolls() throws {
        var state = try Self.list()
        try state.down(1, 195, 450, at: 0)
        state.wait(until: 0.2)
        let log = try state.drag(1, from: 195, 450, by: 0, -5, steps: 8, from: 0.25)
        #expect(log == ["list scrollViewWillBeginDragging @0.28125"])
        #expect(state.number("list", "contentOffsetY", at: 0.375) == 30)
    }

    @Test("delaysContentTouches false: the button has the touch at once, and a quick drag does not scroll")
    func noDelay() throws {
        var state = try Self.list(list: { $0.delaysContentTouches = false })
        #expect(try state.down(1, 195, 125, at: 0) == ["button stateChanged @0.0", "button touchDown @0.0"])
        try state.drag(1, from: 195, 125, by: 0, -5, steps: 8, from: 0)
        #expect(state.number("list", "contentOffsetY", at: 0.125) == 0)
    }

    // MARK: Crossing axes

    @Test("A horizontal slider in a vertical list: 10 pt sideways gives the slider the touch, and the list never scrolls")
    func sliderInList() throws {
        var state = try Self.list()
        // The thumb (28 pt, value 0) spans slider x 0…28, y 2…30: its centre is (14, 15), (59, 615) in the window.
        try state.down(1, 59, 615, at: 0)
        #expect(try state.move(1, 64, 615, at: 1.0 / 64) == [])
        #expect(try state.move(1, 69, 615, at: 2.0 / 64) == [], "10 pt: not more than the scroll hysteresis")
        let log = try state.move(1, 74, 615, at: 3.0 / 64)
        #expect(log.first == "slider touchDown @0.046875", "released past 10 pt along the axis the list cannot scroll")
        expectClose(state.number("slider", "value", at: 3.0 / 64), 15.0 / 272, within: 1e-12)
        // Now vertical movement: the list's pan would begin, but the slider has the touch.
        try state.drag(1, from: 74, 615, by: 0, -10, steps: 5, from: 3.0 / 64)
        #expect(state.number("list", "contentOffsetY", at: 0.2) == 0)
        #expect(state.bool("slider", "tracking", at: 0.2) == true)
    }

    @Test("A vertical drag from the slider's thumb scrolls the list; the slider never sees it")
    func verticalDragFromSlider() throws {
        var state = try Self.list()
        try state.down(1, 59, 615, at: 0)
        var log = try state.drag(1, from: 59, 615, by: 0, -5, steps: 8, from: 0)
        log += try state.up(1, 59, 575, at: 0.125)
        #expect(!log.contains { $0.hasPrefix("slider") })
        #expect(state.number("list", "contentOffsetY", at: 0.125) == 30)
    }

    /// A horizontal pager (3 pages of 390) at content y 100 of a vertical list.
    static func pagerInList() throws -> SceneState {
        let pager = try builtIn("scrollView", ["width": 390, "height": 200, "contentWidth": 1170, "contentHeight": 200, "isPagingEnabled": true])
        return try Scenes.state([sceneView("list", try builtIn("scrollView"), 0, 0, 390, 844, [sceneView("pager", pager, 0, 100, 390, 200)])])
    }

    @Test("A horizontal pager in a vertical list: a sideways drag pages, and later vertical movement does not scroll the list")
    func pagerTakesSidewaysDrags() throws {
        var state = try Self.pagerInList()
        try state.down(1, 300, 200, at: 0)
        let log = try state.drag(1, from: 300, 200, by: -5, 0, steps: 8, from: 0)
        #expect(log == ["pager scrollViewWillBeginDragging @0.03125"])
        #expect(state.number("pager", "contentOffsetX", at: 0.125) == 30)
        try state.drag(1, from: 260, 200, by: 0, -10, steps: 5, from: 0.125)
        #expect(state.number("list", "contentOffsetY", at: 0.25) == 0)
        #expect(state.number("pager", "contentOffsetY", at: 0.25) == 0)
    }

    @Test("A horizontal pager in a vertical list: a vertical drag on the pager scrolls the list")
    func listTakesVerticalDrags() throws {
        var state = try Self.pagerInList()
        try state.down(1, 300, 200, at: 0)
        let log = try state.drag(1, from: 300, 200, by: 0, -5, steps: 8, from: 0)
        #expect(log == ["list scrollViewWillBeginDragging @0.03125"])
        #expect(state.number("list", "contentOffsetY", at: 0.125) == 30)
        try state.drag(1, from: 300, 160, by: -10, 0, steps: 5, from: 0.125)
        #expect(state.number("pager", "contentOffsetX", at: 0.25) == 0, "the pager's pan was excluded")
    }

    // MARK: Taps

    @Test("A tap on a switch in a row toggles it; the row's tap does not fire. A tap beside the switch selects the row")
    func switchInRow() throws {
        let row = sceneView("row", try Scenes.row(), 0, 100, 390, 44, [sceneView("toggle", try builtIn("switch"), 323, 6, 51, 31)])
        var state = try Scenes.state([row])
        var log = try state.down(1, 340, 120, at: 0)
        log += try state.up(1, 340, 120, at: 0.1)
        #expect(log == ["toggle valueChanged @0.0"], "the switch of the catalogue toggles on touch-down")
        #expect(state.bool("toggle", "isOn", at: 0.5) == true)
        log = try state.down(1, 100, 120, at: 1)
        log += try state.up(1, 100, 120, at: 1.1)
        #expect(log == ["row rowTapped @1.1"])
    }

    // MARK: Several fingers

    @Test("Two fingers on two buttons at once: each tracks its own")
    func twoFingers() throws {
        var state = try Scenes.state([sceneView("a", try builtIn("button", ["width": 100]), 0, 0, 100, 50),
                                      sceneView("b", try builtIn("button", ["width": 100]), 200, 0, 100, 50)])
        #expect(try state.down(1, 50, 25, at: 0) == ["a stateChanged @0.0", "a touchDown @0.0"])
        #expect(try state.down(2, 250, 25, at: 0.05) == ["b stateChanged @0.05", "b touchDown @0.05"])
        #expect(state.bool("a", "highlighted", at: 0.06) == true && state.bool("b", "highlighted", at: 0.06) == true)
        #expect(throws: SceneInputError.touchIdInUse(1)) { try state.down(1, 60, 25, at: 0.07) }
        #expect(try state.move(2, 255, 25, at: 0.08) == ["b touchDragInside @0.08"])
        #expect(try state.up(1, 50, 25, at: 0.1) == ["a stateChanged @0.1", "a touchUpInside @0.1", "a primaryActionTriggered @0.1"])
        #expect(try state.up(2, 255, 25, at: 0.2) == ["b stateChanged @0.2", "b touchUpInside @0.2", "b primaryActionTriggered @0.2"])
        #expect(throws: SceneInputError.unknownTouch(2)) { try state.up(2, 255, 25, at: 0.3) }
    }

    @Test("An exclusive-touch button keeps a second finger from another button")
    func exclusiveTouch() throws {
        var a = sceneView("a", try builtIn("button", ["width": 100]), 0, 0, 100, 50)
        a.isExclusiveTouch = true
        var state = try Scenes.state([a, sceneView("b", try builtIn("button", ["width": 100]), 200, 0, 100, 50)])
        try state.down(1, 50, 25, at: 0)
        #expect(try state.down(2, 250, 25, at: 0.05) == [])
        #expect(try state.up(2, 250, 25, at: 0.1) == [])
    }
}

/// `isDirectionalLockEnabled` on a list that scrolls both ways (docs/fidelity.md#scenes).
@Suite("Scenes: directional lock")
struct SceneDirectionalLockTests {
    static func list(locked: Bool) throws -> SceneState {
        var list = sceneView("list", try builtIn("scrollView", ["contentWidth": 1000]), 0, 0, 390, 844)
        list.isDirectionalLockEnabled = locked
        return try Scenes.state([list])
    }

    @Test("A drag 11° off the horizontal scrolls only horizontally with the lock, and both ways without")
    func shallowDrag() throws {
        for (locked, y) in [(true, 0.0), (false, 6.0)] {
            var state = try Self.list(locked: locked)
            try state.down(1, 300, 400, at: 0)
            try state.drag(1, from: 300, 400, by: -5, -1, steps: 8, from: 0)
            #expect(state.number("list", "contentOffsetX", at: 0.125) == 30, "locked: \(locked)")
            // Unlocked: the pan begins at 2/64 s (10 pt across, 2 up) and the 6 pt up after it scroll.
            #expect(state.number("list", "contentOffsetY", at: 0.125) == y, "locked: \(locked)")
        }
    }

    @Test("A diagonal drag (45°) is not locked; once recognised, the lock is decided again only after a 0.6 s pause")
    func diagonalAndPause() throws {
        var state = try Self.list(locked: true)
        try state.down(1, 300, 400, at: 0)
        try state.drag(1, from: 300, 400, by: -5, -5, steps: 4, from: 0)
        // Both axes reached 10 at 2/64 s: 10 more each since.
        #expect(state.number("list", "contentOffsetX", at: 4.0 / 64) == 10)
        #expect(state.number("list", "contentOffsetY", at: 4.0 / 64) == 10)
        // A nearly vertical step soon after decides no lock: both axes move.
        try state.move(1, 278, 370, at: 0.1)
        #expect(state.number("list", "contentOffsetX", at: 0.1) == 12)
        #expect(state.number("list", "contentOffsetY", at: 0.1) == 20)
        // The same after a pause of 0.6 s locks onto y: x stays.
        try state.move(1, 276, 340, at: 0.7)
        #expect(state.number("list", "contentOffsetX", at: 0.7) == 12)
        #expect(state.number("list", "contentOffsetY", at: 0.7) == 50)
    }
}

/// A touch landing on a decelerating scroll view (docs/fidelity.md#scenes).
@Suite("Scenes: a touch on a moving list")
struct SceneCaughtTouchTests {
    /// The list of `SceneArbitrationTests` with its button at content y 600, flicked up from the
    /// panel: released at 0.125 s at offset 115, moving 1000 pt/s.
    static func flicked() throws -> SceneState {
        var state = try Scenes.state([sceneView("list", try builtIn("scrollView"), 0, 0, 390, 844, [
            sceneView("button", try builtIn("button"), 95, 600, 200, 50),
        ])])
        try state.down(1, 195, 700, at: 0)
        try state.drag(1, from: 195, 700, by: 0, -15.625, steps: 8, from: 0)
        try state.up(1, 195, 575, at: 0.125)
        return state
    }

    @Test("A tap that stops a fling does not reach the button under it")
    func tapStopsTheFling() throws {
        var state = try Self.flicked()
        let offset = state.number("list", "contentOffsetY", at: 0.3)
        #expect(offset > 115 && state.bool("list", "isDecelerating", at: 0.3) == true)
        let y = 625 - offset  // the button's middle, where it shows at 0.3 s
        var log = try state.down(2, 195, y, at: 0.3)
        log += try state.up(2, 195, y, at: 0.35)
        #expect(log == ["list scrollViewDidEndDecelerating @0.3"], "the list stops; the button sees nothing")
        #expect(state.number("list", "contentOffsetY", at: 1) == offset)
        // At rest, the same tap reaches the button (after the content-touch delay, at the lift).
        log = try state.down(3, 195, y, at: 1)
        log += try state.up(3, 195, y, at: 1.05)
        #expect(log.contains("button touchUpInside @1.05"))
    }

    @Test("Caught by a touch, the list's pan begins with the first move, without the 10 pt hysteresis")
    func caughtPanBeginsAtOnce() throws {
        var state = try Self.flicked()
        let offset = state.number("list", "contentOffsetY", at: 0.3)
        try state.down(2, 195, 400, at: 0.3)
        #expect(try state.move(2, 195, 396, at: 0.3 + 1.0 / 64) == ["list scrollViewWillBeginDragging @0.315625"])
        #expect(state.number("list", "contentOffsetY", at: 0.32) == offset + 4)
        try state.up(2, 195, 396, at: 0.4)
        // The next touch has the hysteresis back.
        state.wait(until: 3)
        try state.down(3, 195, 400, at: 3)
        #expect(try state.move(3, 195, 396, at: 3 + 1.0 / 64) == [])
    }
}

/// Nested scroll views of the same axis, and recognising together (docs/fidelity.md#scenes).
@Suite("Scenes: nested lists of the same axis")
struct SceneNestedListTests {
    static func nested(simultaneous: Bool) throws -> SceneState {
        var inner = sceneView("inner", try builtIn("scrollView", ["height": 300]), 0, 100, 390, 300)
        if simultaneous { inner.recognizesSimultaneouslyWith = ["outer"] }
        return try Scenes.state([sceneView("outer", try builtIn("scrollView"), 0, 0, 390, 844, [inner])])
    }

    @Test("A vertical drag in an inner vertical list scrolls the inner one only: its pan is asked first")
    func innerWins() throws {
        var state = try Self.nested(simultaneous: false)
        try state.down(1, 195, 300, at: 0)
        #expect(try state.drag(1, from: 195, 300, by: 0, -5, steps: 8, from: 0) == ["inner scrollViewWillBeginDragging @0.03125"])
        #expect(state.number("inner", "contentOffsetY", at: 0.125) == 30)
        #expect(state.number("outer", "contentOffsetY", at: 0.125) == 0)
    }

    @Test("Recognising simultaneously, both lists scroll with the finger")
    func together() throws {
        var state = try Self.nested(simultaneous: true)
        try state.down(1, 195, 300, at: 0)
        #expect(try state.drag(1, from: 195, 300, by: 0, -5, steps: 8, from: 0)
                    == ["inner scrollViewWillBeginDragging @0.03125", "outer scrollViewWillBeginDragging @0.03125"])
        #expect(state.number("inner", "contentOffsetY", at: 0.125) == 30)
        #expect(state.number("outer", "contentOffsetY", at: 0.125) == 30)
    }

    @Test("recognizesSimultaneouslyWith must name a view of the scene")
    func unknownView() throws {
        var inner = sceneView("inner", nil, 0, 0, 10, 10)
        inner.recognizesSimultaneouslyWith = ["outer", "nowhere"]
        #expect(throws: SceneError(.unknownView, at: TreePath([.key("views"), .index(0), .key("children"), .index(0),
                                                                  .key("recognizesSimultaneouslyWith"), .index(1)]),
                                   "no view has the id 'nowhere'")) {
            _ = try Scene([sceneView("outer", nil, 0, 0, 100, 100, [inner])])
        }
    }
}

/// A second finger landing in a list another finger is dragging (docs/fidelity.md#scenes).
@Suite("Scenes: a second finger in a dragged list")
struct SceneSecondFingerTests {
    @Test("The dragging list takes the second finger: the button under it never sees it; the list follows the first finger alone")
    func secondFingerOnAButton() throws {
        var state = try SceneArbitrationTests.list()
        try state.down(1, 195, 700, at: 0)
        try state.drag(1, from: 195, 700, by: 0, -5, steps: 8, from: 0)
        // The button (content y 100…150) shows at 70…120 with the list at offset 30.
        var log = try state.down(2, 195, 95, at: 0.2)
        log += try state.up(2, 195, 95, at: 0.25)
        #expect(log == [])
        #expect(state.number("list", "contentOffsetY", at: 0.25) == 30)
    }
}
