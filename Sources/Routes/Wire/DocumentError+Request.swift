import AnimationCore

/// The codes a request is refused with beside the readers' own, and a problem met while reading
/// one (`Problem(_: DocumentError)` answers with it whole).
extension DocumentError.Code {
    static let unknownControl = Self(rawValue: "unknown_control")
    static let unknownScene = Self(rawValue: "unknown_scene")
    static let unsupportedCommand = Self(rawValue: "unsupported_command")
    static let unknownEventType = Self(rawValue: "unknown_event_type")
}

extension DocumentError {
    /// `problem`, found while reading `path` (the root: the problem keeps its own field).
    init(_ problem: Problem, at path: TreePath = .root) {
        self.init(carrying: problem, code: Code(rawValue: problem.code), at: path, problem.detail)
    }
}

extension DocumentError {
    /// The field as the API names it: the JSON pointer of the path (`/config/effects/1/ratio`), or
    /// at the root the field of the problem carried, if any.
    var field: String? {
        path.components.isEmpty ? (carried as? Problem)?.field : path.pointer
    }
}
