extension Connection {
    /// What one poll of the open stream asks the loop to do.
    enum StreamStep {
        /// Poll again at this time; the timer entry carries the current `timerGeneration`.
        case pollAgain(at: Double)
        /// The stream ended by itself and its end is queued; the stream is returned for the access log.
        case ended(OpenStream)
        /// The poll produced bytes while the client had not read enough of the earlier ones.
        case overLimit
    }

    /// Polls the open stream once and queues what it produced. Queued output over
    /// `maxPendingOutputBytes` means a client that stopped reading: it is dropped, not buffered.
    /// A NaN `next` (a route's bug) ends the response: it would never come due, and would block the
    /// timer heap's order for every other stream.
    func pollStream(now: Double) -> StreamStep? {
        guard let open = stream else { return nil }
        let result = open.source.poll(now: now)
        if !result.bytes.isEmpty {
            guard output.readableBytes + result.bytes.count <= configuration.maxPendingOutputBytes else { return .overLimit }
            enqueueBody(result.bytes, chunked: open.isChunked, now: now)
            stream?.bodyBytes += result.bytes.count
        }
        timerGeneration &+= 1
        guard let next = result.next, !next.isNaN else {
            return .ended(finishStream(now: now))
        }
        return .pollAgain(at: next)
    }

    /// Takes the stream away before the connection closes early; the caller cancels it.
    func takeStream() -> OpenStream? {
        defer {
            stream = nil
            timerGeneration &+= 1
        }
        return stream
    }

    /// The natural end: terminate the body, then serve pipelined requests or close as agreed.
    private func finishStream(now: Double) -> OpenStream {
        guard let open = takeStream() else { preconditionFailure("finishing a stream that is not open") }
        if open.isChunked {
            enqueue(ResponseEncoder.lastChunk, now: now)
        }
        idleSince = now
        if !open.keepAlive { phase = .closingAfterFlush }
        return open
    }
}
