import Routes

extension Connection {
    /// Waits for `source` to deliver the response to `request`; the loop asks for it (`onReady`).
    /// The request is complete, so its header and body timeouts are over; the response timeout runs.
    func park(_ source: any PendingResponse, _ request: RequestSummary, now: Double) {
        parkSerial &+= 1
        parked = ParkedRequest(source: source, request: request, serial: parkSerial, since: now)
    }

    /// Ends the wait that delivery `serial` answers; nil when this connection is not waiting for it
    /// (a second delivery for an exchange already answered, or one arriving after the 503).
    func unpark(serial: UInt64) -> ParkedRequest? {
        guard phase == .open, let waiting = parked, waiting.serial == serial else { return nil }
        parked = nil
        return waiting
    }

    /// The response timeout passed: 503 and close. A delivery arriving later finds nothing to answer.
    func giveUpWaiting(_ handler: inout ExchangeHandler, now: Double) {
        guard let waiting = parked else { return }
        parked = nil
        _ = queue(handler.timedOut(waiting, now: now), now: now)
        input.removeAll()
        phase = .closingAfterFlush
    }
}
