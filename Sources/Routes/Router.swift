/// Placeholder router: replaced by the real route table.
public struct Router: Responder {
    let environment: AppEnvironment
    public func respond(to request: HTTPRequest) -> HTTPResponse {
        if request.path == "/healthz" {
            return HTTPResponse(status: 200, contentType: "application/json", body: Array(#"{"status":"ok"}"#.utf8))
        }
        return HTTPResponse(status: 404, contentType: "application/problem+json", body: Array(#"{"status":404}"#.utf8))
    }
}

/// The one composition root, used by `main` and by the tests.
public func makeRouter(_ environment: AppEnvironment) -> Router {
    Router(environment: environment)
}
