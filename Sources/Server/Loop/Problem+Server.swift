import HTTP1
import Routes

/// The server's own answers for what never reaches the router: framing errors, timeouts,
/// overload. Same problem+json shape as the router's, built by the same type.
extension Problem {
    static let requestTimeout = Problem(408, "request_timeout", "the request was not received in time")
    static let serverBusy = Problem(503, "server_busy", "too many open connections; retry later")
    /// A pending response that was not delivered within `Timeouts.response`; its outcome is unknown.
    static let responseTimeout = Problem(503, "response_timeout", "the response was not ready in time; the outcome is unknown")

    init(_ error: HTTPParseError) {
        self.init(error.status, error.code, error.detail)
    }
}
