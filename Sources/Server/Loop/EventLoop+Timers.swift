extension EventLoop {
    /// Periodic pass over this loop's connections (every `Timeouts.sweepInterval`): expire what is
    /// overdue, end the drain when its grace is over, resume a paused accept.
    func sweep(now: Double) {
        resumeAcceptingIfDue(now: now)
        if let deadline = drainDeadline, now >= deadline {
            closeEverything()
            return
        }
        for connection in Array(connections.values) {
            guard let due = connection.deadline(), due.at <= now else { continue }
            connection.expire(due.timeout, &handler, now: now)
            drive(connection, now: now)
        }
    }

    /// Stop accepting; close idle connections now; let the others finish what is in flight, each
    /// answered with `Connection: close`, within the shutdown grace.
    func beginDrain(now: Double) {
        drainDeadline = now + configuration.timeouts.shutdownGrace
        releaseListener()
        for connection in Array(connections.values) {
            connection.isDraining = true
            settle(connection)
        }
    }

    func closeEverything() {
        releaseListener()
        for connection in Array(connections.values) {
            close(connection)
        }
    }
}
