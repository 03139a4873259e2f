import Routes

/// What a loop does with each parsed request: ask the responder, frame the answer, write the access
/// log line. The responder runs here, on the loop thread: it is synchronous and fast, so handing it
/// to another thread would only add latency; a slow route delays only this loop's connections. A
/// route that must wait (for a sync to disk) answers `pending` instead of blocking, and the answer
/// is framed here when it is delivered.
struct ExchangeHandler {
    /// A framed answer and whether the connection may carry another request after it.
    struct Answer {
        var bytes: [UInt8]
        var keepAlive: Bool
        /// A body still to come: `bytes` is its head; the access log line waits for its end.
        var stream: OpenStream?
    }

    let responder: any Responder
    let log: LogSink
    /// Read after the responder returns: a stop requested meanwhile still gets `Connection: close`.
    let isServerStopping: @Sendable () -> Bool
    private var encoder = ResponseEncoder()

    init(responder: any Responder, log: @escaping LogSink, isServerStopping: @escaping @Sendable () -> Bool = { false }) {
        self.responder = responder
        self.log = log
        self.isServerStopping = isServerStopping
    }

    /// What the responder made of a request: an answer to queue now, or a response still to come.
    enum Reply {
        case answered(Answer)
        /// The connection parks until `PendingResponse.onReady` delivers; `frame` then answers.
        case pending(any PendingResponse, RequestSummary)
    }

    /// HEAD is answered as GET without the body, so it always has GET's headers.
    mutating func reply(to request: HTTPRequest, mayKeepAlive: Bool) -> Reply {
        let summary = RequestSummary(request, startedAt: MonotonicClock.now())
        var forwarded = request
        if summary.isHead { forwarded.method = "GET" }
        let response = responder.respond(to: forwarded)
        if let pending = response.pending { return .pending(pending, summary) }
        return .answered(frame(response, for: summary, mayKeepAlive: mayKeepAlive))
    }

    /// Frames a response to `request`, now or when it is delivered, and writes its access log line
    /// (for a stream, at its end). A stream that will not be written (HEAD, 204, 304) is cancelled at
    /// once. An HTTP/1.0 client learns where a streamed body ends only from the connection closing.
    /// A delivered response cannot wait again: that is a route's bug, answered 500.
    mutating func frame(_ response: HTTPResponse, for request: RequestSummary, mayKeepAlive: Bool) -> Answer {
        if response.pending != nil {
            log(LogLine(level: "error", "pending_response_nested").field("path", request.path).description)
            return frame(Problem.internalError.response, for: request, mayKeepAlive: false)
        }
        let closeDelimited = response.stream != nil && request.clientIsHTTP10
        let keepAlive = mayKeepAlive && request.wantsPersistentConnection && !response.asksToClose && !isServerStopping() && !closeDelimited
        let exchange = ResponseEncoder.Exchange(isHead: request.isHead, keepAlive: keepAlive, clientIsHTTP10: request.clientIsHTTP10)
        let bytes = encoder.encode(response, exchange, epochSeconds: HTTPDate.nowEpochSeconds())
        let status = ResponseEncoder.wireStatus(response.status)
        let record = ExchangeRecord(method: request.method, path: request.path, status: status, startedAt: request.startedAt)
        let sendsBody = ResponseEncoder.sendsBody(status: status, isHead: request.isHead)
        if let source = response.stream {
            if sendsBody {
                let stream = OpenStream(source: source, isChunked: !request.clientIsHTTP10, keepAlive: keepAlive, exchange: record)
                return Answer(bytes: bytes, keepAlive: keepAlive, stream: stream)
            }
            source.cancel()
        }
        logExchange(record, bytes: sendsBody ? response.body.count : 0, now: MonotonicClock.now())
        return Answer(bytes: bytes, keepAlive: keepAlive)
    }

    /// The answer to a request whose response was not delivered within `Timeouts.response`: 503,
    /// then close. Its outcome is unknown to the client, so it is worth a warning of its own.
    mutating func timedOut(_ parked: ParkedRequest, now: Double) -> Answer {
        log(LogLine(level: "warn", "response_timeout")
            .field("method", parked.request.method)
            .field("path", parked.request.path)
            .field("waited_ms", milliseconds: now - parked.since)
            .description)
        return frame(Problem.responseTimeout.response, for: parked.request, mayKeepAlive: false)
    }

    /// A parked request whose connection closed before its response came: no access log line (no
    /// status was sent), a warning instead, since the client does not know the outcome.
    func abandoned(_ parked: ParkedRequest, _ end: OpenStream.End, now: Double) {
        log(LogLine(level: "warn", "response_abandoned")
            .field("reason", end.rawValue)
            .field("method", parked.request.method)
            .field("path", parked.request.path)
            .field("dur_ms", milliseconds: now - parked.request.startedAt)
            .description)
    }

    /// The access log line of a streamed response, written at its end with its whole duration and
    /// body size; a client dropped for not reading also gets a warning of its own.
    func streamEnded(_ stream: OpenStream, _ end: OpenStream.End, now: Double) {
        if end.isDrop {
            log(LogLine(level: "warn", "stream_dropped")
                .field("reason", end.rawValue)
                .field("path", stream.exchange.path)
                .field("bytes", stream.bodyBytes)
                .description)
        }
        logExchange(stream.exchange, bytes: stream.bodyBytes, now: now, end: end)
    }

    /// The server's own error answer; the connection always closes after it.
    mutating func reject(_ problem: Problem) -> [UInt8] {
        let response = problem.response
        log(LogLine(level: "info", "rejected")
            .field("status", problem.status)
            .field("code", problem.code)
            .field("detail", problem.detail)
            .description)
        return encoder.encode(response, ResponseEncoder.Exchange(keepAlive: false), epochSeconds: HTTPDate.nowEpochSeconds())
    }

    private func logExchange(_ record: ExchangeRecord, bytes: Int, now: Double, end: OpenStream.End? = nil) {
        var line = LogLine(level: "info", "request")
            .field("method", record.method)
            .field("path", record.path)
            .field("status", record.status)
            .field("dur_ms", milliseconds: now - record.startedAt)
            .field("bytes", bytes)
        if let end { line = line.field("end", end.rawValue) }
        log(line.description)
    }
}
