import Routes

extension Connection {
    /// Why `process` stopped.
    enum ProcessOutcome: Equatable {
        /// The parser needs more bytes.
        case waitingForInput
        /// Too much output is queued; resume once some of it is written.
        case backpressure
        /// The connection is closing; nothing more will be read.
        case finished
        /// A request was answered with a stream: its head is queued and it wants its first poll now.
        case streamStarted
        /// A stream is open; requests after it wait until it ends.
        case streaming
    }

    /// Parses and answers every complete request in `input`, in order, until more bytes are needed,
    /// the output is over its limit, a streamed response is open, or the connection must close.
    func process(_ handler: inout ExchangeHandler, now: Double) -> ProcessOutcome {
        while phase == .open {
            guard stream == nil else { return .streaming }
            guard output.readableBytes < configuration.maxPendingOutputBytes else { return .backpressure }
            let parsed: HTTPRequest?
            do throws(HTTPParseError) {
                parsed = try parser.parse(&input)
            } catch {
                fail(with: Problem(error), &handler, now: now)
                return .finished
            }
            guard let request = parsed else {
                awaitMoreInput(now: now)
                return phase == .open ? .waitingForInput : .finished
            }
            let answer = handler.answer(request, mayKeepAlive: !isDraining)
            enqueue(answer.bytes, now: now)
            requestStartedAt = nil
            bodyStartedAt = nil
            idleSince = now
            servedRequests += 1
            if let opened = answer.stream {
                stream = opened
                return .streamStarted
            }
            if !answer.keepAlive { phase = .closingAfterFlush }
        }
        return .finished
    }

    /// Header and body timeouts run from the first byte of a request and from the end of its head,
    /// however the bytes trickle in.
    private func awaitMoreInput(now: Double) {
        if parser.takeContinueSignal() {
            enqueue(ResponseEncoder.continueResponse, now: now)
        }
        if requestStartedAt == nil, parser.hasPartialRequest || !input.isEmpty {
            requestStartedAt = now
        }
        if bodyStartedAt == nil, parser.isReadingBody {
            bodyStartedAt = now
        }
        if peerFinished {
            phase = .closingAfterFlush
        }
    }

    /// Reacts to a passed deadline: a request that is too slow gets 408, anything else just closes.
    func expire(_ timeout: Timeout, _ handler: inout ExchangeHandler, now: Double) {
        switch timeout {
        case .header, .body: fail(with: .requestTimeout, &handler, now: now)
        case .idle, .write, .linger: phase = .closed
        }
    }

    /// Answers with a problem and closes: after a framing error nothing else on the connection can be trusted.
    func fail(with problem: Problem, _ handler: inout ExchangeHandler, now: Double) {
        enqueue(handler.reject(problem), now: now)
        input.removeAll()
        phase = .closingAfterFlush
    }
}
