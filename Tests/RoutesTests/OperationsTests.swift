import Testing
@testable import Routes

/// `/metrics`, `/readyz`, bearer-token auth and the bound on all sessions' events.
@Suite("Operations: metrics, readiness, auth, storage bound")
struct OperationsTests {
    func router(token: String? = nil, journal: (any SessionJournal)? = nil, limits: Limits = Limits()) -> Application {
        var environment = AppEnvironment(now: { 0 }, makeID: { "s" }, limits: limits, journal: journal)
        environment.token = token
        environment.extraMetrics = { "controlsim_open_connections 3\n" }
        return makeApp(environment)
    }

    func send(_ router: Application, _ method: String, _ target: String, _ body: String = "",
              headers: [(String, String)] = []) -> HTTPResponse {
        router.respond(to: HTTPRequest(method: method, target: target, headers: HTTPHeaders(headers), body: Array(body.utf8)))
    }

    @Test func metricsCountRequestsByRouteAndStatusInPrometheusText() {
        let app = router()
        _ = send(app, "POST", "/v1/sessions", #"{"control":"switch"}"#)
        _ = send(app, "POST", "/v1/sessions", #"{"control":"knob"}"#)
        _ = send(app, "GET", "/v1/sessions/s")
        _ = send(app, "GET", "/nowhere")
        let response = send(app, "GET", "/metrics")
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"] == "text/plain; version=0.0.4")
        let lines = String(decoding: response.body, as: UTF8.self).split(separator: "\n").map(String.init)
        for expected in [
            #"controlsim_requests_total{method="POST",route="/v1/sessions",status="201"} 1"#,
            #"controlsim_requests_total{method="POST",route="/v1/sessions",status="400"} 1"#,
            #"controlsim_requests_total{method="GET",route="/v1/sessions/{id}",status="200"} 1"#,
            #"controlsim_requests_total{method="*",route="unmatched",status="404"} 1"#,
            #"controlsim_request_duration_seconds_count{method="POST",route="/v1/sessions"} 2"#,
            #"controlsim_request_duration_seconds_bucket{method="POST",route="/v1/sessions",le="+Inf"} 2"#,
            "controlsim_sessions 1", "controlsim_ready 1", "controlsim_open_connections 3",
        ] {
            #expect(lines.contains(expected), "\(expected)")
        }
    }

    @Test func readyOnlyAfterTheJournalWasReplayed() throws {
        let journal = MemoryJournal()
        let app = router(journal: journal)
        #expect(send(app, "GET", "/readyz").status == 503)
        #expect(app.restore(entries: []) == RestoreReport())
        let ready = send(app, "GET", "/readyz")
        #expect(ready.status == 200)
        #expect(try JSONParser().parse(ready.body) == ["status": "ready"])
        #expect(send(router(), "GET", "/readyz").status == 200)          // nothing to replay
    }

    @Test func aTokenGuardsEveryEndpointButHealthz() throws {
        let app = router(token: "0123456789abcdef0123")
        for (method, target) in [("GET", "/v1/sessions"), ("POST", "/v1/sessions"), ("GET", "/metrics"),
                                 ("GET", "/openapi.yaml"), ("GET", "/readyz"), ("GET", "/nowhere")] {
            let response = send(app, method, target)
            #expect(response.status == 401, "\(method) \(target)")
            #expect(response.headers["WWW-Authenticate"] == "Bearer")
            #expect(try JSONParser().parse(response.body)["code"] == "unauthorized")
        }
        #expect(send(app, "GET", "/healthz").status == 200)
        #expect(send(app, "GET", "/v1/sessions", headers: [("Authorization", "Bearer 0123456789abcdef0123")]).status == 200)
        #expect(send(app, "GET", "/v1/sessions", headers: [("Authorization", "bearer 0123456789abcdef0123")]).status == 200)
        for wrong in ["Bearer 0123456789abcdef012", "Bearer 0123456789abcdef01234", "Bearer ", "Basic 0123456789abcdef0123", "0123456789abcdef0123"] {
            #expect(send(app, "GET", "/v1/sessions", headers: [("Authorization", wrong)]).status == 401, "\(wrong)")
        }
        // Browsers send preflights without credentials.
        let preflight = send(app, "OPTIONS", "/v1/sessions", headers: [("Origin", "http://a.example"), ("Access-Control-Request-Method", "POST")])
        #expect(preflight.status == 204)
    }

    /// Two Authorization fields are ambiguous (which one counts?), right token or not: 400.
    @Test(arguments: [["Bearer 0123456789abcdef0123", "Bearer 0123456789abcdef0123"],
                      ["Bearer 0123456789abcdef0123", "Bearer wrong"], ["Bearer wrong", "Bearer 0123456789abcdef0123"]])
    func twoAuthorizationHeadersAre400(_ values: [String]) throws {
        let app = router(token: "0123456789abcdef0123")
        let response = send(app, "GET", "/v1/sessions", headers: values.map { ("Authorization", $0) })
        #expect(response.status == 400)
        #expect(response.headers["Content-Type"] == "application/problem+json")
        let problem = try JSONParser().parse(response.body)
        #expect(problem["code"] == "duplicate_header")
        #expect(problem["field"] == "Authorization")
        #expect(problem["detail"] == "send one Authorization header, not 2")
        #expect(send(app, "GET", "/healthz", headers: values.map { ("Authorization", $0) }).status == 200)
    }

    @Test func constantTimeComparisonIsStillAComparison() {
        #expect(BearerAuth.equalInConstantTime(Array("abc".utf8), Array("abc".utf8)))
        #expect(!BearerAuth.equalInConstantTime(Array("abc".utf8), Array("abd".utf8)))
        #expect(!BearerAuth.equalInConstantTime(Array("abc".utf8), Array("abcd".utf8)))
        #expect(!BearerAuth.equalInConstantTime([], Array("a".utf8)))
    }

    @Test func allSessionsTogetherHoldABoundedNumberOfEvents() throws {
        var limits = Limits()
        limits.maxTotalEvents = 5
        let ids = CountingIDs()
        var environment = AppEnvironment(now: { 0 }, makeID: { ids.next() }, limits: limits)
        environment.extraMetrics = { "" }
        let app = makeApp(environment)
        #expect(send(app, "POST", "/v1/sessions", #"{"control":"switch"}"#).status == 201)
        #expect(send(app, "POST", "/v1/sessions", #"{"control":"switch"}"#).status == 201)
        #expect(send(app, "POST", "/v1/sessions/id-1/events", #"{"type":"tap","t":0,"x":1,"y":1}"#).status == 200)   // 2
        #expect(send(app, "POST", "/v1/sessions/id-2/events", #"{"type":"tap","t":0,"x":1,"y":1}"#).status == 200)   // 4
        let full = send(app, "POST", "/v1/sessions/id-2/events", #"{"type":"tap","t":1,"x":1,"y":1}"#)                 // 6 > 5
        #expect(full.status == 503)
        #expect(full.headers["Retry-After"] == "30")
        #expect(try JSONParser().parse(full.body)["code"] == "storage_full")
        #expect(try JSONParser().parse(send(app, "GET", "/v1/sessions/id-2").body)["eventCount"] == 2)
        // Deleting a session gives its events back.
        #expect(send(app, "DELETE", "/v1/sessions/id-1").status == 204)
        #expect(send(app, "POST", "/v1/sessions/id-2/events", #"{"type":"tap","t":1,"x":1,"y":1}"#).status == 200)
    }

    /// A shorthand cannot carry a session past the latest time it takes (found by the decoding fuzzer).
    @Test(arguments: [
        #"{"type":"tap","t":0,"x":25,"y":15,"duration":1e308}"#,
        #"{"type":"drag","t":1000000000,"from":{"x":1,"y":1},"to":{"x":2,"y":2},"duration":0.25}"#,
    ])
    func shorthandsEndWithinTheLatestTime(_ body: String) throws {
        let app = TestApp()
        let id = try app.create(control: "switch")
        try expectEventsRejected(app, id, body, 400, "invalid_field", field: "/duration")
        #expect(app.get("/v1/sessions/\(id)/frame").status == 200)
    }
}
