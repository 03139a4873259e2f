/// The one composition root, used by `main` and by the tests: every route of the API.
public func makeRouter(_ environment: AppEnvironment) -> Router {
    let store = SessionStore(limits: environment.limits)
    let sessions = SessionsAPI(environment: environment, store: store)
    let streams = StreamAPI(environment: environment, store: store)
    let service: [Router.Route] = [
        .init("GET", "/healthz") { _ throws(Problem) in
            json(status: 200) { w in
                w.beginObject()
                w.member("status", "ok")
                w.endObject()
            }
        },
        .init("GET", "/openapi.yaml") { _ throws(Problem) in
            HTTPResponse(status: 200, contentType: "application/yaml", body: Array(OpenAPISpec.text.utf8))
        },
    ]
    return Router(routes: service + sessions.routes + streams.routes, log: environment.log, corsOrigins: environment.corsOrigins)
}
