import Synchronization

/// The one composition root, used by `main` and by the tests: every route of the API.
public func makeRouter(_ environment: AppEnvironment) -> Router {
    let store = SessionStore(limits: environment.limits, journal: environment.journal, epoch: environment.epoch,
                             log: environment.log)
    let sessions = SessionsAPI(environment: environment, store: store)
    let streams = StreamAPI(environment: environment, store: store)
    // Without a journal there is nothing to replay: ready at once.
    let readiness = Readiness(ready: environment.journal == nil)
    let service: [Router.Route] = [
        .init("GET", "/healthz") { _ throws(Problem) in
            json(status: 200) { w in
                w.beginObject()
                w.member("status", "ok")
                if let node = environment.node { w.member("node", node) }
                w.endObject()
            }
        },
        .init("GET", "/readyz") { _ throws(Problem) in
            guard let damage = readiness.damage else {
                throw Problem(503, "not_ready", "the journal is still being replayed")
            }
            // Degraded still serves: every session but the damaged ones answers as before.
            let sessions = store.damagedCount
            return json(status: 200) { w in
                w.beginObject()
                if damage.isEmpty && sessions == 0 {
                    w.member("status", "ready")
                } else {
                    w.member("status", "degraded")
                    w.key("damage")
                    damage.encode(damagedSessions: sessions, into: &w)
                }
                w.endObject()
            }
        },
        .init("GET", "/openapi.yaml") { _ throws(Problem) in
            HTTPResponse(status: 200, contentType: "application/yaml", body: Array(OpenAPISpec.text.utf8))
        },
    ] + PlaygroundAPI.routes
    let others = service + sessions.routes + streams.routes + CurvesAPI(environment: environment).routes
    // The metrics table has a series for every route, `/metrics` (last) included.
    let metrics = Metrics(routes: others.map { ($0.method, $0.pattern) } + [("GET", "/metrics")])
    let metricsRoute = Router.Route("GET", "/metrics") { _ throws(Problem) in
        let text = metrics.render(sessions: store.count, ready: readiness.isReady,
                                  damage: readiness.damage ?? JournalDamageSummary(), damagedSessions: store.damagedCount)
            + environment.extraMetrics()
        return HTTPResponse(status: 200, contentType: "text/plain; version=0.0.4", body: Array(text.utf8))
    }
    return Router(routes: others + [metricsRoute], store: store, metrics: metrics, readiness: readiness,
                  environment: environment)
}
