import Routes

/// A request whose response is not ready yet (`HTTPResponse.later`): its connection parses nothing
/// after it until the response is delivered, times out, or the connection closes.
struct ParkedRequest {
    let source: any PendingResponse
    let request: RequestSummary
    /// Distinguishes this wait from the connection's earlier and later ones, so a stray second
    /// delivery for an exchange already answered is dropped instead of answering the next request.
    let serial: UInt64
    /// When the wait began; `Timeouts.response` runs from here.
    let since: Double
}
