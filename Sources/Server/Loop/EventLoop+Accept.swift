import Glibc

extension EventLoop {
    /// Accepts what is pending (a bounded batch, so one loop does not starve its connections).
    /// Over the connection cap a client gets a 503 and is closed; when file descriptors run out,
    /// accepting pauses briefly instead of spinning on a listener that stays readable.
    func acceptConnections(now: Double) {
        for _ in 0 ..< 64 {
            let accepted: Int32?
            do throws(SyscallError) {
                accepted = try poller.accept(listener)
            } catch {
                handleAcceptFailure(error, now: now)
                return
            }
            guard let fd = accepted else { return }
            guard counter.tryAcquire(limit: configuration.maxConnections) else {
                refuse(fd)
                continue
            }
            register(fd, now: now)
        }
    }

    func watchListener() throws(SyscallError) {
        try poller.add(listener, interest: LinuxAPI.epollIn, token: Self.listenerToken)
        isWatchingListener = true
    }

    /// Stops accepting for good and tells the server this loop no longer touches the listener.
    func releaseListener() {
        if isWatchingListener {
            poller.remove(listener)
            isWatchingListener = false
        }
        if !hasReleasedListener {
            hasReleasedListener = true
            control.listenerReleased.signal()
        }
    }

    func resumeAcceptingIfDue(now: Double) {
        guard let resume = acceptResumesAt, now >= resume, drainDeadline == nil else { return }
        acceptResumesAt = nil
        do throws(SyscallError) {
            try watchListener()
        } catch {
            acceptResumesAt = now + 0.1
        }
    }

    private func register(_ fd: Int32, now: Double) {
        nextSerial &+= 1
        let token = (nextSerial << 32) | UInt64(UInt32(bitPattern: fd))
        do throws(SyscallError) {
            try poller.add(fd, interest: LinuxAPI.epollIn, token: token)
        } catch {
            poller.close(fd, reset: false)
            counter.release()
            return
        }
        connections[fd] = Slot(fd: fd, token: token, interest: LinuxAPI.epollIn,
                               connection: Connection(configuration: configuration, now: now))
    }

    /// Best effort: the 503 fits in an empty socket buffer, so one non-blocking send suffices.
    private func refuse(_ fd: Int32) {
        let bytes = handler.reject(.serverBusy)
        handler.writeLog()
        _ = bytes.withUnsafeBytes { try? poller.send(fd, $0) }
        poller.close(fd, reset: false)
    }

    private func handleAcceptFailure(_ error: SyscallError, now: Double) {
        switch error.errno {
        case EMFILE, ENFILE, ENOBUFS, ENOMEM:
            handler.writeLog()
            log(LogLine(level: "warn", "accept paused").field("error", error.description).description)
            if isWatchingListener {
                poller.remove(listener)
                isWatchingListener = false
            }
            acceptResumesAt = now + 0.1
        default:
            break // ECONNABORTED and the like concern one client only
        }
    }
}
