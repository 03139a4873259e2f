/// Request-target forms (RFC 9112 §3.2): origin-form is served, absolute-form is reduced to origin-form
/// (a server must accept it), asterisk-form only with OPTIONS, authority-form and anything else is 400.
public enum RequestTarget {
    /// The target read in place; origin-form (every request the API serves) is checked and copied
    /// once, the rarer forms go through `normalise(_:method:)` on a copy.
    public static func normalise(_ bytes: Span<UInt8>, method: String) throws(HTTPParseError) -> String {
        guard !bytes.isEmpty, bytes[0] == .slash else { return try normalise(bytes.array[...], method: method) }
        try validateOriginForm(bytes)
        return bytes.decoded
    }

    public static func normalise(_ bytes: ArraySlice<UInt8>, method: String) throws(HTTPParseError) -> String {
        guard let first = bytes.first else { throw .badRequest("empty request target") }
        if first == .slash {
            try validateOriginForm(bytes)
            return String(decoding: bytes, as: UTF8.self)
        }
        if bytes.elementsEqual("*".utf8) {
            guard method == "OPTIONS" else { throw .badRequest("asterisk-form target is only valid for OPTIONS") }
            return "*"
        }
        if let rest = afterHTTPScheme(bytes) {
            return try originForm(ofAbsolute: rest)
        }
        throw .badRequest("request target must start with '/'")
    }

    /// Path and query characters of RFC 3986, and "%" only as the start of "%XX".
    private static func validateOriginForm(_ bytes: ArraySlice<UInt8>) throws(HTTPParseError) {
        try validateOriginForm(bytes.span)
    }

    private static func validateOriginForm(_ bytes: Span<UInt8>) throws(HTTPParseError) {
        if let fault = originFormFault(bytes) { throw .badRequest("\(fault)") }
    }

    private static func originFormFault(_ bytes: Span<UInt8>) -> StaticString? {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == .percent {
                guard index + 2 < bytes.count,
                      HTTPSyntax.hexValue(bytes[index + 1]) != nil, HTTPSyntax.hexValue(bytes[index + 2]) != nil
                else { return "malformed percent-encoding in request target" }
                index += 3
                continue
            }
            guard HTTPSyntax.isTargetByte(byte) else { return "invalid character in request target" }
            index += 1
        }
        return nil
    }

    /// What follows "http://" or "https://" (scheme compared case-insensitively), or nil for another form.
    private static func afterHTTPScheme(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        for scheme in ["http://", "https://"] where bytes.count >= scheme.utf8.count {
            let prefix = bytes.prefix(scheme.utf8.count).map { $0 | 0x20 }
            if prefix.elementsEqual(scheme.utf8.map { $0 | 0x20 }) {
                return bytes.dropFirst(scheme.utf8.count)
            }
        }
        return nil
    }

    /// authority path-abempty [ "?" query ] → the path (at least "/") and query. Userinfo is refused.
    private static func originForm(ofAbsolute rest: ArraySlice<UInt8>) throws(HTTPParseError) -> String {
        let end = rest.firstIndex { $0 == .slash || $0 == .question } ?? rest.endIndex
        let authority = rest[..<end]
        guard !authority.isEmpty, authority.allSatisfy(isAuthorityByte) else {
            throw .badRequest("invalid authority in absolute-form request target")
        }
        var path = Array(rest[end...])
        if path.first != .slash { path.insert(.slash, at: 0) }
        try validateOriginForm(path[...])
        return String(decoding: path, as: UTF8.self)
    }

    private static func isAuthorityByte(_ byte: UInt8) -> Bool {
        byte != .slash && byte != .question && byte != UInt8(ascii: "@")
            && (HTTPSyntax.isTargetByte(byte) || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]") || byte == .percent)
    }
}
