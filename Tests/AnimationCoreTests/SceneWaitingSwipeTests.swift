import Testing
@testable import AnimationCore

/// `require(toFail:)` between views with a swipe on either side (docs/scenes.md#failure-requirements-across-views).
/// UIKit's rules: a swipe is discrete; one that waits is recognised internally but its action is
/// withheld while what it waits for is possible, delivered at the moment that one fails and dropped
/// if it recognises; a swipe that is awaited holds the waiting one while possible and fails it by
/// recognising. Figures: the swipe's 50 pt minimum primary movement shrinking by 94 % per second
/// of its 0.5 s maximum duration (at 5/64 s: 46.33 pt), the scroll view's 10 pt hysteresis, which
/// a vertical list's pan crosses sideways without beginning (it stays possible until the lift).
/// Fingers move every 1/64 s so times are exact.
@Suite("Scenes: a swipe waiting for another view's recogniser to fail, and one awaited")
struct SceneWaitingSwipeTests {
    typealias F = SceneFailureRequirementTests

    /// A vertical list (390 × 844, content 2000 tall) holding a row at content (0, 100), 390 × 44,
    /// whose left swipe `delete` waits for the list's `pan` when `waiting`.
    static func list(waiting: Bool = true) throws -> SceneState {
        let row = try F.control("row", #"""
        {"inputs": {"delete": {"type": "swipe", "direction": "left", "region": {"x": 0, "y": 0, "width": 390, "height": 44},
           "on": {"recognized": [{"emit": "deleteSwiped", "fields": {"x": "event.translation.x", "y": "event.translation.y"}}]}}}}
        """#)
        var rowView = sceneView("row", row, 0, 100, 390, 44)
        if waiting { rowView.requireToFail = [.init(recognizer: "delete", view: "list", otherRecognizer: "pan")] }
        return try Scenes.state([sceneView("list", try builtIn("scrollView"), 0, 0, 390, 844, [rowView])])
    }

    @Test("A vertical drag on the row scrolls the list: its pan begins at 10 pt and the swipe never fires")
    func verticalDragScrolls() throws {
        var state = try Self.list()
        var log = try state.down(1, 200, 122, at: 0)
        log += try state.drag(1, from: 200, 122, by: 0, -5, steps: 8, from: 0)
        #expect(log == ["list scrollViewWillBeginDragging @0.03125"])
        #expect(state.number("list", "contentOffsetY", at: 0.125) == 30)
        log = try state.up(1, 200, 82, at: 0.125)
        #expect(!log.contains { $0.hasPrefix("row") }, "\(log)")
        #expect(state.wait(until: 2).allSatisfy { $0.hasPrefix("list") })
    }

    @Test("A quick swipe left: recognised at 50 pt (5/64 s) but held while the list's pan is possible; it fires at the lift, when the pan fails")
    func quickSwipeFiresWhenThePanFails() throws {
        var state = try Self.list()
        try state.down(1, 300, 122, at: 0)
        #expect(try state.drag(1, from: 300, 122, by: -10, 0, steps: 8, from: 0) == [], "held from 5/64 s on; the list does not scroll sideways")
        #expect(try state.detailed(1, .up(Point(x: 220, y: 122)), at: 0.125) == ["row deleteSwiped x=-50.0 y=0.0 @0.125"],
                "the translation at its recognition, delivered when the pan fails")
        #expect(state.number("list", "contentOffsetY", at: 0.125) == 0)
        #expect(state.wait(until: 2) == [])
    }

    @Test("Without the requirement the swipe fires on the move that completes it, 5/64 s in")
    func withoutRequirement() throws {
        var state = try Self.list(waiting: false)
        try state.down(1, 300, 122, at: 0)
        var log: [String] = []
        for k in 1...8 { log += try state.detailed(1, .move(Point(x: 300 - 10 * Double(k), y: 122)), at: Double(k) / 64) }
        #expect(log == ["row deleteSwiped x=-50.0 y=0.0 @0.078125"])
    }

    @Test("Held, then the finger turns down: the list's pan begins and the held swipe fails")
    func heldSwipeFailsWhenThePanBegins() throws {
        var state = try Self.list()
        try state.down(1, 300, 122, at: 0)
        try state.drag(1, from: 300, 122, by: -10, 0, steps: 6, from: 0)
        #expect(try state.drag(1, from: 240, 122, by: 0, 5, steps: 4, from: 6.0 / 64) == ["list scrollViewWillBeginDragging @0.125"])
        #expect(try state.up(1, 240, 142, at: 0.2).allSatisfy { $0.hasPrefix("list") })
        #expect(state.wait(until: 2).allSatisfy { $0.hasPrefix("list") })
    }

    // MARK: A swipe awaited

    /// A 390 × 400 card with a pan `drag` (waiting for the photo's `awaited` recogniser when
    /// `waiting`), holding a 300 × 300 photo at (45, 50) with a left swipe `next` and a pinch `zoom`.
    static func card(waiting: Bool = true, awaited: String = "next") throws -> SceneState {
        let card = try F.control("card", #"""
        {"inputs": {"drag": {"type": "pan", "region": {"x": 0, "y": 0, "width": 390, "height": 400}, "on": {
            "began": [{"emit": "dragBegan", "fields": {"y": "event.translation.y"}}],
            "changed": [{"emit": "dragChanged", "fields": {"y": "event.translation.y"}}]}}},
         "content": {"frame": {"x": 0, "y": 0, "width": 390, "height": 400}}}
        """#)
        let photo = try F.control("photo", #"""
        {"inputs": {"next": {"type": "swipe", "direction": "left", "region": {"x": 0, "y": 0, "width": 300, "height": 300},
           "on": {"recognized": [{"emit": "nextSwiped"}]}},
          "zoom": {"type": "pinch", "region": {"x": 0, "y": 0, "width": 300, "height": 300}}}}
        """#)
        var cardView = sceneView("card", card, 0, 0, 390, 400, [sceneView("photo", photo, 45, 50, 300, 300)])
        if waiting { cardView.requireToFail = [.init(recognizer: "drag", view: "photo", otherRecognizer: awaited)] }
        return try Scenes.state([cardView])
    }

    @Test("The card's pan waits for the photo's swipe: a quick swipe left recognises it, and the pan, held from 10 pt, fails")
    func awaitedSwipeRecognises() throws {
        var state = try Self.card()
        try state.down(1, 300, 200, at: 0)
        var log: [String] = []
        for k in 1...8 { log += try state.detailed(1, .move(Point(x: 300 - 10 * Double(k), y: 200)), at: Double(k) / 64) }
        #expect(log == ["photo nextSwiped @0.078125"])
        #expect(try state.detailed(1, .up(Point(x: 220, y: 200)), at: 0.125) == [])
    }

    @Test("Held from 10 pt and kept still: the swipe fails at its 0.5 s limit and the pan begins there, translation 0")
    func awaitedSwipeFailsByTime() throws {
        var state = try Self.card()
        try state.down(1, 200, 200, at: 0)
        #expect(try state.drag(1, from: 200, 200, by: 0, 5, steps: 2, from: 0) == [], "held at 10 pt (2/64 s)")
        #expect(state.wait(until: 0.499) == [])
        #expect(state.wait(until: 0.5) == ["card dragBegan @0.5"])
        #expect(try state.detailed(1, .move(Point(x: 200, y: 220)), at: 33.0 / 64) == ["card dragChanged y=10.0 @0.515625"])
    }

    @Test("A drag down: the swipe fails when the movement across passes its shrinking maximum (125 > 123.4 pt at 25/64 s); the pan begins there")
    func awaitedSwipeFailsAcross() throws {
        var state = try Self.card()
        try state.down(1, 200, 200, at: 0)
        #expect(try state.drag(1, from: 200, 200, by: 0, 5, steps: 24, from: 0) == [], "120 pt across is within 200·(1 − 0.375·0.98) = 126.5")
        #expect(try state.detailed(1, .move(Point(x: 200, y: 325)), at: 25.0 / 64) == ["card dragBegan y=0.0 @0.390625"])
    }

    @Test("Without the requirement the pan begins at 10 pt and the swipe fails with it")
    func awaitedWithoutRequirement() throws {
        var state = try Self.card(waiting: false)
        try state.down(1, 300, 200, at: 0)
        var log: [String] = []
        for k in 1...8 { log += try state.detailed(1, .move(Point(x: 300 - 10 * Double(k), y: 200)), at: Double(k) / 64) }
        #expect(log.first == "card dragBegan y=0.0 @0.015625")
        #expect(!log.contains { $0.hasPrefix("photo") })
    }

    @Test("Waiting for the photo's pinch instead: one finger is held from 10 pt (the pinch stays possible for a second touch, which never comes); at the lift the pinch fails and the pan begins and ends there")
    func awaitedPinchFailsAtTheLift() throws {
        var state = try Self.card(awaited: "zoom")
        try state.down(1, 200, 200, at: 0)
        #expect(try state.drag(1, from: 200, 200, by: 0, 5, steps: 8, from: 0) == [])
        #expect(try state.detailed(1, .up(Point(x: 200, y: 240)), at: 0.125) == ["card dragBegan y=0.0 @0.125"])
    }

    // MARK: Bad input

    @Test("Refusals name their member: an unknown recogniser or view, a cycle through a swipe or a pinch")
    func refusals() throws {
        func refusal(_ requirements: [SceneView.FailureRequirement], onPhoto photoRequirements: [SceneView.FailureRequirement] = []) throws -> String? {
            let base = try Self.card(waiting: false).scene
            var photo = SceneView(id: "photo", control: base.nodes[1].control, frame: base.nodes[1].frame)
            photo.requireToFail = photoRequirements
            var card = SceneView(id: "card", control: base.nodes[0].control, frame: base.nodes[0].frame, children: [photo])
            card.requireToFail = requirements
            do {
                _ = try Scene([card])
                return nil
            } catch {
                return error.code.rawValue + " " + error.path.pointer
            }
        }
        #expect(try refusal([], onPhoto: [.init(recognizer: "next", view: "card", otherRecognizer: "drag")]) == nil, "a swipe may wait")
        #expect(try refusal([], onPhoto: [.init(recognizer: "zoom", view: "card", otherRecognizer: "drag")]) == nil, "a pinch may wait")
        #expect(try refusal([.init(recognizer: "drag", view: "photo", otherRecognizer: "zoom")],
                            onPhoto: [.init(recognizer: "zoom", view: "card", otherRecognizer: "drag")])
                    == "failure_cycle /views/0/requireToFail/0", "the pan and the pinch waiting for each other")
        #expect(try refusal([], onPhoto: [.init(recognizer: "swipe", view: "card", otherRecognizer: "drag")])
                    == "unknown_recognizer /views/0/children/0/requireToFail/0/recognizer")
        #expect(try refusal([], onPhoto: [.init(recognizer: "next", view: "card", otherRecognizer: "pan")])
                    == "unknown_recognizer /views/0/children/0/requireToFail/0/toFail/recognizer")
        #expect(try refusal([], onPhoto: [.init(recognizer: "next", view: "table", otherRecognizer: "drag")])
                    == "unknown_view /views/0/children/0/requireToFail/0/toFail/view")
        #expect(try refusal([.init(recognizer: "drag", view: "photo", otherRecognizer: "next")],
                            onPhoto: [.init(recognizer: "next", view: "card", otherRecognizer: "drag")])
                    == "failure_cycle /views/0/requireToFail/0", "the pan and the swipe waiting for each other")
    }
}
