/// Frames a response into the exact bytes of one HTTP/1.1 message: its head, written here, and its
/// body, the responder's own array, which the server sends behind the head in one gathered write
/// (never copied behind it). The server owns the framing headers: Content-Length,
/// Transfer-Encoding, Connection and Date from a responder are replaced, and fields that could split
/// a response are dropped. A streamed response (`Body.streamed`) is encoded as its head only:
/// chunked for an HTTP/1.1 client, close-delimited for HTTP/1.0; its body follows through `chunk`.
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

    /// The body as the encoder sees it: bytes that go behind the head, or a stream that follows.
    public enum Body {
        case bytes([UInt8])
        case streamed
    }

    private var date = HTTPDate()

    public init() {}

    /// The interim response sent when a client waits with `Expect: 100-continue`.
    public static let continueResponse = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    /// The message as its head and the body to send behind it: the caller's array as it is (no
    /// copy), empty when no body goes on the wire (HEAD, 204, 304, a stream). A streamed head says
    /// `Cache-Control: no-store` unless the route chose a policy: a proxy must not replay an event
    /// stream. Content-Type is the route's business.
    public mutating func message(status: Int, headers: HTTPHeaders, body: Body, _ exchange: Exchange,
                                 epochSeconds: Int) -> (head: [UInt8], body: [UInt8]) {
        let bytes: [UInt8]?
        switch body {
        case .bytes(let body): bytes = body
        case .streamed: bytes = nil
        }
        let fields = headers.fields
        // Each field is judged once: the first 64 as bits (a response has a handful), any further
        // ones again when written. The ones that pass are counted for the storage.
        var passed: UInt64 = 0
        var fieldBytes = 0
        for index in fields.indices where Self.isPassedThrough(fields[index]) {
            if index < 64 { passed |= 1 << UInt64(index) }
            fieldBytes += fields[index].name.utf8.count + fields[index].value.utf8.count + 4
        }
        let head = Head(status: HTTPStatus.onWire(status), fields: fields, passed: passed,
                        addsCacheControl: bytes == nil && !headers.contains("Cache-Control"),
                        date: date.bytes(at: epochSeconds), contentLength: bytes?.count, exchange: exchange)
        let sendsBody = head.mayHaveBody && !exchange.isHead
        // One allocation of at least the head's size (its fixed lines at their longest), written
        // in place: no appends, no regrowth.
        let capacity = Head.fixedBytes + head.reason.utf8.count + head.date.count + fieldBytes
        let written = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            var writer = Writer(at: buffer.baseAddress!)
            head.write(to: &writer)
            initialized = writer.start - buffer.baseAddress!
            precondition(initialized <= capacity, "response head longer than its bound")
        }
        return (written, sendsBody ? bytes ?? [] : [])
    }

    /// What goes into one response head, decided before it is measured and written.
    private struct Head {
        let status: Int
        let fields: [(name: String, value: String)]
        let passed: UInt64
        let addsCacheControl: Bool
        let date: [UInt8]
        let contentLength: Int?
        let exchange: Exchange

        var mayHaveBody: Bool { HTTPStatus.mayHaveBody(status) }
        var reason: String { HTTPStatus.reason(for: status) }

        /// The head's bytes besides the reason, the date and the fields, at their longest: the
        /// status line with a 20-digit status, Cache-Control, the Date line around its value,
        /// Content-Length with 20 digits (or Transfer-Encoding, shorter), Connection: keep-alive,
        /// the blank line.
        static let fixedBytes = 9 + 20 + 1 + 2 + 25 + 8 + 38 + 24 + 2

        init(status: Int, fields: [(name: String, value: String)], passed: UInt64,
             addsCacheControl: Bool, date: [UInt8], contentLength: Int?, exchange: Exchange) {
            self.status = status
            self.fields = fields
            self.passed = passed
            self.addsCacheControl = addsCacheControl
            self.date = date
            self.contentLength = contentLength
            self.exchange = exchange
        }

        private func passes(_ index: Int) -> Bool {
            index < 64 ? passed & (1 << UInt64(index)) != 0 : ResponseEncoder.isPassedThrough(fields[index])
        }

        /// The head, in the order it goes on the wire, to a sink that counts or one that writes.
        func write(to out: inout Writer) {
            out.literal("HTTP/1.1 ")
            out.decimal(status)
            out.literal(" ")
            out.text(reason)
            out.literal("\r\n")
            for index in fields.indices where passes(index) {
                out.text(fields[index].name)
                out.literal(": ")
                out.text(fields[index].value)
                out.literal("\r\n")
            }
            if addsCacheControl {
                out.literal("Cache-Control: no-store\r\n")
            }
            out.literal("Date: ")
            date.withUnsafeBufferPointer { out.bytes($0) }
            out.literal("\r\n")
            if mayHaveBody, let contentLength {
                out.literal("Content-Length: ")
                out.decimal(contentLength)
                out.literal("\r\n")
            } else if mayHaveBody, !exchange.clientIsHTTP10 {
                out.literal("Transfer-Encoding: chunked\r\n")
            }
            if !exchange.keepAlive {
                out.literal("Connection: close\r\n")
            } else if exchange.clientIsHTTP10 {
                out.literal("Connection: keep-alive\r\n")
            }
            out.literal("\r\n")
        }
    }

    /// The last-chunk of a chunked body (no trailers).
    public static let lastChunk = Array("0\r\n\r\n".utf8)

    /// `payload` as one chunk (hex size, CRLF, bytes, CRLF), in one array. An empty payload would
    /// read as the last-chunk, so it makes none.
    public static func chunk(_ payload: [UInt8]) -> [UInt8] {
        guard !payload.isEmpty else { return [] }
        var chunk: [UInt8] = []
        chunk.reserveCapacity(payload.count + 20)
        var shift = (Int.bitWidth - payload.count.leadingZeroBitCount + 3) / 4 * 4
        while shift > 0 {
            shift -= 4
            chunk.append(hexDigits[(payload.count >> shift) & 0xF])
        }
        chunk.append(contentsOf: crlf)
        chunk.append(contentsOf: payload)
        chunk.append(contentsOf: crlf)
        return chunk
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
    private static let crlf: [UInt8] = [.cr, .lf]

    /// Whether the body bytes go on the wire (what the access log counts).
    public static func sendsBody(status: Int, isHead: Bool) -> Bool {
        HTTPStatus.mayHaveBody(status) && !isHead
    }

    /// The framing fields the encoder writes itself (compared case-insensitively, without folding copies).
    private static let ownedFields = ["content-length", "transfer-encoding", "connection", "date"]

    /// Checked on the bytes in place (a String's UTF-8 view costs several times more per byte).
    fileprivate static func isPassedThrough(_ field: (name: String, value: String)) -> Bool {
        HTTPSyntax.isToken(field.name.utf8.span)
            && field.value.utf8.span.allSatisfy(HTTPSyntax.isFieldValueByte)
            && !isOwned(field.name)
    }

    /// Only a name of an owned field's length is compared with them.
    private static func isOwned(_ name: String) -> Bool {
        switch name.utf8.count {
        case 4, 10, 14, 17: ownedFields.contains { HTTPHeaders.sameName($0, name) }
        default: false
        }
    }
}

/// Copies a response head into the array allocated for it, from pointer to pointer: the one place
/// HTTP1 writes raw memory. Every response passes here, and the head is measured before it is
/// written, so the writer needs no bounds checks or regrowth; the pointer it holds is the array's
/// uninitialised storage, lent by `[UInt8](unsafeUninitializedCapacity:)` for the call that writes
/// it and never kept past it.
private struct Writer {
    var start: UnsafeMutablePointer<UInt8>

    init(at start: UnsafeMutablePointer<UInt8>) { self.start = start }

    @inline(__always)
    mutating func bytes(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        start.initialize(from: source, count: bytes.count)
        start += bytes.count
    }

    /// Text fixed in the source, straight from the binary.
    @inline(__always)
    mutating func literal(_ literal: StaticString) {
        bytes(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// A header's name or value, from its UTF-8 in place.
    @inline(__always)
    mutating func text(_ text: String) {
        var text = text
        text.withUTF8 { bytes($0) }
    }

    /// A non-negative number in decimal, without building a String (every response has two).
    mutating func decimal(_ value: Int) {
        var rest = UInt(max(value, 0))
        var length = 1
        var power: UInt = 10
        while length < 20, rest >= power {
            length += 1
            power = power &* 10
        }
        var at = start + length
        repeat {
            at -= 1
            at.initialize(to: UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        } while rest > 0
        start += length
    }
}
