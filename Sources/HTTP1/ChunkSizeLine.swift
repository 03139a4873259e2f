/// chunk-size [ chunk-ext ] (RFC 9112 §7.1.1): 1*HEXDIG *( BWS ";" BWS token [ BWS "=" BWS ( token / quoted-string ) ] ).
public enum ChunkSizeLine {
    /// The chunk size; 413 as soon as it would take the body past `limit`, 400 on any syntax error.
    public static func parse(_ line: [UInt8], bodySoFar: Int, limit: Int) throws(HTTPParseError) -> Int {
        let room = limit - bodySoFar
        var index = 0
        var size = 0
        while index < line.count, let digit = HTTPSyntax.hexValue(line[index]) {
            guard size <= room / 16 else { throw .payloadTooLarge("chunked body exceeds \(limit) bytes") }
            size = size * 16 + digit
            guard size <= room else { throw .payloadTooLarge("chunked body exceeds \(limit) bytes") }
            index += 1
        }
        guard index > 0 else { throw .badRequest("chunk size is not hexadecimal") }
        try validateExtensions(line[index...])
        return size
    }

    private static func validateExtensions(_ bytes: ArraySlice<UInt8>) throws(HTTPParseError) {
        var cursor = bytes
        while !cursor.isEmpty {
            skipWhitespace(&cursor)
            guard cursor.popFirst() == .semicolon else { throw .badRequest("malformed chunk extension") }
            skipWhitespace(&cursor)
            guard takeToken(&cursor) else { throw .badRequest("malformed chunk extension name") }
            var lookahead = cursor
            skipWhitespace(&lookahead)
            guard lookahead.first == .equals else { continue }
            lookahead.removeFirst()
            skipWhitespace(&lookahead)
            guard takeToken(&lookahead) || takeQuotedString(&lookahead) else {
                throw .badRequest("malformed chunk extension value")
            }
            cursor = lookahead
        }
    }

    private static func skipWhitespace(_ cursor: inout ArraySlice<UInt8>) {
        while let first = cursor.first, HTTPSyntax.isWhitespace(first) { cursor.removeFirst() }
    }

    private static func takeToken(_ cursor: inout ArraySlice<UInt8>) -> Bool {
        let token = cursor.prefix(while: HTTPSyntax.isTokenByte)
        cursor.removeFirst(token.count)
        return !token.isEmpty
    }

    /// DQUOTE *( qdtext / quoted-pair ) DQUOTE (RFC 9110 §5.6.4).
    private static func takeQuotedString(_ cursor: inout ArraySlice<UInt8>) -> Bool {
        var rest = cursor
        guard rest.popFirst() == .quote else { return false }
        while let byte = rest.popFirst() {
            switch byte {
            case .quote:
                cursor = rest
                return true
            case .backslash:
                guard let escaped = rest.popFirst(), HTTPSyntax.isFieldValueByte(escaped) else { return false }
            default:
                guard HTTPSyntax.isFieldValueByte(byte) else { return false }
            }
        }
        return false
    }
}
