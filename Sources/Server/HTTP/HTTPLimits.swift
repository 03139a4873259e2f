/// Framing limits of one request (DESIGN.md §6); exceeding one is answered with the status in `HTTPParseError`.
struct HTTPLimits: Sendable, Equatable {
    /// The request line with its CRLF; longer is 414.
    var maxRequestLineBytes = 8 * 1024
    /// Request line, header fields and their CRLFs together; more is 431. Trailers get the same budget.
    var maxHeadBytes = 16 * 1024
    /// Header (and trailer) field lines; more is 431.
    var maxHeaderCount = 100
    /// Decoded body bytes, by Content-Length or summed chunks; more is 413.
    var maxBodyBytes = 1024 * 1024
    /// One chunk-size line with its extensions; longer is 400.
    var maxChunkLineBytes = 4 * 1024
    /// Empty lines tolerated before a request line (RFC 9112 §2.2 robustness); more is 400.
    var maxLeadingEmptyLines = 4
}
