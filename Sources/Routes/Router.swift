/// The route table, as data: `GET /v1/sessions/{id}` → handler, and the matching. Unknown paths
/// are 404; known paths with another method are 405 with `Allow`. `HEAD` never reaches it: the
/// server asks for GET and leaves the body out. What every answer needs besides (auth, CORS,
/// metrics, the node header) wraps it as middleware, composed in `makeApp`.
public struct Router: RoutedResponder {
    public struct Route: Sendable {
        public let method: String
        public let pattern: String
        let segments: [Substring]
        let handler: @Sendable (RequestContext) throws(Problem) -> HTTPResponse
        /// What the metrics count this route's answers under: this route, not its place in the table.
        let key: RouteKey

        /// `key`, when given, was made beforehand (for a route whose handler needs the metrics).
        init(_ method: String, _ pattern: String, key: RouteKey? = nil,
             _ handler: @escaping @Sendable (RequestContext) throws(Problem) -> HTTPResponse) {
            self.method = method
            self.pattern = pattern
            segments = pattern.split(separator: "/", omittingEmptySubsequences: false)
            self.handler = handler
            self.key = key ?? RouteKey(method: method, pattern: pattern)
            precondition(self.key.labels == (method, pattern), "a route's metrics key names another route")
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
    /// Route indices by segment count: a request is matched only against routes of its length.
    private let bySegmentCount: [Int: [Int]]

    init(routes: [Route]) {
        self.routes = routes
        bySegmentCount = Dictionary(grouping: routes.indices) { routes[$0].segments.count }
    }

    func respond(to request: HTTPRequest) -> Routed {
        let path = Self.segments(request.path)
        var allowed: [String] = []
        for index in candidates(path) {
            let route = routes[index]
            guard let captures = route.match(path) else { continue }
            guard route.method == request.method else {
                allowed.append(route.method)
                continue
            }
            do {
                return Routed(response: try route.handler(RequestContext(request: request, captures: captures)), key: route.key)
            } catch {
                return Routed(response: error.response, key: route.key)
            }
        }
        if allowed.isEmpty { return notFound(request) }
        if allowed.contains("GET") { allowed.append("HEAD") }
        var problem = Problem(405, "method_not_allowed", "\(request.method) is not allowed on \(request.path); use \(allowed.joined(separator: ", "))")
        problem.headers = [("Allow", allowed.joined(separator: ", "))]
        return Routed(response: problem.response, key: .unmatched)
    }

    /// The methods of the routes whose pattern fits `path`, in table order.
    func methods(at path: Substring) -> [String] {
        let segments = Self.segments(path)
        return candidates(segments).filter { routes[$0].match(segments) != nil }.map { routes[$0].method }
    }

    func notFound(_ request: HTTPRequest) -> Routed {
        Routed(response: Problem(404, "not_found", "no resource at \(request.path)").response, key: .unmatched)
    }

    private func candidates(_ path: [Substring]) -> [Int] {
        bySegmentCount[path.count] ?? []
    }

    private static func segments(_ path: Substring) -> [Substring] {
        path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map { Substring($0) }
    }
}

/// One request as a handler sees it: the request, the path captures, parsed query on demand.
struct RequestContext: Sendable {
    let request: HTTPRequest
    let captures: [String: String]

    var id: String { captures["id"] ?? "" }
}
