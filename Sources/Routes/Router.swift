/// Routes declared once, as data: `GET /v1/sessions/{id}` → handler. Unknown paths are 404;
/// known paths with another method are 405 with `Allow`. `HEAD` is answered as `GET`.
public struct Router: Responder {
    public struct Route: Sendable {
        public let method: String
        public let pattern: String
        let segments: [Substring]
        let handler: @Sendable (RequestContext) throws(Problem) -> HTTPResponse

        init(_ method: String, _ pattern: String,
             _ handler: @escaping @Sendable (RequestContext) throws(Problem) -> HTTPResponse) {
            self.method = method
            self.pattern = pattern
            segments = pattern.split(separator: "/", omittingEmptySubsequences: false)
            self.handler = handler
        }

        /// The `{name}` captures when `path` fits this pattern.
        func match(_ path: [Substring]) -> [String: String]? {
            guard path.count == segments.count else { return nil }
            var captures: [String: String] = [:]
            for (pattern, actual) in zip(segments, path) {
                if pattern.first == "{" && pattern.last == "}" {
                    guard !actual.isEmpty else { return nil }
                    captures[String(pattern.dropFirst().dropLast())] = String(actual)
                } else if pattern != actual {
                    return nil
                }
            }
            return captures
        }
    }

    public let routes: [Route]
    let log: @Sendable (String) -> Void
    let cors: CORS

    init(routes: [Route], log: @escaping @Sendable (String) -> Void, corsOrigins: [String] = ["*"]) {
        self.routes = routes
        self.log = log
        cors = CORS(origins: corsOrigins)
    }

    public func respond(to request: HTTPRequest) -> HTTPResponse {
        var response = route(request)
        cors.decorate(&response, for: request)
        return response
    }

    private func route(_ request: HTTPRequest) -> HTTPResponse {
        let path = request.path.split(separator: "/", omittingEmptySubsequences: false)
        if CORS.isPreflight(request) {
            let methods = routes.filter { $0.match(path) != nil }.map(\.method)
            guard !methods.isEmpty else { return Problem(404, "not_found", "no resource at \(request.path)").response }
            return cors.preflight(request, methods: methods.contains("GET") ? methods + ["HEAD"] : methods)
        }
        let method = request.method == "HEAD" ? "GET" : request.method
        var allowed: [String] = []
        for route in routes {
            guard let captures = route.match(path) else { continue }
            guard route.method == method else {
                allowed.append(route.method)
                continue
            }
            do {
                return try route.handler(RequestContext(request: request, captures: captures))
            } catch {
                return error.response
            }
        }
        if allowed.isEmpty {
            return Problem(404, "not_found", "no resource at \(request.path)").response
        }
        if allowed.contains("GET") { allowed.append("HEAD") }
        var problem = Problem(405, "method_not_allowed", "\(request.method) is not allowed on \(request.path); use \(allowed.joined(separator: ", "))")
        problem.headers = [("Allow", allowed.joined(separator: ", "))]
        return problem.response
    }
}

/// One request as a handler sees it: the request, the path captures, parsed query on demand.
struct RequestContext: Sendable {
    let request: HTTPRequest
    let captures: [String: String]

    var id: String { captures["id"] ?? "" }
}
