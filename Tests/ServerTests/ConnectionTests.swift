import HTTP1
import Routes
import Testing
@testable import Server

/// The connection state machine alone: events in at chosen times, the whole list of actions out,
/// and the state they leave. No loop, no socket, no responder.
@Suite struct ConnectionTests {
    /// Actions as text, so a test compares the whole list to a literal.
    static func describe(_ actions: [Connection.Action]) -> [String] {
        actions.map { action in
            switch action {
            case .respond(.request(let request), let keepAlive): "respond \(request.method) \(request.target) keepAlive=\(keepAlive)"
            case .respond(.delivered(_, let request), let keepAlive): "respond delivered \(request.path) keepAlive=\(keepAlive)"
            case .respond(.rejected(let problem), _): "reject \(problem.status) \(problem.code)"
            case .respond(.timedOut(let parked), _): "time out \(parked.request.path)"
            case .pollStream: "poll"
            case .schedulePoll(let at, let generation): "poll at \(at) #\(generation)"
            case .finishStream: "finish stream"
            case .awaitDelivery(_, let serial): "await #\(serial)"
            case .streamEnded(_, let end): "stream ended \(end.rawValue)"
            case .abandoned(let parked, let end): "abandoned \(parked.request.path) \(end.rawValue)"
            case .shutdownWrite: "shutdown write"
            case .close(let reset): reset ? "reset" : "close"
            }
        }
    }

    /// The state's name and the data that matters for the test.
    static func describe(_ state: Connection.State) -> String {
        switch state {
        case .reading(let reading, let finishing):
            "reading idle since \(reading.idleSince) request \(reading.requestStartedAt.map { "\($0)" } ?? "-") body \(reading.bodyStartedAt.map { "\($0)" } ?? "-")"
                + (finishing.peer ? " peer finished" : "") + (finishing.server ? " server finishing" : "")
        case .responding(_, let closes): "responding" + (closes ? " then closing" : "")
        case .streaming: "streaming"
        case .awaiting(let parked, _): "awaiting #\(parked.serial) since \(parked.since)"
        case .closingAfterFlush(let peerFinished, let lingers): "closing after flush peer=\(peerFinished) lingers=\(lingers)"
        case .lingering(let since): "lingering since \(since)"
        case .closed(let abortive): abortive ? "closed abortively" : "closed"
        }
    }

    struct Machine {
        var connection: Connection

        init(_ adjust: (inout Configuration) -> Void = { _ in }, at now: Double = 0) {
            var configuration = Configuration()
            adjust(&configuration)
            connection = Connection(configuration: configuration, now: now)
        }

        mutating func on(_ event: Connection.Event, at now: Double) -> [String] {
            ConnectionTests.describe(connection.handle(event, now: now))
        }

        mutating func receive(_ text: String, at now: Double) -> [String] {
            on(.received(ReadBuffer(holding: Array(text.utf8))), at: now)
        }

        var state: String { ConnectionTests.describe(connection.state) }

        var output: String { String(decoding: connection.output.queued, as: UTF8.self) }

        static func answer(_ text: String, keepAlive: Bool = true) -> Connection.Event {
            .responded(.answered(ExchangeHandler.Answer(head: Array(text.utf8), keepAlive: keepAlive)))
        }
    }

    @Test func aRequestIsAnsweredThenTheNextOneIsRead() {
        var machine = Machine()
        #expect(machine.receive("GET /a HTTP/1.1\r\nHost: t\r\n\r\nGET /b HTTP/1.1\r\nHo", at: 1) == ["respond GET /a keepAlive=true"])
        #expect(machine.state == "responding")
        #expect(machine.on(Machine.answer("A"), at: 1.5) == [])
        #expect(machine.state == "reading idle since 1.5 request 1.5 body -", "the second request's head has begun")
        #expect(machine.output == "A")
        #expect(machine.on(.wrote(1), at: 2) == [])
        #expect(machine.receive("st: t\r\n\r\n", at: 3) == ["respond GET /b keepAlive=true"])
    }

    @Test func theTimeoutThatAppliesFollowsTheRequest() {
        var machine = Machine(at: 0)
        #expect(machine.connection.deadline! == (10, .idle), "a new connection idles for the header timeout's length")
        _ = machine.receive("POST /a HTTP/1.1\r\nHost: t\r\nContent-Length: 4\r\n\r\nab", at: 2)
        #expect(machine.state == "reading idle since 0.0 request 2.0 body 2.0")
        #expect(machine.connection.deadline! == (32, .body))
        #expect(machine.on(.tick, at: 31.9) == [])
        #expect(machine.on(.tick, at: 32) == ["reject 408 request_timeout"])
        #expect(machine.on(Machine.answer("408", keepAlive: false), at: 32) == [])
        #expect(machine.state == "closing after flush peer=false lingers=true")
        #expect(machine.on(.wrote(3), at: 32.5) == ["shutdown write"])
        #expect(machine.state == "lingering since 32.5")
        #expect(machine.connection.deadline! == (34.5, .linger))
        #expect(machine.receive("leftovers", at: 33) == [], "discarded while lingering")
        #expect(machine.on(.peerFinished, at: 33.5) == ["close"])
        #expect(machine.state == "closed")
    }

    @Test func aFramingErrorIsRejectedAndNothingAfterItIsRead() {
        var machine = Machine()
        #expect(machine.receive("GET /a HTTP/2.0\r\nHost: t\r\n\r\nGET /b HTTP/1.1\r\n\r\n", at: 1) == ["reject 505 version_not_supported"])
        #expect(machine.state == "responding then closing")
        #expect(machine.connection.input.isEmpty)
        #expect(machine.on(Machine.answer("505", keepAlive: false), at: 1) == [])
        #expect(machine.connection.wantsRead == false)
    }

    @Test func aPendingAnswerParksTheConnectionUntilItsOwnDelivery() {
        var machine = Machine()
        _ = machine.receive("POST /p HTTP/1.1\r\nHost: t\r\nContent-Length: 0\r\n\r\nGET /b HTTP/1.1\r\nHost: t\r\n\r\n", at: 1)
        let request = RequestSummary(HTTPRequest(method: "POST", target: "/p"), startedAt: 1)
        #expect(machine.on(.responded(.pending(StubPending { _ in }, request)), at: 1) == ["await #1"])
        #expect(machine.state == "awaiting #1 since 1.0")
        #expect(machine.connection.deadline! == (31, .response))
        #expect(machine.connection.interest == LinuxAPI.epollIn)
        #expect(machine.on(.delivered(serial: 2, HTTPAnswer(status: 201)), at: 2) == [], "another wait's delivery is dropped")
        #expect(machine.on(.delivered(serial: 1, HTTPAnswer(status: 201)), at: 2) == ["respond delivered /p keepAlive=true"])
        #expect(machine.on(Machine.answer("P"), at: 2) == ["respond GET /b keepAlive=true"])
    }

    @Test func aStreamIsPolledAtTheTimesItAsksForAndEndsWithTheLastChunk() {
        var machine = Machine()
        _ = machine.receive("GET /s HTTP/1.1\r\nHost: t\r\n\r\n", at: 1)
        let record = ExchangeRecord(method: "GET", path: "/s", status: 200, startedAt: 1)
        let stream = OpenStream(source: StubStream(interval: 1), isChunked: true, keepAlive: true, exchange: record)
        let head = Connection.Event.responded(.answered(ExchangeHandler.Answer(head: Array("H".utf8), keepAlive: true, stream: stream)))
        #expect(machine.on(head, at: 1) == ["poll"])
        #expect(machine.on(.polled(StreamPoll(bytes: Array("ab".utf8), next: 1.5)), at: 1) == ["poll at 1.5 #1"])
        #expect(machine.connection.deadline! == (11, .write), "queued output: the write timeout, from when it was queued")
        #expect(machine.connection.interest & LinuxAPI.epollRdHup != 0)
        #expect(machine.on(.polled(StreamPoll(bytes: [], next: nil)), at: 1.5) == ["stream ended complete"])
        #expect(machine.output == "H2\r\nab\r\n0\r\n\r\n")
        #expect(machine.state == "reading idle since 1.5 request - body -")
    }

    @Test func stoppingEndsAStreamWithItsLastWordsAndClosesWithoutLingering() {
        var machine = Machine()
        _ = machine.receive("GET /s HTTP/1.1\r\nHost: t\r\n\r\n", at: 1)
        let record = ExchangeRecord(method: "GET", path: "/s", status: 200, startedAt: 1)
        let stream = OpenStream(source: StubStream(interval: 1), isChunked: true, keepAlive: true, exchange: record)
        _ = machine.on(.responded(.answered(ExchangeHandler.Answer(head: [], keepAlive: true, stream: stream))), at: 1)
        #expect(machine.on(.drain, at: 2) == ["finish stream"])
        #expect(machine.on(.polled(StreamPoll(bytes: Array("bye".utf8), next: 3)), at: 2) == ["stream ended shutdown"])
        #expect(machine.state == "closing after flush peer=false lingers=false")
        #expect(machine.on(.wrote(machine.connection.output.readableBytes), at: 2) == ["close"])
    }

    @Test func drainingClosesAnIdleConnectionAndLetsAStartedRequestFinishWithClose() {
        var idle = Machine()
        #expect(idle.on(.drain, at: 1) == ["close"])
        var started = Machine()
        _ = started.receive("GET /a HTTP/1.1\r\n", at: 1)
        #expect(started.on(.drain, at: 2) == [])
        #expect(started.state == "reading idle since 0.0 request 1.0 body - server finishing")
        #expect(started.receive("Host: t\r\n\r\n", at: 3) == ["respond GET /a keepAlive=false"])
    }

    @Test func aClientThatStopsReadingIsResetAtTheWriteTimeout() {
        var machine = Machine()
        _ = machine.receive("GET /a HTTP/1.1\r\nHost: t\r\n\r\n", at: 1)
        _ = machine.on(Machine.answer("answer"), at: 1)
        #expect(machine.on(.wrote(2), at: 4) == [])
        #expect(machine.connection.deadline! == (14, .write), "from the last progress")
        #expect(machine.on(.tick, at: 14) == ["reset"])
        #expect(machine.state == "closed abortively")
    }
}

extension OutputQueue {
    /// What waits to be written, in order, as one array (as the socket would get it).
    var queued: [UInt8] {
        withVectors { vectors in
            vectors.flatMap { Array(UnsafeRawBufferPointer(start: $0.iov_base, count: $0.iov_len)) }
        }
    }
}
