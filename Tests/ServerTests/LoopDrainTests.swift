import HTTP1
import Routes
import Testing
@testable import Server

/// Stopping (SIGTERM) on the test clock: idle connections close at once, what is in flight finishes
/// with `Connection: close`, streams end with their last words, and the grace bounds the rest.
@Suite struct LoopDrainTests {
    @Test func withNoConnectionTheLoopEndsOnItsNextPass() throws {
        let loop = try LoopHarness()
        loop.settle()
        loop.stop()
        loop.loop.runOnce()
        #expect(loop.loop.isFinished)
        #expect(loop.now == 1000, "no time passed")
    }

    @Test func idleConnectionsCloseAtOnce() throws {
        let loop = try LoopHarness()
        let fresh = loop.connect()
        let served = loop.connect(sending: Wire.get)
        loop.stop()
        loop.settle()
        #expect(fresh.closed == false)
        #expect(served.closed == false)
        #expect(served.text == Wire.ok("GET /a 0"))
        #expect(loop.loop.isFinished)
    }

    @Test func aRequestInFlightIsAnsweredWithConnectionClose() throws {
        let loop = try LoopHarness()
        let client = loop.connect(sending: "GET /a HTTP/1.1\r\nHo")
        loop.stop()
        loop.run(for: 0.5)
        #expect(client.closed == nil, "the request is not complete yet")
        client.send("st: t\r\n\r\n" + Wire.get)
        loop.settle()
        #expect(client.text == Wire.ok("GET /a 0", close: true), "the pipelined second request is not answered")
        #expect(client.serverShutWrite)
    }

    @Test func anOpenStreamEndsWithItsLastWordsAndTheLastChunk() throws {
        let responder = StreamResponder { StubStream(interval: 0.1, farewell: "event: end\ndata: {}\n\n") }
        let loop = try LoopHarness(responder: responder)
        let client = loop.connect(sending: LoopStreamTests.request)
        loop.run(for: 0.15)
        loop.stop()
        loop.settle()
        #expect(client.text == LoopStreamTests.head + LoopStreamTests.chunk(1) + LoopStreamTests.chunk(2)
            + "15\r\nevent: end\ndata: {}\n\n\r\n0\r\n\r\n")
        #expect(client.closed == false, "closed right after its last bytes, without lingering")
        #expect(responder.streams.first?.cancellations == 1)
        #expect(loop.logs.all.contains { $0.contains("path=/stream") && $0.contains("end=shutdown") })
        #expect(loop.loop.isFinished)
    }

    @Test func theGraceBoundsWhatIsInFlight() throws {
        let loop = try LoopHarness(responder: PendingResponder())
        let client = loop.connect(sending: "POST /pending/never HTTP/1.1\r\nHost: t\r\nContent-Length: 0\r\n\r\n")
        loop.stop()
        loop.run(for: 1 - 0.01)
        #expect(client.closed == nil, "the grace is 1 s in these tests")
        #expect(!loop.loop.isFinished)
        loop.run(for: 0.01 + TestServer.configuration().timeouts.sweepInterval)
        #expect(client.closed == false)
        #expect(loop.loop.isFinished)
        #expect(loop.logs.all.contains { $0.contains("msg=response_abandoned reason=shutdown") })
    }

    @Test func aDeliveryWithinTheGraceIsSentWithConnectionClose() throws {
        let responder = PendingResponder()
        let loop = try LoopHarness(responder: responder)
        let client = loop.connect(sending: "POST /pending/held HTTP/1.1\r\nHost: t\r\nContent-Length: 0\r\n\r\n")
        loop.stop()
        loop.run(for: 0.5)
        let held = responder.held(1)
        #expect(held.count == 1)
        held.first?()
        loop.settle()
        #expect(client.text == "HTTP/1.1 201 Created\r\nContent-Type: text/plain\r\n\(Wire.date)Content-Length: 20\r\n"
            + "Connection: close\r\n\r\nPOST /pending/held 0")
    }
}

/// Issue 11: on SIGTERM a session's stream ends with the `event: end` the API promises is last.
@Suite struct SessionStreamStopTests {
    @Test func aSessionStreamSaysTheServerIsStoppingThenEnds() throws {
        let scheduler = TestScheduler()
        let clock = scheduler.clock
        let router = makeApp(AppEnvironment(now: { clock.now() }, makeID: { "s1" }))
        _ = router.respond(to: HTTPRequest(method: "POST", target: "/v1/sessions", body: Array(#"{"control":"switch"}"#.utf8)))
        let loop = try LoopHarness(responder: router, scheduler: scheduler)
        let client = loop.connect(sending: "GET /v1/sessions/s1/stream?fps=10 HTTP/1.1\r\nHost: t\r\n\r\n")
        loop.run(for: 0.25)
        #expect(client.text.components(separatedBy: "event: frame\n").count == 4, "frames 0, 1 and 2")
        loop.stop()
        loop.settle()
        let end = "event: end\ndata: {\"reason\":\"server_stopping\"}\n\n"
        #expect(client.text.hasSuffix("\r\n2f\r\n\(end)\r\n0\r\n\r\n"), "47 bytes, then the last chunk")
        #expect(client.closed == false)
        #expect(loop.loop.isFinished)
    }
}
