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
        precondition(bySegmentCount.count <= PathSegments.keptSegments + 1, "a route longer than the segments a path keeps")
    }

    func respond(to request: HTTPRequest) -> Routed {
        // Matched on the path's bytes in place; the handler runs after, outside the match. The
        // method is taken out first so the match does not capture (copy) the request.
        let method = request.method
        let match = PathSegments.split(request.path) { path -> (route: Int, captures: Captures)? in
            for index in candidates(path) where routes[index].fits(path) && routes[index].method == method {
                return (index, routes[index].captures(of: path))
            }
            return nil
        }
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
        PathSegments.split(path) { segments in
            candidates(segments).filter { routes[$0].fits(segments) }.map { routes[$0].method }
        }
    }

    func notFound(_ request: HTTPRequest) -> Routed {
        Routed(response: Problem(404, "not_found", "no resource at \(request.path)").response, key: .unmatched)
    }

    private func candidates(_ path: PathSegments) -> [Int] {
        path.count < bySegmentCount.count ? bySegmentCount[path.count] : []
    }
}

/// A request path split at every `/`, empty segments kept (so `/a/` is "", "a", ""): its bytes in
/// place, and where each segment starts and ends in them, on the stack. Every route of the path's
/// length is compared with it on every request, byte for byte, without String indices, and
/// nothing is allocated. Only the first `keptSegments` segments' bounds are kept: a longer path
/// is longer than every route (the router's precondition), so it is never compared.
struct PathSegments {
    static let keptSegments = 32

    private let bytes: UnsafeBufferPointer<UInt8>
    /// Byte offsets, two per segment: segment i is `bytes[bounds[2i] ..< bounds[2i + 1]]`.
    private let bounds: UnsafeMutableBufferPointer<Int>
    /// Every segment of the path, kept or not.
    let count: Int

    /// `body` given the segments of `path`, valid only within it.
    static func split<Result>(_ path: Substring, _ body: (PathSegments) -> Result) -> Result {
        var path = path
        return path.withUTF8 { bytes in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * keptSegments) { bounds in
                body(PathSegments(bytes, bounds))
            }
        }
    }

    private init(_ bytes: UnsafeBufferPointer<UInt8>, _ bounds: UnsafeMutableBufferPointer<Int>) {
        self.bytes = bytes
        self.bounds = bounds
        var count = 0
        var start = 0
        for offset in bytes.indices where bytes[offset] == UInt8(ascii: "/") {
            if count < Self.keptSegments {
                bounds[2 * count] = start
                bounds[2 * count + 1] = offset
            }
            count += 1
            start = offset + 1
        }
        if count < Self.keptSegments {
            bounds[2 * count] = start
            bounds[2 * count + 1] = bytes.count
        }
        self.count = count + 1
    }

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
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start(index) ..< end(index)]), as: UTF8.self)
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
