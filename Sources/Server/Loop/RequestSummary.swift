import Routes

/// What answering a request needs of it once it has been handed to the responder: how to frame the
/// answer and what the access log says. Kept by a parked connection until its response is delivered.
struct RequestSummary {
    let method: String
    /// A view of the request's target: the log line copies it, nothing else needs its own string.
    let path: Substring
    /// Answered as GET without the body.
    let isHead: Bool
    let clientIsHTTP10: Bool
    /// The client's side of keep-alive (RFC 9112 §9.3); the server and the response may still close.
    let wantsPersistentConnection: Bool
    /// Monotonic seconds; the access log's duration runs from here to the answer.
    let startedAt: Double

    init(_ request: HTTPRequest, startedAt: Double) {
        method = request.method
        path = request.path
        isHead = request.method == "HEAD"
        clientIsHTTP10 = request.version.minor == 0
        wantsPersistentConnection = request.wantsPersistentConnection
        self.startedAt = startedAt
    }
}
