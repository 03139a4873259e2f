import Glibc

extension EventLoop {
    /// Reads once (level-triggered epoll brings us back if more is waiting), then lets the connection
    /// answer and writes what it produced. A client that leaves while a stream is open ends it; one
    /// that resets the connection while its response is awaited cannot receive it, so it closes now.
    func serve(_ connection: Connection, events: UInt32, now: Double) {
        let reset = LinuxAPI.epollHup | LinuxAPI.epollErr
        let streamHungUp = connection.stream != nil && events & (reset | LinuxAPI.epollRdHup) != 0
        let parkedReset = connection.parked != nil && events & reset != 0
        if streamHungUp || parkedReset {
            close(connection, ending: .clientClosed)
            return
        }
        let readable = events & (LinuxAPI.epollIn | LinuxAPI.epollHup | LinuxAPI.epollErr) != 0
        if readable, connection.wantsRead {
            readOnce(connection)
        }
        if connection.stream != nil, connection.peerFinished {
            close(connection, ending: .clientClosed)
            return
        }
        drive(connection, now: now)
    }

    /// Process and flush until nothing more can happen without the network; then settle the registration.
    /// A stream gets its first poll before the flush, so its head and first bytes leave in one write.
    /// A parked request asks for its response before the flush: one delivered at once is sent at the
    /// end of this pass (`deliverArrivedResponses`).
    func drive(_ connection: Connection, now: Double) {
        while connection.phase != .closed {
            let outcome = connection.process(&handler, now: now)
            switch outcome {
            case .streamStarted:
                guard startStream(connection, now: now) else { return }
            case .parked:
                awaitDelivery(connection)
            case .waitingForInput, .backpressure, .finished, .streaming, .awaitingDelivery:
                break
            }
            flush(connection, now: now)
            guard connection.phase == .open, connection.output.readableBytes < configuration.maxPendingOutputBytes else { break }
            let endedAtOnce = outcome == .streamStarted && connection.stream == nil
            guard outcome == .backpressure || endedAtOnce else { break }
        }
        settle(connection)
    }

    /// Closes connections that are done; otherwise updates the epoll interest if it changed.
    func settle(_ connection: Connection) {
        if drainDeadline != nil, connection.isIdle {
            connection.phase = .closed
        }
        guard connection.phase != .closed else {
            close(connection)
            return
        }
        let interest = connection.interest
        guard interest != connection.registeredInterest else { return }
        do throws(SyscallError) {
            try epoll.modify(connection.fd, events: interest, token: connection.token)
            connection.registeredInterest = interest
        } catch {
            close(connection)
        }
    }

    /// Gives a stream that just started its first poll; false when the server is stopping and the
    /// connection was closed instead (a stream would never end by itself).
    func startStream(_ connection: Connection, now: Double) -> Bool {
        guard drainDeadline == nil else {
            close(connection, ending: .shutdown)
            return false
        }
        pollStream(connection, now: now)
        return true
    }

    /// An open stream is cancelled and logged with `ending` as its end; so is a response still awaited
    /// (whose delivery will find the connection gone and be dropped).
    func close(_ connection: Connection, ending: OpenStream.End = .clientClosed) {
        if ending == .outputLimit || ending == .writeTimeout { connection.closesAbortively = true }
        if let stream = connection.takeStream() {
            abandon(stream, of: connection, ending)
        }
        if let parked = connection.parked {
            connection.parked = nil
            handler.abandoned(parked, ending, now: MonotonicClock.now())
        }
        connection.phase = .closed
        guard connections.removeValue(forKey: connection.fd) != nil else { return }
        try? epoll.remove(connection.fd)
        if connection.closesAbortively { Socket.resetOnClose(connection.fd) }
        Syscall.close(connection.fd)
        counter.release()
    }

    private func readOnce(_ connection: Connection) {
        do throws(SyscallError) {
            guard let count = try Socket.read(connection.fd, into: readBuffer) else { return }
            if count == 0 {
                connection.peerClosed()
            } else {
                connection.received(UnsafeRawBufferPointer(rebasing: readBuffer[..<count]))
            }
        } catch {
            connection.phase = .closed
        }
    }

    private func flush(_ connection: Connection, now: Double) {
        while !connection.output.isEmpty, connection.phase != .closed {
            let sent: Int?
            do {
                sent = try connection.output.withUnsafeReadableBytes { try Socket.send(connection.fd, $0) }
            } catch {
                connection.phase = .closed
                return
            }
            guard let sent else { return }
            connection.wrote(sent, now: now)
        }
        if connection.output.isEmpty, connection.outputFlushed(now: now) {
            Socket.shutdownWrite(connection.fd)
        }
    }
}
