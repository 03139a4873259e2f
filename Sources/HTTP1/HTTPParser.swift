
/// Incremental HTTP/1.1 request parser over bytes, with no socket in sight: feed it whatever arrived,
/// get a request once one is complete. Leftover bytes stay in the buffer for the next (pipelined)
/// request. After an error it keeps throwing the same error: the connection must answer and close.
public struct HTTPParser {
    /// Where the parser is. The request line and the head are kept beside it (`requestLine`,
    /// `head`), not in it: a case's payload is copied (its strings retained) each time the state
    /// is read, once per header line.
    private enum State {
        case requestLine(emptyLinesSkipped: Int)
        /// The request line is in `requestLine`.
        case headerFields
        /// The head is in `head`.
        case body(BodyReader)
        case failed(HTTPParseError)
    }

    private enum BodyReader {
        case fixed(remaining: Int)
        case chunked(ChunkedDecoder)
    }

    public let limits: HTTPLimits
    private var state = State.requestLine(emptyLinesSkipped: 0)
    private var lines = LineReader()
    private var headBytes = 0
    private var requestLine: RequestLine?
    private var head: RequestHead?
    private var fields: [(name: String, value: String)] = []
    private var body: [UInt8] = []
    private var continueSignal = false

    public init(limits: HTTPLimits = HTTPLimits()) {
        self.limits = limits
    }

    /// The next complete request, consumed from `buffer`; nil when more bytes are needed.
    public mutating func parse(_ buffer: inout ByteBuffer) throws(HTTPParseError) -> HTTPRequest? {
        do throws(HTTPParseError) {
            return try step(&buffer)
        } catch {
            state = .failed(error)
            continueSignal = false
            throw error
        }
    }

    /// True once per request whose head asked for 100-continue when none of its body had arrived yet;
    /// the connection then sends "100 Continue" so the client starts sending.
    public mutating func takeContinueSignal() -> Bool {
        defer { continueSignal = false }
        return continueSignal
    }

    /// Some of a request has been consumed (header timeouts run from here).
    public var hasPartialRequest: Bool {
        if case .requestLine(0) = state { return false }
        return true
    }

    /// The head is complete and the body is being read (the body timeout applies).
    public var isReadingBody: Bool {
        if case .body = state { return true }
        return false
    }

    private mutating func step(_ buffer: inout ByteBuffer) throws(HTTPParseError) -> HTTPRequest? {
        while true {
            switch state {
            case .requestLine(let skipped):
                guard let length = try requestLineLength(buffer) else { return nil }
                if length == 0 {
                    buffer.moveReaderIndex(forwardBy: 2)
                    guard skipped < limits.maxLeadingEmptyLines else { throw .badRequest("too many empty lines before the request line") }
                    state = .requestLine(emptyLinesSkipped: skipped + 1)
                } else {
                    headBytes = length + 2
                    let line = Self.parseLine(&buffer, length: length) { (bytes) throws(HTTPParseError) in try RequestLine(parsing: bytes) }
                    requestLine = try line.get()
                    state = .headerFields
                }
            case .headerFields:
                guard let length = try lines.nextLine(in: buffer, limit: limits.maxHeadBytes - headBytes,
                                                      tooLong: .headerTooLarge("request head exceeds \(limits.maxHeadBytes) bytes")) else { return nil }
                headBytes += length + 2
                if length == 0 {
                    buffer.moveReaderIndex(forwardBy: 2)
                    try beginBody(RequestHead(line: requestLine.take()!, headers: HTTPHeaders(fields), limits: limits), buffer)
                } else {
                    guard fields.count < limits.maxHeaderCount else {
                        buffer.moveReaderIndex(forwardBy: length + 2)
                        throw .headerTooLarge("more than \(limits.maxHeaderCount) header fields")
                    }
                    let field = Self.parseLine(&buffer, length: length) { (bytes) throws(HTTPParseError) in try HeaderField.parse(bytes) }
                    if fields.isEmpty { fields.reserveCapacity(Self.expectedFieldCount) }
                    fields.append(try field.get())
                }
            case .body(.fixed(let remaining)):
                let moved = buffer.move(upTo: remaining, into: &body)
                guard moved == remaining else {
                    state = .body(.fixed(remaining: remaining - moved))
                    return nil
                }
                return finish()
            case .body(.chunked(var decoder)):
                let done = try decoder.decode(&buffer, into: &body, limits: limits)
                guard done else {
                    state = .body(.chunked(decoder))
                    return nil
                }
                return finish()
            case .failed(let error):
                throw error
            }
        }
    }

    /// A request line longer than its own limit is 414; the head limit still caps it.
    private mutating func requestLineLength(_ buffer: ByteBuffer) throws(HTTPParseError) -> Int? {
        let limit = min(limits.maxRequestLineBytes, limits.maxHeadBytes)
        return try lines.nextLine(in: buffer, limit: limit,
                                  tooLong: HTTPParseError(kind: .uriTooLong, detail: "request line exceeds \(limit) bytes"))
    }

    /// Parses the line of `length` bytes at the front of `buffer` in place, then consumes it and
    /// its CRLF (whether it parsed or not, as a copied-out line was consumed before).
    private static func parseLine<T>(_ buffer: inout ByteBuffer, length: Int,
                                     _ parse: (Span<UInt8>) throws(HTTPParseError) -> T) -> Result<T, HTTPParseError> {
        let result = buffer.withReadableBytes(prefix: length) { bytes in Result { () throws(HTTPParseError) in try parse(bytes) } }
        buffer.moveReaderIndex(forwardBy: length + 2)
        return result
    }

    /// Room for a usual request's header fields in one allocation (appends would grow it 1, 2, 4...).
    private static let expectedFieldCount = 8

    private mutating func beginBody(_ head: RequestHead, _ buffer: ByteBuffer) {
        fields = []
        continueSignal = head.expectsContinue && head.framing.expectsBytes && buffer.isEmpty
        switch head.framing {
        case .none: state = .body(.fixed(remaining: 0))
        case .length(let length): state = .body(.fixed(remaining: length))
        case .chunked: state = .body(.chunked(ChunkedDecoder()))
        }
        self.head = head
    }

    private mutating func finish() -> HTTPRequest {
        let head = head.take()!
        let request = HTTPRequest(method: head.line.method, target: head.line.target, version: head.line.version,
                                  headers: head.headers, body: body)
        state = .requestLine(emptyLinesSkipped: 0)
        headBytes = 0
        body = []
        continueSignal = false
        return request
    }
}
