/// A control's resolved configuration; the kind is implied by the case.
public enum ControlConfiguration: Sendable, Equatable {
    case button(ButtonConfiguration)
    case progressButton(ProgressButtonConfiguration)
    case `switch`(SwitchConfiguration)
    case card(CardConfiguration)
    /// A control made from a definition.
    case defined(ControlInstance)

    /// The wire names of the controls, in the order the API lists them.
    public static let kinds = [Button.kind, ProgressButton.kind, Switch.kind, Card.kind]

    public var kind: String {
        switch self {
        case .button: Button.kind
        case .progressButton: ProgressButton.kind
        case .switch: Switch.kind
        case .card: Card.kind
        case let .defined(instance): instance.name
        }
    }

    public func validate() throws(ParameterError) {
        switch self {
        case let .button(c): try c.validate()
        case let .progressButton(c): try c.validate()
        case let .switch(c): try c.validate()
        case let .card(c): try c.validate()
        case .defined: break
        }
    }
}
