import Routes

/// How the loop carries out what a connection decides: the one place a `Connection.Action`
/// becomes a call to the poller, the responder, a stream or the log.
extension EventLoop {
    func handle(_ slot: Slot, _ event: Connection.Event, now: Double) {
        perform(slot.connection.handle(event, now: now), on: slot, now: now)
    }

    /// Performs `actions` in order, and those the connection returns for the events they cause;
    /// then writes what is queued (once, so pipelined answers and a stream's head with its first
    /// bytes leave in one write; during a batch, at its end) and settles the poller registration.
    /// The connection's actions come in small arrays; most events return none, so the queue is
    /// rarely appended to.
    func perform(_ actions: [Connection.Action], on slot: Slot, now: Double) {
        var queue = actions
        var next = 0
        while true {
            while next < queue.count {
                let action = queue[next]
                next += 1
                if case .close(let reset) = action {
                    close(slot, reset: reset)
                    return
                }
                let caused = perform(action, on: slot, now: now)
                if !caused.isEmpty { queue += caused }
            }
            if isBatching, !slot.connection.output.isEmpty {
                if !slot.isBatched {
                    slot.isBatched = true
                    batched.append(slot)
                }
                return
            }
            let more = flush(slot, now: now)
            guard !more.isEmpty else { break }
            queue += more
        }
        settle(slot)
    }

    /// Writes what a batch left queued on `slot`, as `perform` would have, and goes on with what that causes.
    func send(_ slot: Slot, now: Double) {
        let more = flush(slot, now: now)
        if more.isEmpty { settle(slot) } else { perform(more, on: slot, now: now) }
    }

    /// One action; what the connection answers to the event it caused.
    private func perform(_ action: Connection.Action, on slot: Slot, now: Double) -> [Connection.Action] {
        switch action {
        case .close:
            return []
        case .respond(let exchange, let mayKeepAlive):
            let reply = handler.reply(to: exchange, mayKeepAlive: mayKeepAlive)
            return slot.connection.handle(.responded(reply), now: now)
        case .pollStream(let source):
            return slot.connection.handle(.polled(source.poll(now: now)), now: now)
        case .finishStream(let source):
            return slot.connection.handle(.polled(StreamPoll(bytes: source.finish(now: now), next: nil)), now: now)
        case .schedulePoll(let at, let generation):
            timers.push(TimerHeap.Entry(at: at, token: slot.token, generation: generation))
            return []
        case .awaitDelivery(let source, let serial):
            awaitDelivery(source, serial: serial, token: slot.token)
            return []
        case .streamEnded(let stream, let end):
            handler.streamEnded(stream, end)
            return []
        case .abandoned(let parked, let end):
            handler.abandoned(parked, end)
            return []
        case .shutdownWrite:
            poller.shutdownWrite(slot.fd)
            return []
        }
    }

    /// Writes until the output is empty or the socket is full, each write gathering the queued
    /// arrays (a head and its body) in one call; the connection's answer to the first write that
    /// changes anything but the output (a close, a request parsed after backpressure).
    private func flush(_ slot: Slot, now: Double) -> [Connection.Action] {
        if !slot.connection.output.isEmpty { handler.writeLog() }
        while !slot.connection.output.isEmpty {
            let result = slot.connection.output.withVectors { vectors in
                Result { () throws(SyscallError) -> Int? in try poller.send(slot.fd, vectors) }
            }
            guard case .success(let sent) = result else { return slot.connection.handle(.failed, now: now) }
            guard let sent else { return [] }
            let actions = slot.connection.handle(.wrote(sent), now: now)
            if !actions.isEmpty { return actions }
        }
        return []
    }

    /// Asks `source` for its response, once. `deliver` may run on any thread, even on this one
    /// before `onReady` returns; either way it only posts to this loop's mailbox.
    private func awaitDelivery(_ source: any PendingResponse, serial: UInt64, token: UInt64) {
        let mailbox = control.deliveries
        mailbox.expectTake()
        source.onReady { answer in
            mailbox.post(DeliveryMailbox.Delivery(token: token, serial: serial, answer: answer))
        }
    }

    /// Updates the poller interest if it changed.
    private func settle(_ slot: Slot) {
        let interest = slot.connection.interest
        guard interest != slot.registeredInterest else { return }
        do throws(SyscallError) {
            try poller.modify(slot.fd, interest: interest, token: slot.token)
            slot.registeredInterest = interest
        } catch {
            handle(slot, .abort(.clientClosed), now: clock.now())
        }
    }

    func close(_ slot: Slot, reset: Bool) {
        guard connections.removeValue(forKey: slot.fd) != nil else { return }
        poller.remove(slot.fd)
        poller.close(slot.fd, reset: reset)
        switch slot.place {
        case .counted: counter.release()
        case .refusal: lingeringRefusals -= 1
        case .given: break
        }
    }
}
