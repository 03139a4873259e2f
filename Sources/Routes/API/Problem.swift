/// An RFC 9457 problem: the one shape every error takes on the wire, from the router and from
/// the server's own framing errors alike.
public struct Problem: Error, Sendable {
    public var status: Int
    /// Stable, machine-readable.
    public var code: String
    public var detail: String
    /// The offending field, as a path into the request.
    public var field: String?
    public var headers: [(String, String)] = []

    public init(_ status: Int, _ code: String, _ detail: String, field: String? = nil) {
        self.status = status
        self.code = code
        self.detail = detail
        self.field = field
    }

    init(_ error: WireError, status: Int = 400) {
        self.init(status, error.code, error.detail, field: error.field)
    }

    public var response: HTTPResponse { .now(answer) }

    /// The problem+json answer itself (what a pending response delivers when it fails).
    public var answer: HTTPAnswer {
        var w = JSONWriter(reservingCapacity: 256)
        w.beginObject()
        w.member("type", "about:blank")
        w.member("title", HTTPStatus.reason(for: status))
        w.member("status", status)
        w.member("code", code)
        w.member("detail", detail)
        if let field { w.member("field", field) }
        w.endObject()
        var body = w.bytes
        body.append(UInt8(ascii: "\n"))
        var response = HTTPAnswer(status: status, contentType: "application/problem+json", body: body)
        for (name, value) in headers { response.headers.add(name, value) }
        return response
    }
}
