/// Cross-origin access for browser clients: the allowed origin on every response, and
/// preflight answers. `*` allows any origin (credentials are never involved).
struct CORS: Sendable {
    let origins: [String]

    static let allowedHeaders = "Content-Type, Authorization, Last-Event-ID"
    static let exposedHeaders = "Location, Retry-After, X-Node"
    static let maxAge = "600"

    /// The `Access-Control-Allow-Origin` value for a request's `Origin`, if it is allowed.
    func allowedOrigin(for request: HTTPRequest) -> String? {
        guard let origin = request.headers["Origin"] else { return nil }
        if origins.contains("*") { return "*" }
        return origins.contains(origin) ? origin : nil
    }

    /// A preflight is an OPTIONS request that names the method it wants to use.
    static func isPreflight(_ request: HTTPRequest) -> Bool {
        request.method == "OPTIONS" && request.headers.contains("Origin")
            && request.headers.contains("Access-Control-Request-Method")
    }

    /// The headers on every answer to an allowed origin.
    static func allow(_ origin: String, on response: inout HTTPAnswer) {
        response.headers.set("Access-Control-Allow-Origin", origin)
        response.headers.set("Access-Control-Expose-Headers", exposedHeaders)
        if origin != "*" { response.headers.add("Vary", "Origin") }
    }

    /// 204 with the methods the path allows; no CORS headers (so the browser refuses) when the
    /// origin is not allowed.
    func preflight(_ request: HTTPRequest, methods: [String]) -> HTTPResponse {
        var response = HTTPAnswer(status: 204)
        guard let origin = allowedOrigin(for: request) else { return .now(response) }
        response.headers.add("Access-Control-Allow-Origin", origin)
        response.headers.add("Access-Control-Allow-Methods", (methods + ["OPTIONS"]).joined(separator: ", "))
        response.headers.add("Access-Control-Allow-Headers",
                             request.headers["Access-Control-Request-Headers"] ?? Self.allowedHeaders)
        response.headers.add("Access-Control-Max-Age", Self.maxAge)
        if origin != "*" { response.headers.add("Vary", "Origin") }
        return .now(response)
    }
}
