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
    /// Route indices by segment count: a request is matched only against routes of its length.
    private let bySegmentCount: [Int: [Int]]
    let cors: CORS
    let store: SessionStore
    let now: @Sendable () -> Double
    let auth: BearerAuth?
    let metrics: Metrics
    let readiness: Readiness
    /// Sent as `X-Node` on every answer, so a client behind a proxy sees which node answered.
    let node: String?

    init(routes: [Route], store: SessionStore, metrics: Metrics, readiness: Readiness, environment: AppEnvironment) {
        self.routes = routes
        bySegmentCount = Dictionary(grouping: routes.indices) { routes[$0].segments.count }
        self.store = store
        self.metrics = metrics
        now = environment.now
        cors = CORS(origins: environment.corsOrigins)
        auth = environment.token.map { BearerAuth(token: Array($0.utf8)) }
        self.readiness = readiness
        node = environment.node
    }

    /// Rebuilds the sessions a journal describes (before serving: records are not journalled again),
    /// then reports ready, or degraded when the journal held damage.
    public func restore(_ items: some Sequence<JournalReplayItem>) -> RestoreReport {
        let report = store.restore(items, now: now())
        readiness.markReady(JournalDamageSummary(report))
        return report
    }

    /// Rebuilds sessions from intact entries alone (a journal kept in memory).
    public func restore(entries: [JournalEntry]) -> RestoreReport {
        restore(entries.enumerated().map { index, entry in
            JournalReplayItem.entry(entry, at: JournalPosition(file: "memory", offset: index, length: entry.payload.count))
        })
    }

    /// True once the journal was replayed (`/readyz`).
    public var isReady: Bool { readiness.isReady }

    /// The entries that rebuild every session now: what a compacted journal holds.
    public func snapshot() -> [JournalEntry] {
        store.snapshot(now: now())
    }

    /// How many sessions are live.
    public var sessionCount: Int { store.count }

    /// How many sessions are held apart (503 `session_damaged`) because their history is damaged.
    public var damagedSessionCount: Int { store.damagedCount }

    public func respond(to request: HTTPRequest) -> HTTPResponse {
        let started = now()
        var (response, series) = route(request)
        decorate(&response, for: request)
        if let pending = response.pending {
            // The answer that comes later gets the same headers as one given now.
            response.pending = DecoratedPending(inner: pending) { [self] in decorate(&$0, for: request) }
        }
        metrics.record(series, status: response.status, seconds: now() - started)
        return response
    }

    /// Headers every answer carries: CORS and the node's name.
    private func decorate(_ response: inout HTTPResponse, for request: HTTPRequest) {
        cors.decorate(&response, for: request)
        if let node { response.headers.add("X-Node", node) }
    }

    /// The answer and the metrics series it counts under (the route's index in the table).
    private func candidates(_ path: [Substring]) -> [Int] {
        bySegmentCount[path.count] ?? []
    }

    private func route(_ request: HTTPRequest) -> (HTTPResponse, Int) {
        if let auth, let refusal = auth.refusal(for: request) { return (refusal, metrics.index(of: .unauthorized)) }
        let path = request.path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
            .map { Substring($0) }
        if CORS.isPreflight(request) {
            let methods = candidates(path).filter { routes[$0].match(path) != nil }.map { routes[$0].method }
            guard !methods.isEmpty else {
                return (Problem(404, "not_found", "no resource at \(request.path)").response, metrics.index(of: .unmatched))
            }
            return (cors.preflight(request, methods: methods.contains("GET") ? methods + ["HEAD"] : methods),
                    metrics.index(of: .preflight))
        }
        let method = request.method == "HEAD" ? "GET" : request.method
        var allowed: [String] = []
        for index in candidates(path) {
            let route = routes[index]
            guard let captures = route.match(path) else { continue }
            guard route.method == method else {
                allowed.append(route.method)
                continue
            }
            do {
                return (try route.handler(RequestContext(request: request, captures: captures)), index)
            } catch {
                return (error.response, index)
            }
        }
        if allowed.isEmpty {
            return (Problem(404, "not_found", "no resource at \(request.path)").response, metrics.index(of: .unmatched))
        }
        if allowed.contains("GET") { allowed.append("HEAD") }
        var problem = Problem(405, "method_not_allowed", "\(request.method) is not allowed on \(request.path); use \(allowed.joined(separator: ", "))")
        problem.headers = [("Allow", allowed.joined(separator: ", "))]
        return (problem.response, metrics.index(of: .unmatched))
    }
}

/// One request as a handler sees it: the request, the path captures, parsed query on demand.
struct RequestContext: Sendable {
    let request: HTTPRequest
    let captures: [String: String]

    var id: String { captures["id"] ?? "" }
}

/// A pending response whose delivered answer is adjusted on the way out.
final class DecoratedPending: PendingResponse {
    let inner: any PendingResponse
    let decorate: @Sendable (inout HTTPResponse) -> Void

    init(inner: any PendingResponse, decorate: @escaping @Sendable (inout HTTPResponse) -> Void) {
        self.inner = inner
        self.decorate = decorate
    }

    func onReady(_ deliver: @escaping @Sendable (HTTPResponse) -> Void) {
        inner.onReady { [decorate] response in
            var response = response
            decorate(&response)
            deliver(response)
        }
    }
}
