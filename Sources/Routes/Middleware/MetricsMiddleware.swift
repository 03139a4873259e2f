/// Counts every answer under the route that gave it, with its status and duration; an answer given
/// later counts when it is delivered, with the time it took.
struct MetricsMiddleware: RoutedResponder {
    let metrics: Metrics
    let now: @Sendable () -> Double
    let next: any RoutedResponder

    func respond(to request: HTTPRequest) -> Routed {
        let started = now()
        var routed = next.respond(to: request)
        routed.response = routed.response.map { [metrics, now, key = routed.key] answer in
            metrics.record(key, status: answer.status, seconds: now() - started)
        }
        return routed
    }
}
