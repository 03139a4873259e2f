/// Counts every answer under the route that gave it, with its status and duration; an answer given
/// later counts when it is delivered, with the time it took.
struct MetricsMiddleware: RoutedResponder {
    let metrics: Metrics
    let clock: any TimeSource
    let next: any RoutedResponder

    func respond(to request: HTTPRequest) -> Routed {
        let started = clock.now()
        var routed = next.respond(to: request)
        routed.response.change(Count(metrics: metrics, clock: clock, key: routed.key, started: started))
        return routed
    }

    /// Counts the answer when it is given.
    struct Count: AnswerChange {
        let metrics: Metrics
        let clock: any TimeSource
        let key: RouteKey
        let started: Double

        func apply(to answer: inout HTTPAnswer) {
            metrics.record(key, status: answer.status, seconds: clock.now() - started)
        }
    }
}
