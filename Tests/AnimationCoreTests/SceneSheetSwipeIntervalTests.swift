import Testing
@testable import AnimationCore

/// UIKit's `MinimumSheetSwipeInterval` (docs/scenes.md#a-sheet-and-its-list; docs/fidelity.md#scenes):
/// `_UISheetInteraction` leaves a drag of its list to the list when the list's previous pan ended
/// less than 0.4 s before, unless the sheet is still moving. The sheet and list of
/// `SceneSheetHandoffTests`; fingers move 5 pt every 1/64 s, the list's pan beginning at the
/// second step (10 pt).
@Suite("Scenes: a second quick swipe of a sheet's list leaves a resting sheet alone")
struct SceneSheetSwipeIntervalTests {
    typealias H = SceneSheetHandoffTests

    /// The list scrolled 20 pt, dragged 30 pt down (20 after the hysteresis: back at its top), held
    /// still and lifted at 0.1875 s with no velocity: its pan ended there, the sheet never moved.
    static func afterAFirstSwipe() throws -> SceneState {
        var state = try H.sheet(list: ["width": 390, "height": 780, "contentOffsetY": 20])
        try state.down(1, 195, 600, at: 0)
        try state.drag(1, from: 195, 600, by: 0, 5, steps: 6, from: 0)
        try state.move(1, 195, 630, at: 0.125)
        try state.move(1, 195, 630, at: 0.15625)
        try state.up(1, 195, 630, at: 0.1875)
        return state
    }

    @Test("A pull-down whose pan begins 0.09375 s after the last one ended: the resting sheet stays, the list rubber-bands")
    func quickSecondSwipe() throws {
        var state = try Self.afterAFirstSwipe()
        #expect(state.number("list", "contentOffsetY", at: 0.1875) == 0)
        #expect(state.number("sheet", "sheetTop", at: 0.1875) == H.medium)
        try state.down(2, 195, 600, at: 0.25)
        try state.drag(2, from: 195, 600, by: 0, 5, steps: 8, from: 0.25)
        #expect(state.number("sheet", "sheetTop", at: 0.375) == H.medium)
        #expect(state.bool("sheet", "isDragging", at: 0.375) == false)
        let offset = state.number("list", "contentOffsetY", at: 0.375)
        #expect(offset < 0 && offset > -30, "30 pt of travel on the rubber band: \(offset)")
    }

    @Test("The same pull-down 0.54375 s after (not less than 0.4 s): the sheet moves 30 pt, the list stays at its top")
    func slowSecondSwipe() throws {
        var state = try Self.afterAFirstSwipe()
        try state.down(2, 195, 600, at: 0.7)
        try state.drag(2, from: 195, 600, by: 0, 5, steps: 8, from: 0.7)
        #expect(abs(state.number("sheet", "sheetTop", at: 0.825) - (H.medium + 30)) < 1e-9)
        #expect(state.number("list", "contentOffsetY", at: 0.825) == 0)
    }

    @Test("A quick second swipe while the sheet still springs back from the first: the sheet takes part (it is animating)")
    func sheetStillMoving() throws {
        var state = try H.sheet()
        try state.down(1, 195, 600, at: 0)
        try state.drag(1, from: 195, 600, by: 0, 5, steps: 8, from: 0)
        try state.up(1, 195, 640, at: 0.125)
        #expect(state.number("sheet", "sheetTop", at: 0.25) > H.medium, "springing back to the medium detent")
        try state.down(2, 195, 600, at: 0.25)
        try state.drag(2, from: 195, 600, by: 0, 5, steps: 8, from: 0.25)
        #expect(state.bool("sheet", "isDragging", at: 0.375) == true)
        #expect(state.number("list", "contentOffsetY", at: 0.375) == 0, "pinned at its top: no rubber band")
    }
}

/// The sheet leaves alone a list that has a refresh control (`_shouldInteractWithDescendentScrollView:`
/// answers no when the scroll view's `refreshControl` is set): a pull-down at the list's top pulls the
/// list, not the sheet.
@Suite("Scenes: a sheet leaves a list with a refresh control to itself")
struct SceneSheetRefreshControlTests {
    typealias H = SceneSheetHandoffTests

    @Test("A pull-down 40 pt at the top of a list inside a refresh control: the sheet stays at 395.04, the list is pulled")
    func refreshControlKeepsTheDrag() throws {
        let list = sceneView("list", try builtIn("scrollView", ["width": 390, "height": 780]), 0, 0, 390, 780)
        let refresh = sceneView("refresh", try builtIn("refreshControl", ["width": 390, "height": 780]), 0, 20, 390, 780, [list])
        var state = try Scenes.state([sceneView("sheet", try builtIn("sheet", ["containerWidth": 390, "containerHeight": 844]), 0, 0, 390, 844, [refresh])])
        try state.down(1, 195, 600, at: 0)
        try state.drag(1, from: 195, 600, by: 0, 5, steps: 8, from: 0)
        #expect(state.number("sheet", "sheetTop", at: 0.125) == H.medium)
        #expect(state.bool("sheet", "isDragging", at: 0.125) == false)
        let offset = state.number("list", "contentOffsetY", at: 0.125)
        #expect(offset < 0 && offset > -30, "30 pt of travel on the rubber band: \(offset)")
    }

    @Test("isRefreshControl is a literal bool, refused elsewhere at its pointer")
    func declarationIsChecked() throws {
        func fault(_ value: String) throws -> String? {
            try DefinitionTests.fault(#"{"content": {"frame": {"x": 0, "y": 0, "width": 10, "height": 10}, "isRefreshControl": \#(value)}}"#)
                .map { $0.code + " " + $0.pointer }
        }
        #expect(try fault("true") == nil)
        #expect(try fault(#""yes""#)?.hasSuffix(" /content/isRefreshControl") == true)
    }
}
