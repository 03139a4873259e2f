import Routes

/// One logfmt record (`level=info msg=request method=GET ...`): values are quoted only when they must
/// be, so lines stay easy to grep and to parse.
struct LogLine: CustomStringConvertible {
    private(set) var description: String

    init(level: String, _ message: String) {
        description = "level=\(level) msg=\(Self.value(message))"
    }

    consuming func field(_ key: String, _ value: String) -> LogLine {
        description += " \(key)=\(Self.value(value))"
        return self
    }

    consuming func field(_ key: String, _ value: Int) -> LogLine {
        description += " \(key)=\(value)"
        return self
    }

    /// Seconds written as milliseconds with two decimals, without Foundation formatting.
    consuming func field(_ key: String, milliseconds seconds: Double) -> LogLine {
        description += " \(key)=\(Self.decimal(seconds * 1000))"
        return self
    }

    /// A value with two decimals ("0.05"); values out of range are clamped rather than trapping.
    static func decimal(_ value: Double) -> String {
        let hundredths = Int((min(max(value, 0), 1e12) * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    private static func value(_ text: String) -> String {
        let needsQuotes = text.isEmpty || text.unicodeScalars.contains {
            $0 == " " || $0 == "=" || $0 == "\"" || $0 == "\\" || $0.value < 0x20 || $0.value == 0x7F
        }
        return needsQuotes ? JSON.string(text).description : text
    }
}
