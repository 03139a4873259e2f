/// Optional bearer-token protection: every endpoint but `/healthz` (and CORS preflights, which
/// browsers send without credentials) needs `Authorization: Bearer <token>`. Compared in
/// constant time, so the answer's timing says nothing about how much of a guess was right.
struct BearerAuth: Sendable {
    let token: [UInt8]

    static let open: Set<Substring> = ["/healthz"]

    func allows(_ request: HTTPRequest) -> Bool {
        if Self.open.contains(request.path) || CORS.isPreflight(request) { return true }
        guard let header = request.headers["Authorization"] else { return false }
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
