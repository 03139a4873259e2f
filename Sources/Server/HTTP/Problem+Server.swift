import Routes

/// The server's own answers for what never reaches the router: framing errors, timeouts,
/// overload. Same problem+json shape as the router's, built by the same type.
extension Problem {
    static let requestTimeout = Problem(408, "request_timeout", "the request was not received in time")
    static let serverBusy = Problem(503, "server_busy", "too many open connections; retry later")

    init(_ error: HTTPParseError) {
        self.init(error.status, error.code, error.detail)
    }
}
