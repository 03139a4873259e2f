import Glibc
import Routes

extension EventLoop {
    /// Accepts what is pending (a bounded batch, so one loop does not starve its connections).
    /// At the connection cap the loop first makes room among its own connections (`makeRoom`); a
    /// client it finds no room for waits while the other loops are asked (`awaitRoom`), and gets a
    /// 503 it can read (`refuse`) only when none of them has anything to close either. When file
    /// descriptors run out, accepting pauses briefly instead of spinning on a listener that stays
    /// readable.
    func acceptConnections(now: Double) {
        let awaiting = awaitingRoom.count
        defer { askForRoom(awaitingRoom.count - awaiting) }
        for _ in 0 ..< 64 {
            let accepted: Int32?
            do throws(SyscallError) {
                accepted = try poller.accept(listener)
            } catch {
                handleAcceptFailure(error, now: now)
                return
            }
            guard let fd = accepted else { return }
            let limit = configuration.maxConnections
            guard counter.tryAcquire(limit: limit) || (makeRoom() && counter.tryAcquire(limit: limit)) else {
                awaitRoom(fd, now: now)
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

    /// A new connection in the table; nil when the poller would not take it (closed, its place released).
    @discardableResult
    func register(_ fd: Int32, place: Place = .counted, now: Double) -> Slot? {
        nextSerial &+= 1
        let token = (nextSerial << 32) | UInt64(UInt32(bitPattern: fd))
        do throws(SyscallError) {
            try poller.add(fd, interest: LinuxAPI.epollIn, token: token)
        } catch {
            poller.close(fd, reset: false)
            if place == .counted { counter.release() }
            return nil
        }
        let slot = Slot(fd: fd, token: token, interest: LinuxAPI.epollIn, place: place,
                        connection: Connection(configuration: configuration, now: now))
        connections[fd] = slot
        return slot
    }

    /// The table is full: close some of this loop's connections that have nothing in progress,
    /// those that never sent a byte first, then the longest idle, as nginx does when it runs out
    /// of connections (an eighth of them, 1 to 32 at a time, so a flood of new clients does not
    /// sort the table for each one). False when every connection is busy with a request, an
    /// answer, a stream or a wait; the other loops are asked next (`EventLoop+Room.swift`).
    func makeRoom() -> Bool {
        let idle = closable()
        guard !idle.isEmpty else { return false }
        let count = min(Self.maxReclaimed, max(1, idle.count / 8))
        let now = clock.now()
        for candidate in idle.prefix(count) {
            handle(candidate.slot, .reclaim, now: now)
        }
        return true
    }

    /// This loop's connections with nothing in progress, best to close first: never-spoken before
    /// spoken, then the longest idle; the token breaks ties, so the order is the same every time.
    func closable() -> [(slot: Slot, candidate: RoomExchange.Candidate)] {
        var idle: [(slot: Slot, candidate: RoomExchange.Candidate)] = []
        for slot in connections.values where slot.place == .counted {
            if let idleness = slot.connection.idleness {
                idle.append((slot, RoomExchange.Candidate(neverSpoke: idleness.neverSpoke, since: idleness.since)))
            }
        }
        idle.sort { ($0.candidate, $0.slot.token) < ($1.candidate, $1.slot.token) }
        return idle
    }

    /// At most this many idle connections are closed to make room at once.
    static let maxReclaimed = 32

    /// Refused connections lingering at once in one loop (each holds a descriptor for up to the
    /// linger timeout); beyond them a refusal is sent and the socket closed at once.
    static let maxLingeringRefusals = 256

    /// Answers 503 `server_busy` as any error answer is sent: after the answer the write side is
    /// shut and what the client sends is read and discarded until it closes or the linger timeout
    /// passes, so a client whose request was still arriving reads the 503 instead of a reset. The
    /// connection holds no place under the cap meanwhile.
    /// `lingering` false: answered and closed at once (the loop is leaving).
    func refuse(_ fd: Int32, lingering: Bool = true, now: Double) {
        guard lingering, lingeringRefusals < Self.maxLingeringRefusals else {
            // Best effort: the 503 fits in an empty socket buffer, so one non-blocking send suffices.
            let answer = handler.reject(.serverBusy)
            handler.writeLog()
            var output = OutputQueue()
            output.append(answer.head)
            output.append(answer.body)
            _ = output.withVectors { try? poller.send(fd, $0) }
            poller.close(fd, reset: false)
            return
        }
        guard let slot = register(fd, place: .refusal, now: now) else { return }
        lingeringRefusals += 1
        handle(slot, .refuse(.serverBusy), now: now)
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
