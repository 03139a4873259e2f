/// Plain decimal numerals for CSS and SVG (`35.5`, `-0.0125`, `779`): at most `decimals`
/// fraction digits, trailing zeros dropped, never an exponent for the magnitudes the exports
/// meet. Also gives the value a reader of the text gets back, so exporters can check the
/// rounding they write.
enum DecimalText {
    /// The text for `value` with at most `decimals` (0…15) fraction digits, and its value.
    static func rounded(_ value: Double, decimals: Int) -> (text: String, value: Double) {
        precondition((0...15).contains(decimals), "decimals must lie in 0…15")
        guard value.isFinite else { return ("0", 0) }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (value * scale).rounded()
        // Beyond 2^53 the integer digits are no longer exact; Swift's shortest form is.
        guard scaled.magnitude < 0x1p53 else { return (String(describing: value), value) }
        let integer = Int(scaled)
        if integer == 0 { return ("0", 0) }
        var digits = String(integer.magnitude)
        if decimals > 0 {
            if digits.count <= decimals { digits = String(repeating: "0", count: decimals - digits.count + 1) + digits }
            digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -decimals))
            while digits.last == "0" { digits.removeLast() }
            if digits.last == "." { digits.removeLast() }
        }
        return ((integer < 0 ? "-" : "") + digits, scaled / scale)
    }

    static func text(_ value: Double, decimals: Int) -> String {
        rounded(value, decimals: decimals).text
    }
}
