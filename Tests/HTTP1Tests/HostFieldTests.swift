import HTTP1
import Testing

/// `Host: uri-host[:port]` (RFC 9110 §7.2, RFC 3986 §3.2.2–3.2.3): what is valid, what is refused
/// with 400 `invalid_host` (RFC 9112 §3.2), read whole, byte by byte and split anywhere.
@Suite struct HostFieldTests {
    /// Valid values, each with why.
    static let valid: [String] = [
        "example.com", "example.com:8080", "localhost", "a", "x-y_z~.example",
        "127.0.0.1", "127.0.0.1:80", "999.1.1.1", // a dotted reg-name need not be an IPv4 address
        "ex%41mple", "a!$&'()*+,;=b", // pct-encoded and sub-delims are reg-name characters
        "[::1]", "[::1]:8080", "[::]", "[1:2:3:4:5:6:7:8]", "[1::8]", "[1:2:3:4:5:6:7::]", "[::ffff:192.0.2.1]",
        "[1:2:3:4:5:6:192.0.2.1]", "[fe80::1]:0", "[v1.fe80::1+z]", "[V7.a:b]",
        "", // no authority: RFC 9112 §3.2 asks for an empty value
        "example.com:", // port = *DIGIT
        "example.com:123456", // the grammar bounds no port
    ]

    static let invalid: [String] = [
        "a b", "a\tb", "a/b", "a?b", "a#b", "user@host", "a@b:80", "host:port", "host:80:81", "host:-1", "host: 80",
        "ex%4", "ex%zz", "%", "a\"b", "a<b>", "a\\b", "a{b}", "caf\u{e9}",
        "[::1", "::1", "[::1]x", "[::1]:a", "[]", "[:::]", "[1::2::3]", "[1:2:3:4:5:6:7:8:9]", "[1:2:3:4:5:6:7]",
        "[12345::]", "[::g]", "[::1.2.3]", "[::1.2.3.256]", "[::1.2.3.04]", "[1.2.3.4::]", "[1:2:3:4:5:6:7:1.2.3.4]",
        "[fe80::1%25eth0]", "[v1.]", "[v.x]", "[vz.x]", "[v1.a b]", "[a]", "[example.com]",
    ]

    @Test(arguments: valid)
    func validHostIsAccepted(host: String) {
        #expect(HostField.isValid(host))
        ParserHarness.check("GET / HTTP/1.1\r\nHost: \(host)\r\n\r\n",
                            [.request(ParsedRequest("GET", "/", headers: ["Host: \(host)"]))])
    }

    @Test(arguments: invalid)
    func invalidHostIsRefused(host: String) {
        #expect(!HostField.isValid(host))
        ParserHarness.checkError("GET / HTTP/1.1\r\nHost: \(host)\r\n\r\n", .invalidHost)
    }

    @Test func anHTTP10RequestWithAnInvalidHostIsRefusedToo() {
        ParserHarness.checkError("GET / HTTP/1.0\r\nHost: a b\r\n\r\n", .invalidHost)
    }

    @Test func theRefusalIs400InvalidHostNamingTheValue() throws {
        var parser = HTTPParser()
        var buffer = ByteBuffer("GET / HTTP/1.1\r\nHost: a b\r\n\r\n")
        let error = try #require(throws: HTTPParseError.self) { try parser.parse(&buffer) }
        #expect(error.status == 400)
        #expect(error.code == "invalid_host")
        #expect(error.detail == "the Host header field 'a b' is not a host with an optional port")
    }
}
