/// The one composition root, used by `main` and by the tests: the session store over the journal,
/// every route of the API as one table, and the middleware around it (auth, CORS, the node header,
/// metrics), composed here and nowhere else.
public func makeApp(_ environment: AppEnvironment) -> Application {
    let store = SessionStore(limits: environment.limits, journal: environment.journal, registry: ControlRegistry(),
                             time: environment.clock, log: environment.log)
    // User-defined names in the registry the cluster shares (etcd), or in this node's journal.
    let shared = environment.registry.map { EtcdDirectory(store: $0, limits: environment.limits, log: environment.log) }
    var sessions = SessionsAPI(environment: environment, store: store,
                               framesCache: FramesCache(capacity: environment.limits.framesCacheBytes))
    sessions.shared = shared
    let controls = ControlsAPI(environment: environment, store: store, directory: shared ?? JournalledDirectory(store: store))
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
            guard let damage = readiness.damage else { return StartingMiddleware.readyzStarting(readiness) }
            // Degraded still serves: every session but the damaged ones answers as before, and
            // without the shared registry built-ins and existing sessions do. Asking etcd waits
            // on the network, so a clustered node answers off the loop.
            let answer = { @Sendable (registryFailure: String?) -> HTTPResponse in
                let sessions = store.damagedCount
                return json(status: 200) { w in
                    w.beginObject()
                    if damage.isEmpty && sessions == 0 && registryFailure == nil {
                        w.member("status", "ready")
                    } else {
                        w.member("status", "degraded")
                        if !damage.isEmpty || sessions > 0 {
                            w.key("damage")
                            damage.encode(damagedSessions: sessions, into: &w)
                        }
                        if let registryFailure {
                            w.key("registry")
                            w.beginObject()
                            w.member("status", "unavailable")
                            w.member("detail", registryFailure)
                            w.endObject()
                        }
                    }
                    w.endObject()
                }
            }
            guard let shared else { return answer(nil) }
            return Offloaded(environment) { () throws(Problem) in answer(shared.probe()) }.response
        },
        .init("GET", "/openapi.yaml") { _ throws(Problem) in
            HTTPResponse(status: 200, contentType: "application/yaml", body: PackageResources.openapi_yaml)
        },
    ] + PlaygroundAPI.routes
    let others = service + sessions.routes + ScenariosAPI(sessions: sessions).routes + streams.routes + controls.routes + CurvesAPI(environment: environment).routes
    // The metrics table has a series for every route, `/metrics` (last) included.
    let metricsKey = RouteKey(method: "GET", pattern: "/metrics")
    let metrics = Metrics(routes: others.map(\.key) + [metricsKey])
    let metricsRoute = Router.Route("GET", "/metrics", key: metricsKey) { _ throws(Problem) in
        let text = metrics.render(sessions: store.count, ready: readiness.isReady,
                                  damage: readiness.damage ?? JournalDamageSummary(), damagedSessions: store.damagedCount)
            + environment.extraMetrics()
        return HTTPResponse(status: 200, contentType: "text/plain; version=0.0.4", body: Array(text.utf8))
    }
    let router = Router(routes: others + [metricsRoute])
    // Inside out: auth before any route, CORS on every answer (and preflights from the table),
    // the node's name on every answer, and every answer counted.
    var responder: any RoutedResponder = StartingMiddleware(readiness: readiness, next: router)
    if let token = environment.token { responder = AuthMiddleware(auth: BearerAuth(token: Array(token.utf8)), next: responder) }
    responder = CORSMiddleware(cors: CORS(origins: environment.corsOrigins), router: router, next: responder)
    if let node = environment.node { responder = NodeHeaderMiddleware(node: node, next: responder) }
    responder = MetricsMiddleware(metrics: metrics, clock: environment.clock, next: responder)
    return Application(router: router, responder: responder, store: store, readiness: readiness, clock: environment.clock)
}
