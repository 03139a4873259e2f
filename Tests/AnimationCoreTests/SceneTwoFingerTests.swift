import Testing
@testable import AnimationCore

/// Two fingers on one view of a scene: the second is its pinch's and rotation's second touch
/// (docs/scenes.md#arbitration), and a recogniser of another view waiting for that pinch fails
/// when it begins (`require(toFail:)`, docs/scenes.md#failure-requirements-across-views).
/// Figures: the pinch's 8 pt hysteresis, its initial distance then moved 8 pt toward the current
/// one (a 200 pt spread grown to 210 reads 210/208); the pan's 10 pt. Fingers move every 1/64 s.
@Suite("Scenes: a pinch with two fingers, awaited by another view's pan")
struct SceneTwoFingerTests {
    typealias F = SceneFailureRequirementTests

    /// A 390 × 400 card with a pan `drag` (waiting for the photo's pinch `zoom` when `waiting`),
    /// holding a 300 × 300 photo at (45, 50) with that pinch.
    static func card(waiting: Bool) throws -> SceneState {
        let card = try cardControl()
        let photo = try F.control("photo", #"""
        {"inputs": {"zoom": {"type": "pinch", "region": {"x": 0, "y": 0, "width": 300, "height": 300}, "on": {
            "began": [{"emit": "zoomBegan", "fields": {"scale": "event.scale"}}],
            "changed": [{"emit": "zoomChanged", "fields": {"scale": "event.scale"}}],
            "ended": [{"emit": "zoomEnded", "fields": {"scale": "event.scale"}}]}}}}
        """#)
        var cardView = sceneView("card", card, 0, 0, 390, 400, [sceneView("photo", photo, 45, 50, 300, 300)])
        if waiting { cardView.requireToFail = [.init(recognizer: "drag", view: "photo", otherRecognizer: "zoom")] }
        return try Scenes.state([cardView])
    }

    /// A 390 × 400 card with a pan `drag` emitting `dragBegan`, holding its content at its origin.
    static func cardControl() throws -> ControlInstance {
        try F.control("card", #"""
        {"inputs": {"drag": {"type": "pan", "region": {"x": 0, "y": 0, "width": 390, "height": 400}, "on": {
            "began": [{"emit": "dragBegan"}]}}},
         "content": {"frame": {"x": 0, "y": 0, "width": 390, "height": 400}}}
        """#)
    }

    /// Fingers 1 and 2 down 200 pt apart on the photo; finger 1 moves 5 pt left per step.
    static func spread(_ state: inout SceneState, steps: Int) throws -> [String] {
        try state.down(1, 100, 200, at: 0)
        try state.down(2, 300, 200, at: 0)
        var log: [String] = []
        for k in 1...steps { log += try state.detailed(1, .move(Point(x: 100 - 5 * Double(k), y: 200)), at: Double(k) / 64) }
        return log
    }

    @Test("The second finger reaches the photo's pinch: it begins past 8 pt at 210/208 and follows the spread")
    func pinchWithTwoFingers() throws {
        var state = try Self.card(waiting: true)
        let log = try Self.spread(&state, steps: 3)
        #expect(log == ["photo zoomBegan scale=1.0096153846153846 @0.03125", "photo zoomChanged scale=1.0336538461538463 @0.046875"])
        #expect(try state.detailed(1, .up(Point(x: 85, y: 200)), at: 0.0625) == [], "one finger up pauses it")
        #expect(try state.detailed(2, .up(Point(x: 300, y: 200)), at: 0.0625) == ["photo zoomEnded scale=1.0336538461538463 @0.0625"])
    }

    @Test("Waiting for the pinch, the card's pan is held at 10 pt and fails when the pinch begins on the same move")
    func panFailsWhenThePinchBegins() throws {
        var state = try Self.card(waiting: true)
        let log = try Self.spread(&state, steps: 4)
        #expect(!log.contains { $0.hasPrefix("card") }, "\(log)")
        #expect(try state.up(1, 80, 200, at: 0.078125).allSatisfy { !$0.hasPrefix("card") })
    }

    @Test("Without the requirement the card's pan begins at 10 pt and excludes the photo: the pinch never begins")
    func panWinsWithoutTheRequirement() throws {
        var state = try Self.card(waiting: false)
        let log = try Self.spread(&state, steps: 4)
        #expect(log.map { $0.prefix(14) } == ["card dragBegan"])
    }
}
