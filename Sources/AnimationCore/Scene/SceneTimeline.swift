/// A scene and the inputs it took, in order, with a copy of the scene every `checkpointInterval`
/// inputs (as a session keeps them): the past at any time is a replay from the checkpoint before
/// it, so its cost is bounded by the interval and the inputs asked about, however long the log.
public struct SceneTimeline: Sendable {
    public static let checkpointInterval = Session.checkpointInterval

    public let initial: SceneState
    public private(set) var latest: SceneState
    public private(set) var inputs: [(t: Double, input: SceneInput)] = []
    /// How many inputs the timeline may hold (a session's `maximumEvents`).
    public let maximumEvents: Int
    /// Inputs between checkpoints (`Int.max`: none, every past state replayed from the start).
    public let interval: Int
    /// `checkpoints[i - 1]` is the scene after `i·interval` inputs (the one after none is `initial`).
    private var checkpoints: [SceneState] = []

    public init(scene: Scene, maximumEvents: Int = .max, checkpointInterval: Int = Self.checkpointInterval) {
        precondition(checkpointInterval > 0, "a checkpoint interval is at least one input")
        initial = SceneState(scene: scene)
        latest = initial
        self.maximumEvents = maximumEvents
        interval = checkpointInterval
    }

    /// The time of the last input (0 before any).
    public var time: Double { latest.time }

    @discardableResult
    public mutating func apply(_ input: SceneInput, at t: Double) throws(SceneInputError) -> [SceneEmission] {
        let emitted = try latest.apply(input, at: t)
        inputs.append((t, input))
        if inputs.count % interval == 0 { checkpoints.append(latest.checkpoint) }
        return emitted
    }

    /// Why a batch was refused: the input at `index` (nothing of the batch was applied).
    public enum BatchError: Error, Sendable, Equatable {
        case input(index: Int, SceneInputError)
        case logFull(limit: Int)
    }

    /// Applies a batch all or nothing and appends its inputs to the log (not copied); `revert`
    /// takes it back (a journal write after it that fails). The batch runs on the latest scene in
    /// place with no copy kept: a refused batch is taken back by replaying the log from the
    /// checkpoint before it, the same replay that draws the past.
    @discardableResult
    public mutating func apply(_ batch: [(t: Double, input: SceneInput)]) throws(BatchError) -> SceneState.Changes {
        guard inputs.count + batch.count <= maximumEvents else { throw .logFull(limit: maximumEvents) }
        let base = inputs.count, interval = interval
        let changes: SceneState.Changes
        do throws(BatchError) {
            changes = try latest.applyInPlace(batch) { applied in (base + applied) % interval == 0 }
        } catch {
            latest = replayed(base)
            throw error
        }
        inputs += batch
        checkpoints += changes.checkpoints
        return changes
    }

    /// Takes back the last batch applied, `changes` being what it returned.
    public mutating func revert(_ changes: SceneState.Changes) {
        inputs.removeLast(changes.count)
        checkpoints.removeLast(changes.checkpoints.count)
        latest = replayed(inputs.count)
    }

    /// The frame at `t`, as the scene showed (or will show) it then.
    public func frame(at t: Double) -> SceneFrame {
        state(at: t).frame(at: t)
    }

    /// The scene with every input at or before `t` applied (not advanced to `t`).
    private func state(at t: Double) -> SceneState {
        t >= latest.time ? latest : state(after: count(atOrBefore: t))
    }

    /// The scene with the first `count` inputs applied: a replay from the checkpoint before.
    private func state(after count: Int) -> SceneState {
        count == inputs.count ? latest : replayed(count)
    }

    /// The scene with the first `count` inputs applied, replayed from the checkpoint before (not
    /// `latest`, even for the whole log).
    private func replayed(_ count: Int) -> SceneState {
        let k = count / interval
        var state = k == 0 ? initial : checkpoints[k - 1]
        for (time, input) in inputs[(k * interval)..<count] { _ = try? state.apply(input, at: time) }
        return state
    }

    /// How many inputs have t ≤ `t` (the log is in time order).
    private func count(atOrBefore t: Double) -> Int {
        partition { $0 > t }
    }

    /// How many inputs have t < `t`.
    private func count(before t: Double) -> Int {
        partition { $0 >= t }
    }

    /// The index of the first input whose time is `past` (a predicate false then true along the log).
    private func partition(_ past: (Double) -> Bool) -> Int {
        var low = 0, high = inputs.count
        while low < high {
            let mid = (low + high) / 2
            if past(inputs[mid].t) { high = mid } else { low = mid + 1 }
        }
        return low
    }

    /// The frames at `from + k/fps` up to `to`, in one replay from the checkpoint before `from`.
    public func frames(from: Double, to: Double, fps: Double) -> [SceneFrame] {
        let count = Session.frameCount(from: from, to: to, fps: fps)
        guard count > 0 else { return [] }
        let grid = FrameGrid(from: from, fps: fps)
        var next = self.count(atOrBefore: grid.time(0))
        var state = state(after: next)
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
    /// last input included: replayed from the checkpoint before `from` (what the inputs before
    /// `from` emitted is all earlier than `from`).
    public func emissions(from: Double, to: Double) -> [SceneEmission] {
        guard from <= to else { return [] }
        var next = from > latest.time ? inputs.count : count(before: from)
        var state = state(after: next)
        var emitted: [SceneEmission] = []
        while next < inputs.count, inputs[next].t <= to {
            emitted += (try? state.apply(inputs[next].input, at: inputs[next].t)) ?? []
            next += 1
        }
        state.advance(to: to, emit: &emitted)
        return emitted.filter { $0.emission.t >= from && $0.emission.t <= to }
    }
    /// The semantic state at `t` of every view with a control (or of those of `views` that have
    /// one), in drawing order.
    public func properties(at t: Double, of views: [Int]? = nil) -> [SceneFrame.ViewProperties] {
        // At the last input's time (a POST's answer) the latest state is read where it is, not copied.
        if t == latest.time { return latest.properties(of: views) }
        var state = state(at: t)
        if t > state.time {
            var ignored: [SceneEmission] = []
            state.advance(to: t, emit: &ignored)
        }
        return state.properties(of: views)
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
    /// The semantic state of every view with a control (or of those of `views` that have one), in
    /// drawing order, as of the last input.
    func properties(of views: [Int]?) -> [SceneFrame.ViewProperties] {
        var result: [SceneFrame.ViewProperties] = []
        result.reserveCapacity(views?.count ?? scene.nodes.count)
        for v in views ?? Array(scene.nodes.indices) {
            if let control = controls[v] { result.append(SceneFrame.ViewProperties(view: scene.nodes[v].id, properties: control.state)) }
        }
        return result
    }

    /// The latest time a held touch-down is released, if any is held.
    var heldUntil: Double? {
        var latest: Double?
        for touch in touches { if case let .held(until) = touch.delivery { latest = max(latest ?? until, until) } }
        return latest
    }
}
