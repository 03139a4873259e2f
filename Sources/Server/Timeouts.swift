/// How long, in seconds, a connection may stay in each state before the server gives up on it, so
/// slow or idle clients never hold the server (`docs/architecture.md`, the connection).
struct Timeouts: Sendable, Equatable {
    /// From a request's first byte until its head is complete; a client trickling bytes is still cut off (408).
    var header: Double = 10
    /// From the end of the head until the whole body has arrived (408).
    var body: Double = 30
    /// Keep-alive: from the end of a response until the next request begins (silent close).
    var idle: Double = 30
    /// While a response is pending without any write progress: a client that does not read (close).
    var write: Double = 10
    /// From a complete request to the delivery of a response that was not ready at once (a change
    /// waiting to be synced): a delivery that never comes is answered 503 and the connection closed.
    var response: Double = 30
    /// After the last response of a closing connection: read and discard leftovers, then close.
    var linger: Double = 2
    /// On SIGTERM/SIGINT: how long in-flight requests may take before every connection is closed.
    var shutdownGrace: Double = 5

    /// The connection timer sweep runs often enough for the shortest of these to be honoured closely.
    var sweepInterval: Double {
        let shortest = [header, body, idle, write, response, linger].min() ?? 1
        return min(max(shortest / 10, 0.005), 0.25)
    }
}
