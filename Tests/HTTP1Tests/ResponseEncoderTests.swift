import Testing
@testable import HTTP1

@Suite struct ResponseEncoderTests {
    /// 784111777 is the RFC 9110 example date.
    static let epoch = 784_111_777

    /// A response as the encoder takes it apart: status, fields, bytes or a stream to follow.
    struct Canned {
        var status: Int
        var headers = HTTPHeaders()
        var body = ResponseEncoder.Body.bytes([])

        init(status: Int, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
            self.status = status
            self.headers = headers
            self.body = .bytes(body)
        }

        init(status: Int, contentType: String, body: [UInt8]) {
            self.init(status: status, headers: HTTPHeaders([("Content-Type", contentType)]), body: body)
        }

        /// A streamed response's head.
        init(status: Int, headers: HTTPHeaders, streamed: Void) {
            self.status = status
            self.headers = headers
            body = .streamed
        }
    }

    func encode(_ response: Canned, _ exchange: ResponseEncoder.Exchange = .init()) -> String {
        var encoder = ResponseEncoder()
        let bytes = encoder.encode(status: response.status, headers: response.headers, body: response.body, exchange,
                                   epochSeconds: Self.epoch)
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func dateIsIMFFixdate() {
        #expect(HTTPDate.format(Self.epoch) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.format(0) == "Thu, 01 Jan 1970 00:00:00 GMT")
        var date = HTTPDate()
        #expect(date.bytes(at: Self.epoch) == Array("Sun, 06 Nov 1994 08:49:37 GMT".utf8))
        #expect(date.bytes(at: Self.epoch + 1) == Array("Sun, 06 Nov 1994 08:49:38 GMT".utf8))
    }

    @Test func responseWithBody() {
        #expect(encode(Canned(status: 200, contentType: "text/plain", body: Array("hello".utf8)))
            == "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nDate: Sun, 06 Nov 1994 08:49:37 GMT\r\nContent-Length: 5\r\n\r\nhello")
    }

    /// A body behind room for its head: the message is the same array from where the head
    /// starts, byte for byte the message of the body on its own.
    func message(room: Int, _ exchange: ResponseEncoder.Exchange = .init(), status: Int = 200) -> (text: String, start: Int) {
        var encoder = ResponseEncoder()
        let storage = Array(repeating: UInt8(ascii: "#"), count: room) + Array("hello".utf8)
        let (bytes, start) = encoder.message(status: status, headers: HTTPHeaders([("Content-Type", "text/plain")]),
                                             body: .behind(storage: storage, start: room), exchange, epochSeconds: Self.epoch)
        return (String(decoding: bytes[start...], as: UTF8.self), start)
    }

    @Test func aBodyBehindRoomGetsItsHeadInFront() {
        let head = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nDate: Sun, 06 Nov 1994 08:49:37 GMT\r\nContent-Length: 5\r\n\r\n"
        // 512 bytes of room: the head (101 bytes) is written just before the body.
        #expect(message(room: 512) == (head + "hello", 512 - 101))
        #expect(message(room: 512, .init(keepAlive: false)).text
            == "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nDate: Sun, 06 Nov 1994 08:49:37 GMT\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello")
        // Room short of the head's bound, a HEAD request, a status without a body: written apart.
        #expect(message(room: 100) == (head + "hello", 0))
        #expect(message(room: 512, .init(isHead: true)) == (head, 0))
        #expect(message(room: 512, status: 304) == ("HTTP/1.1 304 Not Modified\r\nContent-Type: text/plain\r\nDate: Sun, 06 Nov 1994 08:49:37 GMT\r\n\r\n", 0))
    }

    @Test func headKeepsContentLengthAndDropsTheBody() {
        #expect(encode(Canned(status: 200, contentType: "text/plain", body: Array("hello".utf8)), .init(isHead: true))
            == "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nDate: Sun, 06 Nov 1994 08:49:37 GMT\r\nContent-Length: 5\r\n\r\n")
    }

    @Test(arguments: [(204, "204 No Content"), (304, "304 Not Modified")])
    func bodylessStatusesHaveNoContentLength(status: Int, line: String) {
        let text = encode(Canned(status: status, body: Array("ignored".utf8)))
        #expect(text == "HTTP/1.1 \(line)\r\nDate: Sun, 06 Nov 1994 08:49:37 GMT\r\n\r\n")
    }

    @Test func closingAndHTTP10KeepAlive() {
        #expect(encode(Canned(status: 404), .init(keepAlive: false)).contains("Content-Length: 0\r\nConnection: close\r\n\r\n"))
        #expect(encode(Canned(status: 200), .init(clientIsHTTP10: true)).contains("Connection: keep-alive\r\n"))
        #expect(!encode(Canned(status: 200)).contains("Connection:"))
    }

    @Test func framingHeadersFromTheResponderAreReplacedAndUnsafeFieldsDropped() {
        let headers = HTTPHeaders([("Content-Length", "999"), ("Transfer-Encoding", "chunked"), ("connection", "keep-alive"),
                                   ("Date", "yesterday"), ("X-Split", "a\r\nInjected: yes"), ("Bad Name", "v"), ("Location", "/v1/sessions/1")])
        #expect(encode(Canned(status: 201, headers: headers, body: [1, 2]))
            == "HTTP/1.1 201 Created\r\nLocation: /v1/sessions/1\r\nDate: Sun, 06 Nov 1994 08:49:37 GMT\r\nContent-Length: 2\r\n\r\n\u{1}\u{2}")
    }

    @Test func invalidStatusBecomes500() {
        #expect(encode(Canned(status: 100)).hasPrefix("HTTP/1.1 500 Internal Server Error\r\n"))
    }

    @Test func streamedHeadIsChunkedAndNotStored() {
        let response = Canned(status: 200, headers: HTTPHeaders([("Content-Type", "text/event-stream"), ("Content-Length", "5")]),
                                    streamed: ())
        #expect(encode(response) == "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\n"
            + "Date: Sun, 06 Nov 1994 08:49:37 GMT\r\nTransfer-Encoding: chunked\r\n\r\n")
    }

    @Test func streamedHeadKeepsTheRoutesCachePolicy() {
        let response = Canned(status: 200, headers: HTTPHeaders([("cache-control", "no-cache")]), streamed: ())
        #expect(encode(response) == "HTTP/1.1 200 OK\r\ncache-control: no-cache\r\n"
            + "Date: Sun, 06 Nov 1994 08:49:37 GMT\r\nTransfer-Encoding: chunked\r\n\r\n")
    }

    @Test func streamedHeadForHTTP10IsCloseDelimited() {
        let response = Canned(status: 200, headers: HTTPHeaders(), streamed: ())
        #expect(encode(response, .init(keepAlive: false, clientIsHTTP10: true)) == "HTTP/1.1 200 OK\r\nCache-Control: no-store\r\n"
            + "Date: Sun, 06 Nov 1994 08:49:37 GMT\r\nConnection: close\r\n\r\n")
    }

    @Test(arguments: [(0, ""), (9, "9\r\n"), (16, "10\r\n"), (300, "12c\r\n"), (65536, "10000\r\n")])
    func chunkHasHexSizeAndCRLFs(size: Int, header: String) {
        var out = ByteBuffer("x")
        let payload = [UInt8](repeating: 0x2E, count: size)
        ResponseEncoder.appendChunk(payload, to: &out)
        let expected = size == 0 ? "x" : "x" + header + String(repeating: ".", count: size) + "\r\n"
        #expect(out == ByteBuffer(expected))
    }
}
