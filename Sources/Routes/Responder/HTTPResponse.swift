@_exported import HTTP1

/// What a responder returns: an answer now, or one that comes later. A later answer delivers an
/// `HTTPAnswer`, which cannot itself be pending, so "pending twice" cannot be written.
public enum HTTPResponse: Sendable {
    /// The answer, ready to send.
    case now(HTTPAnswer)
    /// An answer that waits for something slow (the journal making a change durable); the server
    /// parks the connection until `PendingResponse.onReady` delivers it.
    case later(any PendingResponse)

    public init(status: Int, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self = .now(HTTPAnswer(status: status, headers: headers, body: body))
    }

    public init(status: Int, contentType: String, body: [UInt8]) {
        self = .now(HTTPAnswer(status: status, contentType: contentType, body: body))
    }

    /// A streamed response: the stream produces the body.
    public init(status: Int, headers: HTTPHeaders, stream: any ResponseStream) {
        self = .now(HTTPAnswer(status: status, headers: headers, stream: stream))
    }

    /// A response to be sent when `pending` delivers it.
    public init(pending: any PendingResponse) {
        self = .later(pending)
    }

    /// The standard reason phrase for a status code.
    public static func reason(for status: Int) -> String {
        HTTPStatus.reason(for: status)
    }

    /// Applies `change` to the answer: at once, or to the delivered one when it comes. How
    /// cross-cutting concerns (CORS, the node header) reach every answer alike; an answer ready
    /// now is changed in place.
    mutating func change<Change: AnswerChange>(_ change: Change) {
        switch self {
        case .now(var answer):
            // Let go of this copy first, so the answer's header array is unique and grows in place.
            self = .now(HTTPAnswer(status: 0))
            change.apply(to: &answer)
            self = .now(answer)
        case .later(let pending):
            self = .later(MappedPending(inner: pending, change: change))
        }
    }

    /// The answer when it is ready now.
    public var answer: HTTPAnswer? {
        if case .now(let answer) = self { answer } else { nil }
    }

    /// The answer to come, when it is not ready now.
    public var pending: (any PendingResponse)? {
        if case .later(let pending) = self { pending } else { nil }
    }
}

/// A complete response: status, header fields and a body. The server adds the framing headers
/// (Content-Length, Transfer-Encoding, Connection, Date).
public struct HTTPAnswer: Sendable {
    /// A body is bytes sent behind the head (in one gathered write, not copied), or a stream
    /// written after it.
    public enum Body: Sendable {
        case bytes([UInt8])
        case stream(any ResponseStream)
    }

    public var status: Int
    public var headers: HTTPHeaders
    public var content: Body

    public init(status: Int, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        content = .bytes(body)
    }

    /// Room is made for the headers the middleware adds to every answer (`X-Node`, CORS's), so they
    /// join the array in place instead of growing it.
    public init(status: Int, contentType: String, body: [UInt8]) {
        var fields: [(name: String, value: String)] = []
        fields.reserveCapacity(4)
        fields.append(("Content-Type", contentType))
        self.init(status: status, headers: HTTPHeaders(fields), body: body)
    }

    public init(status: Int, headers: HTTPHeaders, stream: any ResponseStream) {
        self.status = status
        self.headers = headers
        content = .stream(stream)
    }

    /// The body's bytes; empty for a stream.
    public var body: [UInt8] {
        switch content {
        case let .bytes(bytes): bytes
        case .stream: []
        }
    }

    /// How many bytes the body has; 0 for a stream.
    public var bodyCount: Int {
        switch content {
        case let .bytes(bytes): bytes.count
        case .stream: 0
        }
    }

    /// The stream that produces the body, if it is one.
    public var stream: (any ResponseStream)? {
        if case .stream(let stream) = content { stream } else { nil }
    }
}

/// The one seam between the server and the application: a request in, a response out.
/// Called concurrently from several server threads.
public protocol Responder: Sendable {
    func respond(to request: HTTPRequest) -> HTTPResponse
}

/// A response body produced over time (Server-Sent Events). The server writes the head, then
/// calls `poll` on its loop thread at once and again at each time `poll` asks for, writing what
/// it returns; `next == nil` ends the body. Times are `AppEnvironment.now()` seconds.
public protocol ResponseStream: AnyObject, Sendable {
    func poll(now: Double) -> StreamPoll
    /// The client went away or was dropped for not reading; no more polls follow.
    func cancel()
    /// The server is stopping: the last bytes to send (the stream's promised end); `cancel`
    /// follows, and no more polls.
    func finish(now: Double) -> [UInt8]
}

extension ResponseStream {
    /// A stream with no closing words.
    public func finish(now: Double) -> [UInt8] { [] }
}

/// What one poll of a `ResponseStream` produced.
public struct StreamPoll: Sendable {
    public var bytes: [UInt8]
    /// When to poll again (absolute); nil ends the response.
    public var next: Double?

    public init(bytes: [UInt8], next: Double?) {
        self.bytes = bytes
        self.next = next
    }
}

/// A response that is not ready yet: it waits for something slow, such as the journal making a
/// change durable, without holding the server's thread. The server parks the connection (no
/// further pipelined request is parsed) and sends the answer `onReady` delivers. `onReady`
/// is called once by the server; `deliver` is called exactly once, from any thread.
public protocol PendingResponse: AnyObject, Sendable {
    func onReady(_ deliver: @escaping @Sendable (HTTPAnswer) -> Void)
}

/// A change made to every answer, now or when it is delivered (`HTTPResponse.map`).
protocol AnswerChange: Sendable {
    func apply(to answer: inout HTTPAnswer)
}

/// A pending response whose delivered answer is changed on the way out (`HTTPResponse.map`).
final class MappedPending<Change: AnswerChange>: PendingResponse {
    let inner: any PendingResponse
    let change: Change

    init(inner: any PendingResponse, change: Change) {
        self.inner = inner
        self.change = change
    }

    func onReady(_ deliver: @escaping @Sendable (HTTPAnswer) -> Void) {
        inner.onReady { [change] answer in
            var answer = answer
            change.apply(to: &answer)
            deliver(answer)
        }
    }
}
