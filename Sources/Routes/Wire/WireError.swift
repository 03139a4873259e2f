import AnimationCore

/// A request body or query that does not describe what the API accepts; names the field.
struct WireError: Error, Sendable, Equatable {
    /// A stable problem code (`invalid_field`, `unknown_control`, …).
    var code: String
    /// The offending field as a path into the request: `config.effects[1].ratio`, `events[2].t`.
    var field: String?
    var detail: String
    /// A fault that already is a problem with its own status and headers (a registry that does not
    /// answer, a damaged control, a definition too large), carried whole to the answer.
    var problem: Problem?

    init(code: String = "invalid_field", field: String?, _ detail: String) {
        self.code = code
        self.field = field
        self.detail = detail
    }

    /// `problem`, found while reading `field`.
    init(_ problem: Problem, field: String?) {
        self.init(code: problem.code, field: field, problem.detail)
        self.problem = problem
    }

    /// A core parameter error, placed under `path` (e.g. `config`).
    init(_ error: ParameterError, under path: String) {
        self.init(field: WireError.join(path, error.parameter), error.reason)
    }

    static func join(_ path: String, _ key: String) -> String {
        if path.isEmpty { return key }
        return key.hasPrefix("[") ? path + key : path + "." + key
    }
}
