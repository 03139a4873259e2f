import Dispatch
import Glibc
import Testing
@testable import Server

/// SIGTERM semantics without the signal: `stop()` finishes what is in flight, then closes everything.
@Suite(.serialized) struct GracefulStopTests {
    static let host = "Host: t\r\n"

    /// With `streamOpen`, a stream that never ends is open on the same loop as well: it is ended at
    /// once (cancelled, last chunk, close) and holds the stop no longer than the request does.
    @Test(arguments: [false, true])
    func inFlightRequestCompletesThenTheListenerIsClosed(streamOpen: Bool) throws {
        let slow = SlowResponder(delay: 0.4)
        let responder = StreamResponder(others: slow) { StubStream(interval: 0.01) }
        let configuration = TestServer.configuration {
            $0.threads = 1
            $0.timeouts.shutdownGrace = 4
        }
        try TestServer.run(configuration, responder: responder) { server in
            let streaming = streamOpen ? try TestClient.connect(port: server.port) : nil
            try streaming?.send("GET /stream HTTP/1.1\r\n\(Self.host)\r\n")
            _ = try streaming?.readHead()
            _ = try streaming?.readChunk()
            let client = try TestClient.connect(port: server.port)
            try client.send("GET /slow HTTP/1.1\r\n\(Self.host)\r\n")
            #expect(slow.entered.wait(timeout: .now() + 2) == .success)
            let started = MonotonicClock.now()
            let stopped = server.stopInBackground()

            let response = try client.readResponse()
            #expect(response.status == 200)
            #expect(response.text == "slow")
            #expect(response.header("Connection") == "close")
            #expect(try client.readToEnd().isEmpty)
            client.finishSending()
            if let streaming {
                #expect(responder.streams.first?.cancelled.wait(timeout: .now() + 1) == .success)
                while try streaming.readChunk() != nil {}
                #expect(try streaming.readToEnd().isEmpty)
            }
            #expect(stopped.wait(timeout: .now() + 5) == .success)
            #expect(MonotonicClock.now() - started < 2.5, "stop waited for the grace instead of the request")
            #expect(throws: TestClient.Failure.system("connect", ECONNREFUSED)) {
                _ = try TestClient.connect(port: server.port)
            }
        }
    }

    @Test func idleConnectionsAreClosedAtOnce() throws {
        try TestServer.run(TestServer.configuration { $0.timeouts.shutdownGrace = 4 }) { server in
            let client = try TestClient.connect(port: server.port)
            try client.send("GET /a HTTP/1.1\r\n\(Self.host)\r\n")
            #expect(try client.readResponse().status == 200)
            let started = MonotonicClock.now()
            let stopped = server.stopInBackground()
            #expect(try client.readToEnd().isEmpty)
            #expect(stopped.wait(timeout: .now() + 5) == .success)
            #expect(MonotonicClock.now() - started < 2, "stop waited for the grace instead of closing idle connections")
        }
    }

    /// A request that never completes cannot hold the process past the shutdown grace.
    @Test func drainIsBoundedByTheGrace() throws {
        let configuration = TestServer.configuration { $0.timeouts.shutdownGrace = 0.3 }
        try TestServer.run(configuration) { server in
            let client = try TestClient.connect(port: server.port)
            try client.send("GET /never-finished HTTP/1.1\r\n")
            usleep(50_000)
            let started = MonotonicClock.now()
            let stopped = server.stopInBackground()
            #expect(stopped.wait(timeout: .now() + 2) == .success)
            let waited = MonotonicClock.now() - started
            #expect(waited > 0.2 && waited < 1.0)
            #expect(try client.readToEnd().isEmpty)
        }
    }

    @Test func stopIsIdempotent() throws {
        try TestServer.run { server in
            server.stop()
            server.stop()
        }
    }
}
