/// `UIViewPropertyAnimator` as a value: one progress channel (0 = start, 1 = end) whose
/// state machine, pause/scrub/continue/reverse rules and completions follow docs/fidelity.md#property-animator.
///
/// Properties animate as `from + progress·(to − from)`; the owner keeps the endpoints.
/// Every mutating call takes the time it happens and first lets any natural completion
/// before that time happen, returning the completions fired (in the order they were added).
public struct PropertyAnimator: Sendable, Equatable {
    public enum TimingParameters: Sendable, Equatable {
        /// `UICubicTimingParameters`.
        case cubic(CubicBezier)
        /// `UISpringTimingParameters(dampingRatio:initialVelocity:)`: solved for the animator's duration.
        case dampedSpring(dampingRatio: Double, initialVelocity: Double)
        /// Springs with their own duration (mass/stiffness/damping, response, bounce): the
        /// animator's duration is ignored in favour of the spring's settling duration.
        case spring(SpringParameters)
    }

    /// `UIViewAnimatingState`.
    public enum State: String, Sendable { case inactive, active, stopped }

    /// `UIViewAnimatingPosition`.
    public enum Position: String, Sendable { case end, start, current }

    public struct Completion: Sendable, Equatable {
        public var id: String
        public var position: Position
        public var t: Double
    }

    /// What never changes once made (duration, timing, the full run's timeline), behind one
    /// pointer: copies of the animator share it, and so do animators made from one `Plan`.
    let plan: Plan
    public var scrubsLinearly = true
    public var pausesOnCompletion = false
    public private(set) var isReversed = false
    private var phase: Phase = .inactive(rest: 0, fresh: true)
    private var completions: [String] = []

    /// The duration as given (0 becomes 0.2 s, as UIKit does).
    public var duration: Double { plan.duration }
    public var timing: TimingParameters { plan.timing }
    /// What one full run lasts: `duration`, or the spring's own duration.
    public var unitDuration: Double { plan.unitDuration }
    private var timeline: Timeline { plan.timeline }

    public init(duration: Double, timing: TimingParameters) throws(ParameterError) {
        plan = try Plan(duration: duration, timing: timing)
    }

    /// A fresh animator of a plan made before (shared by every animator made of it).
    init(plan: Plan) {
        self.plan = plan
    }

    /// `UIViewPropertyAnimator(duration:curve:)` by curve.
    public init(duration: Double, curve: CubicBezier) throws(ParameterError) {
        try self.init(duration: duration, timing: .cubic(curve))
    }

    // MARK: Reading

    public var state: State {
        switch phase {
        case .inactive: .inactive
        case .running, .paused: .active
        case .stopped: .stopped
        }
    }

    /// Active but not running (a group's primary member stands for the group's `isPaused`). One
    /// test of the phase, as `isRunning` is: read of a member where it lies, it copies nothing,
    /// where `state == .active && !isRunning` copied the whole animator.
    public var isPaused: Bool {
        if case .paused = phase { return true }
        return false
    }

    /// Running, including a start delay; false when paused.
    public var isRunning: Bool {
        if case .running = phase { return true }
        return false
    }

    /// When a running animator will finish by itself (nil when not running).
    public var naturalEndTime: Double? {
        if case let .running(run) = phase { return run.end }
        return nil
    }

    /// UIKit's `fractionComplete`: the time fraction while running, the stored value while
    /// paused, 0 when inactive; measured towards the start when reversed. Inlined, as `sample(at:)` is.
    @inline(__always)
    public func fractionComplete(at t: Double) -> Double {
        switch phase {
        case .inactive:
            return 0
        case let .running(run):
            guard t > run.start, run.end > run.start else { return t >= run.end ? 1 : run.fraction0 }
            return min(1, run.fraction0 + (1 - run.fraction0) * (t - run.start) / (run.end - run.start))
        case let .paused(paused):
            return Self.readBack(isReversed ? 1 - paused.forwardFraction : paused.forwardFraction)
        case let .stopped(progress):
            return Self.readBack(isReversed ? 1 - progress : progress)
        }
    }

    /// The visible progress (0 start, 1 end; springs may overshoot) and its rate per second.
    /// Inlined: called on a group's member where it lies (a program's read, every frame), a
    /// method not inlined was given a copy of the whole animator, retaining its plan,
    /// completions and phase and releasing them after.
    @inline(__always)
    public func sample(at t: Double) -> (progress: Double, velocity: Double) {
        guard case let .running(run) = phase else {
            switch phase {
            case let .inactive(rest, _): return (rest, 0)
            case let .paused(paused): return (paused.progress, 0)
            case let .stopped(progress): return (progress, 0)
            case .running: preconditionFailure("a running animator is sampled above")
            }
        }
        if t >= run.end { return (run.segment.target, 0) }
        // During a start delay it waits at its first progress, not moving.
        if t < run.start { return (run.segment.sample(at: 0).progress, 0) }
        return run.segment.sample(at: t - run.start)
    }

    public func progress(at t: Double) -> Double { sample(at: t).progress }

    // MARK: Driving

    public mutating func addCompletion(_ id: String) {
        completions.append(id)
    }

    /// Lets a natural end at or before `t` happen.
    @discardableResult
    public mutating func advance(to t: Double) -> [Completion] {
        guard case let .running(run) = phase, run.end <= t else { return [] }
        let target = run.segment.target
        if pausesOnCompletion {
            phase = .paused(Paused(progress: target, timelinePosition: nil))
            return []
        }
        phase = .inactive(rest: target, fresh: false)
        return fire(isReversed ? .start : .end, at: run.end)
    }

    /// `startAnimation(afterDelay:)`; from paused it continues where it was.
    @discardableResult
    public mutating func start(at t: Double, delay: Double = 0) throws(AnimatorError) -> [Completion] {
        try atomically { animator throws(AnimatorError) in try animator.startNow(at: t, delay: delay) }
    }

    private mutating func startNow(at t: Double, delay: Double) throws(AnimatorError) -> [Completion] {
        let fired = advance(to: t)
        guard delay.isFinite, delay >= 0 else { throw .invalid(ParameterError("delay", "must be a finite number ≥ 0")) }
        switch phase {
        case .inactive(_, fresh: true):
            let segment = Segment.timeline(timeline, position: 0, direction: 1, duration: unitDuration)
            phase = .running(Run(start: t + delay, end: t + delay + unitDuration, fraction0: 0, segment: segment))
        case .inactive:
            throw .finished(operation: "start")
        case .running:
            break
        case .paused:
            guard delay == 0 else { throw .pausedWithDelay }
            return try fired + continueAnimation(timing: nil, durationFactor: 0, at: t)
        case .stopped:
            throw .stopped(operation: "start")
        }
        return fired
    }

    /// `pauseAnimation()`: freezes the visible progress; with `scrubsLinearly` it re-times the
    /// remainder linearly so scrubbing moves in proportion (docs/fidelity.md#property-animator, fractionComplete).
    @discardableResult
    public mutating func pause(at t: Double) throws(AnimatorError) -> [Completion] {
        try atomically { animator throws(AnimatorError) in try animator.pauseNow(at: t) }
    }

    private mutating func pauseNow(at t: Double) throws(AnimatorError) -> [Completion] {
        let fired = advance(to: t)
        switch phase {
        case .inactive(_, fresh: true):
            phase = .paused(Paused(progress: 0, timelinePosition: scrubsLinearly ? nil : 0, timeline: timeline))
        case .inactive:
            throw .finished(operation: "pause")
        case let .running(run):
            phase = .paused(run.paused(at: t, scrubsLinearly: scrubsLinearly))
        case .paused:
            break
        case .stopped:
            throw .stopped(operation: "pause")
        }
        return fired
    }

    /// Sets `fractionComplete` (clamped to UIKit's [0.00001, 0.99999]); a running animator
    /// pauses, takes the value and continues from it.
    @discardableResult
    public mutating func setFractionComplete(_ fraction: Double, at t: Double) throws(AnimatorError) -> [Completion] {
        try atomically { animator throws(AnimatorError) in try animator.setFractionCompleteNow(fraction, at: t) }
    }

    private mutating func setFractionCompleteNow(_ fraction: Double, at t: Double) throws(AnimatorError) -> [Completion] {
        guard fraction.isFinite else { throw .invalid(ParameterError("fractionComplete", "must be a finite number")) }
        let wasRunning = isRunning
        var fired = try pause(at: t)
        guard case var .paused(paused) = phase else { return fired }
        let clamped = min(max(fraction, 0.00001), 0.99999)
        paused.scrub(to: isReversed ? 1 - clamped : clamped)
        phase = .paused(paused)
        if wasRunning { fired.join(try continueAnimation(timing: nil, durationFactor: 0, at: t)) }
        return fired
    }

    /// Sets `isReversed`; nothing moves at the moment of the flip.
    @discardableResult
    public mutating func setReversed(_ reversed: Bool, at t: Double) throws(AnimatorError) -> [Completion] {
        try atomically { animator throws(AnimatorError) in try animator.setReversedNow(reversed, at: t) }
    }

    private mutating func setReversedNow(_ reversed: Bool, at t: Double) throws(AnimatorError) -> [Completion] {
        var fired = advance(to: t)
        guard reversed != isReversed else { return fired }
        switch phase {
        case .inactive:
            return fired
        case .running:
            fired.join(try pause(at: t))
            isReversed = reversed
            fired.join(try continueAnimation(timing: nil, durationFactor: 0, at: t))
        case .paused:
            isReversed = reversed
        case .stopped:
            throw .stopped(operation: "reverse")
        }
        return fired
    }

    /// `continueAnimation(withTimingParameters:durationFactor:)`: only while paused. Factor 0
    /// keeps the duration (the rest takes `(1 − f)·duration`); otherwise the rest takes
    /// `factor·duration`. Springs restart from the visible progress with the spring re-solved
    /// for the remaining time; cubic curves resume at the time whose progress is visible.
    @discardableResult
    public mutating func continueAnimation(timing parameters: TimingParameters?, durationFactor: Double,
                                           at t: Double) throws(AnimatorError) -> [Completion] {
        try atomically { animator throws(AnimatorError) in
            try animator.continueNow(timing: parameters, durationFactor: durationFactor, at: t)
        }
    }

    private mutating func continueNow(timing parameters: TimingParameters?, durationFactor: Double,
                                      at t: Double) throws(AnimatorError) -> [Completion] {
        let fired = advance(to: t)
        guard durationFactor.isFinite, durationFactor >= 0 else {
            throw .invalid(ParameterError("durationFactor", "must be a finite number ≥ 0"))
        }
        guard case let .paused(paused) = phase else {
            if case .stopped = phase { throw .stopped(operation: "continue") }
            throw .notPaused(operation: "continue")
        }
        let direction: Double = isReversed ? -1 : 1
        let target: Double = isReversed ? 0 : 1
        let forward = paused.forwardFraction
        let remaining = isReversed ? forward : 1 - forward
        func internalDuration(_ remainingFraction: Double) -> Double {
            durationFactor == 0 || remainingFraction <= 0 ? unitDuration : unitDuration * durationFactor / remainingFraction
        }
        let segment: Segment
        let end: Double
        // The time fraction it resumes from (forward sense): fractionComplete while running.
        var resumed = forward
        switch (parameters ?? timing, paused.timelinePosition) {
        case let (_, position?) where parameters == nil:
            let d = internalDuration(remaining)
            segment = .timeline(paused.timeline ?? timeline, position: position, direction: direction, duration: d)
            end = t + remaining * d
        case let (.cubic(curve), _):
            let position = curve.timeFraction(forProgress: paused.progress)
            let rest = isReversed ? position : 1 - position
            let d = internalDuration(rest)
            // Its own curve is the plan's timeline already (no new box).
            segment = .timeline(parameters == nil ? timeline : .cubic(curve), position: position, direction: direction, duration: d)
            end = t + rest * d
            resumed = position
        case let (springParameters, _):
            let restTime = durationFactor == 0 ? remaining * unitDuration : unitDuration * durationFactor
            do {
                let spring = try Self.spring(springParameters, shownFor: restTime)
                segment = .spring(from: paused.progress, to: target, ShownSpring(spring))
            } catch {
                throw .invalid(error)
            }
            end = t + restTime
        }
        let fraction0 = isReversed ? 1 - resumed : resumed
        phase = .running(Run(start: t, end: end, fraction0: fraction0, segment: segment))
        return fired + advance(to: t)
    }

    /// `stopAnimation(_:)`: the progress stays where it shows. Without finishing it becomes
    /// inactive and drops every completion; otherwise it waits for `finish`.
    @discardableResult
    public mutating func stop(withoutFinishing: Bool, at t: Double) throws(AnimatorError) -> [Completion] {
        let fired = advance(to: t)
        switch phase {
        case .inactive:
            return fired
        case .stopped:
            throw .stopped(operation: "stop")
        case .running, .paused:
            let progress = sample(at: t).progress
            if withoutFinishing {
                completions.removeAll()
                isReversed = false
                phase = .inactive(rest: progress, fresh: false)
            } else {
                phase = .stopped(progress: progress)
            }
        }
        return fired
    }

    /// `finishAnimation(at:)`: only when stopped; runs the completions with `position`.
    @discardableResult
    public mutating func finish(at position: Position, at t: Double) throws(AnimatorError) -> [Completion] {
        guard case let .stopped(progress) = phase else { throw .notStopped }
        let rest = switch position {
        case .end: 1.0
        case .start: 0.0
        case .current: progress
        }
        phase = .inactive(rest: rest, fresh: false)
        return fire(position, at: t)
    }

    // MARK: Internals

    /// Applies a change to a copy and keeps it only if the change succeeds: a refused call leaves
    /// the animator as it was, so completions due on the way are not lost but fire from the next call.
    private mutating func atomically(
        _ change: (inout PropertyAnimator) throws(AnimatorError) -> [Completion]
    ) throws(AnimatorError) -> [Completion] {
        var next = self
        let fired = try change(&next)
        self = next
        return fired
    }

    private mutating func fire(_ position: Position, at t: Double) -> [Completion] {
        defer { completions.removeAll() }
        return completions.map { Completion(id: $0, position: position, t: t) }
    }

    /// Sentinels UIKit stores for 0 and 1 read back as 0 and 1.
    private static func readBack(_ value: Double) -> Double {
        if value <= 0.00001 { return 0 }
        if value >= 0.99999 { return 1 }
        return value
    }

    private static func spring(_ parameters: TimingParameters, shownFor restTime: Double) throws(ParameterError) -> SpringTiming {
        switch parameters {
        case let .dampedSpring(zeta, v):
            return try SpringParameters.uikit(duration: max(restTime, 1e-9), dampingRatio: zeta, initialVelocity: v).resolve()
        case let .spring(given):
            return try given.resolve().shown(for: restTime)
        case .cubic:
            preconditionFailure("cubic timing has no spring")
        }
    }
}

public enum AnimatorError: Error, Sendable, Equatable {
    /// `continueAnimation` needs a paused animator.
    case notPaused(operation: String)
    /// `finishAnimation(at:)` needs a stopped animator.
    case notStopped
    /// Nothing but `finish` is allowed once stopped.
    case stopped(operation: String)
    /// The animator already ran its animations; make a new one.
    case finished(operation: String)
    /// `startAnimation(afterDelay:)` on a paused animator.
    case pausedWithDelay
    case invalid(ParameterError)
}

extension Array {
    /// `self += more`, without the allocation `+=` makes when both are empty (appending even
    /// nothing to an empty array gives it a buffer), and sharing `more` when `self` is empty:
    /// completions are joined like this on every reversal and scrub, and are nearly always none.
    @inline(__always)
    mutating func join(_ more: [Element]) {
        if isEmpty { self = more } else if !more.isEmpty { self += more }
    }
}
