import Testing
@testable import AnimationCore

/// Scene frames: every visible view's layers in window coordinates and drawing order, clipped,
/// with properties and emissions by view; a control alone at the window's origin is exactly its
/// own session (docs/scenes.md#frames).
@Suite("Scenes: frames")
struct SceneFrameTests {
    /// The same control and touches as a session and as a one-view scene at the origin: the same
    /// layers, property values and emissions, number for number, at every 1/60 s.
    static func expectSameAsSession(_ control: ControlInstance, _ touches: [TimedInput], until end: Double,
                                    sourceLocation: SourceLocation = #_sourceLocation) throws {
        let session = try Session(control, touches)
        let frame = control.frameShape.layers.first.map { _ in Rect(x: 0, y: 0, width: 10_000, height: 10_000) }!
        var timeline = SceneTimeline(scene: try Scene([SceneView(id: "only", control: control, frame: frame)]))
        for event in touches {
            guard case let .touch(touch) = event.input else { continue }
            try timeline.apply(.touch(id: 7, touch), at: event.t)
        }
        let frames = session.frames(from: 0, to: end, fps: 60)
        let sceneFrames = timeline.frames(from: 0, to: end, fps: 60)
        #expect(frames.count == sceneFrames.count, sourceLocation: sourceLocation)
        for (expected, actual) in zip(frames, sceneFrames) {
            #expect(actual.t == expected.t, sourceLocation: sourceLocation)
            #expect(actual.layers.map(\.layer) == expected.layers, "t = \(expected.t)", sourceLocation: sourceLocation)
            #expect(actual.layers.allSatisfy { $0.view == "only" }, sourceLocation: sourceLocation)
            #expect(actual.views == [.init(view: "only", properties: expected.properties)], "t = \(expected.t)", sourceLocation: sourceLocation)
        }
        #expect(timeline.emissions(to: end).map(\.emission) == session.emissions(from: 0, to: end), sourceLocation: sourceLocation)
        #expect(timeline.emissions(to: end).allSatisfy { $0.view == "only" }, sourceLocation: sourceLocation)
    }

    @Test("A button alone at the origin: its session's frames and callbacks (a tap, a drag out and back)")
    func button() throws {
        try Self.expectSameAsSession(try builtIn("button"), [.down(100, 25, at: 0), .up(100, 25, at: 0.1),
                                                             .down(100, 25, at: 0.5), .move(100, 120, at: 0.6), .move(100, 30, at: 0.7),
                                                             .up(100, 30, at: 0.8)], until: 1.5)
    }

    @Test("A switch alone at the origin: its session's frames and callbacks")
    func toggle() throws {
        try Self.expectSameAsSession(try builtIn("switch"), [.down(25, 15, at: 0), .up(25, 15, at: 0.1)], until: 0.5)
    }

    @Test("A scroll view alone at the origin: its session's frames and callbacks through a flick and its deceleration")
    func scrollView() throws {
        try Self.expectSameAsSession(try builtIn("scrollView"), ScrollViewTests.flick, until: 3)
    }

    @Test("A slider alone at the origin: its session's frames and callbacks")
    func slider() throws {
        try Self.expectSameAsSession(try builtIn("slider"), [.down(14, 15, at: 0), .move(60, 15, at: 0.1), .move(150, 20, at: 0.2),
                                                             .up(150, 20, at: 0.3)], until: 1)
    }

    @Test("Content moves with the scroll view's offset and is clipped to its bounds; alpha multiplies down the tree")
    func nested() throws {
        var button = sceneView("button", try builtIn("button"), 95, 300, 200, 50)
        button.alpha = 0.5
        var list = sceneView("list", try builtIn("scrollView", ["contentOffsetY": 100, "height": 700]), 0, 50, 390, 700, [button])
        list.alpha = 0.5
        let frame = try Scenes.state([list]).frame(at: 0)
        let buttonLayers = frame.layers.filter { $0.view == "button" }
        #expect(buttonLayers.map(\.layer.frame) == [Rect(x: 95, y: 250, width: 200, height: 50)], "50 + 300 − 100")
        #expect(buttonLayers.map(\.layer.opacity) == [0.25])
        #expect(buttonLayers.map(\.clip) == [Rect(x: 0, y: 50, width: 390, height: 700)])
        #expect(frame.layers.first?.view == "list", "a parent draws behind its children")
        #expect(frame.layers.last?.view == "button")
        #expect(frame.views.map(\.view) == ["list", "button"])
        // Scrolled out of the bounds, the button is clipped away.
        let away = try Scenes.state([sceneView("list", try builtIn("scrollView", ["contentOffsetY": 400, "height": 700]), 0, 50, 390, 700,
                                               [sceneView("button", try builtIn("button"), 95, 300, 200, 50)])]).frame(at: 0)
        #expect(!away.layers.contains { $0.view == "button" })
        #expect(away.properties(of: "button") != nil, "its properties are still reported")
    }

    @Test("A hidden view draws nothing, nor do its children")
    func hidden() throws {
        var panel = sceneView("panel", nil, 0, 0, 300, 300, [sceneView("button", try builtIn("button"), 0, 0, 200, 50)])
        panel.isHidden = true
        #expect(try Scenes.state([panel]).frame(at: 0).layers.isEmpty)
    }
}
