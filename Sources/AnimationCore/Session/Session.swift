/// An input stamped with the session time it happened at.
public struct TimedInput: Sendable, Equatable {
    public var t: Double
    public var input: Input
    public init(t: Double, input: Input) {
        self.t = t
        self.input = input
    }
}

/// Why a batch was refused; nothing from it was applied.
public enum SessionError: Error, Sendable, Equatable {
    /// Event `index` of the batch is older than the one before it (or than the session).
    case outOfOrder(index: Int, t: Double, latest: Double)
    /// Event `index` has a time that is negative or not finite.
    case invalidTime(index: Int)
    /// The control refused event `index`.
    case rejected(index: Int, ControlError)
    /// The session holds as many events as it may.
    case logFull(limit: Int)
    /// Event `index` is a pointer event that makes no sense after the ones before it: a move, up
    /// or cancel with no touch down, or a second touch down while one is down (a single pointer
    /// is modelled; UIKit never delivers such a sequence).
    case invalidTouchSequence(index: Int, reason: String)
}

/// A control (a definition with its configuration), its ordered event log. Frames are a pure function of
/// (configuration, events with t' ≤ t, t): sampling never mutates, and checkpoints every
/// `checkpointInterval` events keep sampling the past at a bounded cost.
public struct Session: Sendable {
    public static let checkpointInterval = 32

    public private(set) var events = EventLog()
    /// The control after every event, advanced to `time`.
    public private(set) var latest: DefinedControl
    /// `checkpoints[i - 1]` is the control after `i·checkpointInterval` events (the one after
    /// none is the instance's shared initial state: `checkpoint(0)`), so a session short of the
    /// first interval holds no checkpoint.
    private var checkpoints: [DefinedControl] = []
    /// The time of the last event (0 before any): the log's last block keeps it, so the session
    /// does not (a word less in every session).
    public var time: Double { events.lastTime }
    /// `UInt32.max` for no limit: narrow, so that it and `isTouching` share a word.
    private let eventLimit: UInt32
    public var maximumEvents: Int { eventLimit == .max ? .max : Int(eventLimit) }
    /// A touch is down (between a touch down and its up or cancel). Last, so that a Bool of the
    /// holder's can follow it in the same word (the store's slot packs `visible` there).
    public private(set) var isTouching = false
    /// The second finger (`Input.secondTouch`) is down.
    public private(set) var isTouchingSecond = false

    public init(configuration: ControlInstance, maximumEvents: Int = .max) {
        eventLimit = maximumEvents >= Int(UInt32.max) ? .max : UInt32(max(maximumEvents, 0))
        latest = DefinedControl(configuration: configuration)
    }

    /// The control after `i·checkpointInterval` events.
    private func checkpoint(_ i: Int) -> DefinedControl {
        i == 0 ? DefinedControl(configuration: latest.instance) : checkpoints[i - 1]
    }

    /// The definition and configuration the session was created with.
    public var configuration: ControlInstance { latest.instance }
    public var kind: String { latest.kind }
    public var state: [Field] { latest.state }

    /// A batch checked and run on a copy of the control, ready to be committed (or dropped).
    /// Preparing never touches the log, so committing appends in place however long it is.
    public struct PreparedBatch: Sendable {
        public let batch: [TimedInput]
        /// What the batch emitted, in order.
        public let emitted: [Emission]
        let control: DefinedControl
        let checkpoints: [DefinedControl]
        let time: Double
        let isTouching: Bool
        let isTouchingSecond: Bool
    }

    /// Checks and runs a batch without changing the session; throws if any event is refused.
    /// `checkingTouches: false` accepts any pointer sequence (a journal written before the rule).
    public func prepare(_ batch: [TimedInput], checkingTouches: Bool = true) throws(SessionError) -> PreparedBatch {
        guard events.count + batch.count <= maximumEvents else { throw .logFull(limit: maximumEvents) }
        var control = latest
        var produced: [Emission] = []
        var newCheckpoints: [DefinedControl] = []
        var clock = time
        var touching = isTouching
        var touchingSecond = isTouchingSecond
        for (index, event) in batch.enumerated() {
            guard event.t.isFinite, event.t >= 0 else { throw .invalidTime(index: index) }
            guard event.t >= clock else { throw .outOfOrder(index: index, t: event.t, latest: clock) }
            if case let .touch(touch) = event.input {
                if checkingTouches, let reason = Self.touchFault(touch, touching: touching) {
                    throw .invalidTouchSequence(index: index, reason: reason)
                }
                touching = Self.touching(after: touch, touching)
            }
            if case let .secondTouch(touch) = event.input {
                if checkingTouches, let reason = Self.touchFault(touch, touching: touchingSecond) {
                    throw .invalidTouchSequence(index: index, reason: "touch 1: " + reason)
                }
                touchingSecond = Self.touching(after: touch, touchingSecond)
            }
            clock = event.t
            do {
                try control.step(event.input, at: event.t, emit: &produced)
            } catch {
                throw .rejected(index: index, error)
            }
            if (events.count + index + 1) % Self.checkpointInterval == 0 { newCheckpoints.append(control) }
        }
        return PreparedBatch(batch: batch, emitted: produced, control: control, checkpoints: newCheckpoints, time: clock,
                             isTouching: touching, isTouchingSecond: touchingSecond)
    }

    private static func touching(after touch: Touch, _ touching: Bool) -> Bool {
        switch touch {
        case .down: true
        case .up, .cancel: false
        case .move: touching
        }
    }

    private static func touchFault(_ touch: Touch, touching: Bool) -> String? {
        switch (touch, touching) {
        case (.down, true): "a touchDown while a touch is already down (one pointer is modelled); send touchUp or touchCancel first"
        case (.move, false): "a touchMove with no touch down; send touchDown first"
        case (.up, false): "a touchUp with no touch down; send touchDown first"
        case (.cancel, false): "a touchCancel with no touch down; send touchDown first"
        default: nil
        }
    }

    /// Makes a prepared batch part of the session. It must have been prepared from this very
    /// state (nothing committed in between).
    public mutating func commit(_ prepared: PreparedBatch) {
        precondition(prepared.time >= time, "a batch prepared from an older state")
        events += prepared.batch
        // Nearly every batch adds none; `+=` would copy a shared array (the session is a value
        // copied out of its slot) even to add nothing.
        if !prepared.checkpoints.isEmpty { checkpoints += prepared.checkpoints }
        latest = prepared.control
        isTouching = prepared.isTouching
        isTouchingSecond = prepared.isTouchingSecond
    }

    /// Applies a batch all or nothing; returns what it emitted.
    @discardableResult
    public mutating func apply(_ batch: [TimedInput], checkingTouches: Bool = true) throws(SessionError) -> [Emission] {
        let prepared = try prepare(batch, checkingTouches: checkingTouches)
        commit(prepared)
        return prepared.emitted
    }

    /// When every animation has finished and no timer is pending, if no event comes
    /// (`DefinedControl.settledAt`); nil when something is paused or keeps firing.
    public var settledAt: Double? { latest.settledAt }

    /// Everything emitted up to the last event (replayed from the log: for tests and tools).
    public var emitted: [Emission] { emissions(from: 0, to: time) }

    /// The semantic state at `t`: the control after every event up to `t`, advanced to `t` (the
    /// timers and completions due by then have run: a card's transition has ended, a scroll view
    /// has stopped decelerating).
    public func state(at t: Double) -> [Field] {
        var control = control(at: t)
        var ignored: [Emission] = []
        control.advance(to: t, emit: &ignored)
        return control.state
    }

    /// The frame at any `t` ≥ 0, as the session showed (or will show) it then.
    public func frame(at t: Double) -> Frame {
        control(at: t).frame(at: t)
    }

    /// Calls `body` with the frame at `from + k/fps` (as `FrameGrid` computes it) for every such
    /// time ≤ `to`, in order.
    public func forEachFrame(from: Double, to: Double, fps: Double, _ body: (Frame) -> Void) {
        // Caught up, no deadline is due by t: what `frame(at:)` would find out again.
        _ = forEachControl(from: from, to: to, fps: fps) { control, t, caughtUp in
            body(caughtUp ? control.render(at: t) : control.frame(at: t))
        }
    }

    /// What every frame of this session shares, and where `forEachFrameValues` puts its values.
    public var frameShape: FrameShape { latest.instance.frameShape }

    /// `frame(at:)` as values: calls `body` with the frame's values as `frameShape` lays them out
    /// (valid during the call).
    public func withFrameValues<Result>(at t: Double, _ body: (FrameValues) -> Result) -> Result {
        FrameValues.with(count: frameShape.count) { values in
            control(at: t).reading(at: t) { $0.render(at: t, into: values) }
            return body(values)
        }
    }

    /// `forEachFrame` as values: calls `body` with each frame's time and its values as
    /// `frameShape` lays them out, in one buffer reused from frame to frame (valid during the call).
    public func forEachFrameValues(from: Double, to: Double, fps: Double, _ body: (Double, FrameValues) -> Void) {
        _ = forEachFrameValues(from: from, to: to, fps: fps, folding: false, body)
    }

    /// `forEachFrameValues`, returning what the window emitted: `emissions(from: from, to: to)`.
    /// They are collected by the same pass that renders the frames where that is provably the
    /// same list (`forEachControl`), and replayed apart where it is not.
    public func forEachFrameValuesEmitting(from: Double, to: Double, fps: Double,
                                           _ body: (Double, FrameValues) -> Void) -> [Emission] {
        forEachFrameValues(from: from, to: to, fps: fps, folding: true, body) ?? emissions(from: from, to: to)
    }

    private func forEachFrameValues(from: Double, to: Double, fps: Double, folding: Bool,
                                    _ body: (Double, FrameValues) -> Void) -> [Emission]? {
        FrameValues.with(count: frameShape.count) { values in
            forEachControl(from: from, to: to, fps: fps, folding: folding) { control, t, caughtUp in
                // Caught up, no deadline is due by t: what `reading(at:)` would find out again.
                if caughtUp {
                    control.render(at: t, into: values)
                } else {
                    control.reading(at: t) { $0.render(at: t, into: values) }
                }
                body(t, values)
            }
        }
    }

    /// Calls `body` with the control at each time of the window, advanced to it, and whether
    /// that advance caught up (no deadline due by then is left).
    ///
    /// Folding, the pass also stands in for the replay of `emissions(from:to:)` and returns its
    /// list. It starts where the replay starts (every event before `from`; the events at `from`
    /// are stepped at the first frame, the same steps `control(at:)` would replay, so the frames
    /// do not change), handles the same inputs in the same order, and ends as the replay does
    /// (the inputs after the last frame up to `to`, then the deadlines up to `to`). Between
    /// inputs it advances to the frames' times too: that fires the same deadlines in the same
    /// order unless an advance stops at the bound of `ControlDeadlines`, which the tally rules
    /// out (`FiringTally`); where it cannot, or where the window does not start at `from` or
    /// ends past `to` on the grid, the result is nil and the caller replays.
    private func forEachControl(from: Double, to: Double, fps: Double, folding: Bool = false,
                                _ body: (DefinedControl, Double, Bool) -> Void) -> [Emission]? {
        let count = Self.frameCount(from: from, to: to, fps: fps)
        guard count > 0 else { return nil }
        let grid = FrameGrid(from: from, fps: fps)
        let first = grid.time(0)
        let folds = folding && first == from && grid.time(count - 1) <= to
        let start = folds ? (from > time ? events.count : events.lowerBound(from)) : eventCount(atOrBefore: first)
        var control = control(afterEvents: start)
        var pending = events.inputs(start..<events.count)
        var next = pending.next()
        var emitted: [Emission] = []
        var tally = FiringTally()
        for k in 0..<count {
            let t = grid.time(k)
            let caughtUp: Bool
            if folds {
                while let event = next, event.t <= t {
                    try? control.step(event.input, at: event.t, emit: &emitted, tally: &tally)
                    next = pending.next()
                }
                caughtUp = control.advance(through: t, emit: &emitted, tally: &tally)
            } else {
                while let event = next, event.t <= t {
                    try? control.step(event.input, at: event.t, emit: &emitted)
                    next = pending.next()
                }
                caughtUp = control.advance(through: t, emit: &emitted)
                emitted.removeAll(keepingCapacity: true)
            }
            body(control, t, caughtUp)
        }
        guard folds else { return nil }
        while let event = next, event.t <= to {
            try? control.step(event.input, at: event.t, emit: &emitted, tally: &tally)
            next = pending.next()
        }
        _ = control.advance(through: to, emit: &emitted, tally: &tally)
        tally.endRun()
        guard tally.withinBound else { return nil }
        return emitted.filter { $0.t >= from && $0.t <= to }
    }

    public func frames(from: Double, to: Double, fps: Double) -> [Frame] {
        var frames: [Frame] = []
        frames.reserveCapacity(Self.frameCount(from: from, to: to, fps: fps))
        forEachFrame(from: from, to: to, fps: fps) { frames.append($0) }
        return frames
    }

    /// How many of the times `from + k/fps` lie at or before `to` (within 1e-9 s).
    public static func frameCount(from: Double, to: Double, fps: Double) -> Int {
        guard from.isFinite, to.isFinite, fps.isFinite, fps > 0, to >= from else { return 0 }
        let span = (to - from) * fps + 1e-9
        guard span < Double(Int.max / 2) else { return .max }
        return Int(span.rounded(.down)) + 1
    }

    /// Emissions with from ≤ t ≤ to, including those predicted after the last event. They are
    /// replayed, not stored: from the checkpoint before `from`, so the cost is bounded by the
    /// events in the window plus one checkpoint interval, however long the log.
    public func emissions(from: Double, to: Double) -> [Emission] {
        guard from <= to else { return [] }
        var collected: [Emission] = []
        var control: DefinedControl
        var next: Int
        if from > time {
            // The common case (a stream of the present): only timers after the last event.
            control = latest
            next = events.count
        } else {
            // The state just before `from`: every event strictly earlier applied.
            let before = events.lowerBound(from)
            let checkpoint = before / Self.checkpointInterval
            control = replayed(from: self.checkpoint(checkpoint), checkpoint * Self.checkpointInterval..<before)
            next = before
        }
        control.advance(to: from, emit: &collected)
        var pending = events.inputs(next..<events.count)
        while let event = pending.next(), event.t <= to {
            try? control.step(event.input, at: event.t, emit: &collected)
        }
        control.advance(to: to, emit: &collected)
        return collected.filter { $0.t >= from && $0.t <= to }
    }

    // MARK: Reconstructing the past

    /// The control with every event at or before `t` applied.
    private func control(at t: Double) -> DefinedControl {
        control(afterEvents: eventCount(atOrBefore: t))
    }

    /// The control with the first `count` events applied.
    private func control(afterEvents count: Int) -> DefinedControl {
        if count == events.count { return latest }
        let checkpoint = count / Self.checkpointInterval
        return replayed(from: self.checkpoint(checkpoint), checkpoint * Self.checkpointInterval..<count)
    }

    private func eventCount(atOrBefore t: Double) -> Int {
        t >= time ? events.count : events.upperBound(t)
    }

    private func replayed(from start: DefinedControl, _ range: Range<Int>) -> DefinedControl {
        var control = start
        var ignored: [Emission] = []
        var inputs = events.inputs(range)
        while let event = inputs.next() {
            // Every logged event was accepted once; replay is deterministic, so it is again.
            try? control.step(event.input, at: event.t, emit: &ignored)
        }
        return control
    }
}
