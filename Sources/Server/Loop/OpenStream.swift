import Routes

/// A streamed response in progress on one connection: the application's stream, how its bytes are
/// framed, and what the access log needs once it ends.
struct OpenStream {
    /// Why a streamed response ended; the access log's `end` field.
    enum End: String {
        /// The stream returned `next == nil`.
        case complete
        /// The client closed or reset the connection.
        case clientClosed = "client_closed"
        /// A poll produced bytes while the queued output was over the limit: the client does not read.
        case outputLimit = "output_limit"
        /// Queued output made no progress for the write timeout.
        case writeTimeout = "write_timeout"
        /// The server is stopping.
        case shutdown

        /// Ends the server chose because the client could not keep up (logged as `stream_dropped`).
        var isDrop: Bool { self == .outputLimit || self == .writeTimeout }
    }

    let source: any ResponseStream
    /// HTTP/1.1: one chunk per poll and a last-chunk at the end. HTTP/1.0: raw bytes, then close.
    let isChunked: Bool
    /// Whether the connection carries further requests after the last chunk.
    let keepAlive: Bool
    let exchange: ExchangeRecord
    var bodyBytes = 0
}

/// What the access log line says about an exchange besides its outcome.
struct ExchangeRecord {
    let method: String
    let path: Substring
    let status: Int
    let startedAt: Double
}
