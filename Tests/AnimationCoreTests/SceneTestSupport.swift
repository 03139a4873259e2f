import Testing
@testable import AnimationCore

/// A view of a scene document at (x, y), width × height in its parent.
func sceneView(_ id: String, _ control: ControlInstance? = nil, _ x: Double, _ y: Double, _ width: Double, _ height: Double,
               _ children: [SceneView] = []) -> SceneView {
    SceneView(id: id, control: control, frame: Rect(x: x, y: y, width: width, height: height), children: children)
}

/// Building scenes and driving them with fingers, for the scene tests.
enum Scenes {
    static func state(_ views: [SceneView]) throws -> SceneState {
        SceneState(scene: try Scene(views))
    }

    /// A row of a table as a definition: a tap recogniser over the row that says it was tapped,
    /// and children laid out in its own coordinates (a cell's content view).
    static func row() throws -> ControlInstance {
        let json = #"""
        {"parameters": {"width": {"type": "number", "default": 390}, "height": {"type": "number", "default": 44}},
         "inputs": {"select": {"type": "tap", "region": {"x": 0, "y": 0, "width": "width", "height": "height"},
                               "on": {"recognized": [{"emit": "rowTapped"}]}}},
         "content": {"frame": {"x": 0, "y": 0, "width": "width", "height": "height"}},
         "layers": [{"id": "cell", "frame": {"x": 0, "y": 0, "width": "width", "height": "height"}, "backgroundColor": "white"}]}
        """#
        return try ControlInstance(ControlDefinition(JSONParser().parse(Array(json.utf8))), name: "row", configuration: nil)
    }

    /// Each emission as `view name @t`, in order.
    static func log(_ emitted: [SceneEmission]) -> [String] {
        emitted.map { "\($0.view) \($0.emission.name) @\($0.emission.t)" }
    }
}

extension SceneState {
    @discardableResult
    mutating func down(_ id: Int, _ x: Double, _ y: Double, at t: Double) throws -> [String] {
        Scenes.log(try apply(.touch(id: id, .down(Point(x: x, y: y))), at: t))
    }

    @discardableResult
    mutating func move(_ id: Int, _ x: Double, _ y: Double, at t: Double) throws -> [String] {
        Scenes.log(try apply(.touch(id: id, .move(Point(x: x, y: y))), at: t))
    }

    @discardableResult
    mutating func up(_ id: Int, _ x: Double, _ y: Double, at t: Double) throws -> [String] {
        Scenes.log(try apply(.touch(id: id, .up(Point(x: x, y: y))), at: t))
    }

    /// Moves finger `id` from (x, y) by (dx, dy) per step, one step every 1/64 s from `t0` (binary
    /// exact times); returns everything emitted.
    @discardableResult
    mutating func drag(_ id: Int, from x: Double, _ y: Double, by dx: Double, _ dy: Double, steps: Int, from t0: Double) throws -> [String] {
        var log: [String] = []
        for k in 1...steps {
            log += try move(id, x + Double(k) * dx, y + Double(k) * dy, at: t0 + Double(k) / 64)
        }
        return log
    }

    /// Lets time pass to `t`; returns what fell due.
    @discardableResult
    mutating func wait(until t: Double) -> [String] {
        var emitted: [SceneEmission] = []
        advance(to: t, emit: &emitted)
        return Scenes.log(emitted)
    }

    func number(_ view: String, _ name: String, at t: Double) -> Double {
        guard case let .number(value)? = frame(at: t).properties(of: view)?.first(where: { $0.name == name })?.value else { return .nan }
        return value
    }

    func bool(_ view: String, _ name: String, at t: Double) -> Bool? {
        guard case let .bool(value)? = frame(at: t).properties(of: view)?.first(where: { $0.name == name })?.value else { return nil }
        return value
    }
}
