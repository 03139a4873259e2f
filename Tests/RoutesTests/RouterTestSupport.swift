import Synchronization
import Testing
@testable import Routes

// In-process harness for the API tests: `makeApp` over a manual clock and counting ids,
// requests as values (no sockets), responses parsed with the project's `JSONParser`.

/// A monotonic clock the test moves by hand.
final class ManualClock: Sendable {
    private let seconds: Mutex<Double>

    init(at start: Double) { seconds = Mutex(start) }

    var now: Double { seconds.withLock { $0 } }

    func advance(by delta: Double) { seconds.withLock { $0 += delta } }
}

/// Session ids "id-1", "id-2", … in creation order.
final class CountingIDs: Sendable {
    private let issued = Mutex(0)

    func next() -> String {
        issued.withLock { count in
            count += 1
            return "id-\(count)"
        }
    }
}

/// One application under test. The clock starts away from zero so that a wall-clock session's
/// time really is "now minus creation", not "now".
struct TestApp {
    static let clockOrigin = 1000.0

    let clock: ManualClock
    let router: Application

    init(limits: Limits = Limits()) {
        let clock = ManualClock(at: Self.clockOrigin)
        let ids = CountingIDs()
        self.clock = clock
        router = makeApp(AppEnvironment(now: { clock.now }, makeID: { ids.next() }, limits: limits))
    }

    /// An app whose default limits are changed by `adjust`.
    static func with(_ adjust: (inout Limits) -> Void) -> TestApp {
        var limits = Limits()
        adjust(&limits)
        return TestApp(limits: limits)
    }

    /// Small limits for the tests that reach them: 2 sessions, 100 frames, 10 s idle TTL.
    static func small() -> TestApp {
        with {
            $0.maxSessions = 2
            $0.maxFramesPerRequest = 100
            $0.sessionIdleTTL = 10
        }
    }

    func send(_ method: String, _ target: String, body: String? = nil) -> HTTPResponse {
        var headers = HTTPHeaders()
        if body != nil { headers.add("Content-Type", "application/json") }
        return router.respond(to: HTTPRequest(method: method, target: target, headers: headers,
                                              body: Array((body ?? "").utf8)))
    }

    func get(_ target: String) -> HTTPResponse { send("GET", target) }

    func post(_ target: String, _ body: String) -> HTTPResponse { send("POST", target, body: body) }

    func delete(_ target: String) -> HTTPResponse { send("DELETE", target) }

    /// POST /v1/sessions, expecting 201; the new session's id.
    func create(_ body: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let response = post("/v1/sessions", body)
        try #require(response.status == 201, "create \(body) answered \(response.text)", sourceLocation: sourceLocation)
        return try #require(try response.json()["id"]?.stringValue, sourceLocation: sourceLocation)
    }

    /// `{"control": control}` with defaults, expecting 201; the new session's id.
    func create(control: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try create(#"{"control":"\#(control)"}"#, sourceLocation: sourceLocation)
    }

    func postEvents(_ id: String, _ body: String) -> HTTPResponse {
        post("/v1/sessions/\(id)/events", body)
    }

    /// Posts events expecting 200; the parsed reply.
    func applied(_ id: String, _ body: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> JSON {
        try expectOK(postEvents(id, body), sourceLocation: sourceLocation)
    }

    /// GET /v1/sessions/{id}, expecting 200; the parsed session.
    func session(_ id: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> JSON {
        try expectOK(get("/v1/sessions/\(id)"), sourceLocation: sourceLocation)
    }

    /// GET /v1/sessions/{id}/frames with this query, expecting 200; the parsed reply.
    func frames(_ id: String, _ query: String = "", sourceLocation: SourceLocation = #_sourceLocation) throws -> JSON {
        try expectOK(get("/v1/sessions/\(id)/frames\(query)"), sourceLocation: sourceLocation)
    }

    /// GET /v1/sessions/{id}/frame with this query, expecting 200; the parsed frame.
    func frame(_ id: String, _ query: String = "", sourceLocation: SourceLocation = #_sourceLocation) throws -> JSON {
        try expectOK(get("/v1/sessions/\(id)/frame\(query)"), sourceLocation: sourceLocation)
    }

    /// The ids GET /v1/sessions lists, in order.
    func listedIDs(sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        let sessions = try expectOK(get("/v1/sessions"), sourceLocation: sourceLocation)["sessions"]?.arrayValue ?? []
        return sessions.compactMap { $0["id"]?.stringValue }
    }
}

extension HTTPResponse {
    func json() throws -> JSON { try JSONParser().parse(body) }

    var text: String { String(decoding: body, as: UTF8.self) }

    var contentType: String? { headers["Content-Type"] }
}

extension JSON {
    /// Down `path` in every element of the array member `array`: `reply.each("frames", "properties", "scale")`.
    func each(_ array: String, _ path: String...) -> [JSON?] {
        (self[array]?.arrayValue ?? []).map { element in
            path.reduce(Optional(element)) { value, key in value?[key] }
        }
    }
}

/// Expects a 200 `application/json` response; its parsed body.
@discardableResult
func expectOK(_ response: HTTPResponse, sourceLocation: SourceLocation = #_sourceLocation) throws -> JSON {
    try #require(response.status == 200, "answered \(response.status) \(response.text)", sourceLocation: sourceLocation)
    #expect(response.contentType == "application/json", sourceLocation: sourceLocation)
    return try response.json()
}

/// A request body the API must refuse, and the problem it must answer with.
struct Refusal: Sendable, CustomTestStringConvertible {
    let body: String
    let status: Int
    let code: String
    let field: String?

    var testDescription: String { body.isEmpty ? "(empty body)" : body }

    init(_ body: String, _ code: String, _ field: String?) {
        self.init(body, 400, code, field)
    }

    init(_ body: String, _ status: Int, _ code: String, _ field: String?) {
        self.body = body
        self.status = status
        self.code = code
        self.field = field
    }
}

/// Reason phrases written out here, so the test does not ask the code under test for them.
let problemTitles = [400: "Bad Request", 404: "Not Found", 405: "Method Not Allowed", 409: "Conflict",
                     413: "Content Too Large", 503: "Service Unavailable"]

/// Expects the one error shape: `application/problem+json` with `type`, `title`, `status` (equal to
/// the HTTP status), `code`, `detail`, and `field` exactly when one is named. Returns the body.
@discardableResult
func expectProblem(_ response: HTTPResponse, _ status: Int, _ code: String, field: String?,
                   sourceLocation: SourceLocation = #_sourceLocation) throws -> JSON {
    #expect(response.status == status, "body: \(response.text)", sourceLocation: sourceLocation)
    #expect(response.contentType == "application/problem+json", sourceLocation: sourceLocation)
    let problem = try response.json()
    #expect(problem["type"]?.stringValue?.isEmpty == false, sourceLocation: sourceLocation)
    #expect(problem["title"]?.stringValue == problemTitles[status], sourceLocation: sourceLocation)
    #expect(problem["status"] == .number(Double(status)), sourceLocation: sourceLocation)
    #expect(problem["code"]?.stringValue == code, "body: \(response.text)", sourceLocation: sourceLocation)
    #expect(problem["detail"]?.stringValue?.isEmpty == false, sourceLocation: sourceLocation)
    #expect(problem["field"]?.stringValue == field, "body: \(response.text)", sourceLocation: sourceLocation)
    return problem
}

/// Posts `body` to the session's events, expects this problem, and expects the session (event
/// count, time, state, everything GET shows) to be exactly as before.
func expectEventsRejected(_ app: TestApp, _ id: String, _ body: String, _ status: Int, _ code: String, field: String?,
                          sourceLocation: SourceLocation = #_sourceLocation) throws {
    let before = try app.session(id, sourceLocation: sourceLocation)
    try expectProblem(app.postEvents(id, body), status, code, field: field, sourceLocation: sourceLocation)
    #expect(try app.session(id, sourceLocation: sourceLocation) == before, sourceLocation: sourceLocation)
}

/// Posts each body to the session's events in order, expecting each whole reply (numbers
/// within `tolerance`): a session's life as a script.
func expectReplies(_ app: TestApp, _ id: String, _ script: [(body: String, reply: JSON)], tolerance: Double = 0,
                   sourceLocation: SourceLocation = #_sourceLocation) throws {
    for (body, reply) in script {
        expectClose(try app.applied(id, body, sourceLocation: sourceLocation), reply, tolerance: tolerance,
                    context: "after \(body): ", sourceLocation: sourceLocation)
    }
}

/// Where `actual` differs from `expected`: numbers within `tolerance` (relative above 1,
/// absolute below), everything else exactly, object members in the same order.
func differences(_ actual: JSON?, _ expected: JSON, tolerance: Double, at path: String = "$") -> [String] {
    switch (actual, expected) {
    case let (.number(a)?, .number(e)):
        return abs(a - e) <= tolerance * max(1, abs(e)) ? [] : ["\(path): \(a) is not \(e)"]
    case let (.array(a)?, .array(e)):
        guard a.count == e.count else { return ["\(path): \(a.count) elements, expected \(e.count)"] }
        return zip(a, e).enumerated().flatMap { differences($1.0, $1.1, tolerance: tolerance, at: "\(path)[\($0)]") }
    case let (.object(a)?, .object(e)):
        guard a.keys == e.keys else { return ["\(path): keys \(a.keys), expected \(e.keys)"] }
        return e.flatMap { member in differences(a[member.key], member.value, tolerance: tolerance, at: "\(path).\(member.key)") }
    default:
        return actual == expected ? [] : ["\(path): \(actual.map(\.description) ?? "missing") is not \(expected)"]
    }
}

/// Expects `actual` to equal `expected`, numbers within `tolerance` (see `differences`).
func expectClose(_ actual: JSON?, _ expected: JSON, tolerance: Double = 1e-5, context: String = "",
                 sourceLocation: SourceLocation = #_sourceLocation) {
    let found = differences(actual, expected, tolerance: tolerance)
    #expect(found.isEmpty, "\(context)\(found.joined(separator: "; "))", sourceLocation: sourceLocation)
}

/// Tests read answers that are ready at once; asking a pending response for them is a failed test.
extension HTTPResponse {
    var ready: HTTPAnswer {
        guard case .now(let answer) = self else { preconditionFailure("the response is pending; expected an answer now") }
        return answer
    }

    var status: Int { ready.status }
    var headers: HTTPHeaders { ready.headers }
    var body: [UInt8] { ready.body }
    var stream: (any ResponseStream)? { ready.stream }
    /// The response still to come, if it is pending.
    var pending: (any PendingResponse)? {
        if case .later(let pending) = self { return pending }
        return nil
    }
}
