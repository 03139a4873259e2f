/// Several `UIViewPropertyAnimator`s driven as one interactive transition, the way an app keeps
/// them in a `runningAnimations` array (docs/fidelity.md, animators): every operation applies to
/// the members still active, in order, and the group adds what interactive transitions need:
///
/// - `interrupt`: pause every member, turn reversed ones forward (nothing moves), remember the
///   `fractionComplete` to scrub from (`progressWhenInterrupted`, read from the first member of
///   `progressFrom` still active), and restart, paused, any member that already ended (a reversed
///   linear curve ends before the springs do), so all are scrubbed and continued together;
/// - `scrub`: `fractionComplete` of every active member;
/// - `continue`: `continueAnimation` of every active member, each with its own timing or nil.
///
/// Completions that fall due during an operation are returned by it, with the member they
/// belong to; the owner runs them.
public struct PropertyAnimatorGroup: Sendable, Equatable {
    public private(set) var members: [PropertyAnimator]
    /// Which members report their completion.
    public let completing: [Bool]
    /// The member whose state stands for the group's (paused, reversed).
    public let primary: Int
    /// Where `progressWhenInterrupted` is read: the first of these still active.
    public let progressFrom: [Int]
    public private(set) var progressWhenInterrupted = 0.0

    public struct Completion: Sendable, Equatable {
        public var member: Int
        public var position: PropertyAnimator.Position
        public var t: Double
    }

    /// Starts `members` at `t`; a member with a completion reports it (see `Completion`).
    public init(members: [PropertyAnimator], completing: [Bool], primary: Int = 0, progressFrom: [Int]? = nil,
                at t: Double) throws(AnimatorError) {
        precondition(!members.isEmpty && members.count == completing.count && members.indices.contains(primary))
        var started = members
        for index in started.indices {
            if completing[index] { started[index].addCompletion(String(index)) }
            try started[index].start(at: t)
        }
        self.members = started
        self.completing = completing
        self.primary = primary
        self.progressFrom = progressFrom ?? [primary]
    }

    public var isPaused: Bool { members[primary].isPaused }
    public var isReversed: Bool { members[primary].isReversed }
    public var isRunning: Bool { members[primary].isRunning }

    /// When the first member still running ends by itself.
    /// (A loop, not `compactMap(…).min()`: every frame of a window asks, and that built an array.)
    public var naturalEndTime: Double? {
        var earliest: Double?
        for index in members.indices {
            guard let end = members[index].naturalEndTime else { continue }
            if let sooner = earliest, !(end < sooner) { continue }
            earliest = end
        }
        return earliest
    }

    /// Runs `body` on every active member in order, collecting the completions it fires.
    private mutating func forEachActive(
        _ body: (Int, inout PropertyAnimator) throws(AnimatorError) -> [PropertyAnimator.Completion]
    ) throws(AnimatorError) -> [Completion] {
        var completions: [Completion] = []
        for index in members.indices where members[index].state == .active {
            for fired in try body(index, &members[index]) {
                completions.append(Completion(member: Int(fired.id) ?? index, position: fired.position, t: fired.t))
            }
        }
        return completions
    }

    public mutating func pause(at t: Double) throws(AnimatorError) -> [Completion] {
        try forEachActive { _, animator throws(AnimatorError) in try animator.pause(at: t) }
    }

    /// See the type's description. `fresh(i)` makes member `i` anew (not started).
    public mutating func interrupt(at t: Double, fresh: (Int) throws(AnimatorError) -> PropertyAnimator) throws(AnimatorError) -> [Completion] {
        var completions = try pause(at: t)
        completions.join(try forEachActive { _, animator throws(AnimatorError) in try animator.setReversed(false, at: t) })
        let source = progressFrom.first { members[$0].state == .active } ?? primary
        progressWhenInterrupted = members[source].fractionComplete(at: t)
        for index in members.indices where members[index].state == .inactive {
            var restarted = try fresh(index)
            if completing[index] { restarted.addCompletion(String(index)) }
            try restarted.start(at: t)
            try restarted.pause(at: t)
            members[index] = restarted
        }
        return completions
    }

    public mutating func scrub(_ fraction: Double, at t: Double) throws(AnimatorError) -> [Completion] {
        try forEachActive { _, animator throws(AnimatorError) in try animator.setFractionComplete(fraction, at: t) }
    }

    /// `continueAnimation` of every active member; `timings[i]` nil keeps member i's own.
    public mutating func continueAnimation(timings: [PropertyAnimator.TimingParameters?], durationFactor: Double,
                                           at t: Double) throws(AnimatorError) -> [Completion] {
        try forEachActive { index, animator throws(AnimatorError) in
            try animator.continueAnimation(timing: index < timings.count ? timings[index] : nil,
                                           durationFactor: durationFactor, at: t)
        }
    }

    /// Flips every active member's direction.
    public mutating func reverse(at t: Double) throws(AnimatorError) -> [Completion] {
        try forEachActive { _, animator throws(AnimatorError) in try animator.setReversed(!animator.isReversed, at: t) }
    }

    public mutating func setReversed(_ reversed: Bool, at t: Double) throws(AnimatorError) -> [Completion] {
        try forEachActive { _, animator throws(AnimatorError) in try animator.setReversed(reversed, at: t) }
    }

    /// Lets every member's natural end at or before `t` happen, in member order.
    public mutating func advance(to t: Double) -> [Completion] {
        var completions: [Completion] = []
        for index in members.indices {
            for fired in members[index].advance(to: t) {
                completions.append(Completion(member: Int(fired.id) ?? index, position: fired.position, t: fired.t))
            }
        }
        return completions
    }
}
