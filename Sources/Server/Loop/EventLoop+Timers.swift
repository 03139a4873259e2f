extension EventLoop {
    /// Periodic pass over this loop's connections (every `Timeouts.sweepInterval`): expire what is
    /// overdue, end the drain when its grace is over, resume a paused accept, and drop timer entries
    /// of streams long gone.
    func sweep(now: Double) {
        resumeAcceptingIfDue(now: now)
        if let deadline = drainDeadline, now >= deadline {
            closeEverything()
            return
        }
        for connection in Array(connections.values) {
            guard let due = connection.deadline(), due.at <= now else { continue }
            if due.timeout == .write, connection.stream != nil || connection.parked != nil {
                close(connection, ending: .writeTimeout)
                continue
            }
            connection.expire(due.timeout, &handler, now: now)
            drive(connection, now: now)
        }
        if timers.count > 2 * connections.count + 64 {
            timers.removeAll { pendingPoll($0) == nil }
        }
    }

    /// Stop accepting; close idle connections now; end open streams (they never finish by themselves,
    /// so they must not hold the grace); let the others finish what is in flight, parked requests
    /// included, each answered with `Connection: close`, within the shutdown grace.
    func beginDrain(now: Double) {
        drainDeadline = now + configuration.timeouts.shutdownGrace
        releaseListener()
        for connection in Array(connections.values) {
            connection.isDraining = true
            if connection.stream != nil {
                close(connection, ending: .shutdown)
            } else {
                settle(connection)
            }
        }
    }

    func closeEverything() {
        releaseListener()
        for connection in Array(connections.values) {
            close(connection, ending: .shutdown)
        }
    }
}
