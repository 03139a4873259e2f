/// The strings of the spellings nearly every request carries (methods, the usual header names,
/// a few usual values), given as literals when a line's bytes are exactly one of them: no
/// decoding and no allocation. Any other bytes are decoded as before, so the text is the same
/// either way; only exact spellings match (a name in another case is decoded as sent).
enum KnownSpelling {
    static func method(_ bytes: Span<UInt8>) -> String {
        switch bytes.count {
        case 3:
            if bytes.matches("GET") { return "GET" }
            if bytes.matches("PUT") { return "PUT" }
        case 4:
            if bytes.matches("POST") { return "POST" }
            if bytes.matches("HEAD") { return "HEAD" }
        case 5: if bytes.matches("PATCH") { return "PATCH" }
        case 6: if bytes.matches("DELETE") { return "DELETE" }
        case 7: if bytes.matches("OPTIONS") { return "OPTIONS" }
        default: break
        }
        return bytes.decoded
    }

    static func fieldName(_ bytes: Span<UInt8>) -> String {
        switch bytes.count {
        case 4: if bytes.matches("Host") { return "Host" }
        case 6:
            if bytes.matches("Accept") { return "Accept" }
            if bytes.matches("Expect") { return "Expect" }
            if bytes.matches("Origin") { return "Origin" }
        case 10:
            if bytes.matches("Connection") { return "Connection" }
            if bytes.matches("User-Agent") { return "User-Agent" }
        case 12: if bytes.matches("Content-Type") { return "Content-Type" }
        case 13: if bytes.matches("Authorization") { return "Authorization" }
        case 14: if bytes.matches("Content-Length") { return "Content-Length" }
        case 17: if bytes.matches("Transfer-Encoding") { return "Transfer-Encoding" }
        default: break
        }
        return bytes.decoded
    }

    static func fieldValue(_ bytes: Span<UInt8>) -> String {
        switch bytes.count {
        case 3: if bytes.matches("*/*") { return "*/*" }
        case 5: if bytes.matches("close") { return "close" }
        case 10: if bytes.matches("keep-alive") { return "keep-alive" }
        case 16: if bytes.matches("application/json") { return "application/json" }
        default: break
        }
        return bytes.decoded
    }
}
