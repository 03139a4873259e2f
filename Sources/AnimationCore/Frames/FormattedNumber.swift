/// A number shown as text (`format(x, decimals)` in an expression): fixed decimals, a "-" for
/// negatives, no grouping, no locale. A string value is otherwise an index into a table of texts
/// (0 or more); a formatted number travels in the same one value as a negative code holding the
/// rounded digits, the sign and the decimals, so frames stay flat doubles and a text is made only
/// when a frame is written. Pure: the same value and decimals give the same text everywhere.
public enum FormattedNumber {
    /// The most decimals `format` takes.
    public static let maximumDecimals = 6
    /// The magnitude of x·10^decimals from which a number is shown as an infinity: the code must
    /// stay an exact integer below 2^53.
    public static let limit = 1e14
    /// Room enough for any text `text(code:)` makes: a sign, 14 digits, a point, a leading zero.
    public static let longestText = 18

    /// The code of `x` rounded to `decimals` (0…6) places, half away from zero as Swift's
    /// `rounded()` does on x·10^decimals; NaN and the infinities (and past `limit`) get their own.
    @inline(__always)
    public static func code(_ x: Double, decimals: Int) -> Double {
        var scale = 1.0
        for _ in 0 ..< decimals { scale *= 10 }
        let n = (x * scale).rounded()
        guard n.magnitude < limit else { return special(x.isNaN ? 0 : (x > 0 ? 1 : 2)) }
        // n < 0 is false for −0: a negative value that rounds to zero shows as "0".
        return -(((n.magnitude * 2 + (n < 0 ? 1 : 0)) * 8 + Double(decimals)) + 1)
    }

    /// NaN (0), +∞ (1), −∞ (2), in the decimals slot no count of decimals uses.
    private static func special(_ which: Double) -> Double { -((which * 8 + 7) + 1) }

    /// The text a code stands for; nil for a value that is no code (a text's index).
    public static func text(code value: Double) -> String? {
        guard value < 0 else { return nil }
        let code = -value - 1
        let decimals = Int(code.truncatingRemainder(dividingBy: 8))
        let rest = (code - Double(decimals)) / 8
        if decimals == 7 { return rest == 0 ? "NaN" : (rest == 1 ? "∞" : "-∞") }
        let negative = rest.truncatingRemainder(dividingBy: 2) == 1
        let magnitude = UInt64((rest - (negative ? 1 : 0)) / 2)
        var digits = String(magnitude)
        if decimals > 0 {
            if digits.count <= decimals { digits = String(repeating: "0", count: decimals - digits.count + 1) + digits }
            digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -decimals))
        }
        return (negative ? "-" : "") + digits
    }
}
