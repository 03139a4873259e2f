/// Optional bearer-token protection: every endpoint but `/healthz` (and CORS preflights, which
/// browsers send without credentials) needs `Authorization: Bearer <token>`. Compared in
/// constant time, so the answer's timing says nothing about how much of a guess was right.
struct BearerAuth: Sendable {
    let token: [UInt8]

    static let open: Set<Substring> = ["/healthz"]

    /// Nil when the request may go on, else the answer that refuses it: 401 without the right
    /// token, 400 `duplicate_header` for more than one `Authorization` field (a singleton field,
    /// RFC 9110 §11.6.2: which one would count is ambiguous, so none does).
    func refusal(for request: HTTPRequest) -> HTTPResponse? {
        if Self.open.contains(request.path) || CORS.isPreflight(request) { return nil }
        let fields = request.headers.values("Authorization")
        if fields.count > 1 {
            return Problem(400, "duplicate_header", "send one Authorization header, not \(fields.count)", field: "Authorization").response
        }
        guard let header = fields.first, allows(header) else { return refusal }
        return nil
    }

    private func allows(_ header: String) -> Bool {
        let prefix = "Bearer "
        guard header.count > prefix.count,
              header.prefix(prefix.count).lowercased() == prefix.lowercased() else { return false }
        return Self.equalInConstantTime(Array(header.utf8.dropFirst(prefix.utf8.count)), token)
    }

    /// Every byte of the longer input is looked at whatever the inputs are.
    static func equalInConstantTime(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        var difference = UInt8(truncatingIfNeeded: a.count ^ b.count)
        for index in 0..<max(a.count, b.count) {
            let x = index < a.count ? a[index] : 0
            let y = index < b.count ? b[index] : 0
            difference |= x ^ y
        }
        return difference == 0
    }

    var refusal: HTTPResponse {
        var problem = Problem(401, "unauthorized", "this server needs 'Authorization: Bearer <token>'")
        problem.headers = [("WWW-Authenticate", "Bearer")]
        return problem.response
    }
}
