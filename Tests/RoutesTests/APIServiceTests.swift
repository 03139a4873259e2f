import Testing
@testable import Routes

@Suite("API: service routes, 404, 405 and HEAD")
struct APIServiceTests {
    @Test func healthz() throws {
        #expect(try expectOK(TestApp().get("/healthz")) == ["status": "ok"])
    }

    @Test(arguments: ["/index.html", "/nope", "/v1", "/v1/session", "/v1/sessions/", "/v1/sessions/id-1/events/1", "/healthz/x", "//v1/sessions"])
    func unknownPathIs404(_ path: String) throws {
        let app = TestApp()
        _ = try app.create(control: "switch")
        for method in ["GET", "POST", "DELETE"] {
            try expectProblem(app.send(method, path, body: method == "POST" ? "{}" : nil), 404, "not_found", field: nil)
        }
    }

    @Test(arguments: [
        ("PUT", "/v1/sessions", ["GET", "HEAD", "POST"]),
        ("DELETE", "/v1/sessions", ["GET", "HEAD", "POST"]),
        ("POST", "/v1/sessions/id-1", ["DELETE", "GET", "HEAD"]),
        ("PATCH", "/v1/sessions/id-1", ["DELETE", "GET", "HEAD"]),
        ("PUT", "/v1/sessions/id-1/events", ["GET", "HEAD", "POST"]),
        ("GET", "/v1/scenarios/run", ["POST"]),
        ("HEAD", "/v1/scenarios/compare", ["POST"]),
        ("POST", "/v1/sessions/id-1/frames", ["GET", "HEAD"]),
        ("DELETE", "/v1/sessions/id-1/frame", ["GET", "HEAD"]),
        ("POST", "/healthz", ["GET", "HEAD"]),
        ("PUT", "/openapi.yaml", ["GET", "HEAD"]),
    ] as [(String, String, Set<String>)])
    func wrongMethodIs405WithAllow(_ method: String, _ path: String, _ allowed: Set<String>) throws {
        let app = TestApp()
        _ = try app.create(control: "switch")
        let response = app.send(method, path, body: "{}")
        try expectProblem(response, 405, "method_not_allowed", field: nil)
        let allow = try #require(response.headers["Allow"])
        let listed = allow.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(Set(listed) == allowed)
        #expect(listed.count == allowed.count, "no method twice: \(allow)")
    }

    /// The methods are listed in route-table order, HEAD after GET's list; the detail names them.
    @Test func allowListsTheRoutesInTableOrder() throws {
        let response = TestApp().send("PUT", "/v1/sessions", body: "{}")
        try expectProblem(response, 405, "method_not_allowed", field: nil)
        #expect(response.headers["Allow"] == "POST, GET, HEAD")
    }

    /// A path of more segments than any route is 404.
    @Test(arguments: [33, 34, 40])
    func longPathIs404(_ segments: Int) throws {
        let path = String(repeating: "/v1", count: segments)
        for method in ["GET", "POST"] {
            try expectProblem(TestApp().send(method, path, body: method == "POST" ? "{}" : nil), 404, "not_found", field: nil)
        }
    }

    /// The router never sees HEAD (the server asks for GET and leaves the body out, see the
    /// server's `HeadRequestTests`); on a route that has no GET it is one more refused method.
    @Test func headWithoutAGetRouteIsRefused() throws {
        let app = TestApp()
        _ = try app.create(control: "switch")
        let refused = app.send("HEAD", "/v1/scenarios/run")
        #expect(refused.status == 405)
        #expect(refused.headers["Allow"] == "POST")
    }

    @Test func openAPIIsServedAsYAMLByteForByteAsTheFile() throws {
        let response = TestApp().get("/openapi.yaml")
        #expect(response.status == 200)
        #expect(response.contentType == "application/yaml")
        // Compiled in through the symlink Sources/Routes/Resources/openapi.yaml.
        #expect(response.text == (try OpenAPIDocument.text()))
    }
}
