/// The strings of the spellings nearly every request carries (methods, the usual header names,
/// a few usual values), given as literals when a line's bytes are exactly one of them: no
/// decoding and no allocation. Any other bytes are decoded as before, so the text is the same
/// either way; only exact spellings match (a name in another case is decoded as sent).
enum KnownSpelling {
    static func method(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        switch bytes.count {
        case 3:
            if matches(bytes, "GET") { return "GET" }
            if matches(bytes, "PUT") { return "PUT" }
        case 4:
            if matches(bytes, "POST") { return "POST" }
            if matches(bytes, "HEAD") { return "HEAD" }
        case 5: if matches(bytes, "PATCH") { return "PATCH" }
        case 6: if matches(bytes, "DELETE") { return "DELETE" }
        case 7: if matches(bytes, "OPTIONS") { return "OPTIONS" }
        default: break
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func fieldName(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        switch bytes.count {
        case 4: if matches(bytes, "Host") { return "Host" }
        case 6:
            if matches(bytes, "Accept") { return "Accept" }
            if matches(bytes, "Expect") { return "Expect" }
            if matches(bytes, "Origin") { return "Origin" }
        case 10:
            if matches(bytes, "Connection") { return "Connection" }
            if matches(bytes, "User-Agent") { return "User-Agent" }
        case 12: if matches(bytes, "Content-Type") { return "Content-Type" }
        case 13: if matches(bytes, "Authorization") { return "Authorization" }
        case 14: if matches(bytes, "Content-Length") { return "Content-Length" }
        case 17: if matches(bytes, "Transfer-Encoding") { return "Transfer-Encoding" }
        default: break
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func fieldValue(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        switch bytes.count {
        case 3: if matches(bytes, "*/*") { return "*/*" }
        case 5: if matches(bytes, "close") { return "close" }
        case 10: if matches(bytes, "keep-alive") { return "keep-alive" }
        case 16: if matches(bytes, "application/json") { return "application/json" }
        default: break
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Byte for byte, `bytes` and the literal being of one length (the caller's switch).
    @inline(__always)
    private static func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
        let text = literal.utf8Start
        for index in 0 ..< bytes.count where bytes[index] != text[index] { return false }
        return true
    }
}
