import Routes

/// The server's own problem+json answers (RFC 9457) for what never reaches the router: framing
/// errors, timeouts, overload. Same shape as the router's: type, title, status, code, detail.
struct Problem: Equatable {
    var status: Int
    var code: String
    var detail: String

    static let requestTimeout = Problem(status: 408, code: "request_timeout", detail: "the request was not received in time")
    static let serverBusy = Problem(status: 503, code: "server_busy", detail: "too many open connections; retry later")

}

extension Problem {
    init(_ error: HTTPParseError) {
        self.init(status: error.status, code: error.code, detail: error.detail)
    }

    var response: HTTPResponse {
        let title = HTTPResponse.reason(for: status)
        let json = #"{"type":"about:blank","title":"# + JSONText.quoted(title) + #","status":\#(status),"code":"#
            + JSONText.quoted(code) + #","detail":"# + JSONText.quoted(detail) + "}"
        return HTTPResponse(status: status, contentType: "application/problem+json", body: Array(json.utf8))
    }
}
