#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension JSONReader {
    /// Parses the number at `offset`: the RFC 8259 grammar checked by hand, then converted exactly.
    ///
    /// Most API numbers (up to 19 significant digits, mantissa ≤ 2^53, decimal exponent within
    /// ±22) take Clinger's fast path: one correctly rounded IEEE multiply or divide of two exact
    /// values. Everything else goes to the C library's correctly rounded `strtod` (the process
    /// never calls `setlocale`, so the decimal point is '.').
    mutating func parseNumber() throws(JSONParseError) -> Double {
        let start = offset
        var digits = DecimalDigits()
        let negative = bytes[offset] == JSONByte.minus
        if negative {
            offset += 1
            if startsWith("Infinity") { throw JSONParseError(.nonFiniteNumber, at: start) }
        }
        // Integer part: 0, or a non-zero digit followed by digits.
        guard let first = byte(at: offset), isDigit(first) else { throw JSONParseError(.invalidNumber, at: offset) }
        if first == JSONByte.zero {
            offset += 1
            if let next = byte(at: offset), isDigit(next) { throw JSONParseError(.leadingZeros, at: start) }
        } else {
            consumeDigits(into: &digits, fractional: false)
        }
        if byte(at: offset) == JSONByte.dot {
            offset += 1
            guard let next = byte(at: offset), isDigit(next) else { throw JSONParseError(.invalidNumber, at: offset) }
            consumeDigits(into: &digits, fractional: true)
        }
        if let marker = byte(at: offset), marker | 0x20 == UInt8(ascii: "e") {
            offset += 1
            var exponentNegative = false
            if let sign = byte(at: offset), sign == JSONByte.plus || sign == JSONByte.minus {
                exponentNegative = sign == JSONByte.minus
                offset += 1
            }
            guard let next = byte(at: offset), isDigit(next) else { throw JSONParseError(.invalidNumber, at: offset) }
            var exponent = 0
            while let digit = byte(at: offset), isDigit(digit) {
                exponent = exponent * 10 + Int(digit - JSONByte.zero)
                if exponent > DecimalDigits.exponentLimit {
                    // Beyond any double: only strtod, which reads the text itself, can judge it.
                    exponent = DecimalDigits.exponentLimit
                    digits.slowPathOnly = true
                }
                offset += 1
            }
            digits.exponent += exponentNegative ? -exponent : exponent
        }
        let magnitude: Double
        if let exact = digits.fastValue {
            magnitude = exact
        } else {
            magnitude = try convertWithStrtod(start ..< offset)
        }
        return negative ? -magnitude : magnitude
    }

    @inline(__always)
    private func isDigit(_ byte: UInt8) -> Bool {
        byte &- JSONByte.zero < 10
    }

    private mutating func consumeDigits(into digits: inout DecimalDigits, fractional: Bool) {
        while offset < count {
            let digit = bytes[offset] &- JSONByte.zero
            guard digit < 10 else { return }
            digits.append(digit, fractional: fractional)
            offset += 1
        }
    }

    /// Converts the validated number text in `range` (including its sign) with `strtod`.
    private func convertWithStrtod(_ range: Range<Int>) throws(JSONParseError) -> Double {
        let value = bytes.withCString(range) { strtod($0, nil) }
        guard value.isFinite else { throw JSONParseError(.numberOutOfRange, at: range.lowerBound) }
        return value.magnitude
    }
}

/// The significant digits of a number as they are read, for the exact fast path.
struct DecimalDigits {
    var mantissa: UInt64 = 0
    var digitCount = 0
    var exponent = 0
    /// Set when a non-zero digit did not fit in 19 digits or the exponent was clamped.
    var slowPathOnly = false

    static let exponentLimit = 1_000_000

    @inline(__always)
    mutating func append(_ digit: UInt8, fractional: Bool) {
        if digitCount < 19 {
            mantissa = mantissa &* 10 &+ UInt64(digit)
            if mantissa != 0 { digitCount += 1 }
            if fractional { exponent -= 1 }
        } else {
            if digit != 0 { slowPathOnly = true }
            if !fractional { exponent += 1 }
        }
    }

    /// The exact value when both the mantissa and the power of ten are exact doubles.
    var fastValue: Double? {
        guard !slowPathOnly else { return nil }
        if mantissa == 0 { return 0 }
        guard mantissa <= 1 << 53, (-22...22).contains(exponent) else { return nil }
        let scale = Self.powersOfTen[abs(exponent)]
        return exponent < 0 ? Double(mantissa) / scale : Double(mantissa) * scale
    }

    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]
}
