import Testing
@testable import HTTP1

/// The head is parsed in place (lines read where they arrived, list fields split by bytes when
/// they are ASCII): every refusal keeps its kind and its exact detail, which the connection sends
/// as the problem's `detail`, and every accepted field its exact value. Each case is fed whole and
/// byte by byte. The details were recorded from the line-copying parser these paths replaced.
@Suite struct HeadInPlaceTests {
    /// The first error parsing `raw` fed whole, and the same fed byte by byte (they must agree).
    static func error(_ raw: String, limits: HTTPLimits = HTTPLimits()) -> HTTPParseError? {
        func run(_ chunks: [[UInt8]]) -> HTTPParseError? {
            var parser = HTTPParser(limits: limits)
            var buffer = ByteBuffer()
            for chunk in chunks {
                buffer.append(contentsOf: chunk)
                do throws(HTTPParseError) {
                    while try parser.parse(&buffer) != nil {}
                } catch {
                    return error
                }
            }
            return nil
        }
        let bytes = Array(raw.utf8)
        let whole = run([bytes])
        #expect(run(bytes.map { [$0] }) == whole, "byte by byte")
        return whole
    }

    @Test(arguments: [
        ("GET /a\r\n\r\n", "request line is not 'method target version'"),
        ("G@T / HTTP/1.1\r\nHost: x\r\n\r\n", "request method is not a token"),
        ("GET  / HTTP/1.1\r\nHost: x\r\n\r\n", "malformed HTTP version"),
        ("GET  HTTP/1.1\r\nHost: x\r\n\r\n", "empty request target"),
        ("GET / HTTP/1.1 \r\nHost: x\r\n\r\n", "malformed HTTP version"),
        ("GET /a%zz HTTP/1.1\r\nHost: x\r\n\r\n", "malformed percent-encoding in request target"),
        ("GET /a\"b HTTP/1.1\r\nHost: x\r\n\r\n", "invalid character in request target"),
        ("GET * HTTP/1.1\r\nHost: x\r\n\r\n", "asterisk-form target is only valid for OPTIONS"),
        ("GET http://u@h/ HTTP/1.1\r\nHost: x\r\n\r\n", "invalid authority in absolute-form request target"),
        ("GET a/b HTTP/1.1\r\nHost: x\r\n\r\n", "request target must start with '/'"),
        ("GET /a\rb HTTP/1.1\r\nHost: x\r\n\r\n", "bare CR inside a line"),
        ("GET /a HTTP/1.1\nHost: x\r\n\r\n", "line ends with a bare LF"),
        ("GET / HTTP/1.1\r\n X: y\r\nHost: x\r\n\r\n", "obsolete line folding or leading whitespace in a header field"),
        ("GET / HTTP/1.1\r\nX : y\r\nHost: x\r\n\r\n", "whitespace between header field name and colon"),
        ("GET / HTTP/1.1\r\nX y\r\nHost: x\r\n\r\n", "header field without a colon"),
        ("GET / HTTP/1.1\r\nX(: y\r\nHost: x\r\n\r\n", "header field name is not a token"),
        ("GET / HTTP/1.1\r\nHost: x\r\nX-Name: a\u{1}b\r\n\r\n", "control character in the value of header field X-Name"),
        ("GET / HTTP/1.1\r\n\r\n", "HTTP/1.1 request without a Host header field"),
        ("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5, 6\r\n\r\nhello", "conflicting Content-Length values"),
        ("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5,,5\r\n\r\nhello", "Content-Length is not a decimal number"),
        ("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5,\r\n\r\nhello", "Content-Length is not a decimal number"),
        ("POST / HTTP/1.1\r\nHost: x\r\nContent-Length:\r\n\r\n", "Content-Length is not a decimal number"),
        ("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1 2\r\n\r\n", "Content-Length is not a decimal number"),
        ("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: \u{FF15}\r\n\r\n", "Content-Length is not a decimal number"),
        ("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd", "conflicting Content-Length values"),
        ("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 0000000000000000000000017\r\n\r\n", "body exceeds 16 bytes"),
        ("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1234567890123456789\r\n\r\n", "body exceeds 16 bytes"),
        ("POST / HTTP/1.1\r\nHost: x\r\n\r\n", "POST needs Content-Length or chunked Transfer-Encoding"),
        ("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", "transfer coding 'gzip' is not supported"),
        ("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: GZ\u{130}P, chunked\r\n\r\n", "transfer coding 'gzi\u{307}p' is not supported"),
        ("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked, chunked\r\n\r\n", "Transfer-Encoding must end with a single 'chunked'"),
        ("POST / HTTP/1.1\r\nHost: x\r\nExpect: 100-continue, , Tea Pot \r\nContent-Length: 1\r\n\r\nx", "unsupported expectation 'tea pot'"),
    ])
    func refusalsKeepTheirDetail(raw: String, detail: String) {
        #expect(Self.error(raw, limits: HTTPLimits(maxBodyBytes: 16))?.detail == detail)
    }

    @Test func fieldValuesAreTrimmedOfSpacesAndTabsOnly() {
        ParserHarness.check("POST /p HTTP/1.1\r\nHost:x\r\nX-A: \t a \t b\t \r\nX-B:\r\nContent-Length: 005, 5 ,5\r\n\r\nhello",
                            [.request(ParsedRequest("POST", "/p", headers: ["Host: x", "X-A: a \t b", "X-B: ", "Content-Length: 005, 5 ,5"],
                                                    body: "hello"))])
    }

    @Test func listElementsSplitTrimAndLowercase() {
        let headers = HTTPHeaders([("TE", " Trailers ,, DEFLATE\t"), ("Other", "x"), ("te", "A\u{301}B, c")])
        #expect(headers.listElements("te") == ["trailers", "deflate", "a\u{301}b", "c"])
        #expect(headers.listElements("Missing") == [])
    }
}
