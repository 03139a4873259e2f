import Routes

/// What a loop does with each parsed request: ask the responder, frame the answer, write the access
/// log line. The responder runs here, on the loop thread: it is synchronous and fast, so handing it
/// to another thread would only add latency; a slow route delays only this loop's connections.
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

    /// HEAD is answered as GET without the body, so it always has GET's headers; a stream that will
    /// not be written (HEAD, 204, 304) is cancelled at once. An HTTP/1.0 client learns where a
    /// streamed body ends only from the connection closing.
    mutating func answer(_ request: HTTPRequest, mayKeepAlive: Bool) -> Answer {
        let started = MonotonicClock.now()
        let isHead = request.method == "HEAD"
        var forwarded = request
        if isHead { forwarded.method = "GET" }
        let response = responder.respond(to: forwarded)
        let clientIsHTTP10 = request.version.minor == 0
        let closeDelimited = response.stream != nil && clientIsHTTP10
        let keepAlive = mayKeepAlive && request.wantsPersistentConnection && !response.asksToClose && !isServerStopping() && !closeDelimited
        let exchange = ResponseEncoder.Exchange(isHead: isHead, keepAlive: keepAlive, clientIsHTTP10: clientIsHTTP10)
        let bytes = encoder.encode(response, exchange, epochSeconds: HTTPDate.nowEpochSeconds())
        let status = ResponseEncoder.wireStatus(response.status)
        let record = ExchangeRecord(method: request.method, path: String(request.path), status: status, startedAt: started)
        let sendsBody = ResponseEncoder.sendsBody(status: status, isHead: isHead)
        if let source = response.stream {
            if sendsBody {
                let stream = OpenStream(source: source, isChunked: !clientIsHTTP10, keepAlive: keepAlive, exchange: record)
                return Answer(bytes: bytes, keepAlive: keepAlive, stream: stream)
            }
            source.cancel()
        }
        logExchange(record, bytes: sendsBody ? response.body.count : 0, now: MonotonicClock.now())
        return Answer(bytes: bytes, keepAlive: keepAlive)
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
