extension EventLoop {
    /// Polls every stream whose time has come. Entries are collected first, so a stream that asks for
    /// a time already past is polled on the next pass, after the loop has looked at the network again.
    func fireDueTimers(now: Double) {
        while let entry = timers.popDue(now: now) {
            dueTimers.append(entry)
        }
        for entry in dueTimers {
            guard let connection = pendingPoll(entry) else { continue }
            pollStream(connection, now: now)
            drive(connection, now: now)
        }
        dueTimers.removeAll(keepingCapacity: true)
    }

    /// Polls once and schedules the next poll, logs a natural end, or drops a client that does not read.
    /// The caller flushes: one write attempt per poll.
    func pollStream(_ connection: Connection, now: Double) {
        switch connection.pollStream(now: now) {
        case .pollAgain(let at):
            timers.push(TimerHeap.Entry(at: at, token: connection.token, generation: connection.timerGeneration))
        case .ended(let stream):
            handler.streamEnded(stream, .complete, now: now)
        case .overLimit:
            close(connection, ending: .outputLimit)
        case nil:
            break
        }
    }

    /// The connection whose pending poll `entry` still is; nil for a stale entry (the connection
    /// closed, its descriptor was reused, or its stream moved on).
    func pendingPoll(_ entry: TimerHeap.Entry) -> Connection? {
        guard let connection = connections[Int32(truncatingIfNeeded: entry.token)], connection.token == entry.token,
              connection.timerGeneration == entry.generation, connection.stream != nil else { return nil }
        return connection
    }

    /// Cancels a stream the server ends early and logs it. At shutdown the body is still terminated
    /// properly when the socket takes the last bytes at once; the connection closes right after.
    func abandon(_ stream: OpenStream, of connection: Connection, _ end: OpenStream.End) {
        stream.source.cancel()
        let now = MonotonicClock.now()
        if end == .shutdown, connection.phase != .closed {
            if stream.isChunked {
                connection.enqueue(ResponseEncoder.lastChunk, now: now)
            }
            _ = connection.output.withUnsafeReadableBytes { try? Socket.send(connection.fd, $0) }
        }
        handler.streamEnded(stream, end, now: now)
    }
}
