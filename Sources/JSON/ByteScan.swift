/// The JSON module's raw memory on the read side, in one type: the bytes of one input as the
/// reader sees them, and a test of a run of bytes against a small set eight bytes at a time.
///
/// A `ByteScan` views bytes its creator lends for one call (`JSONParser.parse` makes it inside
/// the buffer's `withUnsafe…` scope and drops it before returning); the reader reads only
/// through it, by position, keeping every position below `count` (checked in debug builds). It
/// reads through a pointer rather than a `Span` because the reader is a stored struct that holds
/// it across calls, which a non-escapable `Span` cannot be without lifetime annotations.
///
/// `contains(_:below:orAnyOf:…)` answers whether a run holds any byte of a small set: the access
/// log asks it of every value it writes, the JSON writer of every string it quotes, and nearly
/// every answer is no.
public struct ByteScan {
    private let base: UnsafePointer<UInt8>
    /// How many bytes there are; positions run from 0 to `count - 1`.
    let count: Int

    /// A view of `buffer`'s bytes, valid only while `buffer` is.
    init(_ buffer: UnsafeRawBufferPointer) {
        precondition(buffer.baseAddress != nil, "ByteScan of an empty buffer")
        base = buffer.baseAddress!.assumingMemoryBound(to: UInt8.self)
        count = buffer.count
    }

    /// The byte at `position`, which the caller has checked is below `count`.
    @inline(__always)
    subscript(position: Int) -> UInt8 {
        assert(position >= 0 && position < count, "ByteScan read out of bounds")
        return base[position]
    }

    /// The bytes in `range` decoded as UTF-8 (one copy).
    func string(_ range: Range<Int>) -> String {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "ByteScan read out of bounds")
        return String(decoding: UnsafeBufferPointer(start: base + range.lowerBound, count: range.count), as: UTF8.self)
    }

    /// Appends the bytes in `range` to `target`.
    func append(_ range: Range<Int>, to target: inout [UInt8]) {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "ByteScan read out of bounds")
        target.append(contentsOf: UnsafeBufferPointer(start: base + range.lowerBound, count: range.count))
    }

    /// Calls `body` with the bytes in `range` as a NUL-terminated C string (for `strtod`).
    func withCString<R>(_ range: Range<Int>, _ body: (UnsafePointer<CChar>) -> R) -> R {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "ByteScan read out of bounds")
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: range.count + 1) { text -> R in
            UnsafeMutableRawPointer(text.baseAddress!).copyMemory(from: base + range.lowerBound, byteCount: range.count)
            text[range.count] = 0
            return body(text.baseAddress!)
        }
    }

    /// Whether the bytes from `position` on begin with `literal`.
    func starts(with literal: StaticString, at position: Int) -> Bool {
        let length = literal.utf8CodeUnitCount
        guard position >= 0, count - position >= length else { return false }
        return (0..<length).allSatisfy { base[position + $0] == literal.utf8Start[$0] }
    }

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
