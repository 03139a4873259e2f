import Glibc

extension EventLoop {
    /// Reads once (level-triggered epoll brings us back if more is waiting), then lets the connection
    /// answer and writes what it produced.
    func serve(_ connection: Connection, events: UInt32, now: Double) {
        let readable = events & (LinuxAPI.epollIn | LinuxAPI.epollHup | LinuxAPI.epollErr) != 0
        if readable, connection.wantsRead {
            readOnce(connection)
        }
        drive(connection, now: now)
    }

    /// Process and flush until nothing more can happen without the network; then settle the registration.
    func drive(_ connection: Connection, now: Double) {
        while connection.phase != .closed {
            let outcome = connection.process(&handler, now: now)
            flush(connection, now: now)
            guard outcome == .backpressure, connection.phase == .open,
                  connection.output.readableBytes < configuration.maxPendingOutputBytes else { break }
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

    func close(_ connection: Connection) {
        connection.phase = .closed
        guard connections.removeValue(forKey: connection.fd) != nil else { return }
        try? epoll.remove(connection.fd)
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
