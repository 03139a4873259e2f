import Testing
@testable import AnimationCore

/// A list in a sheet, as UIKit's `UISheetPresentationController` shares a drag with its scrolling
/// content (docs/scenes.md#arbitration; sources in docs/fidelity.md#scenes): the sheet
/// (390 × 844, UIKit's insets: large detent at 69, medium at 844 − 34 − 741 × 0.56 = 395.04) holds
/// a list 20 pt below its top. Fingers move 5 pt every 1/64 s; the list's pan begins at 10 pt with
/// no translation, so the travel shared from then on is 5 pt per step after the second.
@Suite("Scenes: a sheet sharing a drag with its list")
struct SceneSheetHandoffTests {
    static let medium = 395.03999999999996
    static let large = 69.0

    static func sheet(expands: Bool = true, list configure: JSON = ["width": 390, "height": 780]) throws -> SceneState {
        var sheet = sceneView("sheet", try builtIn("sheet", ["containerWidth": 390, "containerHeight": 844]), 0, 0, 390, 844, [
            sceneView("list", try builtIn("scrollView", configure), 0, 20, 390, 780),
        ])
        sheet.prefersScrollingExpandsWhenScrolledToEdge = expands
        return try Scenes.state([sheet])
    }

    @Test("At the medium detent an upward drag in the list expands the sheet first; the list scrolls once the sheet is at its largest")
    func upwardDragExpandsTheSheetFirst() throws {
        var state = try Self.sheet()
        try state.down(1, 195, 600, at: 0)
        let log = try state.drag(1, from: 195, 600, by: 0, -5, steps: 8, from: 0)
        #expect(log == ["list scrollViewWillBeginDragging @0.03125"], "the list's pan begins at 10 pt; the sheet is dragged, not told")
        #expect(abs(state.number("sheet", "sheetTop", at: 0.125) - (Self.medium - 30)) < 1e-9, "30 pt of shared travel move the sheet")
        #expect(state.bool("sheet", "isDragging", at: 0.125) == true)
        #expect(state.number("list", "contentOffsetY", at: 0.125) == 0, "the list does not scroll")
        // 70 steps more: 380 pt of travel, 326.04 of them to reach the large detent, the rest scrolls the list.
        try state.drag(1, from: 195, 560, by: 0, -5, steps: 70, from: 0.125)
        let t = 0.125 + 70.0 / 64
        #expect(state.number("sheet", "sheetTop", at: t) == Self.large)
        #expect(abs(state.number("list", "contentOffsetY", at: t) - (380 - (Self.medium - Self.large))) < 1e-9, "53.96")
        let lift = try state.up(1, 195, 210, at: t)
        #expect(lift.contains("sheet detentChanged @\(t)"), "released still, the sheet stays at the large detent: \(lift)")
        state.wait(until: 3)
        #expect(state.number("sheet", "sheetTop", at: 3) == Self.large)
    }

    @Test("A pull-down at the list's top moves the sheet down, the list pinned at its top, and dismisses it when far enough")
    func pullDownAtTheTopMovesTheSheet() throws {
        var state = try Self.sheet()
        try state.down(1, 195, 600, at: 0)
        try state.drag(1, from: 195, 600, by: 0, 5, steps: 8, from: 0)
        #expect(abs(state.number("sheet", "sheetTop", at: 0.125) - (Self.medium + 30)) < 1e-9)
        #expect(state.number("list", "contentOffsetY", at: 0.125) == 0, "no rubber band at the top")
        // 24 steps of 10 pt more: 270 pt down in all; released at 640 pt/s it projects to
        // 665.04 + 640 · 0.99 / 0.01 / 1000 = 728.4, nearer 844 (dismissed) than 395.04 (medium).
        try state.drag(1, from: 195, 640, by: 0, 10, steps: 24, from: 0.125)
        #expect(abs(state.number("sheet", "sheetTop", at: 0.5) - (Self.medium + 270)) < 1e-9)
        #expect(state.number("list", "contentOffsetY", at: 0.5) == 0)
        let lift = try state.up(1, 195, 880, at: 0.5)
        #expect(lift.contains("sheet willDismiss @0.5"), "\(lift)")
    }

    @Test("A drag that begins with the list scrolled moves the list only, even past its top")
    func scrolledListKeepsTheDrag() throws {
        var state = try Self.sheet(list: ["width": 390, "height": 780, "contentOffsetY": 20])
        try state.down(1, 195, 600, at: 0)
        try state.drag(1, from: 195, 600, by: 0, 5, steps: 8, from: 0)
        #expect(state.number("sheet", "sheetTop", at: 0.125) == Self.medium)
        let offset = state.number("list", "contentOffsetY", at: 0.125)
        #expect(offset < 0 && offset > -10, "20 pt back to the top, then 10 pt on the rubber band: \(offset)")
    }

    @Test("prefersScrollingExpandsWhenScrolledToEdge false: an upward drag scrolls the list at the medium detent; below the start the sheet still follows")
    func switchOff() throws {
        var state = try Self.sheet(expands: false)
        try state.down(1, 195, 600, at: 0)
        try state.drag(1, from: 195, 600, by: 0, -5, steps: 8, from: 0)
        #expect(state.number("sheet", "sheetTop", at: 0.125) == Self.medium, "the sheet stays")
        #expect(state.bool("sheet", "isDragging", at: 0.125) == false)
        #expect(state.number("list", "contentOffsetY", at: 0.125) == 30, "40 pt of travel less the 10 of hysteresis")
        // Back down 80 pt in the same drag: 30 return the list to its top, 50 pull the sheet.
        try state.drag(1, from: 195, 560, by: 0, 5, steps: 16, from: 0.125)
        #expect(state.number("list", "contentOffsetY", at: 0.375) == 0)
        #expect(abs(state.number("sheet", "sheetTop", at: 0.375) - (Self.medium + 50)) < 1e-9)
    }

    @Test("A drag on the sheet above its list moves the sheet with its own pan, as before")
    func sheetOwnPan() throws {
        var state = try Self.sheet()
        try state.down(1, 195, 405, at: 0)
        try state.drag(1, from: 195, 405, by: 0, -5, steps: 8, from: 0)
        #expect(abs(state.number("sheet", "sheetTop", at: 0.125) - (Self.medium - 30)) < 1e-9)
        #expect(state.number("list", "contentOffsetY", at: 0.125) == 0)
    }

    @Test("interactsWithDescendantScrollView is data: it needs a number `room` and a bool `when` of the state")
    func declarationIsChecked() throws {
        func fault(_ section: String) throws -> (String, String)? {
            let json = #"{"variables": {"y": {"type": "number", "initial": 0}}, "inputs": {"pan": {"type": "pan", "region": {"x": 0, "y": 0, "width": 10, "height": 10}, "on": {}}},"#
                + #" "content": {"frame": {"x": 0, "y": "y", "width": 10, "height": 10}, "interactsWithDescendantScrollView": \#(section)}}"#
            do {
                _ = try ControlDefinition(JSONParser().parse(Array(json.utf8)))
                return nil
            } catch let error as DocumentError {
                return (error.code.rawValue + " " + error.message, error.path.pointer)
            }
        }
        let plain = try fault(#"{"room": "y"}"#)
        #expect(plain == nil, "\(String(describing: plain))")
        #expect(try fault(#"{"when": "y > 0", "room": "max(y, 0)"}"#) == nil)
        #expect(try fault(#"{"when": "y > 0"}"#)?.1 == "/content/interactsWithDescendantScrollView/room")
        #expect(try fault(#"{"room": "y > 0"}"#)?.1 == "/content/interactsWithDescendantScrollView/room")
        #expect(try fault(#"{"room": "y", "expands": true}"#)?.1 == "/content/interactsWithDescendantScrollView/expands")
    }

    @Test("Nested same-axis scroll views keep UIKit's rule: the inner wins, no hand-off")
    func nestedListsUnchanged() throws {
        var inner = sceneView("inner", try builtIn("scrollView", ["height": 300]), 0, 100, 390, 300)
        inner.prefersScrollingExpandsWhenScrolledToEdge = true
        var state = try Scenes.state([sceneView("outer", try builtIn("scrollView"), 0, 0, 390, 844, [inner])])
        try state.down(1, 195, 300, at: 0)
        try state.drag(1, from: 195, 300, by: 0, 5, steps: 8, from: 0)
        #expect(state.number("outer", "contentOffsetY", at: 0.125) == 0)
        #expect(state.number("inner", "contentOffsetY", at: 0.125) < 0, "the inner rubber-bands at its top")
    }
}
