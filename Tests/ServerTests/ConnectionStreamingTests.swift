import Routes
import Testing
@testable import Server

/// A connection's side of a stream without sockets: what it parses, queues and waits for.
@Suite struct ConnectionStreamingTests {
    static let requests = "GET /stream HTTP/1.1\r\nHost: t\r\n\r\nGET /after HTTP/1.1\r\nHost: t\r\n\r\n"

    func connection(_ configuration: Configuration = Configuration()) -> Connection {
        let connection = Connection(fd: -1, token: 1, configuration: configuration, now: 0)
        Array(Self.requests.utf8).withUnsafeBytes { connection.received($0) }
        return connection
    }

    func output(_ connection: Connection) -> String {
        connection.output.withUnsafeReadableBytes { String(decoding: $0, as: UTF8.self) }
    }

    @Test func streamHoldsBackThePipelinedRequestUntilItEnds() throws {
        let responder = StreamResponder { StubStream(interval: 0.5, count: 2) }
        var handler = ExchangeHandler(responder: responder, log: { _ in })
        let connection = connection()

        #expect(connection.process(&handler, now: 10) == .streamStarted)
        #expect(connection.process(&handler, now: 10) == .streaming)
        #expect(connection.deadline() != nil, "the queued head is under the write timeout")
        connection.wrote(connection.output.readableBytes, now: 10)
        #expect(connection.deadline() == nil, "neither idle nor header timeouts run while a stream is open")
        #expect(connection.interest == LinuxAPI.epollIn | LinuxAPI.epollRdHup)

        guard case .pollAgain(let at) = connection.pollStream(now: 10) else { Issue.record("the stream ended early"); return }
        #expect(at == 10.5)
        #expect(output(connection) == "9\r\ndata: 1\n\n\r\n")
        connection.wrote(connection.output.readableBytes, now: 10)

        guard case .ended(let stream) = connection.pollStream(now: 10.5) else { Issue.record("the stream did not end"); return }
        #expect(stream.bodyBytes == 18)
        #expect(output(connection) == "9\r\ndata: 2\n\n\r\n0\r\n\r\n")
        connection.wrote(connection.output.readableBytes, now: 10.5)

        #expect(connection.process(&handler, now: 10.5) == .waitingForInput)
        #expect(output(connection).hasSuffix("\r\n\r\nGET /after 0"))
        #expect(connection.deadline()?.timeout == .write)
    }

    @Test func pollOverTheOutputLimitIsRefused() {
        let responder = StreamResponder { StubStream(interval: 0.01) { _ in [UInt8](repeating: 0x61, count: 100) } }
        var handler = ExchangeHandler(responder: responder, log: { _ in })
        var configuration = Configuration()
        configuration.maxPendingOutputBytes = 250
        let connection = connection(configuration)

        #expect(connection.process(&handler, now: 0) == .streamStarted)
        connection.wrote(connection.output.readableBytes, now: 0)
        guard case .pollAgain = connection.pollStream(now: 0) else { Issue.record("first poll refused"); return }
        guard case .pollAgain = connection.pollStream(now: 0.01) else { Issue.record("second poll refused"); return }
        guard case .overLimit = connection.pollStream(now: 0.02) else { Issue.record("third poll accepted"); return }
        #expect(connection.output.readableBytes == 2 * (100 + 6))
    }
}
