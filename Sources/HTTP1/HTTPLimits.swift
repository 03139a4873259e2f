/// Framing limits of one request (`docs/architecture.md`, limits); exceeding one is answered with the status in `HTTPParseError`.
public struct HTTPLimits: Sendable, Equatable {
    /// The request line with its CRLF; longer is 414.
    public var maxRequestLineBytes = 8 * 1024
    /// Request line, header fields and their CRLFs together; more is 431. Trailers get the same budget.
    public var maxHeadBytes = 16 * 1024
    /// Header (and trailer) field lines; more is 431.
    public var maxHeaderCount = 100
    /// Decoded body bytes, by Content-Length or summed chunks; more is 413.
    public var maxBodyBytes = 1024 * 1024
    /// One chunk-size line with its extensions; longer is 400.
    public var maxChunkLineBytes = 4 * 1024
    /// Empty lines tolerated before a request line (RFC 9112 §2.2 robustness); more is 400.
    public var maxLeadingEmptyLines = 4

    public init(maxRequestLineBytes: Int = 8 * 1024, maxHeadBytes: Int = 16 * 1024, maxHeaderCount: Int = 100,
                maxBodyBytes: Int = 1024 * 1024, maxChunkLineBytes: Int = 4 * 1024, maxLeadingEmptyLines: Int = 4) {
        self.maxRequestLineBytes = maxRequestLineBytes
        self.maxHeadBytes = maxHeadBytes
        self.maxHeaderCount = maxHeaderCount
        self.maxBodyBytes = maxBodyBytes
        self.maxChunkLineBytes = maxChunkLineBytes
        self.maxLeadingEmptyLines = maxLeadingEmptyLines
    }
}
