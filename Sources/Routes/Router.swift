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
        /// Per segment, its bytes when it is a literal (what a request's segment is compared with).
        private let literals: [[UInt8]]
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
            literals = segments.map { Array($0.utf8) }
            self.handler = handler
            self.key = key ?? RouteKey(method: method, pattern: pattern)
            precondition(self.key.labels == (method, pattern), "a route's metrics key names another route")
        }

        /// The `{name}` captures of a `path` that `fits` this pattern. Every route of the path's
        /// length is tried on every request, so the fit is checked first and captures are built only
        /// for the route that fits.
        func captures(of path: PathSegments) -> Captures {
            var captures = Captures()
            for (index, name) in captureNames.enumerated() where !name.isEmpty {
                captures.append(name, path.string(at: index))
            }
            return captures
        }

        /// Whether `path` has this pattern's literal segments and a non-empty segment for each capture.
        /// Compared from the last segment: routes of one length mostly share their start
        /// (`/v1/sessions/{id}/…`) and differ at the end.
        func fits(_ path: PathSegments) -> Bool {
            guard path.count == segments.count else { return false }
            for index in segments.indices.reversed() {
                if captureNames[index].isEmpty {
                    guard path.has(literals[index], at: index) else { return false }
                } else if path.isEmpty(at: index) {
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
        var allowed: [String] = []
        for index in candidates(path) where routes[index].fits(path) {
            // Copied (its strings and handler retained) only once it fits.
            let route = routes[index]
            guard route.method == request.method else {
                allowed.append(route.method)
                continue
            }
            let captures = route.captures(of: path)
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

/// A request path split at every `/`, empty segments kept (so `/a/` is "", "a", ""): its bytes,
/// copied once, and where each segment starts and ends in them. Every route of the path's length
/// is compared with it on every request, byte for byte, without String indices.
struct PathSegments {
    private let bytes: [UInt8]
    /// Byte offsets, two per segment in one array: segment i is `bytes[bounds[2i] ..< bounds[2i + 1]]`.
    private var bounds: [Int] = []

    init(_ path: Substring) {
        var path = path
        bytes = path.withUTF8 { Array($0) }
        bounds.reserveCapacity(16)
        var start = 0
        for offset in bytes.indices where bytes[offset] == UInt8(ascii: "/") {
            bounds.append(start)
            bounds.append(offset)
            start = offset + 1
        }
        bounds.append(start)
        bounds.append(bytes.count)
    }

    var count: Int { bounds.count / 2 }

    private func start(_ index: Int) -> Int { bounds[2 * index] }
    private func end(_ index: Int) -> Int { bounds[2 * index + 1] }

    func isEmpty(at index: Int) -> Bool { start(index) == end(index) }

    func has(_ literal: [UInt8], at index: Int) -> Bool {
        let start = start(index)
        guard end(index) - start == literal.count else { return false }
        for offset in literal.indices where bytes[start + offset] != literal[offset] { return false }
        return true
    }

    func string(at index: Int) -> String {
        String(decoding: bytes[start(index) ..< end(index)], as: UTF8.self)
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
