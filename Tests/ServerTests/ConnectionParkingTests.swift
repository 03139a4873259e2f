import Routes
import Testing
@testable import Server

/// A connection's side of a pending response without sockets: it parks, holds back what was
/// pipelined, takes only the delivery it waits for, and gives up with 503 after the response timeout.
@Suite struct ConnectionParkingTests {
    static let requests = "POST /pending/held HTTP/1.1\r\nHost: t\r\nContent-Length: 0\r\n\r\nGET /after HTTP/1.1\r\nHost: t\r\n\r\n"

    func connection() -> Connection {
        var configuration = Configuration()
        configuration.timeouts.response = 5
        let connection = Connection(fd: -1, token: 1, configuration: configuration, now: 0)
        Array(Self.requests.utf8).withUnsafeBytes { connection.received($0) }
        return connection
    }

    func output(_ connection: Connection) -> String {
        connection.output.withUnsafeReadableBytes { String(decoding: $0, as: UTF8.self) }
    }

    @Test func parkedRequestHoldsBackThePipelinedOneUntilItsDelivery() throws {
        var handler = ExchangeHandler(responder: PendingResponder(), log: { _ in })
        let connection = connection()

        #expect(connection.process(&handler, now: 10) == .parked)
        #expect(connection.process(&handler, now: 10) == .awaitingDelivery)
        #expect(connection.output.isEmpty)
        #expect(connection.parked?.serial == 1)
        #expect(connection.deadline()?.at == 15)
        #expect(connection.deadline()?.timeout == .response, "the response timeout replaces the idle and header ones")
        #expect(connection.interest == LinuxAPI.epollIn, "reads only to notice the client leaving")
        #expect(!connection.isIdle, "a parked request is in flight for a drain")

        #expect(connection.unpark(serial: 2) == nil, "a delivery for another wait is dropped")
        let parked = try #require(connection.unpark(serial: 1))
        #expect(connection.unpark(serial: 1) == nil, "a second delivery is dropped")
        let delivered = HTTPResponse(status: 201, contentType: "text/plain", body: Array("done".utf8))
        #expect(!connection.queue(handler.frame(delivered, for: parked.request, mayKeepAlive: true), now: 10.5))
        #expect(output(connection).hasSuffix("\r\n\r\ndone"))
        connection.wrote(connection.output.readableBytes, now: 10.5)

        #expect(connection.process(&handler, now: 10.5) == .waitingForInput)
        #expect(output(connection).hasSuffix("\r\n\r\nGET /after 0"))
    }

    @Test func responseTimeoutAnswers503AndCloses() {
        var handler = ExchangeHandler(responder: PendingResponder(), log: { _ in })
        let connection = connection()
        #expect(connection.process(&handler, now: 0) == .parked)

        connection.expire(.response, &handler, now: 5)
        #expect(connection.phase == .closingAfterFlush)
        #expect(output(connection).hasPrefix("HTTP/1.1 503 Service Unavailable\r\n"))
        #expect(output(connection).contains("Connection: close\r\n"))
        #expect(connection.unpark(serial: 1) == nil, "a delivery after the 503 is dropped")
        #expect(connection.input.isEmpty, "the pipelined request is discarded")
    }
}
