/// One field line (RFC 9112 §5): field-name ":" OWS field-value OWS. Whitespace before the colon and
/// obs-fold continuation lines are rejected, as the RFC requires of a server.
public enum HeaderField {
    public static func parse(_ line: [UInt8]) throws(HTTPParseError) -> (name: String, value: String) {
        try line.withUnsafeBufferPointer { (bytes) throws(HTTPParseError) in try parse(bytes) }
    }

    /// The line read in place: the name and value are the only bytes copied (into their strings,
    /// unless they are spelt as usual: `KnownSpelling`).
    public static func parse(_ line: UnsafeBufferPointer<UInt8>) throws(HTTPParseError) -> (name: String, value: String) {
        if let first = line.first, HTTPSyntax.isWhitespace(first) {
            throw .badRequest("obsolete line folding or leading whitespace in a header field")
        }
        guard let colon = line.firstIndex(of: .colon) else { throw .badRequest("header field without a colon") }
        let name = UnsafeBufferPointer(rebasing: line[..<colon])
        if let last = name.last, HTTPSyntax.isWhitespace(last) {
            throw .badRequest("whitespace between header field name and colon")
        }
        guard HTTPSyntax.isToken(name) else { throw .badRequest("header field name is not a token") }
        var start = colon + 1
        var end = line.count
        while start < end, HTTPSyntax.isWhitespace(line[start]) { start += 1 }
        while end > start, HTTPSyntax.isWhitespace(line[end - 1]) { end -= 1 }
        let value = UnsafeBufferPointer(rebasing: line[start ..< end])
        guard value.allSatisfy(HTTPSyntax.isFieldValueByte) else {
            throw .badRequest("control character in the value of header field \(HTTPParseError.excerpt(String(decoding: name, as: UTF8.self)))")
        }
        return (KnownSpelling.fieldName(name), KnownSpelling.fieldValue(value))
    }
}
