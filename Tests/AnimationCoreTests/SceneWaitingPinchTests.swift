import Testing
@testable import AnimationCore

/// A pinch or rotation waiting for another recogniser to fail (`require(toFail:)` in a scene,
/// docs/scenes.md#a-pinch-or-rotation-waiting). UIKit's rule: one whose own conditions to begin are
/// met while what it waits for is possible stays possible and delivers nothing; it begins when
/// that one fails, with its value since its fingers came down, and fails if that one recognises.
/// Figures: the pinch's 8 pt hysteresis and its initial distance then moved 8 pt toward the
/// current one (a 200 pt spread read against 208), the tap's 45 pt allowable movement, the
/// rotation's 5° threshold (at an unchanged distance) by which its initial angle then moves, the
/// pan's 10 pt. Fingers move every 1/64 s so times are exact.
@Suite("Scenes: a pinch or rotation waiting for another recogniser to fail")
struct SceneWaitingPinchTests {
    typealias F = SceneFailureRequirementTests

    /// A 300 × 300 photo at (45, 50) with a pinch `zoom` and a double tap `zoomTap`, and a
    /// 100 × 44 button at (45, 400) with a tap `press`; the pinch waits for `awaited` when given.
    static func photo(waitingFor awaited: (view: String, recognizer: String)?) throws -> SceneState {
        let photo = try F.control("photo", #"""
        {"inputs": {"zoom": {"type": "pinch", "region": {"x": 0, "y": 0, "width": 300, "height": 300}, "on": {
            "began": [{"emit": "zoomBegan", "fields": {"scale": "event.scale"}}],
            "changed": [{"emit": "zoomChanged", "fields": {"scale": "event.scale"}}],
            "ended": [{"emit": "zoomEnded", "fields": {"scale": "event.scale"}}]}},
          "zoomTap": {"type": "tap", "numberOfTapsRequired": 2, "region": {"x": 0, "y": 0, "width": 300, "height": 300},
            "on": {"recognized": [{"emit": "zoomTapped"}]}}}}
        """#)
        let button = try F.control("button", #"""
        {"inputs": {"press": {"type": "tap", "region": {"x": 0, "y": 0, "width": 100, "height": 44},
            "on": {"recognized": [{"emit": "pressed"}]}}}}
        """#)
        var photoView = sceneView("photo", photo, 45, 50, 300, 300)
        if let awaited { photoView.requireToFail = [.init(recognizer: "zoom", view: awaited.view, otherRecognizer: awaited.recognizer)] }
        return try Scenes.state([photoView, sceneView("button", button, 45, 400, 100, 44)])
    }

    /// Fingers 1 and 2 down 200 pt apart on the photo at 0; finger 1 moves 5 pt left per step
    /// `steps` (k = 1…) at k/64 s.
    static func spread(_ state: inout SceneState, steps: ClosedRange<Int>) throws -> [String] {
        if steps.lowerBound == 1 {
            try state.down(1, 100, 200, at: 0)
            try state.down(2, 300, 200, at: 0)
        }
        var log: [String] = []
        for k in steps { log += try state.detailed(1, .move(Point(x: 100 - 5 * Double(k), y: 200)), at: Double(k) / 64) }
        return log
    }

    @Test("Waiting for the photo's double tap: held from 8 pt (2/64 s), it begins when the tap fails past 45 pt (10/64 s) at 250/208")
    func pinchBeginsWhenTheDoubleTapFails() throws {
        var state = try Self.photo(waitingFor: ("photo", "zoomTap"))
        #expect(try Self.spread(&state, steps: 1...9) == [], "held: the finger has moved 45 pt, not more")
        #expect(try Self.spread(&state, steps: 10...11) == ["photo zoomBegan scale=1.2019230769230769 @0.15625",
                                                            "photo zoomChanged scale=1.2259615384615385 @0.171875"])
        #expect(try state.detailed(1, .up(Point(x: 45, y: 200)), at: 0.1875) == [], "one finger up pauses it")
        #expect(try state.detailed(2, .up(Point(x: 300, y: 200)), at: 0.1875) == ["photo zoomEnded scale=1.2259615384615385 @0.1875"])
    }

    @Test("Without the requirement the pinch begins past 8 pt, at 2/64 s, and the double tap never fires")
    func withoutRequirement() throws {
        var state = try Self.photo(waitingFor: nil)
        #expect(try Self.spread(&state, steps: 1...3) == ["photo zoomBegan scale=1.0096153846153846 @0.03125",
                                                          "photo zoomChanged scale=1.0336538461538463 @0.046875"])
    }

    @Test("Waiting for the button's tap, which recognises at its lift: the held pinch fails and never begins")
    func pinchFailsWhenTheTapRecognises() throws {
        var state = try Self.photo(waitingFor: ("button", "press"))
        try state.down(3, 80, 420, at: 0)
        #expect(try Self.spread(&state, steps: 1...3) == [])
        #expect(try state.detailed(3, .up(Point(x: 80, y: 420)), at: 0.0625) == ["button pressed @0.0625"])
        #expect(try Self.spread(&state, steps: 5...8) == [])
        #expect(try state.up(1, 60, 200, at: 0.140625) == [])
        #expect(try state.up(2, 300, 200, at: 0.140625) == [])
    }

    @Test("Waiting for the button's tap, whose finger slides 50 pt away: the pinch begins then, on another touch's move, at 215/208")
    func pinchBeginsOnAnotherTouchsMove() throws {
        var state = try Self.photo(waitingFor: ("button", "press"))
        try state.down(3, 80, 420, at: 0)
        #expect(try Self.spread(&state, steps: 1...3) == [])
        #expect(try state.detailed(3, .move(Point(x: 80, y: 470)), at: 0.0625) == ["photo zoomBegan scale=1.0336538461538463 @0.0625"])
        #expect(try Self.spread(&state, steps: 5...5) == ["photo zoomChanged scale=1.0817307692307692 @0.078125"], "225/208")
        #expect(try state.up(3, 80, 470, at: 0.09375) == [])
    }

    @Test("Both fingers lift while the pinch is held and the button's finger is still down: it ends unseen, and does not begin when the tap fails later")
    func pinchLiftedWhileHeldEndsUnseen() throws {
        var state = try Self.photo(waitingFor: ("button", "press"))
        try state.down(3, 80, 420, at: 0)
        #expect(try Self.spread(&state, steps: 1...3) == [])
        #expect(try state.up(1, 85, 200, at: 0.0625) == [])
        #expect(try state.up(2, 300, 200, at: 0.0625) == [])
        #expect(try state.move(3, 80, 470, at: 0.078125) == [])
        #expect(try state.up(3, 80, 470, at: 0.09375) == [])
    }

    // MARK: A rotation waiting for a pan

    /// A 390 × 400 card with a pan `drag`, holding a 300 × 300 photo at (45, 50) with a rotation
    /// `turn` that waits for the card's pan when `waiting`.
    static func card(waiting: Bool) throws -> SceneState {
        let card = try SceneTwoFingerTests.cardControl()
        let photo = try F.control("photo", #"""
        {"inputs": {"turn": {"type": "rotation", "region": {"x": 0, "y": 0, "width": 300, "height": 300}, "on": {
            "began": [{"emit": "turnBegan", "fields": {"rotation": "event.rotation"}}],
            "changed": [{"emit": "turnChanged", "fields": {"rotation": "event.rotation"}}],
            "ended": [{"emit": "turnEnded", "fields": {"rotation": "event.rotation"}}]}}}}
        """#)
        var photoView = sceneView("photo", photo, 45, 50, 300, 300)
        if waiting { photoView.requireToFail = [.init(recognizer: "turn", view: "card", otherRecognizer: "drag")] }
        return try Scenes.state([sceneView("card", card, 0, 0, 390, 400, [photoView])])
    }

    /// Finger 1 down at (100, 200) and still; finger 2 down 200 pt to its right and turning
    /// clockwise around it by 3° per step `steps` (k = 1…) at k/64 s.
    static func turn(_ state: inout SceneState, steps: ClosedRange<Int>) throws -> [String] {
        if steps.lowerBound == 1 {
            try state.down(1, 100, 200, at: 0)
            try state.down(2, 300, 200, at: 0)
        }
        var log: [String] = []
        for k in steps {
            let angle = 3 * Double(k) * Double.pi / 180
            log += try state.detailed(2, .move(Point(x: 100 + 200 * cCos(angle), y: 200 + 200 * cSin(angle))), at: Double(k) / 64)
        }
        return log
    }

    /// "view name @t" and the emitted number, for a comparison with a tolerance.
    static func split(_ line: String) -> (String, Double) {
        let parts = line.split(separator: " ")
        let value = parts[2].split(separator: "=")[1]
        return ("\(parts[0]) \(parts[1]) \(parts[3])", Double(value) ?? .nan)
    }

    /// Rotations compared within 1e-6 rad: the threshold's √(|d − d0|/d0) term amplifies the
    /// last-bit error of a distance that should be exactly 200.
    static func expect(_ log: [String], _ expected: [(String, Double)]) {
        #expect(log.count == expected.count, "\(log)")
        for (line, (name, value)) in zip(log, expected) {
            let (got, number) = split(line)
            #expect(got == name)
            #expect(abs(number - value) < 1e-6, "\(line)")
        }
    }

    @Test("Without the requirement the rotation begins past 5°, at 2/64 s, reading 1° (0.017453292519943295 rad)")
    func rotationWithoutRequirement() throws {
        var state = try Self.card(waiting: false)
        Self.expect(try Self.turn(&state, steps: 1...2), [("photo turnBegan @0.03125", 0.017453292519943295)])
    }

    @Test("Waiting for the card's pan, which fails when its finger lifts unmoved: the rotation, held from 2/64 s, begins at that lift at 4° and ends with the other finger")
    func rotationBeginsWhenThePanFails() throws {
        var state = try Self.card(waiting: true)
        #expect(try Self.turn(&state, steps: 1...3) == [])
        Self.expect(try state.detailed(1, .up(Point(x: 100, y: 200)), at: 0.0625), [("photo turnBegan @0.0625", 0.06981317007977318)])
        #expect(try Self.turn(&state, steps: 5...5) == [], "paused: one finger is up")
        Self.expect(try state.detailed(2, .up(Point(x: 300, y: 200)), at: 0.09375), [("photo turnEnded @0.09375", 0.06981317007977318)])
    }

    @Test("Held, the turning finger lifts (paused, still held); the still one lifts, the pan fails then: the rotation begins and ends at that lift, at 4°")
    func rotationBeginsAndEndsWhenBothLifted() throws {
        var state = try Self.card(waiting: true)
        #expect(try Self.turn(&state, steps: 1...3) == [])
        #expect(try state.up(2, 300, 200, at: 0.0625) == [])
        Self.expect(try state.detailed(1, .up(Point(x: 100, y: 200)), at: 0.078125),
                    [("photo turnBegan @0.078125", 0.06981317007977318), ("photo turnEnded @0.078125", 0.06981317007977318)])
    }

    @Test("Waiting for the card's pan, which begins when the still finger moves 12 pt: the held rotation fails and never begins")
    func rotationFailsWhenThePanBegins() throws {
        var state = try Self.card(waiting: true)
        #expect(try Self.turn(&state, steps: 1...2) == [])
        #expect(try state.detailed(1, .move(Point(x: 100, y: 212)), at: 0.046875) == ["card dragBegan @0.046875"])
        #expect(try Self.turn(&state, steps: 4...6) == [])
        #expect(try state.up(2, 300, 200, at: 0.109375).allSatisfy { !$0.hasPrefix("photo") })
        #expect(try state.up(1, 100, 212, at: 0.109375).allSatisfy { !$0.hasPrefix("photo") })
    }
}
