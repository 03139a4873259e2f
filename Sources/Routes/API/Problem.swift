/// An RFC 9457 problem: the one shape every error takes on the wire, from the router and from
/// the server's own framing errors alike.
public struct Problem: Error, Sendable, Equatable {
    public var status: Int
    /// Stable, machine-readable.
    public var code: String
    public var detail: String
    /// The offending field: the RFC 6901 JSON pointer of a member of the request's body
    /// (`/events/1/t`), or the name of a query parameter, path parameter or header (`fps`).
    public var field: String?
    public var headers: [(String, String)] = []

    public init(_ status: Int, _ code: String, _ detail: String, field: String? = nil) {
        self.status = status
        self.code = code
        self.detail = detail
        self.field = field
    }

    /// A document's fault: 400 with its code, its path as the field (`/config/effects/1/ratio`; none
    /// at the root), or the status and headers of the problem it carries.
    init(_ error: DocumentError) {
        guard var problem = error.carried as? Problem else {
            self.init(400, error.code.rawValue, error.message, field: error.field)
            return
        }
        problem.field = error.field
        self = problem
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

extension Problem {
    public static func == (a: Problem, b: Problem) -> Bool {
        a.status == b.status && a.code == b.code && a.detail == b.detail && a.field == b.field
            && a.headers.elementsEqual(b.headers) { $0 == $1 }
    }
}
