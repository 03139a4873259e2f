/// A scene and the inputs it took, in order: frames at any time by replay from the start (the
/// scene's own log; checkpoints as a session keeps them are not made yet).
public struct SceneTimeline: Sendable {
    public let initial: SceneState
    public private(set) var latest: SceneState
    public private(set) var inputs: [(t: Double, input: SceneInput)] = []
    /// How many inputs the timeline may hold (a session's `maximumEvents`).
    public let maximumEvents: Int

    public init(scene: Scene, maximumEvents: Int = .max) {
        initial = SceneState(scene: scene)
        latest = initial
        self.maximumEvents = maximumEvents
    }

    /// The time of the last input (0 before any).
    public var time: Double { latest.time }

    @discardableResult
    public mutating func apply(_ input: SceneInput, at t: Double) throws(SceneInputError) -> [SceneEmission] {
        let emitted = try latest.apply(input, at: t)
        inputs.append((t, input))
        return emitted
    }

    /// Why a batch was refused: the input at `index` (nothing of the batch was applied).
    public enum BatchError: Error, Sendable, Equatable {
        case input(index: Int, SceneInputError)
        case logFull(limit: Int)
    }

    /// Applies a batch all or nothing; returns what it emitted.
    @discardableResult
    public mutating func apply(_ batch: [(t: Double, input: SceneInput)]) throws(BatchError) -> [SceneEmission] {
        guard inputs.count + batch.count <= maximumEvents else { throw .logFull(limit: maximumEvents) }
        var state = latest
        var emitted: [SceneEmission] = []
        for (index, item) in batch.enumerated() {
            do {
                emitted += try state.apply(item.input, at: item.t)
            } catch {
                throw .input(index: index, error)
            }
        }
        latest = state
        inputs += batch
        return emitted
    }

    /// The frame at `t`, as the scene showed (or will show) it then.
    public func frame(at t: Double) -> SceneFrame {
        state(at: t).frame(at: t)
    }

    /// The scene with every input at or before `t` applied (not advanced to `t`).
    private func state(at t: Double) -> SceneState {
        if t >= latest.time { return latest }
        var state = initial
        for (time, input) in inputs where time <= t { _ = try? state.apply(input, at: time) }
        return state
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
        emissions(from: 0, to: to)
    }

    /// What the inputs and the deadlines emitted with `from` ≤ t ≤ `to`, predictions after the
    /// last input included.
    public func emissions(from: Double, to: Double) -> [SceneEmission] {
        guard from <= to else { return [] }
        var state = initial
        var emitted: [SceneEmission] = []
        for (time, input) in inputs where time <= to { emitted += (try? state.apply(input, at: time)) ?? [] }
        state.advance(to: to, emit: &emitted)
        return emitted.filter { $0.emission.t >= from && $0.emission.t <= to }
    }

    /// The semantic state of every view with a control at `t`, in drawing order.
    public func properties(at t: Double) -> [SceneFrame.ViewProperties] {
        var state = state(at: t)
        var ignored: [SceneEmission] = []
        state.advance(to: max(t, state.time), emit: &ignored)
        return state.scene.nodes.indices.compactMap { v in
            state.control(v).map { SceneFrame.ViewProperties(view: state.scene.nodes[v].id, properties: $0.state) }
        }
    }

    /// When everything has come to rest if no input comes: every held touch-down released, then
    /// the latest of the controls' rests; nil when some control does not come to rest by itself.
    public var settledAt: Double? {
        var state = latest
        var ignored: [SceneEmission] = []
        if let release = state.heldUntil { state.advance(to: release, emit: &ignored) }
        var settled = state.time
        // Links may send commands at the deadlines to come: let those happen first.
        if !state.scene.links.isEmpty, let last = state.runDeadlinesForLinks() { settled = max(settled, last) }
        for v in state.scene.nodes.indices {
            guard let control = state.control(v) else { continue }
            guard let rest = control.settledAt else { return nil }
            settled = max(settled, rest)
        }
        return settled
    }
}

extension SceneState {
    /// The latest time a held touch-down is released, if any is held.
    var heldUntil: Double? {
        var latest: Double?
        for touch in touches { if case let .held(until) = touch.delivery { latest = max(latest ?? until, until) } }
        return latest
    }
}
