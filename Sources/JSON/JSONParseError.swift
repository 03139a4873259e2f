/// Why a body is not acceptable JSON: a stable `reason` for machines, the byte `offset` where the
/// problem was found, and a short English `message` for the problem's `detail`.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Stable, snake_case identifiers: safe to log, match on and document.
    public enum Reason: String, Sendable, CaseIterable {
        case unexpectedCharacter = "unexpected_character"
        case unexpectedEnd = "unexpected_end"
        case unterminatedString = "unterminated_string"
        case invalidEscape = "invalid_escape"
        case invalidUTF8 = "invalid_utf8"
        case loneSurrogate = "lone_surrogate"
        case controlCharacter = "control_character"
        case trailingCharacters = "trailing_characters"
        case tooDeep = "too_deep"
        case invalidNumber = "invalid_number"
        case leadingZeros = "leading_zeros"
        case numberOutOfRange = "number_out_of_range"
        case nonFiniteNumber = "non_finite_number"
        case duplicateKey = "duplicate_key"
    }

    public let reason: Reason
    /// Zero-based offset of the offending byte (for an unterminated string, its opening quote).
    public let offset: Int
    /// For example "unexpected character 'x' at byte 12".
    public let message: String

    /// `subject` completes the message for the reasons that name something: the unexpected
    /// character, the control character, the depth limit or the duplicate key.
    init(_ reason: Reason, at offset: Int, subject: String = "") {
        self.reason = reason
        self.offset = offset
        self.message = "\(Self.phrase(for: reason, subject: subject)) at byte \(offset)"
    }

    public var description: String { message }

    private static func phrase(for reason: Reason, subject: String) -> String {
        switch reason {
        case .unexpectedCharacter: "unexpected \(subject)"
        case .unexpectedEnd: "unexpected end of input"
        case .unterminatedString: "unterminated string starting"
        case .invalidEscape: "invalid escape"
        case .invalidUTF8: "invalid UTF-8"
        case .loneSurrogate: "lone surrogate"
        case .controlCharacter: "unescaped control character \(subject) in string"
        case .trailingCharacters: "trailing characters after the JSON value"
        case .tooDeep: "nesting deeper than \(subject)"
        case .invalidNumber: "invalid number, expected a digit"
        case .leadingZeros: "leading zeros in number"
        case .numberOutOfRange: "number out of range"
        case .nonFiniteNumber: "NaN and Infinity are not JSON numbers"
        case .duplicateKey: "duplicate key \(subject)"
        }
    }
}

extension JSONParseError {
    /// An unexpected byte, or the end of the input when `byte` is nil.
    static func unexpected(_ byte: UInt8?, at offset: Int) -> JSONParseError {
        guard let byte else { return JSONParseError(.unexpectedEnd, at: offset) }
        let shown = (0x21...0x7E).contains(byte) ? "character '\(Character(Unicode.Scalar(byte)))'" : "byte \(hex(byte))"
        return JSONParseError(.unexpectedCharacter, at: offset, subject: shown)
    }

    static func controlCharacter(_ byte: UInt8, at offset: Int) -> JSONParseError {
        JSONParseError(.controlCharacter, at: offset, subject: hex(byte))
    }

    /// The key is shown JSON-escaped and shortened, so a hostile key cannot forge log lines.
    static func duplicateKey(_ key: String, at offset: Int) -> JSONParseError {
        let limit = 64
        let shown = key.unicodeScalars.count > limit ? String(key.unicodeScalars.prefix(limit)) + "…" : key
        var writer = JSONWriter(reservingCapacity: shown.utf8.count + 2)
        writer.value(shown)
        return JSONParseError(.duplicateKey, at: offset, subject: String(decoding: writer.bytes, as: UTF8.self))
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "0x\(digits[Int(byte >> 4)])\(digits[Int(byte & 0xF)])"
    }
}
