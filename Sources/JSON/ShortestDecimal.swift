/// The shortest decimal that reads back as the same `Double`, written byte for byte as the
/// standard library's `description` writes it, for the values frames are made of: finite, not
/// integral, of magnitude from 1e-4 up to 2^53 (where `description` uses plain decimal notation,
/// `0.0001` to `4503599627370495.5`). Anything else is left to the standard library.
///
/// The digits come from Raffaello Giulietti's Schubfach algorithm ("The Schubfach way to render
/// doubles", 2020; the same decimal as Ryū): among the decimals in the value's rounding interval
/// (its ends included when the significand is even, as a round-half-even reader takes them), the
/// one with the fewest digits, and of those the closest to the value (the even one on a tie).
/// Three 64-bit multiplications instead of the standard library's general formatter; the
/// equality with `description` is checked over millions of values in every magnitude
/// (`ShortestDecimalTests`).
///
/// `write` is the one entry point the writer's inlined code reaches from other modules: a call
/// there, everything under it inlined into it here.
///
/// Raw memory: it writes into the room the writer reserved (`text`, at least `writeRoom` bytes,
/// lent for the call), whole words and digit pairs at a time with `storeBytes`/`loadUnaligned` of
/// `UInt16`/`UInt64` (trivial types), through a 48-byte scratch tuple on its own stack; it
/// keeps no pointer.
@usableFromInline enum ShortestDecimal {
    /// Writes `x` into `text` (room for `writeRoom` bytes: it stores whole words) and returns how
    /// many bytes it wrote, or nil when `x` is outside the range this handles.
    @usableFromInline @inline(__always)
    static func write(_ x: Double, into text: UnsafeMutablePointer<UInt8>) -> Int? {
        let magnitude = x.magnitude
        // ≥ the Double nearest 1e-4 (which is above 10⁻⁴, so every decimal in range is ≥ 0.0001).
        guard magnitude >= 1e-4, magnitude < 0x1p53 else { return nil }
        let bits = magnitude.bitPattern
        let fraction = bits & (1 << 52 - 1)
        let c = fraction | 1 << 52
        let q = Int(bits >> 52) - 1075
        guard q < -52 || (q < 0 && c & (1 << UInt64(-q) - 1) != 0) else { return nil } // integral
        let (digits, exponent) = decimal(c: c, q: q, regular: fraction != 0)
        return format(digits, exponent, negative: x.sign == .minus, into: text)
    }

    /// `d·10^k`: Schubfach's choice for `c·2^q` (a normal double with −70 < q < 0).
    @inline(__always)
    static func decimal(c: UInt64, q: Int, regular: Bool) -> (digits: UInt64, exponent: Int) {
        // Ends of the rounding interval, 4c ± 2 (c = 2^52 with a smaller exponent below: 4c − 1).
        let cb = c << 2
        let cbl = regular ? cb - 2 : cb - 1
        let cbr = cb + 2
        // k = ⌊log₁₀ 2^q⌋ (⌊log₁₀ ¾·2^q⌋ for the irregular interval), so the scaled value has 16–17 digits.
        let k = regular ? (q * 661_971_961_083) >> 41 : (q * 661_971_961_083 - 274_743_187_321) >> 41
        // h = q + ⌊log₂ 10^−k⌋ + 2: the shift that lines 10^−k's 126-bit approximation g up.
        let h = q + ((-k) * 913_124_641_741) >> 38 + 2
        let g = Self.powers[-k]
        let vb = scaled(g, cb << UInt64(h))
        let vbl = scaled(g, cbl << UInt64(h))
        let vbr = scaled(g, cbr << UInt64(h))
        let open: UInt64 = c & 1 // an odd significand's interval excludes its ends
        let s = vb >> 2
        if s >= 100 {
            // One digit fewer: the one multiple of ten in the interval, if there is exactly one.
            let sp10 = s / 10 * 10
            let tp10 = sp10 + 10
            let lowerIn = vbl + open <= sp10 << 2
            let upperIn = tp10 << 2 + open <= vbr
            if lowerIn != upperIn { return (lowerIn ? sp10 : tp10, k) }
        }
        let t = s + 1
        let lowerIn = vbl + open <= s << 2
        let upperIn = t << 2 + open <= vbr
        if lowerIn != upperIn { return (lowerIn ? s : t, k) }
        // Both in: the closer, the even one on a tie.
        let difference = Int64(bitPattern: vb &- (s + t) << 1)
        return (difference < 0 || (difference == 0 && s & 1 == 0) ? s : t, k)
    }

    /// g·x / 2^127 rounded to odd (its last bit set when something is cut off), as the paper
    /// computes it (its section 9.8.3): g in 63-bit halves, g₁·2^63 + g₀, the low half of g₀·x
    /// left out. That part is below g's own excess over the power of ten (g is one above it), so
    /// leaving it out is what keeps an exact product exact, which the tie-break needs.
    @inline(__always)
    private static func scaled(_ g: (g1: UInt64, g0: UInt64), _ x: UInt64) -> UInt64 {
        let x1 = g.g0.multipliedFullWidth(by: x).high
        let y = g.g1.multipliedFullWidth(by: x)
        let z = y.low >> 1 + x1
        let vbp = y.high + z >> 63
        return vbp | ((z & (1 << 63 - 1)) + (1 << 63 - 1)) >> 63
    }

    /// g for 10^−k, k from 0 down to −22: ⌊10^−k · 2^(125 − ⌊log₂ 10^−k⌋)⌋ + 1, between 2^125 and
    /// 2^126 (just above the power of ten, as Schubfach needs), as g₁ = g / 2^63 and g₀ = g mod 2^63.
    static let powers: [(g1: UInt64, g0: UInt64)] = (0...22).map { e in
        var power: UInt128 = 1
        for _ in 0..<e { power *= 10 }
        let log2 = UInt128.bitWidth - 1 - power.leadingZeroBitCount
        let g = power << (125 - log2) + 1
        return (UInt64(truncatingIfNeeded: g >> 63), UInt64(truncatingIfNeeded: g) & (1 << 63 - 1))
    }

    /// `digits·10^exponent` as `description` writes a value in its plain range: `0.00ddd` below
    /// one, `ddd.ddd` above; nil for an integer (not met: a non-integral value's interval holds
    /// none). `digits` has 16 or 17 digits (the scaled value is between 2^52 and 10·2^53), and
    /// the decimal has at most 17 significant digits and 3 zeros after the point, so the text
    /// fits 24 bytes and every copy is a fixed run of 8-byte words (`writeRoom` bytes).
    @inline(__always)
    private static func format(_ digits: UInt64, _ exponent: Int, negative: Bool,
                               into text: UnsafeMutablePointer<UInt8>) -> Int? {
        var scratch: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0)
        return withUnsafeMutableBytes(of: &scratch) { scratch -> Int? in
            let scratch = scratch.baseAddress!
            // The digits, first first.
            var count = 16
            var high = digits / 100_000_000
            if high >= 100_000_000 {
                count = 17
                scratch.storeBytes(of: UInt8(truncatingIfNeeded: high / 100_000_000) + 0x30, as: UInt8.self)
                high %= 100_000_000
            }
            writeEight(high, at: scratch + count - 16)
            writeEight(digits % 100_000_000, at: scratch + count - 8)
            let point = count + exponent // digits before the decimal point
            let bytes = scratch.assumingMemoryBound(to: UInt8.self)
            while bytes[count - 1] == 0x30 { count -= 1 }
            guard point < count else { return nil }
            let start = text + (negative ? 1 : 0)
            text[0] = UInt8(ascii: "-")
            if point <= 0 {
                // "0." and the zeros before the first digit (at most three: the value is ≥ 1e-4).
                let zeros = 2 + -point
                copyWords(from: UnsafeRawPointer(Self.zeroPoint.utf8Start), to: start, 1)
                copyWords(from: scratch, to: start + zeros, 3)
                return start + zeros + count - text
            }
            copyWords(from: scratch, to: start, 3)
            start[point] = UInt8(ascii: ".")
            copyWords(from: scratch + point, to: start + point + 1, 3)
            return start + count + 1 - text
        }
    }

    /// The bytes `write` may change from its `text` on (more than it keeps: whole words).
    @inlinable static var writeRoom: Int { 48 }

    /// `0.000000`.
    private static let zeroPoint: StaticString = "0.000000"

    /// "00" to "99", two bytes each.
    private static let pairs: StaticString = """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        40414243444546474849505152535455565758596061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899
        """

    /// `value` (below 10^8) as eight digits at `target`.
    @inline(__always)
    private static func writeEight(_ value: UInt64, at target: UnsafeMutableRawPointer) {
        let high = value / 10_000, low = value % 10_000
        writePair(high / 100, at: target)
        writePair(high % 100, at: target + 2)
        writePair(low / 100, at: target + 4)
        writePair(low % 100, at: target + 6)
    }

    @inline(__always)
    private static func writePair(_ pair: UInt64, at target: UnsafeMutableRawPointer) {
        let pairs = UnsafeRawPointer(Self.pairs.utf8Start)
        target.storeBytes(of: pairs.loadUnaligned(fromByteOffset: 2 * Int(pair), as: UInt16.self), as: UInt16.self)
    }

    @inline(__always)
    private static func copyWords(from source: UnsafeRawPointer, to target: UnsafeMutablePointer<UInt8>, _ words: Int) {
        for word in 0..<words {
            UnsafeMutableRawPointer(target).storeBytes(of: source.loadUnaligned(fromByteOffset: 8 * word, as: UInt64.self),
                                                       toByteOffset: 8 * word, as: UInt64.self)
        }
    }
}
