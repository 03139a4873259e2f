/// Time moves forward only through `advance(to:)`, which lets internal timers (an animation's
/// completion, a chained spring) happen at their own times. `render(at:)` is valid for any `t`
/// from the last change until the next deadline; `frame(at:)` handles later times too.
extension DefinedControl {
    /// Lets every internal transition due at or before `t` happen, in time order.
    public mutating func advance(to t: Double, emit: inout [Emission]) {
        advance(through: t, emit: &emit)
    }

    /// `advance(to:emit:)`, saying whether every deadline due by `t` has happened: false when it
    /// stopped at its bound of 10,000 firings with one still due (so a frame at `t` must still
    /// advance a copy, as `frame(at:)` does).
    @discardableResult
    mutating func advance(through t: Double, emit: inout [Emission]) -> Bool {
        var fired = 0
        return advance(through: t, emit: &emit, fired: &fired)
    }

    /// `advance(through:emit:)`, adding how many deadlines it fired to `fired`.
    mutating func advance(through t: Double, emit: inout [Emission], fired: inout Int) -> Bool {
        var guardCount = 0
        defer { fired += guardCount }
        while let deadline = nextDeadline, deadline <= t {
            guard guardCount < ControlDeadlines.bound else { return false }
            fireDeadline(emit: &emit)
            guardCount += 1
        }
        return true
    }

    /// The frame at any `t` at or after the last change.
    public func frame(at t: Double) -> Frame {
        reading(at: t) { $0.render(at: t) }
    }

    /// Calls `body` with the control as it is at `t`: itself, or a copy advanced through the
    /// deadlines due by then.
    @inline(__always)
    func reading<Result>(at t: Double, _ body: (Self) -> Result) -> Result {
        guard let deadline = nextDeadline, deadline <= t else { return body(self) }
        var copy = self
        var ignored: [Emission] = []
        copy.advance(to: t, emit: &ignored)
        return body(copy)
    }
}

extension DefinedControl {
    /// One logged input: timers up to `t`, the input, and timers it made due at `t`. A refused
    /// input leaves the control as it was.
    mutating func step(_ input: Input, at t: Double, emit: inout [Emission]) throws(ControlError) {
        advance(to: t, emit: &emit)
        var copy = self
        var produced: [Emission] = []
        try copy.handle(input, at: t, emit: &produced)
        copy.advance(to: t, emit: &produced)
        self = copy
        emit.take(produced)
    }

    /// `step`, counting its firings into `tally`: the advance before the input ends a run, the
    /// one after it starts the next.
    mutating func step(_ input: Input, at t: Double, emit: inout [Emission], tally: inout FiringTally) throws(ControlError) {
        _ = advance(through: t, emit: &emit, tally: &tally)
        tally.endRun()
        var copy = self
        var produced: [Emission] = []
        try copy.handle(input, at: t, emit: &produced)
        _ = copy.advance(through: t, emit: &produced, tally: &tally)
        self = copy
        emit.take(produced)
    }


    /// `advance(through:emit:)` counting its firings into `tally`.
    mutating func advance(through t: Double, emit: inout [Emission], tally: inout FiringTally) -> Bool {
        var fired = 0
        let caughtUp = advance(through: t, emit: &emit, fired: &fired)
        tally.run += fired
        tally.note(caughtUp)
        return caughtUp
    }
}

extension [Emission] {
    /// `self += produced`, taking `produced`'s buffer when this list is empty (an event's
    /// emissions are most often the first of their batch): appending would copy them into a new one.
    @inline(__always)
    mutating func take(_ produced: consuming [Emission]) {
        if isEmpty { self = produced } else { self += produced }
    }

    /// Appends one emission; the first one into a list with no room makes room for four, where
    /// growing one at a time reallocated at the first, second and third (a tap's up emits three).
    @inline(__always)
    mutating func add(_ emission: Emission) {
        if capacity == 0 { reserveCapacity(4) }
        append(emission)
    }
}

/// How many due deadlines one advance fires at most: a timer that keeps scheduling itself, or
/// completions that keep falling due at one instant, cannot hold a request for ever.
enum ControlDeadlines {
    static let bound = 10_000
}

/// The deadlines a pass of advances and inputs fired, by run: a run is every firing between two
/// inputs (and before the first, after the last). Another pass over the same inputs that
/// advances to other times in between fires the same deadlines in the same order, with the same
/// emissions, when neither pass stops at the bound: that holds when no advance of this pass
/// stopped at it and no run is longer than the bound (any advance of the other pass lies within
/// one run, since both handle the same inputs in the same order).
struct FiringTally {
    /// Firings in the current run.
    var run = 0
    /// No advance stopped at the bound, no run ended longer than it.
    private(set) var withinBound = true

    mutating func note(_ caughtUp: Bool) {
        if !caughtUp { withinBound = false }
    }

    /// An input is handled (or the pass is over): the run ends.
    mutating func endRun() {
        if run > ControlDeadlines.bound { withinBound = false }
        run = 0
    }
}
