import Testing
@testable import JSON
import TestSupport

/// `ShortestDecimal` against its oracle, the standard library's `description` (what the JSON
/// writer printed before it, byte for byte): millions of values from every source that matters,
/// each one that it handles compared as text. The rest must be refused (left to the standard
/// library), never written differently.
@Suite("ShortestDecimal")
struct ShortestDecimalTests {
    /// The text `ShortestDecimal` writes for `x`, or nil when it leaves `x` to the standard library.
    private static func written(_ x: Double, _ buffer: UnsafeMutablePointer<UInt8>) -> String? {
        guard let count = ShortestDecimal.write(x, into: buffer) else { return nil }
        return String(decoding: UnsafeBufferPointer(start: buffer, count: count), as: UTF8.self)
    }

    /// Counts of values checked and handled, and the first mismatches.
    private struct Tally {
        var checked = 0
        var handled = 0
        var mismatches: [String] = []

        mutating func check(_ x: Double, _ buffer: UnsafeMutablePointer<UInt8>) {
            checked += 1
            guard let text = written(x, buffer) else {
                // Refused: only outside 1e-4 ≤ |x| < 2^53, or integral, or not finite.
                if x.isFinite, x.magnitude >= 1e-4, x.magnitude < 0x1p53, x != x.rounded(.towardZero) {
                    if mismatches.count < 10 { mismatches.append("refused \(x) (bits \(x.bitPattern))") }
                }
                return
            }
            handled += 1
            let expected = x.description
            if text != expected, mismatches.count < 10 { mismatches.append("\(expected) written as \(text) (bits \(x.bitPattern))") }
        }
    }

    private static func run(_ body: (inout Tally, UnsafeMutablePointer<UInt8>) -> Void) -> Tally {
        var tally = Tally()
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: ShortestDecimal.writeRoom) { buffer in
            body(&tally, buffer.baseAddress!)
        }
        return tally
    }

    @Test func literalsAsTheStandardLibraryWritesThem() {
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: ShortestDecimal.writeRoom)
        defer { buffer.deallocate() }
        let cases: [(Double, String)] = [
            (0.1, "0.1"), (0.5, "0.5"), (-0.5, "-0.5"), (1.5, "1.5"), (0.0001, "0.0001"), (0.00012, "0.00012"),
            (1.0 / 3, "0.3333333333333333"), (2.0 / 3, "0.6666666666666666"), (1.0 / 60, "0.016666666666666666"),
            (7.0 / 60, "0.11666666666666667"), (59.0 / 60, "0.9833333333333333"), (123.456, "123.456"),
            (698.6174512850766, "698.6174512850766"), (1000000000000000.5, "1000000000000000.5"),
            (4503599627370495.5, "4503599627370495.5"), (1624094089851119.25, "1624094089851119.2"),
            (9543729899447.0625, "9543729899447.062"), (0.30000000000000004, "0.30000000000000004"),
            (1 - 0x1p-53, "0.9999999999999999"), (1 + 0x1p-52, "1.0000000000000002"),
        ]
        for (value, text) in cases {
            #expect(Self.written(value, buffer) == text, "\(value)")
        }
        // Left to the standard library: exponent notation, integers, non-finite values.
        for value in [0.0, -0.0, 1, 0x1p53, 0x1p53 + 2, 1e-5, 9.9999e-5, 1e16, 1e23, 5e-324, 0x1p-1022, .infinity, -.infinity, .nan] {
            #expect(Self.written(value, buffer) == nil, "\(value)")
        }
    }

    /// Random bit patterns of every exponent (most refused; the handled ones compared), and
    /// patterns spread over the handled exponents with their neighbours, powers of two (whose
    /// interval is lopsided), and subnormals.
    @Test func randomBitPatterns() {
        var random = SplitMix64(seed: 0x5C4B_FAC4)
        let tally = Self.run { tally, buffer in
            for _ in 0..<400_000 {
                let bits = random.next()
                tally.check(Double(bitPattern: bits), buffer)
                let exponent = UInt64(1023 - 15 + Int(random.next() % 70))
                let x = Double(bitPattern: bits & (1 << 52 - 1) | exponent << 52 | bits & 1 << 63)
                tally.check(x, buffer)
                tally.check(x.nextUp, buffer)
                tally.check(x.nextDown, buffer)
                tally.check(Double(bitPattern: (1023 - 16 + random.next() % 72) << 52), buffer)
                tally.check(Double(bitPattern: bits & (1 << 52 - 1)), buffer) // subnormal
            }
        }
        #expect(tally.mismatches == [])
        #expect(tally.checked == 2_400_000)
        #expect(tally.handled > 1_100_000)
    }

    /// What frames are made of: times on frame grids, sums of small steps, values near 0 and 1,
    /// short decimals (as a client posts them) and their neighbours.
    @Test func valuesFramesProduce() {
        var random = SplitMix64(seed: 0xF4A3E5)
        let tally = Self.run { tally, buffer in
            for fps in [24.0, 30, 60, 90, 120, 240] {
                for n in 0..<20_000 { tally.check(Double(n) / fps, buffer) }
            }
            for _ in 0..<300_000 {
                let small = Double(random.next() % 10_000_000) * 1e-10
                tally.check(small, buffer)
                tally.check(1 - small, buffer)
                tally.check(1 + small, buffer)
                tally.check(-small, buffer)
                let digits = 1 + Int(random.next() % 17)
                var mantissa: UInt64 = 0
                for _ in 0..<digits { mantissa = mantissa * 10 + random.next() % 10 }
                let decimal = Double("\(mantissa)e-\(random.next() % 22)")!
                tally.check(decimal, buffer)
                tally.check(decimal.nextUp, buffer)
                tally.check(decimal.nextDown, buffer)
                let step = Double(random.next() % 1_000_000) / 60 * 0.1
                tally.check(step, buffer)
            }
        }
        #expect(tally.mismatches == [])
        #expect(tally.checked == 2_520_000)
        #expect(tally.handled > 2_000_000)
    }

    /// Through the writer: every kind of value prints as the standard library's text (integers
    /// as integers), the handled ones and the refused ones alike.
    @Test func writerNumbersMatchTheStandardLibrary() {
        var random = SplitMix64(seed: 0xD0C)
        for _ in 0..<20_000 {
            let x = Double(bitPattern: random.next())
            guard x.isFinite else { continue }
            var writer = JSONWriter()
            writer.value(x)
            let text = String(decoding: writer.bytes, as: UTF8.self)
            let expected = x.magnitude <= 0x1p53 && x == x.rounded(.towardZero) ? String(Int(x)) : x.description
            #expect(text == expected)
        }
    }

    /// The scaling constants: g for 10^−k is just above 10^−k·2^(125−⌊log₂ 10^−k⌋), and the
    /// logarithm approximations agree with exact comparisons of powers over the whole range used.
    @Test func tablesAndLogarithms() {
        for (e, g) in ShortestDecimal.powers.enumerated() {
            var power: UInt128 = 1
            for _ in 0..<e { power *= 10 }
            let value = UInt128(g.g1) << 63 | UInt128(g.g0)
            #expect(value >> 125 == 1, "g between 2^125 and 2^126")
            let shift = 125 - (127 - power.leadingZeroBitCount)
            #expect(value == power << shift + 1)
            #expect((e * 913_124_641_741) >> 38 == 127 - power.leadingZeroBitCount, "⌊log₂ 10^\(e)⌋")
        }
        for q in -80..<0 {
            // ⌊log₁₀ 2^q⌋: 10^k ≤ 2^q < 10^(k+1), compared as 2^−q·10^k ≤ 1 < 2^−q·10^(k+1) with integers.
            let k = (q * 661_971_961_083) >> 41
            var power: UInt128 = 1
            for _ in 0 ..< -k { power *= 10 }
            let two = UInt128(1) << -q
            #expect(power >= two && power < two * 10, "q \(q)")
            let threeQuarters = (q * 661_971_961_083 - 274_743_187_321) >> 41
            var quarterPower: UInt128 = 1
            for _ in 0 ..< -threeQuarters { quarterPower *= 10 }
            // 10^kk ≤ ¾·2^q < 10^(kk+1)  ⇔  4·2^−q ≤ 3·10^−kk < 40·2^−q
            #expect(3 * quarterPower >= 4 * two && 3 * quarterPower < 40 * two, "q \(q)")
        }
    }
}
