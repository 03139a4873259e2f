import HTTP1
import Routes
import Synchronization
import Testing
@testable import Server

/// Answers that come later, on the test clock: the connection parks, holds back what was pipelined,
/// takes only the delivery it waits for, and gives up with 503 after the response timeout.
@Suite struct LoopPendingTests {
    static let post = "POST /pending/held HTTP/1.1\r\nHost: t\r\nContent-Length: 0\r\n\r\n"
    static let created = "HTTP/1.1 201 Created\r\nContent-Type: text/plain\r\n\(Wire.date)Content-Length: 20\r\n\r\nPOST /pending/held 0"

    @Test func aPipelinedRequestWaitsForTheDeliveryThenIsAnswered() throws {
        let responder = PendingResponder()
        let loop = try LoopHarness(responder: responder)
        let client = loop.connect(sending: Self.post + Wire.get)
        loop.run(for: 5)
        #expect(client.received.isEmpty)
        #expect(loop.poller.interest(of: client) == LinuxAPI.epollIn, "reads only to notice the client leaving")
        responder.held(1).first?()
        loop.settle()
        #expect(client.text == Self.created + Wire.ok("GET /a 0"))
        #expect(responder.pendings.first?.onReadyCalls == 1)
    }

    @Test func aDeliveryInsideOnReadyIsSentInTheSamePass() throws {
        let loop = try LoopHarness(responder: PendingResponder())
        let client = loop.connect(sending: "POST /pending/sync HTTP/1.1\r\nHost: t\r\nContent-Length: 0\r\n\r\n")
        #expect(client.text == "HTTP/1.1 201 Created\r\nContent-Type: text/plain\r\n\(Wire.date)Content-Length: 20\r\n\r\nPOST /pending/sync 0")
        #expect(loop.now == 1000)
    }

    @Test func theResponseTimeoutAnswers503AndALaterDeliveryIsDropped() throws {
        let responder = PendingResponder()
        let loop = try LoopHarness(Configuration(), responder: responder)
        let client = loop.connect(sending: Self.post + Wire.get)
        loop.run(for: 30 - 0.01)
        #expect(client.received.isEmpty)
        loop.run(for: 0.01 + Configuration().timeouts.sweepInterval)
        #expect(client.text == "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/problem+json\r\n\(Wire.date)"
            + "Content-Length: 162\r\nConnection: close\r\n\r\n"
            + #"{"type":"about:blank","title":"Service Unavailable","status":503,"code":"response_timeout","detail":"the response was not ready in time; the outcome is unknown"}"#
            + "\n")
        let answered = client.received.count
        responder.held(1).first?()
        loop.settle()
        #expect(client.received.count == answered)
        #expect(loop.logs.all.contains { $0.contains("msg=response_timeout method=POST path=/pending/held waited_ms=30") })
    }

    @Test func aResetWhileParkedClosesAndTheDeliveryIsDropped() throws {
        let responder = PendingResponder()
        let loop = try LoopHarness(responder: responder)
        let client = loop.connect(sending: Self.post)
        client.isReset = true
        loop.settle()
        #expect(client.closed == false)
        #expect(loop.counter.current == 0)
        responder.held(1).first?()
        loop.settle()
        #expect(client.received.isEmpty)
        #expect(loop.logs.all.contains { $0.contains("msg=response_abandoned reason=client_closed") })
    }

    @Test func aHalfCloseWhileParkedStillGetsTheAnswer() throws {
        let responder = PendingResponder()
        let loop = try LoopHarness(responder: responder)
        let client = loop.connect(sending: Self.post)
        client.finishedSending = true
        loop.settle()
        #expect(client.closed == nil)
        responder.held(1).first?()
        loop.settle()
        #expect(client.text == Self.created)
        #expect(client.closed == false, "then closed, since the client had finished")
    }

    @Test func deliveriesInReverseOrderEachReachTheirOwnClient() throws {
        let responder = PendingResponder()
        let loop = try LoopHarness(responder: responder)
        let first = loop.connect(sending: "POST /pending/held HTTP/1.1\r\nHost: t\r\nContent-Length: 1\r\n\r\na")
        let second = loop.connect(sending: "POST /pending/held HTTP/1.1\r\nHost: t\r\nContent-Length: 2\r\n\r\nab")
        let held = responder.held(2)
        held[1]()
        loop.settle()
        #expect(first.received.isEmpty)
        #expect(second.text.hasSuffix("POST /pending/held 2"))
        held[0]()
        loop.settle()
        #expect(first.text.hasSuffix("POST /pending/held 1"))
    }

    @Test func aDeliveredStreamIsWrittenThenThePipelinedRequestIsAnswered() throws {
        let responder = StreamingPendingResponder()
        let loop = try LoopHarness(responder: responder)
        let client = loop.connect(sending: "GET /later HTTP/1.1\r\nHost: t\r\n\r\n" + Wire.get)
        responder.deliver()
        loop.run(for: 0.2)
        #expect(client.text == LoopStreamTests.head + LoopStreamTests.chunk(1) + LoopStreamTests.chunk(2) + "0\r\n\r\n"
            + Wire.ok("GET /a 0"))
    }
}

/// Answers `/later` with a stream of two events 0.1 s apart, delivered when the test says.
final class StreamingPendingResponder: Responder {
    private let held = Mutex<(@Sendable (HTTPAnswer) -> Void)?>(nil)

    func respond(to request: HTTPRequest) -> HTTPResponse {
        guard request.path == "/later" else { return EchoResponder().respond(to: request) }
        return HTTPResponse(pending: StubPending { [self] deliver in held.withLock { $0 = deliver } })
    }

    func deliver() {
        let deliver = held.withLock { $0 }
        deliver?(HTTPAnswer(status: 200, headers: HTTPHeaders([("Content-Type", "text/event-stream")]),
                            stream: StubStream(interval: 0.1, count: 2)))
    }
}
