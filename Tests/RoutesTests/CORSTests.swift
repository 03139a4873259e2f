import Testing
@testable import Routes

@Suite("CORS")
struct CORSTests {
    func send(_ router: Application, _ method: String, _ target: String, _ headers: [(String, String)]) -> HTTPResponse {
        router.respond(to: HTTPRequest(method: method, target: target, headers: HTTPHeaders(headers)))
    }

    func router(origins: [String]) -> Application {
        makeApp(AppEnvironment(now: { 0 }, makeID: { "id" }, corsOrigins: origins))
    }

    @Test func everyResponseAllowsAnyOriginByDefault() {
        let app = router(origins: ["*"])
        for target in ["/healthz", "/v1/sessions", "/nowhere"] {
            let response = send(app, "GET", target, [("Origin", "http://localhost:5173")])
            #expect(response.headers["Access-Control-Allow-Origin"] == "*", "\(target)")
            #expect(response.headers["Access-Control-Expose-Headers"] == "Location, Retry-After, X-Node")
        }
        #expect(send(app, "GET", "/healthz", []).headers["Access-Control-Allow-Origin"] == nil)
    }

    @Test func preflightListsThePathsMethods() {
        let app = router(origins: ["*"])
        let response = send(app, "OPTIONS", "/v1/sessions/abc", [
            ("Origin", "http://localhost:5173"), ("Access-Control-Request-Method", "DELETE"),
            ("Access-Control-Request-Headers", "content-type"),
        ])
        #expect(response.status == 204)
        #expect(response.headers["Access-Control-Allow-Origin"] == "*")
        #expect(response.headers["Access-Control-Allow-Methods"] == "GET, DELETE, HEAD, OPTIONS")
        #expect(response.headers["Access-Control-Allow-Headers"] == "content-type")
        #expect(response.headers["Access-Control-Max-Age"] == "600")
    }

    @Test func preflightOfAnUnknownPathIs404() {
        let response = send(router(origins: ["*"]), "OPTIONS", "/v2/things",
                            [("Origin", "http://a.example"), ("Access-Control-Request-Method", "GET")])
        #expect(response.status == 404)
    }

    @Test func onlyListedOriginsAreAllowedAndVaryIsSet() {
        let app = router(origins: ["http://a.example"])
        let allowed = send(app, "GET", "/healthz", [("Origin", "http://a.example")])
        #expect(allowed.headers["Access-Control-Allow-Origin"] == "http://a.example")
        #expect(allowed.headers["Vary"] == "Origin")
        let other = send(app, "GET", "/healthz", [("Origin", "http://b.example")])
        #expect(other.headers["Access-Control-Allow-Origin"] == nil)
        let preflight = send(app, "OPTIONS", "/healthz", [("Origin", "http://b.example"), ("Access-Control-Request-Method", "GET")])
        #expect(preflight.status == 204 && preflight.headers["Access-Control-Allow-Methods"] == nil)
    }

    @Test func optionsWithoutPreflightHeadersIs405() {
        let response = send(router(origins: ["*"]), "OPTIONS", "/healthz", [])
        #expect(response.status == 405)
    }
}
