import Dispatch
import Foundation
import Glibc
import HTTP1
import Routes
import Synchronization
import Testing
@testable import Server

/// Answers that come later, over loopback with real threads: a delivery from another thread (as the
/// journal's flusher makes) goes out exactly as an immediate answer would, and many concurrent ones
/// through the loops' mailboxes all arrive. Parking, timeouts and drains are `LoopPendingTests`,
/// on the test clock.
@Suite(.serialized) struct PendingResponseTests {
    static let host = "Host: t\r\n"

    @Test func deliveryFromAnotherThreadIsSentAsAnImmediateAnswerWouldBe() throws {
        let responder = PendingResponder()
        let logs = LogCollector()
        try TestServer.run(responder: responder, log: logs.sink) { server in
            let client = try TestClient.connect(port: server.port)
            try client.send("POST /pending/thread HTTP/1.1\r\n\(Self.host)Content-Length: 3\r\n\r\nabc")
            let head = String(decoding: try client.readRaw(through: Array("\r\n\r\n".utf8)), as: UTF8.self)
            #expect(head.hasPrefix("HTTP/1.1 201 Created\r\nContent-Type: text/plain\r\nDate: "))
            #expect(head.hasSuffix(" GMT\r\nContent-Length: 22\r\n\r\n"))
            #expect(String(decoding: try client.readBytes(22), as: UTF8.self) == "POST /pending/thread 3")
            try client.send("GET /after HTTP/1.1\r\n\(Self.host)\r\n")
            #expect(try client.readResponse().text == "GET /after 0", "the connection is kept alive")
            #expect(responder.pendings.map(\.onReadyCalls) == [1])
        }
        #expect(logs.all.first?.hasPrefix("level=info msg=request method=POST path=/pending/thread status=201 dur_ms=") == true)
    }

    /// 16 clients × 500 POSTs, each answered by a flusher-like thread in batches: all arrive.
    @Test func sixteenClientsOfFiveHundredBatchedDeliveriesAreAllAnswered() async throws {
        let (answered, batches) = try await onOwnThread { try Self.postInBatches(clients: 16, requests: 500) }
        #expect(answered == 16 * 500)
        #expect(batches > 0 && batches <= answered)
    }

    /// Answers counted and batches delivered.
    static func postInBatches(clients: Int, requests: Int) throws -> (Int, Int) {
        let batcher = BatchDeliverer()
        defer { batcher.stop() }
        let answered = Atomic<Int>(0)
        try TestServer.run(responder: PendingResponder(batcher: batcher)) { server in
            let clients = try (0 ..< clients).map { _ in try TestClient.connect(port: server.port, timeout: 5) }
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
        }
        return (answered.load(ordering: .relaxed), batcher.batchCount)
    }
}

/// Hands a value confined to one thread at a time to another (a test client to its sender thread).
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
