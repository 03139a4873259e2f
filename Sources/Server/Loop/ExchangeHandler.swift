import HTTP1
import Routes

/// What a loop does when a connection asks for an answer: ask the responder, frame the answer,
/// write the access log line (kept with the loop's other pending lines until `writeLog`). The responder runs here, on the loop thread: it is synchronous and
/// fast, so handing it to another thread would only add latency; a slow route delays only this
/// loop's connections. A route that must wait (for a sync to disk) answers `.later` instead of
/// blocking, and the answer is framed here when it is delivered.
struct ExchangeHandler {
    /// What a connection asks to have answered.
    enum Exchange {
        /// A request parsed from the wire.
        case request(HTTPRequest)
        /// The answer a parked request was waiting for.
        case delivered(HTTPAnswer, RequestSummary)
        /// The server's own error answer (a framing error, a request too slow); the connection closes.
        case rejected(Problem)
        /// A parked request whose answer did not come within `Timeouts.response`.
        case timedOut(ParkedRequest)
    }

    /// A framed answer and whether the connection may carry another request after it.
    struct Answer {
        /// The message: its head, then its body (the responder's array, sent behind the head in
        /// one gathered write, not copied).
        var head: [UInt8]
        var body: [UInt8] = []
        var keepAlive: Bool
        /// A body still to come: `head` is all there is now; the access log line waits for its end.
        var stream: OpenStream?
    }

    /// What the responder made of a request: an answer to queue now, or a response still to come.
    enum Reply {
        case answered(Answer)
        /// The connection parks until `PendingResponse.onReady` delivers; its answer is then
        /// framed for `RequestSummary`.
        case pending(any PendingResponse, RequestSummary)
    }

    let responder: any Responder
    let log: LogSink
    let clock: any TimeSource
    /// Read after the responder returns: a stop requested meanwhile still gets `Connection: close`.
    let isServerStopping: @Sendable () -> Bool
    private var encoder = ResponseEncoder()
    /// The lines logged since `writeLog`, each ended by a newline, written in place. The loop writes
    /// them before it sends any answer, so a line is never written after its answer, and answers
    /// queued in one pass share one write.
    private(set) var pendingLog: [UInt8] = []
    /// A batch is at most a pipe's atomic write (PIPE_BUF), so lines written to a pipe by several
    /// loops never interleave; a longer line is written alone.
    static let logBatchLimit = 4096

    init(responder: any Responder, log: @escaping LogSink, clock: any TimeSource,
         isServerStopping: @escaping @Sendable () -> Bool = { false }) {
        self.responder = responder
        self.log = log
        self.clock = clock
        self.isServerStopping = isServerStopping
    }

    mutating func reply(to exchange: Exchange, mayKeepAlive: Bool) -> Reply {
        switch exchange {
        case .request(let request): reply(to: request, mayKeepAlive: mayKeepAlive)
        case .delivered(let answer, let request): .answered(frame(answer, for: request, mayKeepAlive: mayKeepAlive))
        case .rejected(let problem): .answered(reject(problem))
        case .timedOut(let parked): .answered(timedOut(parked))
        }
    }

    /// HEAD is answered as GET without the body, so it always has GET's headers: the responder
    /// sees GET, the encoder leaves the body out. This is the one place HEAD becomes GET.
    private mutating func reply(to request: HTTPRequest, mayKeepAlive: Bool) -> Reply {
        let summary = RequestSummary(request, startedAt: clock.now())
        var forwarded = request
        if summary.isHead { forwarded.method = "GET" }
        switch responder.respond(to: forwarded) {
        case .now(let answer): return .answered(frame(answer, for: summary, mayKeepAlive: mayKeepAlive))
        case .later(let pending): return .pending(pending, summary)
        }
    }

    /// Frames an answer to `request`, now or when it is delivered, and writes its access log line
    /// (for a stream, at its end). A stream that will not be written (HEAD, 204, 304) is cancelled at
    /// once. An HTTP/1.0 client learns where a streamed body ends only from the connection closing.
    mutating func frame(_ answer: HTTPAnswer, for request: RequestSummary, mayKeepAlive: Bool) -> Answer {
        let source = answer.stream
        let closeDelimited = source != nil && request.clientIsHTTP10
        let keepAlive = mayKeepAlive && request.wantsPersistentConnection && !answer.asksToClose && !isServerStopping()
            && !closeDelimited
        let exchange = ResponseEncoder.Exchange(isHead: request.isHead, keepAlive: keepAlive, clientIsHTTP10: request.clientIsHTTP10)
        let body: ResponseEncoder.Body = switch answer.content {
        case let .bytes(bytes): .bytes(bytes)
        case .stream: .streamed
        }
        let (head, sent) = encoder.message(status: answer.status, headers: answer.headers, body: body, exchange,
                                           epochSeconds: Int(clock.epoch()))
        let status = HTTPStatus.onWire(answer.status)
        let record = ExchangeRecord(method: request.method, path: request.path, status: status, startedAt: request.startedAt)
        let sendsBody = ResponseEncoder.sendsBody(status: status, isHead: request.isHead)
        if let source {
            if sendsBody {
                let stream = OpenStream(source: source, isChunked: !request.clientIsHTTP10, keepAlive: keepAlive, exchange: record)
                return Answer(head: head, keepAlive: keepAlive, stream: stream)
            }
            source.cancel()
        }
        logExchange(record, bytes: sendsBody ? answer.bodyCount : 0, now: clock.now())
        return Answer(head: head, body: sent, keepAlive: keepAlive)
    }

    /// The answer to a request whose response was not delivered within `Timeouts.response`: 503,
    /// then close. Its outcome is unknown to the client, so it is worth a warning of its own.
    private mutating func timedOut(_ parked: ParkedRequest) -> Answer {
        keep(beginLine("warn", "response_timeout")
            .field("method", parked.request.method)
            .field("path", parked.request.path)
            .field("waited_ms", milliseconds: clock.now() - parked.since))
        return frame(Problem.responseTimeout.answer, for: parked.request, mayKeepAlive: false)
    }

    /// A parked request whose connection closed before its response came: no access log line (no
    /// status was sent), a warning instead, since the client does not know the outcome.
    mutating func abandoned(_ parked: ParkedRequest, _ end: OpenStream.End) {
        keep(beginLine("warn", "response_abandoned")
            .field("reason", end.rawValue)
            .field("method", parked.request.method)
            .field("path", parked.request.path)
            .field("dur_ms", milliseconds: clock.now() - parked.request.startedAt))
    }

    /// The access log line of a streamed response, written at its end with its whole duration and
    /// body size; a client dropped for not reading also gets a warning of its own. A stream that did
    /// not end by itself is cancelled: no more polls follow.
    mutating func streamEnded(_ stream: OpenStream, _ end: OpenStream.End) {
        if end != .complete { stream.source.cancel() }
        if end.isDrop {
            keep(beginLine("warn", "stream_dropped")
                .field("reason", end.rawValue)
                .field("path", stream.exchange.path)
                .field("bytes", stream.bodyBytes))
        }
        logExchange(stream.exchange, bytes: stream.bodyBytes, now: clock.now(), end: end)
    }

    /// The server's own error answer; the connection always closes after it.
    mutating func reject(_ problem: Problem) -> Answer {
        keep(beginLine("info", "rejected")
            .field("status", problem.status)
            .field("code", problem.code)
            .field("detail", problem.detail))
        let answer = problem.answer
        let (head, body) = encoder.message(status: answer.status, headers: answer.headers, body: .bytes(answer.body),
                                           ResponseEncoder.Exchange(keepAlive: false), epochSeconds: Int(clock.epoch()))
        return Answer(head: head, body: body, keepAlive: false)
    }

    private mutating func logExchange(_ record: ExchangeRecord, bytes: Int, now: Double, end: OpenStream.End? = nil) {
        var line = beginLine("info", "request")
            .field("method", record.method)
            .field("path", record.path)
            .field("status", record.status)
            .field("dur_ms", milliseconds: now - record.startedAt)
            .field("bytes", bytes)
        if let end { line = line.field("end", end.rawValue) }
        keep(line)
    }

    /// Writes the pending lines in one call of the log sink (several lines, one newline between two).
    mutating func writeLog() {
        guard !pendingLog.isEmpty else { return }
        write(0 ..< pendingLog.count)
        pendingLog.removeAll(keepingCapacity: true)
    }

    /// A line begun behind the pending ones, in their buffer; `keep` takes it back.
    private mutating func beginLine(_ level: String, _ message: String) -> LogLine {
        var earlier: [UInt8] = []
        swap(&earlier, &pendingLog)
        return LogLine(level: level, message, after: consume earlier)
    }

    /// Keeps a line begun by `beginLine(_:_:)` with the pending ones; lines that would make the batch
    /// longer than `logBatchLimit` are written first, and a line that long by itself is written alone.
    private mutating func keep(_ line: consuming LogLine) {
        let start = line.start
        pendingLog = line.ended()
        guard pendingLog.count > Self.logBatchLimit else { return }
        if start > 0 {
            write(0 ..< start)
            pendingLog.removeSubrange(0 ..< start)
        }
        if pendingLog.count > Self.logBatchLimit { writeLog() }
    }

    private func write(_ lines: Range<Int>) {
        log(String(decoding: pendingLog[lines.lowerBound ..< lines.upperBound - 1], as: UTF8.self))
    }
}
