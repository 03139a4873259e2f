/// Everything a client can post to a control: pointer facts and commands.
public enum Input: Sendable, Equatable {
    case touch(Touch)
    case command(Command)
}

/// Commands, each valid for some controls only (the control rejects the rest).
public enum Command: Sendable, Equatable {
    // button
    case setSelected(Bool)
    case setEnabled(Bool)
    // progressButton
    case start(startRatio: Double)
    case cancel
    case pause
    case resume
    // switch
    case setOn(Bool, animated: Bool)
    // card
    case expand
    case collapse
    case toggle

    /// The wire name of the command.
    public var name: String {
        switch self {
        case .setSelected: "setSelected"
        case .setEnabled: "setEnabled"
        case .start: "start"
        case .cancel: "cancel"
        case .pause: "pause"
        case .resume: "resume"
        case .setOn: "setOn"
        case .expand: "expand"
        case .collapse: "collapse"
        case .toggle: "toggle"
        }
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
}
