
/// The first line of a request (RFC 9112 §3): method SP request-target SP HTTP-version, single spaces only.
public struct RequestLine: Equatable {
    public var method: String
    /// Always origin-form ("/path?query") or "*" for OPTIONS; absolute-form is reduced to its path.
    public var target: String
    public var version: HTTPVersion
}

extension RequestLine {
    public init(parsing line: [UInt8]) throws(HTTPParseError) {
        try self.init(parsing: line.span)
    }

    /// The line read in place: the method and target are the only bytes copied (into their strings).
    public init(parsing line: Span<UInt8>) throws(HTTPParseError) {
        guard let first = line.firstIndex(of: .space),
              let second = line.firstIndex(of: .space, from: first + 1)
        else { throw .badRequest("request line is not 'method target version'") }
        let methodBytes = line.extracting(..<first)
        guard HTTPSyntax.isToken(methodBytes) else { throw .badRequest("request method is not a token") }
        version = try Self.parseVersion(line.extracting((second + 1)...))
        method = KnownSpelling.method(methodBytes)
        target = try RequestTarget.normalise(line.extracting((first + 1) ..< second), method: method)
    }

    /// "HTTP/" DIGIT "." DIGIT. Major 1 with any minor is served (RFC 9110 §6.2: a higher minor is
    /// 1.1-compatible); another major is 505; anything else is not an HTTP version at all (400).
    private static func parseVersion(_ bytes: Span<UInt8>) throws(HTTPParseError) -> HTTPVersion {
        guard bytes.count == 8, bytes.starts(with: "HTTP/"), bytes[6] == UInt8(ascii: "."),
              let major = decimalDigit(bytes[5]), let minor = decimalDigit(bytes[7])
        else { throw .badRequest("malformed HTTP version") }
        guard major == 1 else {
            throw HTTPParseError(kind: .versionNotSupported, detail: "HTTP/\(major).\(minor) is not supported; use HTTP/1.1")
        }
        return HTTPVersion(major: major, minor: minor)
    }

    private static func decimalDigit(_ byte: UInt8) -> Int? {
        (UInt8(ascii: "0") ... UInt8(ascii: "9")).contains(byte) ? Int(byte - UInt8(ascii: "0")) : nil
    }
}
