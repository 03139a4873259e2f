/// A session id as its slot keeps it. The ids the server makes end in 32 lowercase hex digits
/// (`<node>-<32 hex>`, or the 32 digits alone): those are kept as their 128 bits and what comes
/// before them (`n1a2b3c4d-`, a string short enough to be stored inline), 33 bytes in the slot
/// and no allocation, where the id as a string was one of its own (80 bytes a session with its
/// malloc header). Any other id (a test's `a`, a journal's) is kept as its text. The id on the
/// wire is `string`, the same text, so nothing outside the store sees the difference.
///
/// Two ids are equal exactly when their texts are: the digits are taken only in their one
/// spelling (lowercase), so an id with uppercase digits stays text and never meets the
/// lowercase one.
struct SessionKey: Hashable, Sendable {
    /// The text before the digits, or the whole id when it has none.
    let prefix: String
    /// The 32 digits' first and last 64 bits (zero when there are none).
    let high: UInt64
    let low: UInt64
    let hasDigits: Bool

    static let digits = 32

    init(_ id: String) {
        let bytes = id.utf8
        let count = bytes.count
        var high: UInt64 = 0, low: UInt64 = 0
        var parsed = count >= Self.digits
        if parsed {
            var index = 0
            for byte in bytes.suffix(Self.digits) {
                let value: UInt8
                switch byte {
                case UInt8(ascii: "0") ... UInt8(ascii: "9"): value = byte &- UInt8(ascii: "0")
                case UInt8(ascii: "a") ... UInt8(ascii: "f"): value = byte &- UInt8(ascii: "a") &+ 10
                default:
                    parsed = false
                    value = 0
                }
                guard parsed else { break }
                if index < 16 { high = high << 4 | UInt64(value) } else { low = low << 4 | UInt64(value) }
                index += 1
            }
        }
        hasDigits = parsed
        self.high = parsed ? high : 0
        self.low = parsed ? low : 0
        // The digits are ASCII, so the prefix ends on a character boundary.
        prefix = parsed ? String(decoding: bytes.prefix(count - Self.digits), as: UTF8.self).exactlySized : id.exactlySized
    }

    /// The id as it was given.
    var string: String {
        guard hasDigits else { return prefix }
        let prefixCount = prefix.utf8.count
        return String(unsafeUninitializedCapacity: prefixCount + Self.digits) { buffer in
            _ = buffer.initialize(fromContentsOf: prefix.utf8)
            Self.write(high, into: buffer, at: prefixCount)
            Self.write(low, into: buffer, at: prefixCount + 16)
            return prefixCount + Self.digits
        }
    }

    /// `value`'s 16 hex digits, most significant first, from `offset`.
    private static func write(_ value: UInt64, into buffer: UnsafeMutableBufferPointer<UInt8>, at offset: Int) {
        for k in 0 ..< 16 {
            let nibble = UInt8(truncatingIfNeeded: value >> UInt64(60 - 4 * k)) & 0xF
            buffer[offset + k] = nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
        }
    }
}
