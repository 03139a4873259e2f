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
        Self.appendLiteral("HTTP/1.1 ", to: &out)
        Self.appendDecimal(status, to: &out)
        out.append(.space)
        Self.append(HTTPStatus.reason(for: status), to: &out)
        Self.appendLiteral("\r\n", to: &out)
        for field in headers where Self.isPassedThrough(field) {
            Self.append(field.name, to: &out)
            Self.appendLiteral(": ", to: &out)
            Self.append(field.value, to: &out)
            Self.appendLiteral("\r\n", to: &out)
        }
        if isStreamed, !headers.contains("Cache-Control") {
            Self.appendField("Cache-Control", "no-store", to: &out)
        }
        Self.appendLiteral("Date: ", to: &out)
        out.append(contentsOf: date.bytes(at: epochSeconds))
        Self.appendLiteral("\r\n", to: &out)
        if mayHaveBody, let bytes {
            Self.appendLiteral("Content-Length: ", to: &out)
            Self.appendDecimal(bytes.count, to: &out)
            Self.appendLiteral("\r\n", to: &out)
        } else if mayHaveBody, !exchange.clientIsHTTP10 {
            Self.appendField("Transfer-Encoding", "chunked", to: &out)
        }
        if !exchange.keepAlive {
            Self.appendField("Connection", "close", to: &out)
        } else if exchange.clientIsHTTP10 {
            Self.appendField("Connection", "keep-alive", to: &out)
        }
        Self.appendLiteral("\r\n", to: &out)
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

    private static func appendField(_ name: StaticString, _ value: StaticString, to out: inout [UInt8]) {
        appendLiteral(name, to: &out)
        appendLiteral(": ", to: &out)
        appendLiteral(value, to: &out)
        appendLiteral("\r\n", to: &out)
    }

    /// Text fixed in the source, copied straight from the binary (a head is a dozen such appends).
    @inline(__always)
    private static func appendLiteral(_ literal: StaticString, to out: inout [UInt8]) {
        out.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// A header's name or value, copied from its UTF-8 in place.
    @inline(__always)
    private static func append(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { out.append(contentsOf: $0) }
    }

    /// A non-negative number in decimal, without building a String (every response has two).
    private static func appendDecimal(_ value: Int, to out: inout [UInt8]) {
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var rest = UInt(max(value, 0))
        withUnsafeMutableBytes(of: &digits) { buffer in
            var start = buffer.count
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            out.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[start...]))
        }
    }

    /// The framing fields the encoder writes itself (compared case-insensitively, without folding copies).
    private static let ownedFields = ["content-length", "transfer-encoding", "connection", "date"]

    private static func isPassedThrough(_ field: (name: String, value: String)) -> Bool {
        HTTPSyntax.isToken(field.name.utf8)
            && field.value.utf8.allSatisfy(HTTPSyntax.isFieldValueByte)
            && !ownedFields.contains { HTTPHeaders.sameName($0, field.name) }
    }
}
