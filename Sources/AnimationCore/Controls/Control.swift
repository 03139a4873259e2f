/// A simulated control: a value-type state machine driven by inputs at times.
///
/// Time only moves forward through `advance(to:)`, which lets internal timers (an animation's
/// completion, a chained spring) happen at their own times. `render(at:)` is valid for any
/// `t` from the last change until the next deadline; `frame(at:)` handles later times too.
public protocol Control: Sendable, Equatable {
    associatedtype Configuration: Sendable, Equatable
    /// The control's name, as sessions report it.
    var kind: String { get }

    init(configuration: Configuration)

    var configuration: Configuration { get }

    /// Applies one input at `t`; the caller has advanced to `t` first. Throws without changing anything.
    mutating func handle(_ input: Input, at t: Double, emit: inout [Emission]) throws(ControlError)

    /// The earliest time an internal transition is due, if any.
    var nextDeadline: Double? { get }

    /// Performs the internal transition due at `nextDeadline` (≤ the time advanced to).
    mutating func fireDeadline(emit: inout [Emission])

    /// The semantic state (`isOn`, `state`, …) at the last change.
    var state: [Field] { get }

    /// The frame at `t`, assuming no deadline lies before `t`.
    func render(at t: Double) -> Frame
}

extension Control {
    /// Lets every internal transition due at or before `t` happen, in time order.
    public mutating func advance(to t: Double, emit: inout [Emission]) {
        advance(through: t, emit: &emit)
    }

    /// `advance(to:emit:)`, saying whether every deadline due by `t` has happened: false when it
    /// stopped at its bound of 10,000 firings with one still due (so a frame at `t` must still
    /// advance a copy, as `frame(at:)` does).
    @discardableResult
    mutating func advance(through t: Double, emit: inout [Emission]) -> Bool {
        var guardCount = 0
        while let deadline = nextDeadline, deadline <= t {
            guard guardCount < 10_000 else { return false }
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

extension Control {
    /// One logged input: timers up to `t`, the input, and timers it made due at `t`. A refused
    /// input leaves the control as it was.
    mutating func step(_ input: Input, at t: Double, emit: inout [Emission]) throws(ControlError) {
        advance(to: t, emit: &emit)
        var copy = self
        var produced: [Emission] = []
        try copy.handle(input, at: t, emit: &produced)
        copy.advance(to: t, emit: &produced)
        self = copy
        emit += produced
    }
}
