/// Byte classes of RFC 9110 §5.6 and RFC 3986, shared by every part of the parser.
public enum HTTPSyntax {
    /// tchar: the characters of methods, field names, transfer codings and chunk extensions.
    public static func isTokenByte(_ byte: UInt8) -> Bool {
        // tchar of RFC 9110 §5.6.2 (letters, digits, !#$%&'*+-.^_`|~) as one bit per ASCII byte:
        // every byte of every header name passes here.
        inMask(byte, low: 0x03FF_6CFA_0000_0000, high: 0x57FF_FFFF_C7FF_FFFE)
    }

    public static func isToken(_ bytes: some Collection<UInt8>) -> Bool {
        !bytes.isEmpty && bytes.allSatisfy(isTokenByte)
    }

    static func isToken(_ bytes: Span<UInt8>) -> Bool {
        !bytes.isEmpty && bytes.allSatisfy(isTokenByte)
    }

    /// An ASCII letter in lower case; every other byte as it is.
    @inline(__always)
    public static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }

    /// SP or HTAB (OWS/BWS).
    public static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == .space || byte == .tab
    }

    /// field-vchar, SP or HTAB: what a field value may contain (obs-text included, controls not).
    public static func isFieldValueByte(_ byte: UInt8) -> Bool {
        byte == .tab || (byte >= 0x20 && byte != 0x7F)
    }

    /// The value of a hex digit, or nil.
    public static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0") ... UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a") ... UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A") ... UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
        default: nil
        }
    }

    /// RFC 3986 pchar and query characters other than pct-encoded: unreserved, sub-delims, ":", "@", "/", "?".
    public static func isTargetByte(_ byte: UInt8) -> Bool {
        // As bits (one per ASCII byte): every byte of every target passes here.
        inMask(byte, low: 0xAFFF_FFD2_0000_0000, high: 0x47FF_FFFE_87FF_FFFF)
    }

    /// Whether `byte` is ASCII and its bit is set in `low` (bytes 0–63) or `high` (64–127).
    @inline(__always)
    private static func inMask(_ byte: UInt8, low: UInt64, high: UInt64) -> Bool {
        byte < 64 ? (low >> UInt64(byte)) & 1 == 1 : byte < 128 ? (high >> UInt64(byte &- 64)) & 1 == 1 : false
    }
}

extension UInt8 {
    public static let cr = UInt8(ascii: "\r")
    public static let lf = UInt8(ascii: "\n")
    public static let space = UInt8(ascii: " ")
    public static let tab = UInt8(ascii: "\t")
    public static let colon = UInt8(ascii: ":")
    public static let semicolon = UInt8(ascii: ";")
    public static let equals = UInt8(ascii: "=")
    public static let quote = UInt8(ascii: "\"")
    public static let backslash = UInt8(ascii: "\\")
    public static let slash = UInt8(ascii: "/")
    public static let percent = UInt8(ascii: "%")
    public static let question = UInt8(ascii: "?")
}
