import Foundation
import HTTP1
import Routes
import Synchronization
@testable import Server

/// One connection's conversation as bytes: what the client does, step by step, and everything the
/// server wrote after each step, with how the connection ended. The golden copies in
/// `Goldens/transcripts.txt` were recorded from the server before its connection became a state
/// machine (`RECORD_TRANSCRIPTS=1 swift test --filter TranscriptTests` writes them anew); the tests
/// replay them, so a restructuring that changes one byte on the wire fails.
struct Transcript {
    enum Step {
        /// Bytes the client sends.
        case send(String)
        /// The client lets time pass (on the test clock; a recording waited for real).
        case wait(Double)
        /// The client half-closes: the server reads end of stream.
        case finishSending
    }

    let name: String
    let steps: [Step]
    /// Short timeouts, so a recording that waits for real does not wait long.
    var configure: @Sendable (inout Configuration) -> Void = { _ in }
    /// The case needs time to pass without I/O (a timeout, a later delivery): replayed on the test clock only.
    var waitsForTime = false

    /// How a connection looked from the client after a step.
    enum Ending: String { case open, closed, reset }

    /// The rendered golden: every step and what came back after it. The Date header's value is the
    /// only byte replaced (it is the wall clock's).
    static func render(_ steps: [Step], _ outputs: [[UInt8]], _ ending: Ending) -> String {
        var text = ""
        for (step, output) in zip(steps, outputs) {
            switch step {
            case .send(let bytes): text += "> send \(escape(Array(bytes.utf8)))\n"
            case .wait(let seconds): text += "> wait \(seconds)\n"
            case .finishSending: text += "> finish\n"
            }
            if !output.isEmpty { text += "< \(escape(normalisingDate(output)))\n" }
        }
        return text + "= \(ending.rawValue)\n"
    }

    static func escape(_ bytes: [UInt8]) -> String {
        var text = ""
        for byte in bytes {
            switch byte {
            case 0x0D: text += "\\r"
            case 0x0A: text += "\\n"
            case 0x5C: text += "\\\\"
            case 0x20 ..< 0x7F: text.unicodeScalars.append(Unicode.Scalar(byte))
            default: text += String(format: "\\x%02x", byte)
            }
        }
        return text
    }

    static func normalisingDate(_ bytes: [UInt8]) -> [UInt8] {
        var text = String(decoding: bytes, as: UTF8.self)
        while let range = text.range(of: #"Date: [A-Za-z]{3}, \d\d [A-Za-z]{3} \d{4} \d\d:\d\d:\d\d GMT"#, options: .regularExpression) {
            text.replaceSubrange(range, with: "Date: <date>")
        }
        return Array(text.utf8)
    }
}

/// The responder every transcript talks to: echoes, streams, pending answers and large bodies by path.
/// `/echo…` answers "METHOD target bodyBytes"; `/stream` three events 50 ms apart; `/pending/sync`
/// and `/pending/after` a 201 delivered at once or 100 ms later; `/pending/never` nothing;
/// `/close` asks to close; `/empty` 204; anything else the application's router.
struct TranscriptResponder: Responder {
    /// Runs an action this many seconds later: for real over loopback, on the test clock when replayed.
    typealias Later = @Sendable (Double, @escaping @Sendable () -> Void) -> Void

    let app: Application
    let later: Later

    init(later: @escaping Later) {
        app = makeApp(AppEnvironment(now: { 100 }, makeID: { "id-1" }))
        self.later = later
    }

    func respond(to request: HTTPRequest) -> HTTPResponse {
        let echo = Array("\(request.method) \(request.target) \(request.body.count)".utf8)
        switch request.path {
        case "/echo": return HTTPResponse(status: 200, contentType: "text/plain", body: echo)
        case "/stream":
            return HTTPResponse(status: 200, headers: HTTPHeaders([("Content-Type", "text/event-stream")]),
                                stream: StubStream(interval: 0.05, count: 3))
        case "/pending/sync", "/pending/after", "/pending/never":
            let delivered = HTTPAnswer(status: 201, contentType: "text/plain", body: echo)
            let mode = request.path
            return HTTPResponse(pending: StubPending { [later] deliver in
                switch mode {
                case "/pending/sync": deliver(delivered)
                case "/pending/after": later(0.1) { deliver(delivered) }
                default: break
                }
            })
        case "/close": return HTTPResponse(status: 200, headers: HTTPHeaders([("Connection", "close")]), body: echo)
        case "/empty": return HTTPResponse(status: 204)
        default: return app.respond(to: request)
        }
    }
}

extension Transcript {
    /// The cases: framing, keep-alive, pipelining, errors, timeouts, streams, pending answers.
    static let all: [Transcript] = {
        let get = "GET /echo HTTP/1.1\r\nHost: t\r\n\r\n"
        let short: @Sendable (inout Configuration) -> Void = {
            $0.timeouts.header = 0.3
            $0.timeouts.body = 0.3
            $0.timeouts.idle = 0.3
            $0.timeouts.response = 0.3
            $0.timeouts.linger = 0.3
        }
        return [
            Transcript(name: "get", steps: [.send(get)]),
            Transcript(name: "keep-alive-twice", steps: [.send(get), .send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 3\r\n\r\nabc")]),
            Transcript(name: "pipelined", steps: [.send(get + "HEAD /echo HTTP/1.1\r\nHost: t\r\n\r\n" + get)]),
            Transcript(name: "byte-split", steps: [.send("GET /ec"), .send("ho HTTP/1.1\r\nHo"), .send("st: t\r\n\r\n")]),
            Transcript(name: "chunked-body", steps: [.send("POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n")]),
            Transcript(name: "expect-continue", steps: [.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 2\r\nExpect: 100-continue\r\n\r\n"), .send("hi")]),
            Transcript(name: "http10-close", steps: [.send("GET /echo HTTP/1.0\r\n\r\n")]),
            Transcript(name: "http10-keep-alive", steps: [.send("GET /echo HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")]),
            Transcript(name: "connection-close", steps: [.send("GET /echo HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n" + get)]),
            Transcript(name: "responder-closes", steps: [.send("GET /close HTTP/1.1\r\nHost: t\r\n\r\n" + get)]),
            Transcript(name: "no-content", steps: [.send("GET /empty HTTP/1.1\r\nHost: t\r\n\r\n")]),
            Transcript(name: "half-close-after-request", steps: [.send(get), .finishSending]),
            Transcript(name: "half-close-mid-request", steps: [.send("GET /echo HTTP/1.1\r\nHo"), .finishSending]),
            Transcript(name: "bad-request-line", steps: [.send("GET /echo\r\n\r\n")]),
            Transcript(name: "bad-version", steps: [.send("GET /echo HTTP/2.0\r\nHost: t\r\n\r\n")]),
            Transcript(name: "missing-host", steps: [.send("GET /echo HTTP/1.1\r\n\r\n")]),
            Transcript(name: "smuggling", steps: [.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n")]),
            Transcript(name: "header-timeout", steps: [.send("GET /echo HTTP/1.1\r\nHost"), .wait(0.6)], configure: short, waitsForTime: true),
            Transcript(name: "body-timeout", steps: [.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\nab"), .wait(0.6)], configure: short, waitsForTime: true),
            Transcript(name: "idle-timeout", steps: [.send(get), .wait(0.6)], configure: short, waitsForTime: true),
            Transcript(name: "first-request-timeout", steps: [.wait(0.6)], configure: short, waitsForTime: true),
            Transcript(name: "stream", steps: [.send("GET /stream HTTP/1.1\r\nHost: t\r\n\r\n" + get), .wait(0.4)]),
            Transcript(name: "stream-http10", steps: [.send("GET /stream HTTP/1.0\r\n\r\n"), .wait(0.4)]),
            Transcript(name: "stream-head", steps: [.send("HEAD /stream HTTP/1.1\r\nHost: t\r\n\r\n")]),
            Transcript(name: "pending-sync", steps: [.send("POST /pending/sync HTTP/1.1\r\nHost: t\r\nContent-Length: 0\r\n\r\n" + get)]),
            Transcript(name: "pending-after", steps: [.send("POST /pending/after HTTP/1.1\r\nHost: t\r\nContent-Length: 0\r\n\r\n" + get), .wait(0.4)],
                       waitsForTime: true),
            Transcript(name: "pending-head", steps: [.send("HEAD /pending/sync HTTP/1.1\r\nHost: t\r\n\r\n")]),
            Transcript(name: "response-timeout", steps: [.send("POST /pending/never HTTP/1.1\r\nHost: t\r\nContent-Length: 0\r\n\r\n" + get), .wait(0.6)], configure: short, waitsForTime: true),
            Transcript(name: "app-create-and-frame", steps: [
                .send("POST /v1/sessions HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 19\r\n\r\n{\"control\":\"switch\"}".replacingOccurrences(of: "19", with: "20")),
                .send("GET /v1/sessions/id-1/frame?t=0 HTTP/1.1\r\nHost: t\r\n\r\n"),
            ]),
            Transcript(name: "app-not-found", steps: [.send("GET /nowhere HTTP/1.1\r\nHost: t\r\n\r\n")]),
            Transcript(name: "app-method-not-allowed", steps: [.send("DELETE /healthz HTTP/1.1\r\nHost: t\r\n\r\n")]),
            Transcript(name: "app-head-healthz", steps: [.send("HEAD /healthz HTTP/1.1\r\nHost: t\r\n\r\n")]),
            Transcript(name: "app-preflight", steps: [.send("OPTIONS /v1/sessions HTTP/1.1\r\nHost: t\r\nOrigin: http://a.example\r\nAccess-Control-Request-Method: POST\r\n\r\n")]),
        ]
    }()
}
