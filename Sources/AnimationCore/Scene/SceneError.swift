/// Why a scene document was refused: a `DocumentError` (one error type for every document, so the
/// API answers a scene's faults as it answers a body's) with one of the codes below, at the JSON
/// path of the fault. Nothing was created.
public typealias SceneError = DocumentError

extension DocumentError.Code {
    public static let duplicateViewId = Self(rawValue: "duplicate_view_id")
    public static let invalidView = Self(rawValue: "invalid_view")
    public static let invalidFrame = Self(rawValue: "invalid_frame")
    public static let sceneTooDeep = Self(rawValue: "scene_too_deep")
    public static let tooManyViews = Self(rawValue: "too_many_views")
    public static let childrenNotAccepted = Self(rawValue: "children_not_accepted")
    public static let unknownView = Self(rawValue: "unknown_view")
    /// A binding's or action's property, emission or command the view's control does not have.
    public static let unknownProperty = Self(rawValue: "unknown_property")
    public static let unknownEmission = Self(rawValue: "unknown_emission")
    public static let unknownCommand = Self(rawValue: "unknown_command")
    /// A binding's or action's argument or expression that cannot be sent or computed.
    public static let invalidLink = Self(rawValue: "invalid_link")
    /// Bindings and actions that could set each other off without end at one instant.
    public static let linkCycle = Self(rawValue: "link_cycle")
    /// An exclusive group with fewer than two views, a view twice, or past the groups' limit.
    public static let invalidGroup = Self(rawValue: "invalid_group")
    /// A view's `stack` that names no number property of any of its children's controls.
    public static let invalidStack = Self(rawValue: "invalid_stack")
    /// A `requireToFail` naming no input of the control, or one that cannot be named there.
    public static let unknownRecognizer = Self(rawValue: "unknown_recognizer")
    /// Recognisers waiting for one another's failure in a circle.
    public static let failureCycle = Self(rawValue: "failure_cycle")
}

/// Why a scene refused an input; nothing changed.
public enum SceneInputError: Error, Sendable, Equatable {
    /// Older than the scene's latest input, negative, or not finite.
    case outOfOrder(t: Double, latest: Double)
    /// A touch-down with the id of a touch that is still down.
    case touchIdInUse(Int)
    /// A move, up or cancel of no touch that is down.
    case unknownTouch(Int)
    /// A command to a view the scene does not have, or one without a control.
    case unknownView(Int)
    /// The view's control refused the input.
    case rejected(view: String, ControlError)
}
