
/// How the body of a request is delimited (RFC 9112 §6.3), decided once its head is complete.
public enum BodyFraming: Equatable {
    case none
    case length(Int)
    case chunked

    /// Transfer-Encoding wins over nothing and conflicts with Content-Length (request smuggling defence);
    /// body-carrying methods without either are 411.
    public init(method: String, version: HTTPVersion, headers: HTTPHeaders, limits: HTTPLimits) throws(HTTPParseError) {
        // One pass over the fields for both names, and no array for the one Content-Length line
        // of nearly every request with a body.
        var lengthLines = 0
        var firstLength = ""
        var hasTransferEncoding = false
        for field in headers {
            if HTTPHeaders.sameName(field.name, "Content-Length") {
                if lengthLines == 0 { firstLength = field.value }
                lengthLines += 1
            } else if !hasTransferEncoding, HTTPHeaders.sameName(field.name, "Transfer-Encoding") {
                hasTransferEncoding = true
            }
        }
        if hasTransferEncoding {
            guard lengthLines == 0 else { throw .badRequest("both Transfer-Encoding and Content-Length are present") }
            guard version.minor >= 1 else { throw .badRequest("Transfer-Encoding in an HTTP/1.0 request") }
            try Self.checkChunkedOnly(headers.listElements("Transfer-Encoding"))
            self = .chunked
        } else if lengthLines == 1 {
            if let length = try Self.asciiContentLength(firstLength, limit: limits.maxBodyBytes) {
                self = .length(length)
            } else {
                self = .length(try Self.contentLength([firstLength], limit: limits.maxBodyBytes))
            }
        } else if lengthLines > 1 {
            self = .length(try Self.contentLength(headers.values("Content-Length"), limit: limits.maxBodyBytes))
        } else if Self.methodsRequiringLength.contains(method) {
            throw HTTPParseError(kind: .lengthRequired, detail: "\(method) needs Content-Length or chunked Transfer-Encoding")
        } else {
            self = .none
        }
    }

    /// Whether body bytes are still to come, so an expectation of 100-continue is worth answering.
    public var expectsBytes: Bool {
        switch self {
        case .none, .length(0): false
        case .length, .chunked: true
        }
    }

    private static let methodsRequiringLength = ["POST", "PUT", "PATCH"]

    /// Only "chunked", exactly once, last: a coding before it is 501, chunked absent or not last is 400.
    private static func checkChunkedOnly(_ codings: [String]) throws(HTTPParseError) {
        guard codings.last == "chunked", codings.filter({ $0 == "chunked" }).count == 1 else {
            throw .badRequest("Transfer-Encoding must end with a single 'chunked'")
        }
        guard codings.count == 1 else {
            throw HTTPParseError(kind: .notImplemented, detail: "transfer coding '\(HTTPParseError.excerpt(codings[0]))' is not supported")
        }
    }

    /// Every line and list element must be 1*DIGIT and all must be equal; identical duplicates are
    /// accepted (RFC 9110 §8.6 allows either). Values past the limit are 413, never an overflow.
    private static func contentLength(_ values: [String], limit: Int) throws(HTTPParseError) -> Int {
        if values.count == 1, let length = try asciiContentLength(values[0], limit: limit) { return length }
        var canonical: Substring?
        for value in values {
            for element in value.split(separator: ",", omittingEmptySubsequences: false) {
                let digits = element.trimmingSpacesAndTabs()
                guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
                    throw .badRequest("Content-Length is not a decimal number")
                }
                let significant = digits.drop { $0 == "0" }
                if let seen = canonical, seen != significant {
                    throw .badRequest("conflicting Content-Length values")
                }
                canonical = significant
            }
        }
        guard let canonical else { throw .badRequest("empty Content-Length") }
        guard canonical.utf8.count <= 18, let length = Int(canonical.isEmpty ? "0" : canonical), length <= limit else {
            throw .payloadTooLarge("body exceeds \(limit) bytes")
        }
        return length
    }

    /// The same judgement for one ASCII line (every POST's case), by bytes: Character splitting and
    /// trimming cost more than the rest of the head. Nil for a line that is not ASCII, left to the
    /// Character path.
    private static func asciiContentLength(_ value: String, limit: Int) throws(HTTPParseError) -> Int? {
        let bytes = value.utf8.span
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        // Each element's digits after its leading zeros, as a range of `bytes`.
        var canonical: Range<Int>?
        var fault: HTTPParseError?
        HTTPSyntax.forEachListElement(bytes, omittingEmpty: false) { element in
            guard fault == nil else { return }
            guard !element.isEmpty, element.allSatisfy({ bytes[$0] >= UInt8(ascii: "0") && bytes[$0] <= UInt8(ascii: "9") }) else {
                fault = .badRequest("Content-Length is not a decimal number")
                return
            }
            let significant = (element.first { bytes[$0] != UInt8(ascii: "0") } ?? element.upperBound) ..< element.upperBound
            if let seen = canonical, !bytes.extracting(seen).elementsEqual(bytes.extracting(significant)) {
                fault = .badRequest("conflicting Content-Length values")
                return
            }
            canonical = significant
        }
        if let fault { throw fault }
        guard let canonical else { throw .badRequest("empty Content-Length") }
        let length = canonical.reduce(0) { $0 &* 10 &+ Int(bytes[$1] - UInt8(ascii: "0")) }
        guard canonical.count <= 18, length <= limit else { throw .payloadTooLarge("body exceeds \(limit) bytes") }
        return length
    }
}
