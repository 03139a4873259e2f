/// The four controls behind one type, so a session can hold any of them by value.
///
/// The cases are indirect: a session's latest state and its checkpoints share one allocation
/// until a step changes them, and the enum stays a pointer wide whatever the control's size.
public enum AnyControl: Sendable, Equatable {
    indirect case button(Button)
    indirect case progressButton(ProgressButton)
    indirect case `switch`(Switch)
    indirect case card(Card)
    indirect case defined(DefinedControl)

    public init(_ configuration: ControlConfiguration) {
        switch configuration {
        case let .button(c): self = .button(Button(configuration: c))
        case let .progressButton(c): self = .progressButton(ProgressButton(configuration: c))
        case let .switch(c): self = .switch(Switch(configuration: c))
        case let .card(c): self = .card(Card(configuration: c))
        case let .defined(instance): self = .defined(DefinedControl(configuration: instance))
        }
    }

    private var control: any Control {
        switch self {
        case let .button(c): c
        case let .progressButton(c): c
        case let .switch(c): c
        case let .card(c): c
        case let .defined(c): c
        }
    }

    public var kind: String { control.kind }

    public var configuration: ControlConfiguration {
        switch self {
        case let .button(c): .button(c.configuration)
        case let .progressButton(c): .progressButton(c.configuration)
        case let .switch(c): .switch(c.configuration)
        case let .card(c): .card(c.configuration)
        case let .defined(c): .defined(c.configuration)
        }
    }

    /// Lets due timers fire up to `t`, then applies the input, then lets timers due at `t` fire.
    public mutating func step(_ input: Input, at t: Double, emit: inout [Emission]) throws(ControlError) {
        switch self {
        case var .button(c): try c.step(input, at: t, emit: &emit); self = .button(c)
        case var .progressButton(c): try c.step(input, at: t, emit: &emit); self = .progressButton(c)
        case var .switch(c): try c.step(input, at: t, emit: &emit); self = .switch(c)
        case var .card(c): try c.step(input, at: t, emit: &emit); self = .card(c)
        case var .defined(c): try c.step(input, at: t, emit: &emit); self = .defined(c)
        }
    }

    public mutating func advance(to t: Double, emit: inout [Emission]) {
        switch self {
        case var .button(c): c.advance(to: t, emit: &emit); self = .button(c)
        case var .progressButton(c): c.advance(to: t, emit: &emit); self = .progressButton(c)
        case var .switch(c): c.advance(to: t, emit: &emit); self = .switch(c)
        case var .card(c): c.advance(to: t, emit: &emit); self = .card(c)
        case var .defined(c): c.advance(to: t, emit: &emit); self = .defined(c)
        }
    }

    public var nextDeadline: Double? { control.nextDeadline }
    public var state: [Field] { control.state }
    public func frame(at t: Double) -> Frame {
        switch self {
        case let .button(c): c.frame(at: t)
        case let .progressButton(c): c.frame(at: t)
        case let .switch(c): c.frame(at: t)
        case let .card(c): c.frame(at: t)
        case let .defined(c): c.frame(at: t)
        }
    }
}

extension Control {
    /// One logged input: timers up to `t`, the input, and timers it made due at `t`.
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
