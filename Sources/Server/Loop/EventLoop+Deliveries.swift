extension EventLoop {
    /// Asks the parked request's source for its response, once. `deliver` may run on any thread, even
    /// on this one before `onReady` returns; either way it only posts to this loop's mailbox.
    func awaitDelivery(_ connection: Connection) {
        guard let parked = connection.parked else { return }
        let mailbox = control.deliveries
        let token = connection.token
        let serial = parked.serial
        mailbox.expectTake()
        parked.source.onReady { response in
            mailbox.post(DeliveryMailbox.Delivery(token: token, serial: serial, response: response))
        }
    }

    /// Sends every response delivered so far, and those delivered while sending them (a pipelined
    /// request after a delivered one may be answered at once too).
    func deliverArrivedResponses() {
        while control.deliveries.take(into: &arrived) {
            let now = MonotonicClock.now()
            for delivery in arrived {
                deliver(delivery, now: now)
            }
            arrived.removeAll(keepingCapacity: true)
        }
    }

    /// Frames a delivered response exactly as if it had been returned at once (keep-alive as agreed
    /// now: `Connection: close` if the server began stopping meanwhile), then serves what was
    /// pipelined after it. A delivery for a connection that closed, or that gave up waiting, is dropped.
    private func deliver(_ delivery: DeliveryMailbox.Delivery, now: Double) {
        guard let connection = connections[Int32(truncatingIfNeeded: delivery.token)], connection.token == delivery.token,
              let parked = connection.unpark(serial: delivery.serial) else { return }
        let answer = handler.frame(delivery.response, for: parked.request, mayKeepAlive: !connection.isDraining)
        if connection.queue(answer, now: now) {
            guard startStream(connection, now: now) else { return }
        }
        drive(connection, now: now)
    }
}
