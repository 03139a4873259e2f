import Testing
@testable import HTTP1

@Suite struct HTTPParserErrorTests {
    static let small = HTTPLimits(maxRequestLineBytes: 64, maxHeadBytes: 128, maxHeaderCount: 4, maxBodyBytes: 16,
                                  maxChunkLineBytes: 32, maxLeadingEmptyLines: 2)

    @Test(arguments: [
        "GET /\r\n\r\n",
        "GET  / HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET / HTTP/1.1 \r\nHost: x\r\n\r\n",
        "G@T / HTTP/1.1\r\nHost: x\r\n\r\n",
        " GET / HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET /a b HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET / http/1.1\r\nHost: x\r\n\r\n",
        "GET / HTTP/1.10\r\nHost: x\r\n\r\n",
        "GET / HTTP/1\r\nHost: x\r\n\r\n",
        "\u{16}\u{03}\u{01}\u{02}\u{00}\u{01}\r\n\r\n",
    ])
    func malformedRequestLine(raw: String) {
        ParserHarness.checkError(raw, .badRequest)
    }

    @Test(arguments: [
        "GET abc HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET /a<b> HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET /a#frag HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET /%zz HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET /%4 HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET /caf\u{e9} HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET * HTTP/1.1\r\nHost: x\r\n\r\n",
        "CONNECT example.com:443 HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET http://user@host/ HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET http:///path HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET ftp://host/ HTTP/1.1\r\nHost: x\r\n\r\n",
    ])
    func invalidRequestTarget(raw: String) {
        ParserHarness.checkError(raw, .badRequest)
    }

    @Test(arguments: ["HTTP/2.0", "HTTP/0.9", "HTTP/3.0"])
    func unsupportedVersionIs505(version: String) {
        ParserHarness.checkError("GET / \(version)\r\nHost: x\r\n\r\n", .versionNotSupported)
    }

    @Test(arguments: [
        "GET / HTTP/1.1\r\nHost : x\r\n\r\n",
        "GET / HTTP/1.1\r\nHost\t: x\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: x\r\nX-Long: a\r\n  folded\r\n\r\n",
        "GET / HTTP/1.1\r\n Host: x\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: x\r\nNoColon\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: x\r\nBad Name: v\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: x\r\n: empty name\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: x\r\nX: a\u{0}b\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: x\r\nX: a\u{7f}b\r\n\r\n",
        "GET / HTTP/1.1\nHost: x\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: x\n\r\n",
        "GET / HTTP/1.1\r\nHost: x\rY: z\r\n\r\n",
    ])
    func malformedHeaderField(raw: String) {
        ParserHarness.checkError(raw, .badRequest)
    }

    @Test(arguments: [
        "GET / HTTP/1.1\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n",
        "GET / HTTP/1.0\r\nHost: a\r\nHost: a\r\n\r\n",
    ])
    func missingOrRepeatedHost(raw: String) {
        ParserHarness.checkError(raw, .badRequest)
    }

    @Test(arguments: ["abc", "-1", "+5", "1 2", "0x10", "", "5,", "1.0"])
    func invalidContentLength(value: String) {
        ParserHarness.checkError("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: \(value)\r\n\r\n", .badRequest)
    }

    @Test(arguments: [
        "Content-Length: 5\r\nContent-Length: 6",
        "Content-Length: 5, 6",
    ])
    func differingContentLengths(fields: String) {
        ParserHarness.checkError("POST / HTTP/1.1\r\nHost: x\r\n\(fields)\r\n\r\nhello", .badRequest)
    }

    @Test(arguments: ["17", "99999999999999999999999999999999", "18446744073709551616", "9223372036854775807"])
    func contentLengthOverTheLimitIs413(value: String) {
        ParserHarness.checkError("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: \(value)\r\n\r\n", .payloadTooLarge, limits: Self.small)
    }

    @Test func contentLengthAndTransferEncodingTogetherAre400() {
        ParserHarness.checkError("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n", .badRequest)
        ParserHarness.checkError("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n", .badRequest)
    }

    @Test func unsupportedTransferCodingIs501() {
        ParserHarness.checkError("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", .notImplemented)
    }

    @Test(arguments: ["gzip", "chunked, gzip", "chunked, chunked", "chunked;x=1", ""])
    func transferEncodingNotEndingInChunkedIs400(value: String) {
        ParserHarness.checkError("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: \(value)\r\n\r\n", .badRequest)
    }

    @Test func transferEncodingInHTTP10Is400() {
        ParserHarness.checkError("POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", .badRequest)
    }

    @Test(arguments: ["POST", "PUT", "PATCH"])
    func bodyMethodWithoutLengthIs411(method: String) {
        ParserHarness.checkError("\(method) /p HTTP/1.1\r\nHost: x\r\n\r\n", .lengthRequired)
    }

    @Test(arguments: [
        "xyz\r\n",
        "\r\n",
        "-1\r\n",
        "5 \r\nhello\r\n0\r\n\r\n",
        "5;\r\nhello\r\n0\r\n\r\n",
        "5;a=\r\nhello\r\n0\r\n\r\n",
        "5;a=\"open\r\nhello\r\n0\r\n\r\n",
        "5;a b\r\nhello\r\n0\r\n\r\n",
        "5\r\nhelloX\r\n0\r\n\r\n",
        "5\r\nhello\n0\r\n\r\n",
        "0\r\nBad Trailer: x\r\n\r\n",
        "0\r\n folded\r\n\r\n",
        "5;aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\nhello\r\n0\r\n\r\n",
    ])
    func malformedChunkedBody(body: String) {
        ParserHarness.checkError("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n\(body)", .badRequest, limits: Self.small)
    }

    @Test(arguments: [
        "ffffffffffffffffffffffffffff\r\n",
        "11\r\n",
        "8\r\n12345678\r\n9\r\n",
        "000000000000000000000000000011\r\n",
    ])
    func chunkedBodyOverTheLimitIs413(body: String) {
        ParserHarness.checkError("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n\(body)", .payloadTooLarge, limits: Self.small)
    }

    @Test func chunkedBodyExactlyAtTheLimit() {
        ParserHarness.check("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n8\r\n12345678\r\n0008\r\nabcdefgh\r\n0\r\n\r\n",
                            [.request(ParsedRequest("POST", "/", headers: ["Host: x", "Transfer-Encoding: chunked"], body: "12345678abcdefgh"))],
                            limits: Self.small)
    }

    @Test func headOverTheLimitIs431() {
        let padding = String(repeating: "a", count: 100)
        ParserHarness.checkError("GET / HTTP/1.1\r\nHost: x\r\nX-Pad: \(padding)\r\n\r\n", .headerTooLarge, limits: Self.small)
    }

    @Test func headOverTheDefaultLimitIs431() {
        let padding = String(repeating: "a", count: 17 * 1024)
        let raw = Array("GET / HTTP/1.1\r\nHost: x\r\nX-Pad: \(padding)\r\n\r\n".utf8)
        #expect(ParserHarness.run([raw]).outcomes == [.error(.headerTooLarge)])
        #expect(ParserHarness.run(raw.map { [$0] }).outcomes == [.error(.headerTooLarge)])
    }

    @Test func tooManyHeaderFieldsIs431() {
        ParserHarness.checkError("GET / HTTP/1.1\r\nHost: x\r\nA: 1\r\nB: 2\r\nC: 3\r\nD: 4\r\n\r\n", .headerTooLarge, limits: Self.small)
    }

    @Test func trailerSectionOverTheLimitIs431() {
        let trailers = (0 ..< 6).map { "T\($0): v\r\n" }.joined()
        ParserHarness.checkError("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\(trailers)\r\n", .headerTooLarge, limits: Self.small)
    }

    @Test func requestLineOverTheLimitIs414() {
        let path = "/" + String(repeating: "p", count: 80)
        ParserHarness.checkError("GET \(path) HTTP/1.1\r\nHost: x\r\n\r\n", .uriTooLong, limits: Self.small)
    }

    @Test func unknownExpectationIs417() {
        ParserHarness.checkError("POST / HTTP/1.1\r\nHost: x\r\nExpect: 100-continue, teapot\r\nContent-Length: 1\r\n\r\nx", .expectationFailed)
    }

    @Test func tooManyEmptyLinesBeforeTheRequestLine() {
        ParserHarness.checkError("\r\n\r\n\r\nGET / HTTP/1.1\r\nHost: x\r\n\r\n", .badRequest, limits: Self.small)
    }

    @Test func errorsAreSticky() {
        var parser = HTTPParser()
        var buffer = ByteBuffer("BAD\r\n\r\n")
        #expect(throws: HTTPParseError.self) { try parser.parse(&buffer) }
        var fresh = ByteBuffer("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(throws: HTTPParseError.self) { try parser.parse(&fresh) }
    }

    @Test func everyKindMapsToItsStatusAndCode() {
        let expected: [(HTTPParseError.Kind, Int, String)] = [
            (.badRequest, 400, "bad_request"), (.invalidHost, 400, "invalid_host"), (.uriTooLong, 414, "uri_too_long"),
            (.headerTooLarge, 431, "header_too_large"), (.payloadTooLarge, 413, "payload_too_large"),
            (.lengthRequired, 411, "length_required"), (.versionNotSupported, 505, "version_not_supported"),
            (.notImplemented, 501, "not_implemented"), (.expectationFailed, 417, "expectation_failed"),
        ]
        for (kind, status, code) in expected {
            let error = HTTPParseError(kind: kind, detail: "d")
            #expect(error.status == status)
            #expect(error.code == code)
        }
    }
}
