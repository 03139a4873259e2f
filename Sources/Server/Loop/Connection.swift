import HTTP1
import Routes

/// One client socket's HTTP conversation as a value: bytes and facts in (`Event`), what to do out
/// (`Action`); after every event (or at the end of a batch of them) the loop writes what `output` holds and reports `.wrote`. `handle` is the only writer of its state; it performs no I/O, reads no clock and
/// calls no application code, so its tests feed events at chosen times. The event loop
/// (`EventLoop`) drives it: it moves bytes, asks the responder when told to, and reports back.
///
/// States and transitions (`docs/architecture.md` draws them):
/// - `reading`: parsing requests; a complete one goes to `responding`.
/// - `responding`: the loop is asking for the answer; `.responded` queues it and goes back to
///   `reading`, or to `streaming`, `awaiting` or `closingAfterFlush`.
/// - `streaming`: a streamed body is being written; requests pipelined after it wait unparsed.
/// - `awaiting`: a response comes later; requests pipelined after it wait unparsed.
/// - `closingAfterFlush`: the last response is queued; once written, half-close and linger
///   (or close, when the client already finished or the server is stopping).
/// - `lingering`: write side shut; input is discarded until end of stream or the linger timeout,
///   so the client reads the answer instead of a reset.
/// - `closed`: the loop has been told to close the socket.
struct Connection {
    enum State {
        case reading(Reading, Finishing)
        /// `closes`: the answer is the last one (an error, a timeout); nothing after it is read.
        case responding(Finishing, closes: Bool)
        case streaming(OpenStream, Finishing)
        case awaiting(ParkedRequest, Finishing)
        /// `lingers`: half-close and wait for the client's end of stream after the flush.
        case closingAfterFlush(peerFinished: Bool, lingers: Bool)
        case lingering(since: Double)
        case closed(abortive: Bool)
    }

    /// Where the request being read stands, for the header, body and idle timeouts.
    struct Reading: Equatable {
        /// When the connection last had nothing in flight; the idle timeout runs from here.
        var idleSince: Double
        /// The first byte of the request being read.
        var requestStartedAt: Double?
        /// The end of that request's head.
        var bodyStartedAt: Double?
    }

    /// Which side has begun to end the conversation.
    struct Finishing: Equatable {
        /// The client sent its end of stream: answer what is complete, then close.
        var peer = false
        /// The server is stopping: answer what is in flight with `Connection: close`, take nothing new.
        var server = false
    }

    /// Which limit a connection ran into.
    enum Timeout: Equatable { case idle, header, body, write, linger, response }

    enum Event {
        /// Bytes the socket read: the loop's read buffer, holding them until its next read.
        case received(ReadBuffer)
        /// The socket read end of stream.
        case peerFinished
        /// The poller reported the peer gone: `reset` for an error or hang-up, else a read
        /// hang-up (only watched while streaming).
        case hungUp(reset: Bool)
        /// A read or write failed: the socket is unusable.
        case failed
        /// The socket took this many bytes of `output`.
        case wrote(Int)
        /// The answer to the last `.respond`.
        case responded(ExchangeHandler.Reply)
        /// What a poll (or the finish) of the open stream produced.
        case polled(StreamPoll)
        /// A pending response arrived for the wait numbered `serial`.
        case delivered(serial: UInt64, HTTPAnswer)
        /// Time passed: act on a deadline that is due.
        case tick
        /// The server began stopping.
        case drain
        /// The server closes the connection now (the shutdown grace is over).
        case abort(OpenStream.End)
        /// The server needs the slot (the connection table is full): close if nothing is in
        /// progress (`idleness`), else carry on.
        case reclaim
        /// Answer `problem` before reading anything, then close as after any error: half-close
        /// and linger, so the client reads the answer instead of a reset (a refusal at the cap).
        case refuse(Problem)
    }

    enum Action {
        /// Ask for the answer to `exchange` (the responder, or the server's own error answers)
        /// and report it with `.responded`.
        case respond(ExchangeHandler.Exchange, mayKeepAlive: Bool)
        /// Poll the stream now and report `.polled`.
        case pollStream(any ResponseStream)
        /// Poll the stream at this time, if `timerGeneration` is still this generation then.
        case schedulePoll(at: Double, generation: UInt64)
        /// Ask the stream for its last bytes (the server is stopping) and report `.polled`.
        case finishStream(any ResponseStream)
        /// Ask `source` for the response and report it with `.delivered(serial:)`.
        case awaitDelivery(any PendingResponse, serial: UInt64)
        /// The stream is over: cancel it unless it completed, and write its access log line.
        case streamEnded(OpenStream, OpenStream.End)
        /// The awaited response will never be sent: log it.
        case abandoned(ParkedRequest, OpenStream.End)
        /// Half-close: the client sees end of stream after the last response.
        case shutdownWrite
        /// Close the socket; `reset` frees what the kernel still holds for a client that is gone.
        case close(reset: Bool)
    }

    let configuration: Configuration
    private(set) var state: State
    private(set) var input = ByteBuffer()
    private(set) var output = OutputQueue()
    private(set) var parser: HTTPParser
    private(set) var servedRequests = 0
    /// Changes whenever the pending stream poll does: a timer entry with another generation is stale.
    private(set) var timerGeneration: UInt64 = 0
    /// Counts this connection's waits; a delivery names the one it answers.
    private(set) var parkSerial: UInt64 = 0
    /// When queued output last moved; the write timeout runs from here.
    private(set) var lastWriteProgress: Double

    init(configuration: Configuration, now: Double) {
        self.configuration = configuration
        parser = HTTPParser(limits: configuration.limits)
        state = .reading(Reading(idleSince: now), Finishing())
        lastWriteProgress = now
    }

    /// The one way the connection changes: an event at a time, and what the loop must do about it.
    mutating func handle(_ event: Event, now: Double) -> [Action] {
        switch event {
        case .received(let bytes): received(bytes, now: now)
        case .peerFinished: peerFinished(now: now)
        case .hungUp(let reset): hungUp(reset: reset)
        case .failed: abort(.clientClosed)
        case .wrote(let count): wrote(count, now: now)
        case .responded(let reply): responded(reply, now: now)
        case .polled(let poll): polled(poll, now: now)
        case .delivered(let serial, let answer): delivered(serial, answer)
        case .tick: tick(now: now)
        case .drain: drain()
        case .abort(let end): abort(end)
        case .reclaim: reclaim()
        case .refuse(let problem): refuse(problem)
        }
    }

    /// How long the connection has had nothing in progress, for choosing which to close when the
    /// table is full: nil while a request is being read, answered, streamed or awaited, while
    /// output waits, and once it is closing. `neverSpoke`: it has not sent a byte since it
    /// opened (a slot held for nothing, the first to go).
    var idleness: (neverSpoke: Bool, since: Double)? {
        guard case .reading(let reading, let finishing) = state, !finishing.server, reading.requestStartedAt == nil,
              input.isEmpty, output.isEmpty, !parser.hasPartialRequest else { return nil }
        return (servedRequests == 0, reading.idleSince)
    }

    var isClosed: Bool {
        if case .closed = state { true } else { false }
    }

    /// While a stream is open or a response awaited, the connection reads only to notice the peer
    /// leaving, keeping at most a request head's worth of what the client pipelines after it.
    var wantsRead: Bool {
        switch state {
        case .reading(_, let finishing): !finishing.peer && output.readableBytes < configuration.maxPendingOutputBytes
        case .streaming: input.readableBytes < configuration.limits.maxHeadBytes
        case .awaiting(_, let finishing): !finishing.peer && input.readableBytes < configuration.limits.maxHeadBytes
        case .lingering: true
        case .responding, .closingAfterFlush, .closed: false
        }
    }

    /// The poller interest: readable as `wantsRead`, writable while output waits, and read
    /// hang-ups while streaming (a stream must learn that its client left even when not reading).
    /// A parked request need not: a client that only half-closed still gets its answer, and one
    /// that reset the connection is reported as an error, which the poller always reports.
    var interest: UInt32 {
        var interest = (wantsRead ? LinuxAPI.epollIn : 0) | (output.isEmpty ? 0 : LinuxAPI.epollOut)
        if case .streaming = state { interest |= LinuxAPI.epollRdHup }
        return interest
    }

    /// When this connection must give up, and why; nil once closed, and while an open stream is
    /// waiting for its next poll (only the write timeout applies to a stream). A parked request has
    /// the response timeout instead of the idle, header and body ones.
    var deadline: (at: Double, timeout: Timeout)? {
        let timeouts = configuration.timeouts
        switch state {
        case .closed: return nil
        case .lingering(let since): return (since + timeouts.linger, .linger)
        default: break
        }
        if !output.isEmpty { return (lastWriteProgress + timeouts.write, .write) }
        switch state {
        case .awaiting(let parked, _): return (parked.since + timeouts.response, .response)
        case .reading(let reading, _):
            if let bodyStartedAt = reading.bodyStartedAt { return (bodyStartedAt + timeouts.body, .body) }
            if let requestStartedAt = reading.requestStartedAt { return (requestStartedAt + timeouts.header, .header) }
            return (reading.idleSince + (servedRequests == 0 ? timeouts.header : timeouts.idle), .idle)
        default: return nil
        }
    }

    /// The open stream, for the timer that polls it.
    var openStream: OpenStream? {
        if case .streaming(let stream, _) = state { stream } else { nil }
    }
}

/// Reading requests, answering them in order, and the end of the conversation.
extension Connection {
    private mutating func received(_ bytes: ReadBuffer, now: Double) -> [Action] {
        switch state {
        case .lingering, .closingAfterFlush, .closed: return []
        case .reading:
            bytes.append(to: &input)
            return process(now: now)
        case .responding, .streaming, .awaiting:
            bytes.append(to: &input)
            return []
        }
    }

    /// End of stream from the client: answer what is complete, then close. A stream's client is gone.
    private mutating func peerFinished(now: Double) -> [Action] {
        switch state {
        case .reading:
            updateFinishing { $0.peer = true }
            return process(now: now)
        case .responding, .awaiting:
            updateFinishing { $0.peer = true }
            return []
        case .streaming(let stream, _):
            return close(ending: stream, .clientClosed)
        case .closingAfterFlush(_, let lingers):
            state = .closingAfterFlush(peerFinished: true, lingers: lingers)
            return []
        case .lingering:
            state = .closed(abortive: false)
            return [.close(reset: false)]
        case .closed:
            return []
        }
    }

    /// Changes the `Finishing` of the states that carry one.
    private mutating func updateFinishing(_ change: (inout Finishing) -> Void) {
        switch state {
        case .reading(let reading, var finishing):
            change(&finishing)
            state = .reading(reading, finishing)
        case .responding(var finishing, let closes):
            change(&finishing)
            state = .responding(finishing, closes: closes)
        case .streaming(let stream, var finishing):
            change(&finishing)
            state = .streaming(stream, finishing)
        case .awaiting(let parked, var finishing):
            change(&finishing)
            state = .awaiting(parked, finishing)
        case .closingAfterFlush, .lingering, .closed:
            break
        }
    }

    private mutating func hungUp(reset: Bool) -> [Action] {
        switch state {
        case .streaming(let stream, _): return close(ending: stream, .clientClosed)
        case .awaiting(let parked, _) where reset: return close(abandoning: parked, .clientClosed)
        default: return []
        }
    }

    private mutating func wrote(_ count: Int, now: Double) -> [Action] {
        output.consume(count)
        lastWriteProgress = now
        switch state {
        case .closingAfterFlush(let peerFinished, let lingers) where output.isEmpty:
            if !peerFinished, lingers {
                state = .lingering(since: now)
                return [.shutdownWrite]
            }
            state = .closed(abortive: false)
            return [.close(reset: false)]
        case .reading(var reading, let finishing) where output.isEmpty && input.isEmpty && reading.requestStartedAt == nil:
            // Keep-alive idles from the answer's last byte, however long a slow reader took.
            reading.idleSince = now
            state = .reading(reading, finishing)
            return []
        case .reading where output.readableBytes < configuration.maxPendingOutputBytes && !input.isEmpty:
            return process(now: now)
        default:
            return []
        }
    }

    /// Queues the answer the loop produced, then carries on as it says: stream, wait, close or
    /// read the next request.
    private mutating func responded(_ reply: ExchangeHandler.Reply, now: Double) -> [Action] {
        guard case .responding(let finishing, let closes) = state else {
            preconditionFailure("an answer arrived while none was asked for")
        }
        switch reply {
        case .pending(let source, let request):
            parkSerial &+= 1
            state = .awaiting(ParkedRequest(source: source, request: request, serial: parkSerial, since: now), finishing)
            return [.awaitDelivery(source, serial: parkSerial)]
        case .answered(let answer):
            enqueue(answer.head, now: now)
            enqueue(answer.body, now: now)
            servedRequests += 1
            if let stream = answer.stream {
                guard !finishing.server else {
                    // Stopping: a stream would never end by itself, so it ends before it starts.
                    state = .streaming(stream, finishing)
                    return [.finishStream(stream.source)]
                }
                state = .streaming(stream, finishing)
                return [.pollStream(stream.source)]
            }
            if closes || !answer.keepAlive {
                if closes { input.removeAll() }
                state = .closingAfterFlush(peerFinished: finishing.peer, lingers: true)
                return []
            }
            state = .reading(Reading(idleSince: now), finishing)
            return process(now: now)
        }
    }

    /// Parses the next complete request in `input` and asks for its answer; otherwise notes when
    /// the request being read began, and closes after a client that finished sending.
    private mutating func process(now: Double) -> [Action] {
        guard case .reading(var reading, let finishing) = state else { return [] }
        guard output.readableBytes < configuration.maxPendingOutputBytes else { return [] }
        let parsed: HTTPRequest?
        do throws(HTTPParseError) {
            parsed = try parser.parse(&input)
        } catch {
            return reject(Problem(error), finishing)
        }
        if let request = parsed {
            state = .responding(finishing, closes: false)
            return [.respond(.request(request), mayKeepAlive: !finishing.server)]
        }
        if parser.takeContinueSignal() {
            enqueue(ResponseEncoder.continueResponse, now: now)
        }
        if reading.requestStartedAt == nil, parser.hasPartialRequest || !input.isEmpty {
            reading.requestStartedAt = now
        }
        if reading.bodyStartedAt == nil, parser.isReadingBody {
            reading.bodyStartedAt = now
        }
        if finishing.peer {
            state = .closingAfterFlush(peerFinished: true, lingers: true)
            return flushOrClose(now: now)
        }
        state = .reading(reading, finishing)
        return []
    }

    /// Time passed: a request that is too slow gets 408, a response that never came 503, a client
    /// that does not read is reset, an idle or lingering connection closes.
    private mutating func tick(now: Double) -> [Action] {
        guard let due = deadline, due.at <= now else { return [] }
        switch (due.timeout, state) {
        case (.write, .streaming(let stream, _)):
            return close(ending: stream, .writeTimeout)
        case (.write, .awaiting(let parked, _)):
            return close(abandoning: parked, .writeTimeout)
        case (.write, _):
            state = .closed(abortive: true)
            return [.close(reset: true)]
        case (.header, .reading(_, let finishing)), (.body, .reading(_, let finishing)):
            return reject(.requestTimeout, finishing)
        case (.response, .awaiting(let parked, let finishing)):
            input.removeAll()
            state = .responding(finishing, closes: true)
            return [.respond(.timedOut(parked), mayKeepAlive: false)]
        default:
            state = .closed(abortive: false)
            return [.close(reset: false)]
        }
    }

    /// Stop taking new requests: an idle connection closes now, a stream ends with its last words,
    /// anything else in flight finishes with `Connection: close`.
    private mutating func drain() -> [Action] {
        switch state {
        case .reading where input.isEmpty && !parser.hasPartialRequest && output.isEmpty:
            state = .closed(abortive: false)
            return [.close(reset: false)]
        case .streaming(let stream, let finishing) where !finishing.server:
            updateFinishing { $0.server = true }
            return [.finishStream(stream.source)]
        case .reading, .responding, .awaiting:
            updateFinishing { $0.server = true }
            return []
        case .streaming, .closingAfterFlush, .lingering, .closed:
            return []
        }
    }

    /// The server closes the connection now; what was in flight is logged with `end`.
    private mutating func abort(_ end: OpenStream.End) -> [Action] {
        switch state {
        case .streaming(let stream, _): return close(ending: stream, end)
        case .awaiting(let parked, _): return close(abandoning: parked, end)
        case .closed: return []
        default:
            state = .closed(abortive: false)
            return [.close(reset: false)]
        }
    }

    /// Closes a connection with nothing in progress to make room for another; leaves a busy one be.
    private mutating func reclaim() -> [Action] {
        guard idleness != nil else { return [] }
        state = .closed(abortive: false)
        return [.close(reset: false)]
    }

    /// Refuses a connection it has not read from yet, with the same half-close and linger as any
    /// other error answer.
    private mutating func refuse(_ problem: Problem) -> [Action] {
        guard case .reading(_, let finishing) = state else { return [] }
        return reject(problem, finishing)
    }

    /// Answers with a problem and closes: after a framing error nothing else on the connection can be trusted.
    private mutating func reject(_ problem: Problem, _ finishing: Finishing) -> [Action] {
        input.removeAll()
        state = .responding(finishing, closes: true)
        return [.respond(.rejected(problem), mayKeepAlive: false)]
    }

    private mutating func close(ending stream: OpenStream, _ end: OpenStream.End) -> [Action] {
        state = .closed(abortive: end.isDrop)
        timerGeneration &+= 1
        return [.streamEnded(stream, end), .close(reset: end.isDrop)]
    }

    private mutating func close(abandoning parked: ParkedRequest, _ end: OpenStream.End) -> [Action] {
        state = .closed(abortive: end.isDrop)
        return [.abandoned(parked, end), .close(reset: end.isDrop)]
    }

    /// In `closingAfterFlush`: write what is queued, or finish at once when nothing is.
    private mutating func flushOrClose(now: Double) -> [Action] {
        guard output.isEmpty else { return [] }
        return wrote(0, now: now)
    }

    /// Queues an array as it is (a head, a body, a chunk): a frames window's ~40 KB are not
    /// copied on their way to the socket.
    private mutating func enqueue(_ bytes: [UInt8], now: Double) {
        if output.isEmpty { lastWriteProgress = now }
        output.append(bytes)
    }
}

/// A streamed body and an answer that comes later.
extension Connection {
    /// Queues what a poll produced. Queued output over `maxPendingOutputBytes` means a client that
    /// stopped reading: it is dropped, not buffered. A NaN `next` (a route's bug) ends the response:
    /// it would never come due, and would block the timer heap's order for every other stream.
    /// When the server is stopping, this poll was the stream's finish and ends it.
    private mutating func polled(_ poll: StreamPoll, now: Double) -> [Action] {
        guard case .streaming(var stream, let finishing) = state else { return [] }
        if !poll.bytes.isEmpty {
            guard output.readableBytes + poll.bytes.count <= configuration.maxPendingOutputBytes else {
                return close(ending: stream, .outputLimit)
            }
            enqueue(stream.isChunked ? ResponseEncoder.chunk(poll.bytes) : poll.bytes, now: now)
            stream.bodyBytes += poll.bytes.count
        }
        timerGeneration &+= 1
        guard !finishing.server, let next = poll.next, !next.isNaN else {
            return finish(stream, finishing, now: now)
        }
        state = .streaming(stream, finishing)
        return [.schedulePoll(at: next, generation: timerGeneration)]
    }

    /// The end: terminate the body, then serve pipelined requests or close as agreed. A stream the
    /// server ended closes right after its last bytes: stopping does not wait for a lingering client.
    private mutating func finish(_ stream: OpenStream, _ finishing: Finishing, now: Double) -> [Action] {
        if stream.isChunked {
            enqueue(ResponseEncoder.lastChunk, now: now)
        }
        let ended: [Action] = [.streamEnded(stream, finishing.server ? .shutdown : .complete)]
        guard stream.keepAlive, !finishing.server else {
            state = .closingAfterFlush(peerFinished: finishing.peer, lingers: !finishing.server)
            return ended
        }
        state = .reading(Reading(idleSince: now), finishing)
        return ended + process(now: now)
    }

    /// The awaited answer arrived: frame it as if it had been returned at once (keep-alive as
    /// agreed now: `Connection: close` if the server began stopping meanwhile). A delivery for
    /// another wait, or one after the 503, is dropped.
    private mutating func delivered(_ serial: UInt64, _ answer: HTTPAnswer) -> [Action] {
        guard case .awaiting(let parked, let finishing) = state, parked.serial == serial else { return [] }
        state = .responding(finishing, closes: false)
        return [.respond(.delivered(answer, parked.request), mayKeepAlive: !finishing.server)]
    }
}
