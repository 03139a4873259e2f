/// The route table, as data: `GET /v1/sessions/{id}` → handler, and the matching. Unknown paths
/// are 404; known paths with another method are 405 with `Allow`. `HEAD` never reaches it: the
/// server asks for GET and leaves the body out. What every answer needs besides (auth, CORS,
/// metrics, the node header) wraps it as middleware, composed in `makeApp`.
public struct Router: RoutedResponder {
    public struct Route: Sendable {
        public let method: String
        public let pattern: String
        let segments: [Substring]
        /// Per segment, the capture's name, or "" for a literal segment.
        private let captureNames: [String]
        let handler: @Sendable (RequestContext) throws(Problem) -> HTTPResponse
        /// What the metrics count this route's answers under: this route, not its place in the table.
        let key: RouteKey

        /// `key`, when given, was made beforehand (for a route whose handler needs the metrics).
        init(_ method: String, _ pattern: String, key: RouteKey? = nil,
             _ handler: @escaping @Sendable (RequestContext) throws(Problem) -> HTTPResponse) {
            self.method = method
            self.pattern = pattern
            segments = pattern.split(separator: "/", omittingEmptySubsequences: false)
            captureNames = segments.map { segment in
                segment.first == "{" && segment.last == "}" ? String(segment.dropFirst().dropLast()) : ""
            }
            self.handler = handler
            self.key = key ?? RouteKey(method: method, pattern: pattern)
            precondition(self.key.labels == (method, pattern), "a route's metrics key names another route")
        }

        /// The `{name}` captures of a `path` that `fits` this pattern. Every route of the path's
        /// length is tried on every request, so the fit is checked first and captures are built only
        /// for the route that fits.
        func captures(of path: PathSegments) -> Captures {
            var captures = Captures()
            for (index, segment) in path.enumerated() where !captureNames[index].isEmpty {
                captures.append(captureNames[index], String(segment))
            }
            return captures
        }

        /// Whether `path` has this pattern's literal segments (byte for byte) and a non-empty
        /// segment for each capture.
        func fits(_ path: PathSegments) -> Bool {
            guard path.count == segments.count else { return false }
            for (index, segment) in path.enumerated() {
                if captureNames[index].isEmpty {
                    guard segment.utf8.elementsEqual(segments[index].utf8) else { return false }
                } else if segment.isEmpty {
                    return false
                }
            }
            return true
        }
    }

    public let routes: [Route]
    /// Route indices by segment count (the array's index): a request is matched only against
    /// routes of its length.
    private let bySegmentCount: [[Int]]

    init(routes: [Route]) {
        self.routes = routes
        let grouped = Dictionary(grouping: routes.indices) { routes[$0].segments.count }
        bySegmentCount = (0 ... (grouped.keys.max() ?? 0)).map { grouped[$0] ?? [] }
    }

    func respond(to request: HTTPRequest) -> Routed {
        let path = PathSegments(request.path)
        let match = candidates(path).first { routes[$0].fits(path) && routes[$0].method == request.method }
            .map { (route: $0, captures: routes[$0].captures(of: path)) }
        guard let match else { return unrouted(request) }
        // Copied (its strings and handler retained) only once it fits.
        let route = routes[match.route]
        do {
            return Routed(response: try route.handler(RequestContext(request: request, captures: match.captures)), key: route.key)
        } catch {
            return Routed(response: error.response, key: route.key)
        }
    }

    /// No route of the request's method fits its path: 405 with the methods of the routes that
    /// fit, in table order, or 404 when none does.
    private func unrouted(_ request: HTTPRequest) -> Routed {
        var allowed = methods(at: request.path)
        if allowed.isEmpty { return notFound(request) }
        if allowed.contains("GET") { allowed.append("HEAD") }
        var problem = Problem(405, "method_not_allowed", "\(request.method) is not allowed on \(request.path); use \(allowed.joined(separator: ", "))")
        problem.headers = [("Allow", allowed.joined(separator: ", "))]
        return Routed(response: problem.response, key: .unmatched)
    }

    /// The methods of the routes whose pattern fits `path`, in table order.
    func methods(at path: Substring) -> [String] {
        let segments = PathSegments(path)
        return candidates(segments).filter { routes[$0].fits(segments) }.map { routes[$0].method }
    }

    func notFound(_ request: HTTPRequest) -> Routed {
        Routed(response: Problem(404, "not_found", "no resource at \(request.path)").response, key: .unmatched)
    }

    private func candidates(_ path: PathSegments) -> [Int] {
        path.count < bySegmentCount.count ? bySegmentCount[path.count] : []
    }
}

/// A request path split at every `/`, empty segments kept (so `/a/` is "", "a", ""), as
/// substrings of the path: nothing is copied until a capture becomes a `String`.
struct PathSegments: Sequence {
    let path: Substring
    /// Every segment of the path.
    let count: Int

    init(_ path: Substring) {
        self.path = path
        count = path.utf8.reduce(1) { $1 == UInt8(ascii: "/") ? $0 + 1 : $0 }
    }

    func makeIterator() -> Iterator { Iterator(path: path) }

    struct Iterator: IteratorProtocol {
        let path: Substring
        /// Where the next segment starts; nil after the last.
        var start: Substring.Index?

        init(path: Substring) {
            self.path = path
            start = path.startIndex
        }

        mutating func next() -> Substring? {
            guard let from = start else { return nil }
            guard let slash = path.utf8[from...].firstIndex(of: UInt8(ascii: "/")) else {
                start = nil
                return path[from...]
            }
            start = path.utf8.index(after: slash)
            return path[from ..< slash]
        }
    }
}

/// A route's `{name}` captures in pattern order: a pattern has one or two, so they are looked up by
/// comparing names rather than hashed into a dictionary on every request.
/// The first is kept in place (most patterns have one capture, `{id}`), so most requests
/// allocate no array for them.
struct Captures: Sendable {
    private var first: (name: String, value: String)?
    private var more: [(name: String, value: String)] = []

    mutating func append(_ name: String, _ value: String) {
        if first == nil { first = (name, value) } else { more.append((name, value)) }
    }

    subscript(_ name: String) -> String? {
        if let first, first.name == name { return first.value }
        return more.first { $0.name == name }?.value
    }
}

/// One request as a handler sees it: the request, the path captures, parsed query on demand.
struct RequestContext: Sendable {
    let request: HTTPRequest
    let captures: Captures

    var id: String { captures["id"] ?? "" }
}
