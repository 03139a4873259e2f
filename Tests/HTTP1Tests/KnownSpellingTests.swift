import Testing
@testable import HTTP1

/// Methods, field names and values spelt as usual are given as literals (`KnownSpelling`); the
/// text must be exactly what was sent either way: the usual spellings, the same in another case
/// or one byte off, and other text, fed whole, byte by byte and pipelined (`ParserHarness.check`).
@Suite struct KnownSpellingTests {
    @Test(arguments: ["GET", "PUT", "POST", "HEAD", "PATCH", "DELETE", "OPTIONS",
                      "get", "Post", "POSt", "PUST", "HEAF", "PATCHY", "DELETF", "OPTIONs", "PROPFIND", "X"])
    func methods(method: String) {
        let target = method == "OPTIONS" ? "*" : "/p"
        ParserHarness.check("\(method) \(target) HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n",
                            [.request(ParsedRequest(method, target, headers: ["Host: x", "Content-Length: 0"]))])
    }

    @Test func usualNamesAndValuesAreTheTextSent() {
        let fields = ["Host: 127.0.0.1", "Accept: */*", "Expect: 100-continue", "Origin: http://o",
                      "Connection: keep-alive", "User-Agent: t/1", "Content-Type: application/json",
                      "Authorization: Bearer k", "Content-Length: 2"]
        ParserHarness.check("POST /p HTTP/1.1\r\n" + fields.joined(separator: "\r\n") + "\r\n\r\n{}",
                            [.request(ParsedRequest("POST", "/p", headers: fields, body: "{}"))])
    }

    @Test func otherSpellingsAreTheTextSent() {
        let fields = ["host: x", "Hosu: z", "accept: */*", "Accept: */+", "Expecu: a", "Origim: b",
                      "connection: close", "Connection: Close", "Connection: keep-alivE", "User-Agenu: c",
                      "content-type: application/json", "Content-Type: application/jsoN", "Content-Type: application/json5",
                      "Content-Typf: application/json", "Authorizatiom: d", "content-length: 0", "Content-Lengtg: 1",
                      "Transfer-Encodinh: e", "X-Custom: application/json"]
        ParserHarness.check("GET /p HTTP/1.1\r\n" + fields.joined(separator: "\r\n") + "\r\n\r\n",
                            [.request(ParsedRequest("GET", "/p", headers: fields))])
    }

    @Test func chunkedTransferEncodingIsTheTextSent() {
        ParserHarness.check("POST /p HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n2\r\n{}\r\n0\r\n\r\n",
                            [.request(ParsedRequest("POST", "/p", headers: ["Host: x", "Transfer-Encoding: chunked", "Connection: close"],
                                                    body: "{}"))])
    }
}
