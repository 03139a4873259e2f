import HTTP1
import Routes
import Testing
@testable import Server

/// Wire text of the answers tests expect: the test clock's wall time is fixed.
enum Wire {
    static let date = "Date: Tue, 14 Nov 2023 22:13:20 GMT\r\n"

    /// An `EchoResponder` answer to `body`.
    static func ok(_ body: String, close: Bool = false) -> String {
        "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\(date)Content-Length: \(body.utf8.count)\r\n"
            + (close ? "Connection: close\r\n" : "") + "\r\n" + body
    }

    static let requestTimeout = "HTTP/1.1 408 Request Timeout\r\nContent-Type: application/problem+json\r\n\(date)"
        + "Content-Length: 135\r\nConnection: close\r\n\r\n"
        + #"{"type":"about:blank","title":"Request Timeout","status":408,"code":"request_timeout","detail":"the request was not received in time"}"#
        + "\n"

    static let get = "GET /a HTTP/1.1\r\nHost: t\r\n\r\n"
}

/// Timeouts on the test clock: each fires at its configured time, to the sweep, and not before.
/// Default timeouts (10 s header, 30 s body and idle, 10 s write, 2 s linger): no test waits for them.
@Suite struct LoopTimeoutTests {
    static let defaults = Configuration()
    /// The sweep runs every 0.2 s with the default timeouts: a deadline is acted on within that.
    static let sweep = defaults.timeouts.sweepInterval

    @Test func theDefaultsAreThoseOfTheDocumentation() {
        #expect(Self.defaults.timeouts == Timeouts(header: 10, body: 30, idle: 30, write: 10, response: 30, linger: 2, shutdownGrace: 5))
        #expect(Self.sweep == 0.2)
    }

    @Test func idleKeepAliveConnectionClosesAtTheIdleTimeout() throws {
        let loop = try LoopHarness(Self.defaults)
        let client = loop.connect(sending: Wire.get)
        #expect(client.text == Wire.ok("GET /a 0"))
        loop.run(for: 30 - 0.01)
        #expect(client.closed == nil)
        loop.run(for: 0.01 + Self.sweep)
        #expect(client.closed == false, "closed with a FIN")
        #expect(client.text == Wire.ok("GET /a 0"), "silently")
        #expect(loop.counter.current == 0)
    }

    @Test func aNewConnectionHasTheHeaderTimeoutForItsFirstRequest() throws {
        let loop = try LoopHarness(Self.defaults)
        let client = loop.connect()
        loop.run(for: 10 - 0.01)
        #expect(client.closed == nil)
        loop.run(for: 0.01 + Self.sweep)
        #expect(client.closed == false)
        #expect(client.received.isEmpty)
    }

    @Test func tricklingHeadIsCutOffWith408FromItsFirstByte() throws {
        let loop = try LoopHarness(Self.defaults)
        let client = loop.connect(sending: "G")
        for byte in "ET /a HTTP/1.1\r\nHost".utf8 {
            loop.run(for: 0.45)
            client.send(String(decoding: [byte], as: UTF8.self))
        }
        loop.run(until: 1000 + 10 - 0.01)
        #expect(client.received.isEmpty, "9 s of trickling bytes did not reset the header timeout")
        loop.run(for: 0.01 + Self.sweep)
        #expect(client.text == Wire.requestTimeout)
        #expect(client.serverShutWrite, "half-closed after the answer, lingering")
        loop.run(for: 2 + Self.sweep)
        #expect(client.closed == false, "closed when the linger timeout passed")
    }

    @Test func slowBodyIsCutOffWith408AtTheBodyTimeout() throws {
        let loop = try LoopHarness(Self.defaults)
        let client = loop.connect(sending: "POST /a HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\nab")
        loop.run(for: 30 - 0.01)
        #expect(client.received.isEmpty)
        loop.run(for: 0.01 + Self.sweep)
        #expect(client.text == Wire.requestTimeout)
    }

    @Test func aSlowClientDoesNotHoldAFastOne() throws {
        let loop = try LoopHarness(Self.defaults)
        let slow = loop.connect(sending: "GET /slow HTTP/1.1\r\nHo")
        let fast = loop.connect(sending: Wire.get)
        #expect(fast.text == Wire.ok("GET /a 0"))
        #expect(slow.received.isEmpty)
        slow.send("st: t\r\n\r\n")
        loop.settle()
        #expect(slow.text == Wire.ok("GET /slow 0"))
    }

    /// A client that sends requests and never reads: the server stops reading once its output for
    /// the client passes the limit, then resets the connection when the write timeout passes.
    @Test func clientThatNeverReadsIsThrottledThenReset() throws {
        var configuration = Self.defaults
        configuration.maxPendingOutputBytes = 4096
        let responder = LargeResponder(size: 1000)
        let loop = try LoopHarness(configuration, responder: responder)
        let client = loop.poller.connect()
        client.window = 0
        client.send(String(repeating: Wire.get, count: 20))
        loop.settle()
        #expect(responder.calls.load(ordering: .relaxed) == 4, "answered while fewer than 4,096 bytes were queued: 4 × 1,118")
        #expect(loop.poller.interest(of: client) == LinuxAPI.epollOut, "no longer reading")
        loop.run(for: 10 - 0.01)
        #expect(client.closed == nil)
        loop.run(for: 0.01 + Self.sweep)
        #expect(client.closed == true, "reset: the kernel drops what it still holds for the client")
    }

    /// The write timeout runs from the last progress, not from the first byte queued.
    @Test func aSlowReaderThatKeepsReadingIsNotCutOff() throws {
        var configuration = Self.defaults
        configuration.maxPendingOutputBytes = 4096
        let loop = try LoopHarness(configuration, responder: LargeResponder(size: 100_000))
        let client = loop.poller.connect()
        client.window = 0
        client.send(Wire.get)
        loop.settle()
        for _ in 0 ..< 30 {
            loop.run(for: 5)
            client.window = 4000
        }
        #expect(client.closed == nil, "150 s of a slow reader, always making progress")
        #expect(client.received.count == 100_120, "the whole answer arrived by 1135 s")
        loop.run(until: 1130 + 30 - 0.01)
        #expect(client.closed == nil, "the idle timeout runs from the answer's last byte")
        loop.run(for: 0.01 + Self.sweep)
        #expect(client.closed == false)
    }
}
