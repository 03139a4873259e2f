import Testing
@testable import HTTP1

@Suite struct HTTPParserTests {
    @Test func simpleGet() {
        ParserHarness.check("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n", [.request(ParsedRequest("GET", "/healthz"))])
    }

    @Test func getWithQueryAndTrimmedFieldValues() {
        ParserHarness.check(
            "GET /v1/sessions/abc/frames?from=0&to=0.5&fps=60 HTTP/1.1\r\nHost: a\r\nAccept: \t */* \t\r\nX-Empty:\r\nX-Obs: caf\u{e9}\r\n\r\n",
            [.request(ParsedRequest("GET", "/v1/sessions/abc/frames?from=0&to=0.5&fps=60",
                                    headers: ["Host: a", "Accept: */*", "X-Empty: ", "X-Obs: caf\u{e9}"]))])
    }

    @Test func postWithContentLength() {
        ParserHarness.check(
            "POST /v1/sessions HTTP/1.1\r\nHost: x\r\nContent-Length: 17\r\n\r\n{\"control\":\"sw\"}\n",
            [.request(ParsedRequest("POST", "/v1/sessions", headers: ["Host: x", "Content-Length: 17"], body: "{\"control\":\"sw\"}\n"))])
    }

    @Test func postWithEmptyBody() {
        ParserHarness.check("POST /p HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n",
                            [.request(ParsedRequest("POST", "/p", headers: ["Host: x", "Content-Length: 0"]))])
    }

    /// Identical duplicates are accepted (RFC 9110 §8.6 leaves the choice to the recipient).
    @Test func identicalDuplicateContentLengthsAreAccepted() {
        ParserHarness.check("PUT /p HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nContent-Length: 003, 3\r\n\r\nabc",
                            [.request(ParsedRequest("PUT", "/p", headers: ["Host: x", "Content-Length: 3", "Content-Length: 003, 3"], body: "abc"))])
    }

    @Test func chunkedWithExtensionsAndTrailers() {
        let raw = "POST /e HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
            + "5;name=value;quoted=\"a;\\\"b\"\r\nhello\r\n"
            + "a ; flag\t;x = y\r\n, world!!!\r\n"
            + "0;last\r\nTrailer-Field: t\r\nOther: u\r\n\r\n"
        ParserHarness.check(raw, [.request(ParsedRequest("POST", "/e", headers: ["Host: x", "Transfer-Encoding: chunked"],
                                                         body: "hello, world!!!"))])
    }

    @Test func chunkedCodingNameIsCaseInsensitive() {
        ParserHarness.check("PATCH /e HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: Chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n",
                            [.request(ParsedRequest("PATCH", "/e", headers: ["Host: x", "Transfer-Encoding: Chunked"], body: "abc"))])
    }

    @Test func head() {
        ParserHarness.check("HEAD /x HTTP/1.1\r\nHost: x\r\n\r\n", [.request(ParsedRequest("HEAD", "/x"))])
    }

    @Test func http10NeedsNoHost() {
        ParserHarness.check("GET / HTTP/1.0\r\n\r\n", [.request(ParsedRequest("GET", "/", version: "HTTP/1.0", headers: []))])
    }

    @Test func leadingEmptyLinesAreIgnored() {
        ParserHarness.check("\r\n\r\nGET / HTTP/1.1\r\nHost: x\r\n\r\n", [.request(ParsedRequest("GET", "/"))])
    }

    @Test func absoluteFormIsReducedToOriginForm() {
        ParserHarness.check("GET HTTP://example.com:8080/a/b?c=d HTTP/1.1\r\nHost: example.com\r\n\r\n",
                            [.request(ParsedRequest("GET", "/a/b?c=d", headers: ["Host: example.com"]))])
        ParserHarness.check("GET https://[::1]?q HTTP/1.1\r\nHost: h\r\n\r\n",
                            [.request(ParsedRequest("GET", "/?q", headers: ["Host: h"]))])
    }

    @Test func asteriskFormForOptions() {
        ParserHarness.check("OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n", [.request(ParsedRequest("OPTIONS", "*"))])
    }

    /// A higher HTTP/1 minor version is 1.1-compatible (RFC 9110 §6.2).
    @Test func higherMinorVersionIsServed() {
        ParserHarness.check("GET / HTTP/1.7\r\nHost: x\r\n\r\n", [.request(ParsedRequest("GET", "/", version: "HTTP/1.7"))])
    }

    @Test func percentEncodedTarget() {
        ParserHarness.check("GET /a%20b/%C3%A9?x=%2F HTTP/1.1\r\nHost: x\r\n\r\n", [.request(ParsedRequest("GET", "/a%20b/%C3%A9?x=%2F"))])
    }

    @Test func expectContinueIsSignalledOnlyWhileTheBodyIsMissing() {
        let head = Array("POST /u HTTP/1.1\r\nHost: x\r\nExpect: 100-Continue\r\nContent-Length: 5\r\n\r\n".utf8)
        let body = Array("hello".utf8)
        let expected = [Outcome.request(ParsedRequest("POST", "/u", headers: ["Host: x", "Expect: 100-Continue", "Content-Length: 5"], body: "hello"))]

        let waiting = ParserHarness.run([head, body])
        #expect(waiting == ParserHarness.Run(outcomes: expected, continueSignals: 1))
        let together = ParserHarness.run([head + body])
        #expect(together == ParserHarness.Run(outcomes: expected, continueSignals: 0))
        let byteByByte = ParserHarness.run((head + body).map { [$0] })
        #expect(byteByByte == ParserHarness.Run(outcomes: expected, continueSignals: 1))
    }

    @Test func expectContinueWithoutABodyIsNotSignalled() {
        let run = ParserHarness.run([Array("GET / HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\n\r\n".utf8)])
        #expect(run.continueSignals == 0)
        #expect(run.outcomes.count == 1)
    }

    @Test func expectationsAreIgnoredInHTTP10() {
        ParserHarness.check("GET / HTTP/1.0\r\nExpect: teapot\r\n\r\n",
                            [.request(ParsedRequest("GET", "/", version: "HTTP/1.0", headers: ["Expect: teapot"]))])
    }

    @Test func leftoverBytesStayForTheNextRequest() {
        var parser = HTTPParser()
        var buffer = ByteBuffer("GET /a HTTP/1.1\r\nHost: x\r\n\r\nGET /b HT")
        #expect(throws: Never.self) {
            let first = try parser.parse(&buffer)
            #expect(first?.target == "/a")
            #expect(try parser.parse(&buffer) == nil)
        }
        #expect(buffer == ByteBuffer("GET /b HT"))
        #expect(parser.hasPartialRequest == false)
    }

    @Test(arguments: [
        ("GET / HTTP/1.1\r\nHost: x\r\n\r\n", true),
        ("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", false),
        ("GET / HTTP/1.1\r\nHost: x\r\nConnection: Upgrade, Close\r\n\r\n", false),
        ("GET / HTTP/1.0\r\n\r\n", false),
        ("GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n", true),
        // List elements split by bytes when ASCII, by Character otherwise (HeadInPlaceTests).
        ("GET / HTTP/1.1\r\nHost: x\r\nConnection: Upgrade, , CLOSE\r\n\r\n", false),
        ("GET / HTTP/1.1\r\nHost: x\r\nConnection: upgrade\r\nConnection: \tclose\t\r\n\r\n", false),
        ("GET / HTTP/1.1\r\nHost: x\r\nConnection: closed\r\n\r\n", true),
        ("GET / HTTP/1.0\r\nConnection: ,Keep-Alive,\r\n\r\n", true),
        ("GET / HTTP/1.0\r\nConnection: keep-alive\u{301}\r\n\r\n", false),
    ])
    func keepAliveFollowsTheVersionAndConnectionHeader(raw: String, persistent: Bool) throws {
        var parser = HTTPParser()
        var buffer = ByteBuffer(raw)
        let request = try #require(try parser.parse(&buffer))
        #expect(request.wantsPersistentConnection == persistent)
    }
}
