import Dispatch
import Glibc
import Testing
@testable import Server

/// SIGTERM semantics over loopback, without the signal: `stop()` closes idle connections, lets go of
/// the listener and returns. What is in flight, streams and the grace: `LoopDrainTests`, on the test clock.
@Suite(.serialized) struct GracefulStopTests {
    @Test func idleConnectionsAreClosedAndTheListenerReleased() throws {
        try TestServer.run(TestServer.configuration { $0.timeouts.shutdownGrace = 30 }) { server in
            let client = try TestClient.connect(port: server.port)
            try client.send("GET /a HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try client.readResponse().status == 200)
            let stopped = server.stopInBackground()
            #expect(try client.readToEnd().isEmpty, "closed at once, not after the 30 s grace")
            #expect(stopped.wait(timeout: .now() + 5) == .success)
            #expect(throws: TestClient.Failure.system("connect", ECONNREFUSED)) {
                _ = try TestClient.connect(port: server.port)
            }
        }
    }

    @Test func stopIsIdempotent() throws {
        try TestServer.run { server in
            server.stop()
            server.stop()
        }
    }
}
