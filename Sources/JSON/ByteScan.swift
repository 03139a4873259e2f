/// Whether a run of bytes holds any byte of a small set, looked at eight bytes at a time: the
/// access log asks it of every value it writes, the JSON writer of every string it quotes, and
/// nearly every answer is no.
public enum ByteScan {
    /// Whether a byte of `text` is below `limit` (at most 0x80) or equal to one of `a`…`d` (pass
    /// one twice for fewer). A word x has a byte below t when (x − t…) & ~x & 0x80… is not zero
    /// (exact for "some byte is", with t ≤ 0x80), and a byte equal to c when x ^ c… has a zero
    /// byte (the same test with t = 1); the bytes after the last whole word are looked at one by one.
    @inlinable @inline(__always)
    public static func contains(_ text: UnsafeBufferPointer<UInt8>, below limit: UInt8,
                                orAnyOf a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8) -> Bool {
        precondition(limit <= 0x80, "the word test is exact only for limits up to 0x80")
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func below(_ x: UInt64, _ t: UInt8) -> Bool { (x &- ones &* UInt64(t)) & ~x & highs != 0 }
        @inline(__always) func has(_ x: UInt64, _ c: UInt8) -> Bool { below(x ^ (ones &* UInt64(c)), 1) }
        var index = 0
        if let base = text.baseAddress {
            let raw = UnsafeRawPointer(base)
            while index + 8 <= text.count {
                let x = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                if below(x, limit) || has(x, a) || has(x, b) || has(x, c) || has(x, d) { return true }
                index += 8
            }
        }
        while index < text.count {
            let byte = text[index]
            if byte < limit || byte == a || byte == b || byte == c || byte == d { return true }
            index += 1
        }
        return false
    }
}
