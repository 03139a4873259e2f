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
            guard readiness.isReady else {
                throw Problem(503, "not_ready", "the journal is still being replayed")
            }
            return json(status: 200) { w in
                w.beginObject()
                w.member("status", "ready")
                w.endObject()
            }
        },
        .init("GET", "/openapi.yaml") { _ throws(Problem) in
            HTTPResponse(status: 200, contentType: "application/yaml", body: PackageResources.openapi_yaml)
        },
    ] + PlaygroundAPI.routes
    let others = service + sessions.routes + streams.routes + CurvesAPI(environment: environment).routes
    // The metrics table has a series for every route, `/metrics` (last) included.
    let metrics = Metrics(routes: others.map { ($0.method, $0.pattern) } + [("GET", "/metrics")])
    let metricsRoute = Router.Route("GET", "/metrics") { _ throws(Problem) in
        let text = metrics.render(sessions: store.count, ready: readiness.isReady) + environment.extraMetrics()
        return HTTPResponse(status: 200, contentType: "text/plain; version=0.0.4", body: Array(text.utf8))
    }
    return Router(routes: others + [metricsRoute], store: store, metrics: metrics, readiness: readiness,
                  environment: environment)
}

/// Whether the journal has been replayed: `/readyz` answers 503 until then.
final class Readiness: Sendable {
    private let ready: Mutex<Bool>
    init(ready: Bool) { self.ready = Mutex(ready) }
    var isReady: Bool { ready.withLock { $0 } }
    func markReady() { ready.withLock { $0 = true } }
}
