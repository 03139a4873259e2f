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

    /// The whole message as the socket gets it: the head, then the body behind it.
    func encode(_ response: Canned, _ exchange: ResponseEncoder.Exchange = .init()) -> String {
        var encoder = ResponseEncoder()
        let (head, body) = encoder.message(status: response.status, headers: response.headers, body: response.body, exchange,
                                           epochSeconds: Self.epoch)
        return String(decoding: head + body, as: UTF8.self)
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

    /// The head is written apart and the body comes back as the caller's array, not a copy.
    @Test func theBodyComesBackAsItsOwnArrayBehindTheHead() {
        var encoder = ResponseEncoder()
        let body = Array("hello".utf8)
        func parts(_ exchange: ResponseEncoder.Exchange = .init(), status: Int = 200) -> (head: String, body: [UInt8]) {
            let (head, sent) = encoder.message(status: status, headers: HTTPHeaders([("Content-Type", "text/plain")]),
                                               body: .bytes(body), exchange, epochSeconds: Self.epoch)
            return (String(decoding: head, as: UTF8.self), sent)
        }
        let head = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nDate: Sun, 06 Nov 1994 08:49:37 GMT\r\nContent-Length: 5\r\n\r\n"
        let sent = parts()
        #expect(sent.head == head)
        #expect(sent.body == body)
        #expect(sent.body.withUnsafeBufferPointer { $0.baseAddress } == body.withUnsafeBufferPointer { $0.baseAddress },
                "the same storage: the body is not copied")
        // A HEAD request, a status without a body: the head alone.
        #expect(parts(.init(isHead: true)) == (head, []))
        #expect(parts(status: 304) == ("HTTP/1.1 304 Not Modified\r\nContent-Type: text/plain\r\nDate: Sun, 06 Nov 1994 08:49:37 GMT\r\n\r\n", []))
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
        let payload = [UInt8](repeating: 0x2E, count: size)
        let expected = size == 0 ? "" : header + String(repeating: ".", count: size) + "\r\n"
        #expect(String(decoding: ResponseEncoder.chunk(payload), as: UTF8.self) == expected)
    }
}
