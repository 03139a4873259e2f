import HTTP1
import Routes
import Testing
@testable import Server

/// HEAD becomes GET in one place, the server's exchange handler: the application answers GET, and
/// the wire carries GET's status and headers, Content-Length included, without the body.
@Suite struct HeadRequestTests {
    static func exchange(_ method: String, _ target: String, _ router: Application) -> String {
        var handler = ExchangeHandler(responder: router, log: { _ in }, clock: TestClock())
        let request = HTTPRequest(method: method, target: target, headers: HTTPHeaders([("Host", "t")]))
        guard case .answered(let answer) = handler.reply(to: .request(request), mayKeepAlive: true) else { return "pending" }
        return String(decoding: answer.head + answer.body, as: UTF8.self)
    }

    @Test(arguments: ["/healthz", "/openapi.yaml", "/v1/sessions", "/v1/sessions/id-1", "/v1/sessions/id-1/frames?fps=10",
                      "/v1/sessions/id-1/frame?t=0.5", "/v1/sessions/nope", "/v1/sessions/id-1/frames?fps=0", "/"])
    func headIsGetWithoutTheBody(_ target: String) throws {
        let router = makeApp(AppEnvironment(now: { 100 }, makeID: { "id-1" }))
        _ = router.respond(to: HTTPRequest(method: "POST", target: "/v1/sessions", body: Array(#"{"control":"switch"}"#.utf8)))
        let get = Self.exchange("GET", target, router)
        let head = Self.exchange("HEAD", target, router)
        let end = try #require(get.range(of: "\r\n\r\n"))
        #expect(head == String(get[..<end.upperBound]))
        #expect(get.count > head.count, "GET has a body")
    }

    @Test func theApplicationSeesGet() {
        var handler = ExchangeHandler(responder: EchoResponder(), log: { _ in }, clock: TestClock())
        let request = HTTPRequest(method: "HEAD", target: "/x", headers: HTTPHeaders([("Host", "t")]))
        guard case .answered(let answer) = handler.reply(to: .request(request), mayKeepAlive: true) else {
            Issue.record("answered later")
            return
        }
        #expect(String(decoding: answer.head + answer.body, as: UTF8.self)
            == "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nDate: Tue, 14 Nov 2023 22:13:20 GMT\r\nContent-Length: 8\r\n\r\n")
    }
}
