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
        /// A request was answered with a response to come: the loop must ask for its delivery now.
        case parked
        /// A response is awaited; requests after it wait until it is delivered.
        case awaitingDelivery
    }

    /// Parses and answers every complete request in `input`, in order, until more bytes are needed,
    /// the output is over its limit, a streamed response is open, a response is awaited, or the
    /// connection must close.
    func process(_ handler: inout ExchangeHandler, now: Double) -> ProcessOutcome {
        while phase == .open {
            guard stream == nil else { return .streaming }
            guard parked == nil else { return .awaitingDelivery }
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
            requestStartedAt = nil
            bodyStartedAt = nil
            switch handler.reply(to: request, mayKeepAlive: !isDraining) {
            case .answered(let answer):
                if queue(answer, now: now) { return .streamStarted }
            case .pending(let source, let request):
                park(source, request, now: now)
                return .parked
            }
        }
        return .finished
    }

    /// Queues a framed answer, given now or delivered later; true when it opened a stream, which
    /// wants its first poll at once.
    func queue(_ answer: ExchangeHandler.Answer, now: Double) -> Bool {
        enqueue(answer.bytes, now: now)
        idleSince = now
        servedRequests += 1
        if let opened = answer.stream {
            stream = opened
            return true
        }
        if !answer.keepAlive { phase = .closingAfterFlush }
        return false
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

    /// Reacts to a passed deadline: a request that is too slow gets 408, a response that never came
    /// 503, anything else just closes.
    func expire(_ timeout: Timeout, _ handler: inout ExchangeHandler, now: Double) {
        switch timeout {
        case .header, .body: fail(with: .requestTimeout, &handler, now: now)
        case .response: giveUpWaiting(&handler, now: now)
        case .write:
            closesAbortively = true
            phase = .closed
        case .idle, .linger: phase = .closed
        }
    }

    /// Answers with a problem and closes: after a framing error nothing else on the connection can be trusted.
    func fail(with problem: Problem, _ handler: inout ExchangeHandler, now: Double) {
        enqueue(handler.reject(problem), now: now)
        input.removeAll()
        phase = .closingAfterFlush
    }
}
