/// While the journal is being replayed the server already listens: liveness, readiness (with the
/// replay's progress), metrics and the static files answer, and everything under `/v1/` answers
/// 503 `starting` with `Retry-After`, since the sessions and controls it would read are still
/// being rebuilt. Composed inside auth, so only a client with the token learns how far it got.
struct StartingMiddleware: RoutedResponder {
    let readiness: Readiness
    let next: any RoutedResponder

    func respond(to request: HTTPRequest) -> Routed {
        guard readiness.isStarting, request.path.hasPrefix("/v1/") else { return next.respond(to: request) }
        let (replayed, records) = readiness.progress
        var problem = Problem(503, "starting",
                              "the server is replaying its journal (\(replayed) of \(records) records); retry shortly")
        problem.headers = [("Retry-After", "1")]
        return Routed(response: problem.response, key: .starting)
    }

    /// `/readyz` while the journal is replayed: 503 `{"status":"starting","progress":{…}}`.
    static func readyzStarting(_ readiness: Readiness) -> HTTPResponse {
        let (replayed, records) = readiness.progress
        var answer = jsonAnswer(status: 503) { w in
            w.beginObject()
            w.member("status", "starting")
            w.key("progress")
            w.beginObject()
            w.member("replayed", replayed)
            w.member("records", records)
            w.endObject()
            w.endObject()
        }
        answer.headers.add("Retry-After", "1")
        return .now(answer)
    }
}
