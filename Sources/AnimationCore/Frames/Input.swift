/// Everything a client can post to a control: pointer facts and commands.
public enum Input: Sendable, Equatable {
    case touch(Touch)
    /// A second finger (touch id 1 on the wire), down with the first or alone: only pinch and
    /// rotation inputs see it (docs/controls.md, two fingers).
    case secondTouch(Touch)
    case command(Command)
}

/// A command: its name and its arguments in the order its control declares them (each
/// control declares its own commands; there is no global list).
public struct Command: Sendable, Equatable {
    public var name: String
    public var arguments: [FieldValue]

    public init(_ name: String, _ arguments: [FieldValue] = []) {
        self.name = name
        self.arguments = arguments
    }

    /// Argument `index` as a bool or number (a control reading its own declared arguments).
    public func bool(_ index: Int) -> Bool {
        if index < arguments.count, case let .bool(value) = arguments[index] { return value }
        return false
    }

    public func number(_ index: Int) -> Double {
        if index < arguments.count, case let .number(value) = arguments[index] { return value }
        return .nan
    }
}

/// Why a control refused an input; nothing changed.
public enum ControlError: Error, Sendable, Equatable {
    /// The command does not exist for this control.
    case unsupportedCommand(String, control: String)
    /// A parameter of the input is out of range.
    case invalidParameter(ParameterError)
    /// An animator refused a call in its current state (a bug in the control, reported not crashed).
    case animator(AnimatorError)
    /// As many timers are pending as a control may have.
    case tooManyTimers(limit: Int)
}
