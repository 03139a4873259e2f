/// A scene and the inputs it took, in order: frames at any time by replay from the start (the
/// scene's own log; checkpoints as a session keeps them are not made yet).
public struct SceneTimeline: Sendable {
    public let initial: SceneState
    public private(set) var latest: SceneState
    public private(set) var inputs: [(t: Double, input: SceneInput)] = []

    public init(scene: Scene) {
        initial = SceneState(scene: scene)
        latest = initial
    }

    @discardableResult
    public mutating func apply(_ input: SceneInput, at t: Double) throws(SceneInputError) -> [SceneEmission] {
        let emitted = try latest.apply(input, at: t)
        inputs.append((t, input))
        return emitted
    }

    /// The frame at `t`, as the scene showed (or will show) it then.
    public func frame(at t: Double) -> SceneFrame {
        var state = initial
        for (time, input) in inputs where time <= t { _ = try? state.apply(input, at: time) }
        return state.frame(at: t)
    }

    /// The frames at `from + k/fps` up to `to`, in one replay.
    public func frames(from: Double, to: Double, fps: Double) -> [SceneFrame] {
        let count = Session.frameCount(from: from, to: to, fps: fps)
        guard count > 0 else { return [] }
        let grid = FrameGrid(from: from, fps: fps)
        var state = initial
        var next = 0
        var frames: [SceneFrame] = []
        for k in 0..<count {
            let t = grid.time(k)
            while next < inputs.count, inputs[next].t <= t {
                _ = try? state.apply(inputs[next].input, at: inputs[next].t)
                next += 1
            }
            frames.append(state.frame(at: t))
        }
        return frames
    }

    /// Everything emitted by the inputs and the deadlines up to `to`.
    public func emissions(to: Double) -> [SceneEmission] {
        var state = initial
        var emitted: [SceneEmission] = []
        for (time, input) in inputs where time <= to { emitted += (try? state.apply(input, at: time)) ?? [] }
        state.advance(to: to, emit: &emitted)
        return emitted.filter { $0.emission.t <= to }
    }
}
