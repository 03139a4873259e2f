import HTTP1
import Routes
import Testing
@testable import Server

/// Streamed responses on the test clock: polls at the times the stream asks for, the body framed,
/// pipelined requests after its end, and the ways a stream ends early.
@Suite struct LoopStreamTests {
    static let head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\n\(Wire.date)"
        + "Transfer-Encoding: chunked\r\n\r\n"
    static let request = "GET /stream HTTP/1.1\r\nHost: t\r\n\r\n"

    /// `data: k` as one chunk.
    static func chunk(_ k: Int) -> String { "9\r\ndata: \(k)\n\n\r\n" }

    @Test func pollsFollowTheStreamsTimesAndTheNextRequestWaitsForItsEnd() throws {
        let responder = StreamResponder { StubStream(interval: 0.25, count: 3) }
        let loop = try LoopHarness(responder: responder)
        let client = loop.connect(sending: Self.request + Wire.get)
        #expect(client.text == Self.head + Self.chunk(1), "the head and the first poll leave together")
        loop.run(for: 0.24)
        #expect(client.text == Self.head + Self.chunk(1))
        loop.run(for: 0.01)
        #expect(client.text == Self.head + Self.chunk(1) + Self.chunk(2))
        loop.run(for: 0.25)
        #expect(client.text == Self.head + Self.chunk(1) + Self.chunk(2) + Self.chunk(3) + "0\r\n\r\n" + Wire.ok("GET /a 0"))
        #expect(responder.streams.first?.polls == 3)
        #expect(responder.streams.first?.cancellations == 0)
        #expect(loop.logs.all.contains { $0.contains("path=/stream status=200") && $0.contains("bytes=27 end=complete") })
    }

    @Test func timeoutsDoNotCutAStreamShort() throws {
        let responder = StreamResponder { StubStream(interval: 1) }
        let loop = try LoopHarness(Configuration(), responder: responder)
        let client = loop.connect(sending: Self.request)
        loop.run(for: 120)
        #expect(client.closed == nil, "two minutes: past the header, body, idle and write timeouts")
        #expect(responder.streams.first?.polls == 121)
    }

    @Test func headOnAStreamingRouteSendsTheHeadAndCancelsTheStream() throws {
        let responder = StreamResponder { StubStream(interval: 1) }
        let loop = try LoopHarness(responder: responder)
        let client = loop.connect(sending: "HEAD /stream HTTP/1.1\r\nHost: t\r\n\r\n" + Wire.get)
        #expect(client.text == Self.head + Wire.ok("GET /a 0"))
        #expect(responder.streams.first?.polls == 0)
        #expect(responder.streams.first?.cancellations == 1)
    }

    enum Leaving: CaseIterable { case halfClose, reset }

    @Test(arguments: Leaving.allCases)
    func clientLeavingMidStreamCancelsIt(_ leaving: Leaving) throws {
        let responder = StreamResponder { StubStream(interval: 0.1) }
        let loop = try LoopHarness(responder: responder)
        let client = loop.connect(sending: Self.request)
        loop.run(for: 0.35)
        switch leaving {
        case .halfClose: client.finishedSending = true
        case .reset: client.isReset = true
        }
        loop.settle()
        #expect(client.closed == false)
        #expect(responder.streams.first?.cancellations == 1)
        #expect(responder.streams.first?.polls == 4)
        #expect(loop.logs.all.contains { $0.contains("end=client_closed") })
        loop.run(for: 1)
        #expect(responder.streams.first?.polls == 4, "no poll after the end")
    }

    @Test func clientThatStopsReadingIsDroppedAtTheOutputLimit() throws {
        var configuration = TestServer.configuration()
        configuration.maxPendingOutputBytes = 4096
        let responder = StreamResponder { StubStream(interval: 0.01) { _ in [UInt8](repeating: 0x61, count: 1000) } }
        let loop = try LoopHarness(configuration, responder: responder)
        let client = loop.poller.connect()
        client.window = 0
        client.send(Self.request)
        loop.run(for: 0.025)
        #expect(client.closed == nil, "three polls: 3,124 bytes queued")
        loop.run(for: 0.01)
        #expect(client.closed == true, "reset on the fourth, which would pass 4,096 bytes queued")
        #expect(responder.streams.first?.cancellations == 1)
        #expect(loop.logs.all.contains { $0.contains("msg=stream_dropped reason=output_limit") })
    }

    @Test func streamWithoutWriteProgressIsDroppedAtTheWriteTimeout() throws {
        let responder = StreamResponder { StubStream(interval: 1) }
        let loop = try LoopHarness(Configuration(), responder: responder)
        let client = loop.poller.connect()
        client.window = 10
        client.send(Self.request)
        loop.settle()
        loop.run(for: 10 - 0.01)
        #expect(client.closed == nil)
        loop.run(for: 0.01 + Configuration().timeouts.sweepInterval)
        #expect(client.closed == true)
        #expect(loop.logs.all.contains { $0.contains("msg=stream_dropped reason=write_timeout") })
    }

    @Test func anHTTP10StreamIsCloseDelimited() throws {
        let responder = StreamResponder { StubStream(interval: 0.1, count: 2) }
        let loop = try LoopHarness(responder: responder)
        let client = loop.connect(sending: "GET /stream HTTP/1.0\r\n\r\n")
        loop.run(for: 0.1)
        #expect(client.text == "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\n\(Wire.date)"
            + "Connection: close\r\n\r\ndata: 1\n\ndata: 2\n\n")
        #expect(client.serverShutWrite)
    }
}
