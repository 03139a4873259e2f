/// Frames a response into the exact bytes of one HTTP/1.1 message, built as one array so a
/// response goes out in one write. The server owns the framing headers: Content-Length,
/// Transfer-Encoding, Connection and Date from a responder are replaced, and fields that could split
/// a response are dropped. A streamed response (`Body.streamed`) is encoded as its head only:
/// chunked for an HTTP/1.1 client, close-delimited for HTTP/1.0; its body follows through `appendChunk`.
public struct ResponseEncoder {
    /// What the encoder must know about the exchange besides the response itself.
    public struct Exchange: Sendable, Equatable {
        /// A HEAD request: the GET headers, Content-Length included, and no body.
        public var isHead: Bool
        /// The connection stays open after this response.
        public var keepAlive: Bool
        /// The client spoke HTTP/1.0, so keep-alive must be announced.
        public var clientIsHTTP10: Bool

        public init(isHead: Bool = false, keepAlive: Bool = true, clientIsHTTP10: Bool = false) {
            self.isHead = isHead
            self.keepAlive = keepAlive
            self.clientIsHTTP10 = clientIsHTTP10
        }
    }

    /// The body as the encoder sees it: bytes it writes with the head, or a stream that follows.
    public enum Body {
        case bytes([UInt8])
        case streamed
    }

    private var date = HTTPDate()

    public init() {}

    /// The interim response sent when a client waits with `Expect: 100-continue`.
    public static let continueResponse = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    /// A streamed head says `Cache-Control: no-store` unless the route chose a policy: a proxy must
    /// not replay an event stream. Content-Type is the route's business.
    public mutating func encode(status: Int, headers: HTTPHeaders, body: Body, _ exchange: Exchange,
                                epochSeconds: Int) -> [UInt8] {
        let status = HTTPStatus.onWire(status)
        let mayHaveBody = HTTPStatus.mayHaveBody(status)
        let bytes: [UInt8]? = if case .bytes(let bytes) = body { bytes } else { nil }
        let isStreamed = bytes == nil
        var out: [UInt8] = []
        out.reserveCapacity(160 + headers.fields.count * 48 + (exchange.isHead ? 0 : bytes?.count ?? 0))
        out.append(contentsOf: "HTTP/1.1 \(status) \(HTTPStatus.reason(for: status))\r\n".utf8)
        for field in headers where Self.isPassedThrough(field) {
            appendField(field.name, field.value, to: &out)
        }
        if isStreamed, !headers.contains("Cache-Control") {
            appendField("Cache-Control", "no-store", to: &out)
        }
        out.append(contentsOf: "Date: ".utf8)
        out.append(contentsOf: date.bytes(at: epochSeconds))
        out.append(contentsOf: "\r\n".utf8)
        if mayHaveBody, let bytes {
            appendField("Content-Length", String(bytes.count), to: &out)
        } else if mayHaveBody, !exchange.clientIsHTTP10 {
            appendField("Transfer-Encoding", "chunked", to: &out)
        }
        if !exchange.keepAlive {
            appendField("Connection", "close", to: &out)
        } else if exchange.clientIsHTTP10 {
            appendField("Connection", "keep-alive", to: &out)
        }
        out.append(contentsOf: "\r\n".utf8)
        if mayHaveBody, !exchange.isHead, let bytes {
            out.append(contentsOf: bytes)
        }
        return out
    }

    /// The last-chunk of a chunked body (no trailers).
    public static let lastChunk = Array("0\r\n\r\n".utf8)

    /// Appends `payload` as one chunk (hex size, CRLF, bytes, CRLF) without building it elsewhere first.
    /// An empty payload would read as the last-chunk, so it appends nothing.
    public static func appendChunk(_ payload: [UInt8], to out: inout ByteBuffer) {
        guard !payload.isEmpty else { return }
        var shift = (Int.bitWidth - payload.count.leadingZeroBitCount + 3) / 4 * 4
        while shift > 0 {
            shift -= 4
            out.append(hexDigits[(payload.count >> shift) & 0xF])
        }
        out.append(contentsOf: crlf)
        out.append(contentsOf: payload)
        out.append(contentsOf: crlf)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
    private static let crlf: [UInt8] = [.cr, .lf]

    /// Whether the body bytes go on the wire (what the access log counts).
    public static func sendsBody(status: Int, isHead: Bool) -> Bool {
        HTTPStatus.mayHaveBody(status) && !isHead
    }

    private func appendField(_ name: String, _ value: String, to out: inout [UInt8]) {
        out.append(contentsOf: name.utf8)
        out.append(contentsOf: ": ".utf8)
        out.append(contentsOf: value.utf8)
        out.append(contentsOf: "\r\n".utf8)
    }

    private static let ownedFields: Set<String> = ["content-length", "transfer-encoding", "connection", "date"]

    private static func isPassedThrough(_ field: (name: String, value: String)) -> Bool {
        HTTPSyntax.isToken(field.name.utf8)
            && field.value.utf8.allSatisfy(HTTPSyntax.isFieldValueByte)
            && !ownedFields.contains(field.name.lowercased())
    }
}
