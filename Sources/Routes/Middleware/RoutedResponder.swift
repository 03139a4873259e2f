/// A responder that also says what answered, so the layers around the route table (metrics, above
/// all) know the route by identity. The route table (`Router`) is the innermost one; each
/// middleware wraps the next (Hummingbird's middleware style), composed once in `makeApp`.
protocol RoutedResponder: Sendable {
    func respond(to request: HTTPRequest) -> Routed
}

/// An answer and what gave it.
struct Routed: Sendable {
    var response: HTTPResponse
    var key: RouteKey
}

/// What answered a request: a route of the table, or one of the answers no route gives. Two keys
/// are the same when they are the same key object (made once per route, when the table is built),
/// so looking one up costs no string hashing; the metrics count under it.
struct RouteKey: Hashable, Sendable {
    private final class Identity: Sendable {
        let method: String
        let route: String

        init(method: String, route: String) {
            self.method = method
            self.route = route
        }
    }

    private let identity: Identity

    /// A route's key; `Router.Route` makes its own once.
    init(method: String, pattern: String) {
        identity = Identity(method: method, route: pattern)
    }

    private init(other: String) {
        identity = Identity(method: "*", route: other)
    }

    /// 404 and 405: no route took the request.
    static let unmatched = RouteKey(other: "unmatched")
    /// 401 from the bearer-token check.
    static let unauthorized = RouteKey(other: "unauthorized")
    /// A CORS preflight answered from the route table.
    static let preflight = RouteKey(other: "preflight")
    /// 503 `starting`: the journal is still being replayed.
    static let starting = RouteKey(other: "starting")

    /// The answers without a route, in the order the metrics list them.
    static let others: [RouteKey] = [.unmatched, .unauthorized, .preflight, .starting]

    /// The Prometheus labels `method` and `route`.
    var labels: (method: String, route: String) { (identity.method, identity.route) }

    static func == (a: RouteKey, b: RouteKey) -> Bool { a.identity === b.identity }

    func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(identity))
    }
}
