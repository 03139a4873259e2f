import Dispatch
import Foundation
import Glibc
import Synchronization
import Testing
@testable import Server

/// Responses that are not ready when the route returns (`HTTPResponse.pending`): the connection parks,
/// the response is delivered from any thread, and it goes out exactly as an immediate one would.
@Suite(.serialized) struct PendingResponseTests {
    static let host = "Host: t\r\n"

    /// The raw text without its `Date` line, which changes every second.
    static func withoutDate(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self)
            .replacingOccurrences(of: #"Date: [^\r]*\r\n"#, with: "", options: .regularExpression)
    }

    /// One response exactly as sent: head, then `bodyBytes` bytes.
    static func rawResponse(_ client: TestClient, bodyBytes: Int) throws -> String {
        let head = try client.readRaw(through: Array("\r\n\r\n".utf8))
        return withoutDate(head + (try client.readBytes(bodyBytes)))
    }

    @Test func deliveryFromAnotherThreadIsSentAsAnImmediateResponseWouldBe() throws {
        let responder = PendingResponder()
        let logs = LogCollector()
        try TestServer.run(responder: responder, log: logs.sink) { server in
            let client = try TestClient.connect(port: server.port)
            let sent = MonotonicClock.now()
            try client.send("POST /pending/after/50 HTTP/1.1\r\n\(Self.host)Content-Length: 3\r\n\r\nabc")
            #expect(try Self.rawResponse(client, bodyBytes: 24)
                == "HTTP/1.1 201 Created\r\nContent-Type: text/plain\r\nContent-Length: 24\r\n\r\nPOST /pending/after/50 3")
            #expect(MonotonicClock.now() - sent >= 0.05)
            try client.send("GET /after HTTP/1.1\r\n\(Self.host)\r\n")
            #expect(try client.readResponse().text == "GET /after 0", "the connection is kept alive")
            #expect(responder.pendings.map(\.onReadyCalls) == [1])
        }
        let line = try #require(logs.all.first)
        #expect(line.hasPrefix("level=info msg=request method=POST path=/pending/after/50 status=201 dur_ms="))
        #expect(line.hasSuffix(" bytes=24"))
        #expect(try #require(StreamingTests.milliseconds(in: line)) >= 50, "the duration runs to the delivery")
    }

    @Test func deliveryInsideOnReadyIsSentAtOnce() throws {
        let responder = PendingResponder()
        try TestServer.run(responder: responder) { server in
            let client = try TestClient.connect(port: server.port)
            for index in 0 ..< 3 {
                try client.send("POST /pending/sync?\(index) HTTP/1.1\r\n\(Self.host)Content-Length: 0\r\n\r\n")
                let response = try client.readResponse()
                #expect(response.status == 201)
                #expect(response.text == "POST /pending/sync?\(index) 0")
            }
            #expect(responder.pendings.map(\.onReadyCalls) == [1, 1, 1])
        }
    }

    /// Pipelined requests behind a parked one wait unparsed, then are answered in order.
    @Test func pipelinedRequestsAfterAPendingOneAreAnsweredInOrderAfterIt() throws {
        let responder = PendingResponder()
        try TestServer.run(responder: responder) { server in
            let client = try TestClient.connect(port: server.port)
            try client.send("POST /pending/after/50 HTTP/1.1\r\n\(Self.host)Content-Length: 1\r\n\r\na"
                + "GET /second HTTP/1.1\r\n\(Self.host)\r\n"
                + "POST /pending/sync HTTP/1.1\r\n\(Self.host)Content-Length: 2\r\n\r\nbc"
                + "POST /pending/after/10 HTTP/1.1\r\n\(Self.host)Content-Length: 0\r\n\r\n"
                + "GET /last HTTP/1.1\r\n\(Self.host)\r\n")
            let texts = try (0 ..< 5).map { _ in try client.readResponse().text }
            #expect(texts == ["POST /pending/after/50 1", "GET /second 0", "POST /pending/sync 2", "POST /pending/after/10 0", "GET /last 0"])
        }
    }

    /// Both connections on one loop, so both deliveries go through one mailbox.
    @Test func deliveriesInReverseOrderEachReachTheirOwnClient() throws {
        let responder = PendingResponder()
        try TestServer.run(TestServer.configuration { $0.threads = 1 }, responder: responder) { server in
            let first = try TestClient.connect(port: server.port)
            try first.send("POST /pending/held?first HTTP/1.1\r\n\(Self.host)Content-Length: 0\r\n\r\n")
            #expect(responder.held(1).count == 1)
            let second = try TestClient.connect(port: server.port)
            try second.send("POST /pending/held?second HTTP/1.1\r\n\(Self.host)Content-Length: 0\r\n\r\n")
            let held = responder.held(2)
            try #require(held.map(\.target) == ["/pending/held?first", "/pending/held?second"])
            onNewThread { held[1]() }.wait()
            #expect(try second.readResponse().text == "POST /pending/held?second 0")
            onNewThread { held[0]() }.wait()
            #expect(try first.readResponse().text == "POST /pending/held?first 0")
        }
    }

    /// HEAD is asked of the route as GET and answered with GET's headers and no body.
    @Test(arguments: ["sync", "after/20"])
    func headGetsTheHeadersWithoutTheBody(mode: String) throws {
        try TestServer.run(responder: PendingResponder()) { server in
            let client = try TestClient.connect(port: server.port)
            try client.send("HEAD /pending/\(mode) HTTP/1.1\r\n\(Self.host)\r\nGET /after HTTP/1.1\r\n\(Self.host)\r\n")
            let head = try client.readResponse(isHead: true)
            #expect(head.status == 201)
            #expect(head.header("Content-Length") == String("GET /pending/\(mode) 0".utf8.count))
            #expect(try client.readResponse().text == "GET /after 0", "no body bytes came between the two answers")
        }
    }

    @Test func clientAskingToCloseGetsConnectionCloseAfterTheDelivery() throws {
        try TestServer.run(responder: PendingResponder()) { server in
            let client = try TestClient.connect(port: server.port)
            try client.send("POST /pending/after/20 HTTP/1.1\r\n\(Self.host)Connection: close\r\nContent-Length: 0\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.text == "POST /pending/after/20 0")
            #expect(response.header("Connection") == "close")
            #expect(try client.readToEnd().isEmpty)
        }
    }

    /// A delivered response may be streamed: it goes out as a stream returned at once would.
    @Test func deliveredStreamIsWrittenThenThePipelinedRequestIsAnswered() throws {
        try TestServer.run(responder: PendingResponder()) { server in
            let client = try TestClient.connect(port: server.port)
            try client.send("POST /pending/stream HTTP/1.1\r\n\(Self.host)Content-Length: 0\r\n\r\nGET /after HTTP/1.1\r\n\(Self.host)\r\n")
            let streamed = try client.readResponse()
            #expect(streamed.header("Transfer-Encoding") == "chunked")
            #expect(streamed.text == StreamingTests.threeEvents)
            #expect(try client.readResponse().text == "GET /after 0")
        }
    }

    /// A client that resets its connection while parked: the connection closes at once; the delivery
    /// that comes later finds nothing and is dropped; the server carries on.
    @Test func resetWhileParkedClosesAndDropsTheDelivery() throws {
        let responder = PendingResponder()
        let logs = LogCollector()
        let counter = ConnectionCounter()
        try TestServer.run(TestServer.configuration { $0.threads = 1 }, responder: responder, log: logs.sink, counter: counter) { server in
            var client: TestClient? = try TestClient.connect(port: server.port)
            try client?.send("POST /pending/held HTTP/1.1\r\n\(Self.host)Content-Length: 0\r\n\r\n")
            let held = try #require(responder.held(1).first)
            client?.resetOnClose()
            client = nil
            #expect(Self.waitUntil { counter.current == 0 }, "the parked connection was closed before its delivery")
            onNewThread { held() }.wait()
            let next = try TestClient.connect(port: server.port)
            try next.send("POST /pending/sync HTTP/1.1\r\n\(Self.host)Content-Length: 0\r\n\r\n")
            #expect(try next.readResponse().text == "POST /pending/sync 0")
        }
        #expect(logs.all.contains { $0.hasPrefix("level=warn msg=response_abandoned reason=client_closed method=POST path=/pending/held") })
        #expect(!logs.all.contains { $0.contains("path=/pending/held status=") }, "no access line: nothing was answered")
    }

    /// A client that closes (FIN) or only half-closes while parked may still be reading: the response
    /// is written when it comes, then the connection closes.
    @Test(arguments: [false, true])
    func closingWhileParkedClosesAfterTheDelivery(fullClose: Bool) throws {
        let responder = PendingResponder()
        let counter = ConnectionCounter()
        try TestServer.run(responder: responder, counter: counter) { server in
            var client: TestClient? = try TestClient.connect(port: server.port)
            try client?.send("POST /pending/held HTTP/1.1\r\n\(Self.host)Content-Length: 0\r\n\r\n")
            let held = try #require(responder.held(1).first)
            if fullClose { client = nil } else { client?.finishSending() }
            usleep(50_000)
            #expect(counter.current == 1, "the connection waits for its response")
            onNewThread { held() }.wait()
            if let client {
                #expect(try client.readResponse().text == "POST /pending/held 0")
                #expect(try client.readToEnd().isEmpty)
            }
            #expect(Self.waitUntil { counter.current == 0 })
        }
    }

    @Test func responseNeverDeliveredIsAnswered503WhenTheResponseTimeoutPasses() throws {
        let responder = PendingResponder()
        let logs = LogCollector()
        let configuration = TestServer.configuration { $0.timeouts.response = 0.3 }
        try TestServer.run(configuration, responder: responder, log: logs.sink) { server in
            let client = try TestClient.connect(port: server.port)
            let sent = MonotonicClock.now()
            try client.send("POST /pending/never HTTP/1.1\r\n\(Self.host)Content-Length: 0\r\n\r\nGET /after HTTP/1.1\r\n\(Self.host)\r\n")
            let response = try client.readResponse()
            let waited = MonotonicClock.now() - sent
            #expect(response.status == 503)
            #expect(response.header("Content-Type") == "application/problem+json")
            #expect(response.header("Connection") == "close")
            #expect(response.text.contains(#""code":"response_timeout""#))
            #expect(waited >= 0.3 && waited < 1.5)
            #expect(try client.readToEnd().isEmpty, "closed, and the pipelined request was not answered")
        }
        #expect(logs.all.contains { $0.hasPrefix("level=warn msg=response_timeout method=POST path=/pending/never waited_ms=") })
        #expect(logs.all.contains { $0.hasPrefix("level=info msg=request method=POST path=/pending/never status=503 ") })
    }

    /// SIGTERM while a request is parked: it is in flight, so stop waits for its delivery (within the
    /// grace), which is answered with `Connection: close`.
    @Test func stopWaitsForADeliveryWithinTheGrace() throws {
        let responder = PendingResponder()
        let configuration = TestServer.configuration {
            $0.threads = 1
            $0.timeouts.shutdownGrace = 3
        }
        try TestServer.run(configuration, responder: responder) { server in
            let client = try TestClient.connect(port: server.port)
            try client.send("POST /pending/held HTTP/1.1\r\n\(Self.host)Content-Length: 0\r\n\r\n")
            let held = try #require(responder.held(1).first)
            let started = MonotonicClock.now()
            let stopped = server.stopInBackground()
            #expect(stopped.wait(timeout: .now() + 0.2) == .timedOut, "stop waits for the parked request")
            onNewThread { held() }.wait()
            let response = try client.readResponse()
            #expect(response.text == "POST /pending/held 0")
            #expect(response.header("Connection") == "close")
            #expect(try client.readToEnd().isEmpty)
            client.finishSending()
            #expect(stopped.wait(timeout: .now() + 3) == .success)
            #expect(MonotonicClock.now() - started < 1.5, "stop waited for the grace instead of the delivery")
        }
    }

    /// A delivery that does not come within the grace cannot hold the stop: the connection is closed.
    @Test func stopClosesAParkedRequestWhenTheGraceIsOver() throws {
        let logs = LogCollector()
        let configuration = TestServer.configuration { $0.timeouts.shutdownGrace = 0.3 }
        try TestServer.run(configuration, responder: PendingResponder(), log: logs.sink) { server in
            let client = try TestClient.connect(port: server.port)
            try client.send("POST /pending/never HTTP/1.1\r\n\(Self.host)Content-Length: 0\r\n\r\n")
            usleep(50_000)
            let started = MonotonicClock.now()
            #expect(server.stopInBackground().wait(timeout: .now() + 2) == .success)
            let waited = MonotonicClock.now() - started
            #expect(waited > 0.2 && waited < 1.0)
            #expect(try client.readToEnd().isEmpty)
        }
        #expect(logs.all.contains { $0.hasPrefix("level=warn msg=response_abandoned reason=shutdown method=POST path=/pending/never") })
    }

    /// 16 clients × 500 POSTs, each answered by a flusher-like thread every millisecond: all arrive.
    /// Prints the rate (a sanity figure; benchmarks proper are programs, not tests).
    @Test func sixteenClientsOfFiveHundredBatchedDeliveriesAreAllAnswered() async throws {
        let (answered, seconds, batches) = try await onOwnThread { try Self.postInBatches(clients: 16, requests: 500) }
        #expect(answered == 16 * 500)
        print("pending responses: \(answered) in \(LogLine.decimal(seconds)) s = \(Int(Double(answered) / seconds))/s, \(batches) batches")
    }

    /// Answers counted, seconds taken, batches delivered.
    static func postInBatches(clients: Int, requests: Int) throws -> (Int, Double, Int) {
        let batcher = BatchDeliverer(interval: 0.001)
        defer { batcher.stop() }
        let answered = Atomic<Int>(0)
        var seconds = 0.0
        try TestServer.run(responder: PendingResponder(batcher: batcher)) { server in
            let clients = try (0 ..< clients).map { _ in try TestClient.connect(port: server.port, timeout: 5) }
            let started = MonotonicClock.now()
            let finished = clients.map { client in
                onNewThread { [client = UncheckedSendable(client)] in
                    for index in 0 ..< requests {
                        let body = "{\"type\":\"touchDown\",\"n\":\(index)}"
                        guard (try? client.value.send("POST /pending/batch HTTP/1.1\r\n\(Self.host)Content-Length: \(body.utf8.count)\r\n\r\n\(body)")) != nil,
                              let response = try? client.value.readResponse(), response.status == 201 else { return }
                        answered.add(1, ordering: .relaxed)
                    }
                }
            }
            for done in finished { done.wait() }
            seconds = MonotonicClock.now() - started
        }
        return (answered.load(ordering: .relaxed), seconds, batcher.batchCount)
    }

    /// Polls `condition` every millisecond for up to `timeout` seconds.
    static func waitUntil(timeout: Double = 2, _ condition: () -> Bool) -> Bool {
        let deadline = MonotonicClock.now() + timeout
        while !condition() {
            guard MonotonicClock.now() < deadline else { return false }
            usleep(1000)
        }
        return true
    }
}

/// Hands a value confined to one thread at a time to another (a test client to its sender thread).
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
