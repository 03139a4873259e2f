/// RFC 4648 base64 with padding: etcd's JSON gateway carries keys and values this way. Routes
/// does without Foundation, so the few lines are here.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func encode(_ bytes: some Collection<UInt8>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var iterator = bytes.makeIterator()
        while let a = iterator.next() {
            let b = iterator.next()
            let c = iterator.next()
            let n = UInt32(a) << 16 | UInt32(b ?? 0) << 8 | UInt32(c ?? 0)
            out.append(alphabet[Int(n >> 18 & 63)])
            out.append(alphabet[Int(n >> 12 & 63)])
            out.append(b == nil ? UInt8(ascii: "=") : alphabet[Int(n >> 6 & 63)])
            out.append(c == nil ? UInt8(ascii: "=") : alphabet[Int(n & 63)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Nil when `text` is not base64 (a character outside the alphabet, a length not a multiple of 4).
    static func decode(_ text: String) -> [UInt8]? {
        let bytes = Array(text.utf8)
        guard bytes.count % 4 == 0 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count / 4 * 3)
        var index = 0
        while index < bytes.count {
            var n: UInt32 = 0
            var padding = 0
            for offset in 0..<4 {
                let byte = bytes[index + offset]
                let value: UInt32
                if byte == UInt8(ascii: "=") {
                    guard index + 4 == bytes.count, offset >= 2 else { return nil }
                    padding += 1
                    value = 0
                } else {
                    guard padding == 0, let found = sextet(byte) else { return nil }
                    value = found
                }
                n = n << 6 | value
            }
            out.append(UInt8(n >> 16 & 0xFF))
            if padding < 2 { out.append(UInt8(n >> 8 & 0xFF)) }
            if padding < 1 { out.append(UInt8(n & 0xFF)) }
            index += 4
        }
        return out
    }

    private static func sextet(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): UInt32(byte - UInt8(ascii: "A"))
        case UInt8(ascii: "a")...UInt8(ascii: "z"): UInt32(byte - UInt8(ascii: "a")) + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0")) + 52
        case UInt8(ascii: "+"): 62
        case UInt8(ascii: "/"): 63
        default: nil
        }
    }
}
