import Dispatch
import Glibc
import Testing
@testable import Server

/// A client that stops reading a stream is dropped, never buffered without bound.
@Suite(.serialized) struct StreamBackpressureTests {
    /// 16 KiB every 5 ms into a 4 KiB receive window: the queued output passes the 64 KiB limit quickly.
    @Test func clientThatNeverReadsIsDroppedAtTheOutputLimit() throws {
        let block = [UInt8](repeating: 0x61, count: 16 * 1024)
        let responder = StreamResponder { StubStream(interval: 0.005) { _ in block } }
        let logs = LogCollector()
        let configuration = TestServer.configuration { $0.maxPendingOutputBytes = 64 * 1024 }
        let lasted = try #require(try Self.secondsUntilDropped(responder, configuration, log: logs.sink))
        #expect(lasted < 3)
        #expect(responder.streams.first?.cancellations == 1)
        let dropped = logs.all.filter { $0.contains("msg=stream_dropped") }
        #expect(dropped.count == 1)
        #expect(dropped.first?.hasPrefix("level=warn msg=stream_dropped reason=output_limit path=/stream bytes=") == true)
        #expect(logs.all.contains { $0.hasSuffix(" end=output_limit") })
    }

    /// One poll queues more than the socket takes, then the stream goes quiet: no write progress for
    /// the write timeout drops it, though the output limit is never reached.
    @Test func streamWithoutWriteProgressIsDroppedAtTheWriteTimeout() throws {
        let burst = [UInt8](repeating: 0x62, count: 4 * 1024 * 1024)
        let responder = StreamResponder { StubStream(interval: 0.05) { $0 == 1 ? burst : [] } }
        let logs = LogCollector()
        let configuration = TestServer.configuration {
            $0.maxPendingOutputBytes = 8 * 1024 * 1024
            $0.timeouts.write = 0.3
        }
        let lasted = try #require(try Self.secondsUntilDropped(responder, configuration, log: logs.sink))
        #expect(lasted > 0.2 && lasted < 1.5)
        #expect(logs.all.contains { $0.hasPrefix("level=warn msg=stream_dropped reason=write_timeout path=/stream bytes=4194304") })
    }

    /// Asks for `/stream` from a client with a small receive window that never reads (and stays
    /// connected); how long the stream lasted until cancel(), nil if that took over 5 s.
    static func secondsUntilDropped(_ responder: StreamResponder, _ configuration: Configuration, log: @escaping LogSink) throws -> Double? {
        var lasted: Double?
        try TestServer.run(configuration, responder: responder, log: log) { server in
            let client = try TestClient.connect(port: server.port, receiveBuffer: 4096)
            try client.send("GET /stream HTTP/1.1\r\nHost: t\r\n\r\n")
            let stream = try #require(responder.firstStream())
            let started = MonotonicClock.now()
            if stream.cancelled.wait(timeout: .now() + 5) == .success {
                lasted = MonotonicClock.now() - started
            }
            withExtendedLifetime(client) {}
        }
        return lasted
    }
}
