@testable import HTTP1

// libFuzzer target for the incremental HTTP/1.1 request parser (the HTTP1 library), linked with the
// library as SwiftPM builds it by fuzz/run.sh. Every input is parsed all at once and split at
// a point derived from the data; both must agree. Invariants that hold for any bytes are checked
// with `check`, which traps (a libFuzzer crash) with the input's description.

/// What one way of feeding the bytes produced: requests in order, then at most one error.
private struct Run {
    var requests: [HTTPRequest] = []
    var error: HTTPParseError?
    /// Unconsumed bytes once the parser needed more or failed.
    var leftover = 0
    var hasPartialRequest = false
    var isReadingBody = false
}

/// The smallest complete request is `A / HTTP/1.0` CRLF CRLF.
private let minimumRequestBytes = 16

/// Small limits so that every limit is reachable with inputs of a few hundred bytes.
private let tightLimits = HTTPLimits(maxRequestLineBytes: 64, maxHeadBytes: 256, maxHeaderCount: 6,
                                     maxBodyBytes: 64, maxChunkLineBytes: 24, maxLeadingEmptyLines: 2)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let hash = fnv1a(bytes)
    let limits = hash & 1 == 0 ? HTTPLimits() : tightLimits
    let whole = run([bytes], limits: limits)
    checkInvariants(whole, size: size, limits: limits)

    let split = Int((hash >> 1) % UInt64(size + 1))
    let halves = run([Array(bytes[..<split]), Array(bytes[split...])], limits: limits)
    checkSame(whole, halves, "split at \(split)")

    // Every request the parser accepted, written back canonically, parses to the same request. The
    // head may grow: obs-text bytes in field values are decoded lossily into U+FFFD (3 bytes each).
    var roomy = limits
    roomy.maxRequestLineBytes *= 4
    roomy.maxHeadBytes *= 4
    for request in whole.requests {
        let again = run([canonicalBytes(request)], limits: roomy)
        check(again.error == nil && again.requests.count == 1 && again.leftover == 0,
              "canonical form of \(describe(request)) did not parse back: \(String(describing: again.error))")
        if let reparsed = again.requests.first {
            check(same(request, reparsed), "canonical form of \(describe(request)) parsed as \(describe(reparsed))")
        }
    }
    return 0
}

/// Appends each chunk in turn and parses until the parser needs more bytes or fails.
private func run(_ chunks: [[UInt8]], limits: HTTPLimits) -> Run {
    var parser = HTTPParser(limits: limits)
    var buffer = ByteBuffer()
    var result = Run()
    for chunk in chunks {
        buffer.append(contentsOf: chunk)
        while true {
            do throws(HTTPParseError) {
                guard let request = try parser.parse(&buffer) else { break }
                result.requests.append(request)
            } catch {
                result.error = error
                result.leftover = buffer.readableBytes
                // After an error the parser must keep throwing it, whatever else arrives.
                buffer.append(contentsOf: Array("GET / HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
                do throws(HTTPParseError) {
                    let next = try parser.parse(&buffer)
                    check(false, "parser produced \(next.map(describe) ?? "nil") after failing with \(error)")
                } catch let again {
                    check(again == error, "parser threw \(again) after \(error)")
                }
                result.hasPartialRequest = true
                return result
            }
        }
    }
    result.leftover = buffer.readableBytes
    result.hasPartialRequest = parser.hasPartialRequest
    result.isReadingBody = parser.isReadingBody
    return result
}

private func checkInvariants(_ run: Run, size: Int, limits: HTTPLimits) {
    check(run.requests.count <= size / minimumRequestBytes,
          "\(run.requests.count) requests out of \(size) bytes")
    check(run.leftover <= size, "leftover \(run.leftover) > \(size)")
    check(run.requests.reduce(0) { $0 + $1.body.count } <= size, "more body bytes than input bytes")
    if let error = run.error {
        check([400, 411, 413, 414, 417, 431, 501, 505].contains(error.status), "unexpected status \(error.status)")
        check(!error.detail.isEmpty && error.detail.utf8.count < 400, "bad detail \(error.detail.debugDescription)")
    }
    for request in run.requests {
        check(request.body.count <= limits.maxBodyBytes, "body of \(request.body.count) bytes over the limit")
        check(request.headers.fields.count <= limits.maxHeaderCount, "\(request.headers.fields.count) header fields")
        check(request.version.major == 1 && (0...9).contains(request.version.minor), "version \(request.version)")
        check(HTTPSyntax.isToken(request.method.utf8), "method \(request.method.debugDescription)")
        check(request.target.hasPrefix("/") || (request.target == "*" && request.method == "OPTIONS"),
              "target \(request.target.debugDescription)")
        check(request.target.utf8.allSatisfy { HTTPSyntax.isTargetByte($0) || $0 == .percent },
              "target bytes \(request.target.debugDescription)")
        let hostCount = request.headers.values("Host").count
        check(hostCount <= 1 && (hostCount == 1 || request.version.minor == 0), "\(hostCount) Host fields")
        let lengths = request.headers.values("Content-Length")
        let chunked = request.headers.contains("Transfer-Encoding")
        check(!(chunked && !lengths.isEmpty), "both Transfer-Encoding and Content-Length accepted")
        check(!chunked || request.version.minor >= 1, "Transfer-Encoding accepted in HTTP/1.0")
        if chunked {
            check(request.headers.listElements("Transfer-Encoding") == ["chunked"],
                  "Transfer-Encoding \(request.headers.values("Transfer-Encoding")) accepted")
        }
        for value in lengths {
            for element in value.split(separator: ",", omittingEmptySubsequences: false) {
                let digits = element.trimmingSpacesAndTabs().drop { $0 == "0" }
                check(Int(digits.isEmpty ? "0" : digits) == request.body.count,
                      "Content-Length \(value.debugDescription) with a body of \(request.body.count) bytes")
            }
        }
        if !chunked && lengths.isEmpty {
            check(request.body.isEmpty, "a body without framing")
            check(!["POST", "PUT", "PATCH"].contains(request.method), "\(request.method) without a length accepted")
        }
        for field in request.headers {
            check(HTTPSyntax.isToken(field.name.utf8), "field name \(field.name.debugDescription)")
            check(field.value.utf8.allSatisfy(HTTPSyntax.isFieldValueByte), "field value \(field.value.debugDescription)")
            check(field.value.utf8.first.map { !HTTPSyntax.isWhitespace($0) } ?? true
                  && field.value.utf8.last.map { !HTTPSyntax.isWhitespace($0) } ?? true,
                  "untrimmed field value \(field.value.debugDescription)")
        }
    }
}

/// All at once and split must agree on every request, the error kind and what is left over.
private func checkSame(_ a: Run, _ b: Run, _ how: String) {
    check(a.requests.count == b.requests.count, "\(how): \(b.requests.count) requests, all at once \(a.requests.count)")
    for (x, y) in zip(a.requests, b.requests) {
        check(same(x, y), "\(how): \(describe(y)), all at once \(describe(x))")
    }
    check(a.error?.kind == b.error?.kind, "\(how): error \(String(describing: b.error)), all at once \(String(describing: a.error))")
    if a.error == nil {
        check(a.leftover == b.leftover && a.hasPartialRequest == b.hasPartialRequest && a.isReadingBody == b.isReadingBody,
              "\(how): parser state differs")
    }
}

private func same(_ x: HTTPRequest, _ y: HTTPRequest) -> Bool {
    x.method == y.method && x.target == y.target && x.version == y.version && x.headers == y.headers && x.body == y.body
}

/// The request as a client would send it: its fields as parsed, the body framed as declared
/// (Content-Length as is, or chunked as one chunk without trailers).
private func canonicalBytes(_ request: HTTPRequest) -> [UInt8] {
    var out = Array("\(request.method) \(request.target) \(request.version)\r\n".utf8)
    for field in request.headers {
        out += Array("\(field.name):\(field.value)\r\n".utf8)
    }
    out += Array("\r\n".utf8)
    if request.headers.contains("Transfer-Encoding") {
        if !request.body.isEmpty {
            out += Array(String(request.body.count, radix: 16).utf8) + [.cr, .lf] + request.body + [.cr, .lf]
        }
        out += Array("0\r\n\r\n".utf8)
    } else {
        out += request.body
    }
    return out
}

private func describe(_ request: HTTPRequest) -> String {
    "\(request.method) \(request.target) \(request.version) \(request.headers.fields.map { "\($0.name): \($0.value)" }) body \(request.body.count) bytes"
}

private func fnv1a(_ bytes: [UInt8]) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
        hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    return hash
}

/// A failed invariant is a crash libFuzzer records with the input.
private func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() {
        fatalError("invariant violated: \(message())")
    }
}
