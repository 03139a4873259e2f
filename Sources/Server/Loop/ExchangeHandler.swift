import Routes

/// What a loop does with each parsed request: ask the responder, frame the answer, write the access
/// log line. The responder runs here, on the loop thread: it is synchronous and fast, so handing it
/// to another thread would only add latency; a slow route delays only this loop's connections.
struct ExchangeHandler {
    /// A framed answer and whether the connection may carry another request after it.
    struct Answer {
        var bytes: [UInt8]
        var keepAlive: Bool
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

    /// HEAD is answered as GET without the body, so it always has GET's headers.
    mutating func answer(_ request: HTTPRequest, mayKeepAlive: Bool) -> Answer {
        let started = MonotonicClock.now()
        let isHead = request.method == "HEAD"
        var forwarded = request
        if isHead { forwarded.method = "GET" }
        let response = responder.respond(to: forwarded)
        let keepAlive = mayKeepAlive && request.wantsPersistentConnection && !response.asksToClose && !isServerStopping()
        let exchange = ResponseEncoder.Exchange(isHead: isHead, keepAlive: keepAlive, clientIsHTTP10: request.version.minor == 0)
        let bytes = encoder.encode(response, exchange, epochSeconds: HTTPDate.nowEpochSeconds())
        let status = ResponseEncoder.wireStatus(response.status)
        log(LogLine(level: "info", "request")
            .field("method", request.method)
            .field("path", String(request.path))
            .field("status", status)
            .field("dur_ms", milliseconds: MonotonicClock.now() - started)
            .field("bytes", ResponseEncoder.sendsBody(status: status, isHead: isHead) ? response.body.count : 0)
            .description)
        return Answer(bytes: bytes, keepAlive: keepAlive)
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
}
