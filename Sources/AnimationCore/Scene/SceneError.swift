/// Why a scene document was refused: a stable code, the JSON pointer of the fault, and what is
/// wrong. Nothing was created.
public struct SceneError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Code: String, Sendable, CaseIterable {
        case duplicateViewId = "duplicate_view_id"
        case invalidView = "invalid_view"
        case invalidFrame = "invalid_frame"
        case sceneTooDeep = "scene_too_deep"
        case tooManyViews = "too_many_views"
        case childrenNotAccepted = "children_not_accepted"
        case unknownView = "unknown_view"
        /// A binding's or action's property, emission or command the view's control does not have.
        case unknownProperty = "unknown_property"
        case unknownEmission = "unknown_emission"
        case unknownCommand = "unknown_command"
        /// A binding's or action's argument or expression that cannot be sent or computed.
        case invalidLink = "invalid_link"
        /// Bindings and actions that could set each other off without end at one instant.
        case linkCycle = "link_cycle"
        /// An exclusive group with fewer than two views, a view twice, or past the groups' limit.
        case invalidGroup = "invalid_group"
        /// A view's `stack` that names no number property of any of its children's controls.
        case invalidStack = "invalid_stack"
        /// A `requireToFail` naming no input of the control, or one that cannot be named there.
        case unknownRecognizer = "unknown_recognizer"
        /// Recognisers waiting for one another's failure in a circle.
        case failureCycle = "failure_cycle"
    }

    public var code: Code
    public var path: TreePath
    public var message: String

    public init(_ code: Code, at path: TreePath, _ message: String) {
        self.code = code
        self.path = path
        self.message = message
    }

    public var description: String { "\(code.rawValue) at \(path.pointer): \(message)" }
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
