extension DefinedControl {
    /// At most this many timers and completions are let fire looking for the time the control
    /// settles; one that keeps firing longer (a timer that repeats while a finger is held) does
    /// not settle by itself.
    public static let settlingFirings = 1_000

    /// The time from which nothing of the control moves and nothing is pending, if no input
    /// comes: at or after the last input. Nil when something is held (a paused animator or
    /// basic animation finishes only when an input resumes it) or keeps firing.
    ///
    /// Found by letting every pending timer and completion fire, on a copy, as sampling would
    /// (their reactions may start new motion), then asking what is left when it rests.
    public var settledAt: Double? {
        var copy = self
        var ignored: [Emission] = []
        var fired = 0
        while copy.nextDeadline != nil {
            guard fired < Self.settlingFirings else { return nil }
            copy.fireDeadline(emit: &ignored)
            ignored.removeAll(keepingCapacity: true)
            fired += 1
        }
        switch copy.rest {
        case .still: return copy.time
        case let .until(end): return max(end, copy.time)
        case .held: return nil
        }
    }

    /// Every motion the control holds, as one rest. The one place that asks each kind of state
    /// that moves for its end: a kind added to the runtime adds its line here.
    var rest: MotionRest {
        var rest = MotionRest.still
        for index in 0..<definition.animatedScalars { rest.combine(storage.rest(ofAnimated: index)) }
        for index in definition.basics.indices { rest.combine(basic(index)?.rest ?? .still) }
        for group in groups { rest.combine(group?.rest ?? .still) }
        for timer in timers { rest.combine(.until(timer.t)) }
        return rest
    }
}
