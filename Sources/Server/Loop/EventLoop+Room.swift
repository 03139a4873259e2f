/// Room at the connection cap across loops: the loop's side of `RoomExchange`. A client accepted
/// at the cap when this loop has nothing of its own to close waits in `awaitingRoom` (accepted,
/// not yet read) while the other loops are asked; it is served when a place is granted (or one of
/// this loop's own connections closes), refused when no loop has anything to close.
extension EventLoop {
    /// Accepted clients waiting for room at once, at most; beyond them a client is refused at once.
    static let maxAwaitingRoom = 256

    /// Keeps `fd` until the other loops say whether they can make room; refuses it when this loop
    /// is on its own, leaving, or already keeps as many as it may.
    func awaitRoom(_ fd: Int32, now: Double) {
        guard room != nil, !hasLeftRoom, awaitingRoom.count < Self.maxAwaitingRoom else {
            refuse(fd, now: now)
            return
        }
        awaitingRoom.append(fd)
    }

    /// Asks the other loops for `count` places (the clients just added to `awaitingRoom`).
    func askForRoom(_ count: Int) {
        guard count > 0, let room else { return }
        room.broker.want(room.loop, count: count)
    }

    /// At the end of each pass: acts on what the broker has posted, then gives a waiting client
    /// any place that has come free under the cap meanwhile.
    func serveRoom(now: Double) {
        guard let room else { return }
        while control.takeRoomNotice() {
            for notice in room.broker.take(room.loop) {
                act(on: notice, room: room, now: now)
            }
        }
        while !awaitingRoom.isEmpty, counter.tryAcquire(limit: configuration.maxConnections) {
            register(awaitingRoom.removeFirst(), now: now)
        }
    }

    private func act(on notice: RoomExchange.Notice, room: (broker: RoomBroker, loop: Int), now: Double) {
        switch notice {
        case .offer(let count):
            room.broker.offer(room.loop, closable().prefix(count).map(\.candidate))
        case .close(let count, _):
            var closed = 0
            for candidate in closable().prefix(count) {
                // Closing releases nothing: the place goes to the loop that asked.
                candidate.slot.place = .given
                handle(candidate.slot, .reclaim, now: now)
                if candidate.slot.connection.isClosed { closed += 1 } else { candidate.slot.place = .counted }
            }
            room.broker.closed(room.loop, count: closed)
        case .granted(let count):
            for _ in 0 ..< count {
                if awaitingRoom.isEmpty {
                    counter.release() // a place of its own came free first
                } else {
                    register(awaitingRoom.removeFirst(), now: now)
                }
            }
        case .refuse(let count):
            // A place that came free meanwhile still serves the client.
            for _ in 0 ..< min(count, awaitingRoom.count) {
                let fd = awaitingRoom.removeFirst()
                if counter.tryAcquire(limit: configuration.maxConnections) {
                    register(fd, now: now)
                } else {
                    refuse(fd, now: now)
                }
            }
        }
    }

    /// The loop drains or ends: it offers and asks nothing more, and the clients still waiting
    /// for room are refused (answered and closed at once).
    func leaveRoom() {
        guard let room, !hasLeftRoom else { return }
        hasLeftRoom = true
        room.broker.leave(room.loop)
        let now = clock.now()
        for fd in awaitingRoom {
            refuse(fd, lingering: false, now: now)
        }
        awaitingRoom.removeAll()
    }
}
