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

/// What answered a request: a route of the table, by its method and pattern, or one of the answers
/// no route gives. The metrics count under it.
enum RouteKey: Hashable, Sendable {
    case route(method: String, pattern: String)
    /// 404 and 405: no route took the request.
    case unmatched
    /// 401 from the bearer-token check.
    case unauthorized
    /// A CORS preflight answered from the route table.
    case preflight

    /// The answers without a route, in the order the metrics list them.
    static let others: [RouteKey] = [.unmatched, .unauthorized, .preflight]

    /// The Prometheus labels `method` and `route`.
    var labels: (method: String, route: String) {
        switch self {
        case let .route(method, pattern): (method, pattern)
        case .unmatched: ("*", "unmatched")
        case .unauthorized: ("*", "unauthorized")
        case .preflight: ("*", "preflight")
        }
    }
}
