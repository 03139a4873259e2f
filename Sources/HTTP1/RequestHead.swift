
/// A complete request head with its semantics checked: Host, body framing and expectations.
public struct RequestHead {
    public var line: RequestLine
    public var headers: HTTPHeaders
    public var framing: BodyFraming
    /// The client waits for "100 Continue" before sending the body (HTTP/1.1 only; ignored for 1.0).
    public var expectsContinue: Bool

    public init(line: RequestLine, headers: HTTPHeaders, limits: HTTPLimits) throws(HTTPParseError) {
        self.line = line
        self.headers = headers
        try Self.checkHost(headers, version: line.version)
        framing = try BodyFraming(method: line.method, version: line.version, headers: headers, limits: limits)
        expectsContinue = try Self.expectsContinue(headers, version: line.version)
    }

    /// RFC 9112 §3.2: exactly one Host in HTTP/1.1, at most one in HTTP/1.0, and its value a
    /// `uri-host[:port]` (`HostField`).
    private static func checkHost(_ headers: HTTPHeaders, version: HTTPVersion) throws(HTTPParseError) {
        if headers.count(of: "Host") > 1 { throw .badRequest("more than one Host header field") }
        guard let value = headers["Host"] else {
            if version.minor >= 1 { throw .badRequest("HTTP/1.1 request without a Host header field") }
            return
        }
        guard HostField.isValid(value) else {
            throw HTTPParseError(kind: .invalidHost,
                                 detail: "the Host header field '\(HTTPParseError.excerpt(value))' is not a host with an optional port")
        }
    }

    /// RFC 9110 §10.1.1: "100-continue" is the only expectation; any other is 417.
    private static func expectsContinue(_ headers: HTTPHeaders, version: HTTPVersion) throws(HTTPParseError) -> Bool {
        guard version.minor >= 1 else { return false }
        let expectations = headers.listElements("Expect")
        if let unknown = expectations.first(where: { $0 != "100-continue" }) {
            throw HTTPParseError(kind: .expectationFailed, detail: "unsupported expectation '\(HTTPParseError.excerpt(unknown))'")
        }
        return !expectations.isEmpty
    }
}
