import JSON

/// One logfmt record (`level=info msg=request method=GET ...`), the one way every module writes a log
/// line: values are quoted (as JSON strings) only when they must be, so lines stay easy to grep and
/// to parse, and a value holding a quote or a newline never breaks its line. Built as bytes in one buffer (every request writes
/// one): its own, turned into text once, or an event loop's batch of lines (`after:`, `ended()`),
/// written in place.
public struct LogLine: CustomStringConvertible, Sendable {
    private var bytes: [UInt8]
    /// Where this line starts in `bytes`: after the lines it was written behind.
    public let start: Int

    public var description: String { String(decoding: bytes[start...], as: UTF8.self) }

    public init(level: String, _ message: String) {
        self.init(level: level, message, after: [])
    }

    /// A line written at the end of `earlier` (whole lines, each ended by a newline), in its buffer.
    public init(level: String, _ message: String, after earlier: consuming [UInt8]) {
        bytes = consume earlier // moved, so the appends below find it unique and grow it in place
        start = bytes.count
        if bytes.capacity - start < 128 { bytes.reserveCapacity(start + 128) }
        append("level=")
        bytes.append(contentsOf: level.utf8)
        append(" msg=")
        appendValue(message)
    }

    /// The earlier lines and this one, ended by a newline.
    public consuming func ended() -> [UInt8] {
        bytes.append(.lf)
        return bytes
    }

    // String and Substring, not `some StringProtocol`: a generic across the module boundary would
    // run unspecialized on the request path.
    public consuming func field(_ key: StaticString, _ value: String) -> LogLine {
        appendKey(key)
        appendValue(value)
        return self
    }

    public consuming func field(_ key: StaticString, _ value: Substring) -> LogLine {
        appendKey(key)
        appendValue(value)
        return self
    }

    public consuming func field(_ key: StaticString, _ value: Int) -> LogLine {
        appendKey(key)
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        Self.appendDigits(value.magnitude, to: &bytes)
        return self
    }

    /// Seconds written as milliseconds with two decimals, without Foundation formatting.
    public consuming func field(_ key: StaticString, milliseconds seconds: Double) -> LogLine {
        appendKey(key)
        Self.appendDecimal(seconds * 1000, to: &bytes)
        return self
    }

    /// A value with two decimals ("0.05"); values out of range are clamped rather than trapping.
    static func decimal(_ value: Double) -> String {
        var text: [UInt8] = []
        appendDecimal(value, to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    private static func appendDecimal(_ value: Double, to bytes: inout [UInt8]) {
        let hundredths = UInt((min(max(value, 0), 1e12) * 100).rounded())
        appendDigits(hundredths / 100, to: &bytes)
        let fraction = UInt8(hundredths % 100)
        bytes.append(UInt8(ascii: "."))
        bytes.append(UInt8(ascii: "0") + fraction / 10)
        bytes.append(UInt8(ascii: "0") + fraction % 10)
    }

    private mutating func append(_ literal: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Keys are fixed in the source: copied straight from the binary.
    private mutating func appendKey(_ key: StaticString) {
        bytes.append(UInt8(ascii: " "))
        append(key)
        bytes.append(UInt8(ascii: "="))
    }

    private static func appendDigits(_ value: UInt, to bytes: inout [UInt8]) {
        var divisor: UInt = 1
        while divisor <= value / 10 { divisor *= 10 }
        var rest = value
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        } while divisor > 0
    }

    /// The text as it is, or quoted and escaped as a JSON string when it is empty or holds a space,
    /// `=`, a quote, a backslash or a control character.
    private mutating func appendValue(_ text: some StringProtocol) {
        // Native strings and their substrings are contiguous UTF-8: scanned and copied in place.
        if let string = text as? String {
            var string = string
            string.withUTF8 { appendValue(utf8: $0) }
        } else if let substring = text as? Substring {
            var substring = substring
            substring.withUTF8 { appendValue(utf8: $0) }
        } else {
            var copy = String(text)
            copy.withUTF8 { appendValue(utf8: $0) }
        }
    }

    private mutating func appendValue(utf8 text: UnsafeBufferPointer<UInt8>) {
        if text.isEmpty || Self.anyNeedsQuotes(text) {
            bytes.append(contentsOf: JSON.string(String(decoding: text, as: UTF8.self)).description.utf8)
        } else {
            bytes.append(contentsOf: text)
        }
    }

    /// Whether `text` holds a byte logfmt must quote (a space or control byte, `=`, `"`, a backslash,
    /// DEL): a request's path is most of the line, so it is looked at eight bytes at a time.
    static func anyNeedsQuotes(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        ByteScan.contains(text, below: 0x21, orAnyOf: UInt8(ascii: "="), UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x7F)
    }
}
