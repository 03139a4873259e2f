import Testing
@testable import AnimationCore

/// `require(toFail:)` between recognisers of different views (docs/scenes.md#arbitration): a
/// row's single tap waiting for a photo's double tap inside it. UIKit holds the tap while the
/// double tap is possible, drops it when the double tap recognises, and delivers it when the
/// double tap fails: 0.35 s after the lift (`maximumIntervalBetweenSuccessiveTaps`).
@Suite("Scenes: a tap waiting for another view's double tap to fail")
struct SceneFailureRequirementTests {
    static func control(_ name: String, _ json: String) throws -> ControlInstance {
        try ControlInstance(ControlDefinition(JSONParser().parse(Array(json.utf8))), name: name, configuration: nil)
    }

    /// A 390 × 200 row with a tap `select`, holding a 100 × 100 photo with a double tap `zoom`.
    static func scene(waiting: Bool = true) throws -> SceneState {
        let region = #""region": {"x": 0, "y": 0, "width": 390, "height": 200}"#
        let row = try control("row", #"{"inputs": {"select": {"type": "tap", \#(region), "on": {"recognized": [{"emit": "rowTapped"}]}}},"#
            + #" "content": {"frame": {"x": 0, "y": 0, "width": 390, "height": 200}}}"#)
        let photo = try control("photo", #"{"inputs": {"zoom": {"type": "tap", "numberOfTapsRequired": 2, "region": {"x": 0, "y": 0, "width": 100, "height": 100},"#
            + #" "on": {"recognized": [{"emit": "zoomed"}]}}}}"#)
        var rowView = sceneView("row", row, 0, 0, 390, 200, [sceneView("photo", photo, 10, 10, 100, 100)])
        if waiting { rowView.requireToFail = [.init(recognizer: "select", view: "photo", otherRecognizer: "zoom")] }
        return try Scenes.state([rowView])
    }

    @Test("A single tap on the photo selects the row 0.35 s after the lift, when the double tap fails")
    func singleTapWaits() throws {
        var state = try Self.scene()
        try state.down(1, 50, 50, at: 0)
        #expect(try state.up(1, 50, 50, at: 0.1) == [], "held while the double tap may still come")
        #expect(state.wait(until: 0.449) == [])
        // The double tap's timer: the lift plus maximumIntervalBetweenSuccessiveTaps (0.1 + 0.35 in doubles).
        #expect(state.wait(until: 0.45) == ["row rowTapped @0.44999999999999996"])
    }

    @Test("A double tap on the photo zooms it, and the row's tap never fires")
    func doubleTapWins() throws {
        var state = try Self.scene()
        try state.down(1, 50, 50, at: 0)
        try state.up(1, 50, 50, at: 0.1)
        try state.down(1, 50, 50, at: 0.2)
        #expect(try state.up(1, 50, 50, at: 0.3) == ["photo zoomed @0.3"])
        #expect(state.wait(until: 2) == [])
    }

    @Test("Without the requirement the row's tap fires at the lift")
    func withoutRequirement() throws {
        var state = try Self.scene(waiting: false)
        try state.down(1, 50, 50, at: 0)
        #expect(try state.up(1, 50, 50, at: 0.1) == ["row rowTapped @0.1"])
    }

    @Test("A tap on the row away from the photo does not wait: nothing is deciding there")
    func elsewhere() throws {
        var state = try Self.scene()
        try state.down(1, 300, 150, at: 0)
        #expect(try state.up(1, 300, 150, at: 0.1) == ["row rowTapped @0.1"])
    }

    @Test("Bad references are refused whole, each at its JSON pointer")
    func refusals() throws {
        func refusal(_ requirement: SceneView.FailureRequirement, on id: String = "row") throws -> String? {
            let base = try Self.scene(waiting: false).scene
            var row = SceneView(id: "row", control: base.nodes[0].control, frame: base.nodes[0].frame,
                                children: [SceneView(id: "photo", control: base.nodes[1].control, frame: base.nodes[1].frame)])
            if id == "row" { row.requireToFail = [requirement] } else { row.children[0].requireToFail = [requirement] }
            do {
                _ = try Scene([row])
                return nil
            } catch {
                return error.code.rawValue + " " + error.path.pointer
            }
        }
        #expect(try refusal(.init(recognizer: "select", view: "photo", otherRecognizer: "zoom")) == nil)
        #expect(try refusal(.init(recognizer: "tap", view: "photo", otherRecognizer: "zoom"))
                    == "unknown_recognizer /views/0/requireToFail/0/recognizer")
        #expect(try refusal(.init(recognizer: "select", view: "nowhere", otherRecognizer: "zoom"))
                    == "unknown_view /views/0/requireToFail/0/toFail/view")
        #expect(try refusal(.init(recognizer: "select", view: "photo", otherRecognizer: "pinch"))
                    == "unknown_recognizer /views/0/requireToFail/0/toFail/recognizer")
        #expect(try refusal(.init(recognizer: "select", view: "row", otherRecognizer: "select"))
                    == "unknown_recognizer /views/0/requireToFail/0/toFail/recognizer", "a recogniser waiting for itself")
    }

    @Test("Two taps waiting for each other are a cycle, refused at the first requirement")
    func cycle() throws {
        let base = try Self.scene(waiting: false).scene
        var photo = SceneView(id: "photo", control: base.nodes[1].control, frame: base.nodes[1].frame)
        photo.requireToFail = [.init(recognizer: "zoom", view: "row", otherRecognizer: "select")]
        var row = SceneView(id: "row", control: base.nodes[0].control, frame: base.nodes[0].frame, children: [photo])
        row.requireToFail = [.init(recognizer: "select", view: "photo", otherRecognizer: "zoom")]
        #expect(throws: SceneError(.failureCycle, at: TreePath([.key("views"), .index(0), .key("requireToFail"), .index(0)]),
                                   "these recognisers wait for one another to fail: none would ever recognise")) {
            _ = try Scene([row])
        }
    }
}
