/// A complete response value; the server adds framing headers (Content-Length, Connection, Date).
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: HTTPHeaders
    public var body: [UInt8]
    /// Set for a body produced over time; see `ResponseStream`.
    public var stream: (any ResponseStream)?
    /// Set for a response that comes later; see `PendingResponse`.
    public var pending: (any PendingResponse)?

    public init(status: Int, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public init(status: Int, contentType: String, body: [UInt8]) {
        self.init(status: status, headers: HTTPHeaders([("Content-Type", contentType)]), body: body)
    }

    /// The standard reason phrase for a status code.
    public static func reason(for status: Int) -> String {
        switch status {
        case 100: "Continue"
        case 200: "OK"
        case 201: "Created"
        case 204: "No Content"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 411: "Length Required"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 415: "Unsupported Media Type"
        case 417: "Expectation Failed"
        case 422: "Unprocessable Content"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 503: "Service Unavailable"
        case 505: "HTTP Version Not Supported"
        default: "Status \(status)"
        }
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

extension HTTPResponse {
    /// A streamed response: `body` is ignored; the stream produces it.
    public init(status: Int, headers: HTTPHeaders, stream: any ResponseStream) {
        self.init(status: status, headers: headers, body: [])
        self.stream = stream
    }
}

/// A response that is not ready yet: it waits for something slow, such as the journal making a
/// change durable, without holding the server's thread. The server parks the connection (no
/// further pipelined request is parsed) and sends the response `onReady` delivers. `onReady`
/// is called once by the server; `deliver` is called exactly once, from any thread.
public protocol PendingResponse: AnyObject, Sendable {
    func onReady(_ deliver: @escaping @Sendable (HTTPResponse) -> Void)
}

extension HTTPResponse {
    /// A response to be sent when `pending` delivers it; status and headers here are ignored.
    public init(pending: any PendingResponse) {
        self.init(status: 200)
        self.pending = pending
    }
}
