/// One field line (RFC 9112 §5): field-name ":" OWS field-value OWS. Whitespace before the colon and
/// obs-fold continuation lines are rejected, as the RFC requires of a server.
public enum HeaderField {
    public static func parse(_ line: [UInt8]) throws(HTTPParseError) -> (name: String, value: String) {
        try parse(line.span)
    }

    /// The line read in place: the name and value are the only bytes copied (into their strings,
    /// unless they are spelt as usual: `KnownSpelling`).
    public static func parse(_ line: Span<UInt8>) throws(HTTPParseError) -> (name: String, value: String) {
        if !line.isEmpty, HTTPSyntax.isWhitespace(line[0]) {
            throw .badRequest("obsolete line folding or leading whitespace in a header field")
        }
        guard let colon = line.firstIndex(of: .colon) else { throw .badRequest("header field without a colon") }
        let name = line.extracting(..<colon)
        if colon > 0, HTTPSyntax.isWhitespace(name[colon - 1]) {
            throw .badRequest("whitespace between header field name and colon")
        }
        guard HTTPSyntax.isToken(name) else { throw .badRequest("header field name is not a token") }
        var start = colon + 1
        var end = line.count
        while start < end, HTTPSyntax.isWhitespace(line[start]) { start += 1 }
        while end > start, HTTPSyntax.isWhitespace(line[end - 1]) { end -= 1 }
        let value = line.extracting(start ..< end)
        guard value.allSatisfy(HTTPSyntax.isFieldValueByte) else {
            throw .badRequest("control character in the value of header field \(HTTPParseError.excerpt(name.decoded))")
        }
        return (KnownSpelling.fieldName(name), KnownSpelling.fieldValue(value))
    }
}
