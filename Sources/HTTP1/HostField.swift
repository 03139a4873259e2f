/// The syntax of a `Host` field value (RFC 9110 §7.2: `uri-host [ ":" port ]`, with `host` and
/// `port` as RFC 3986 §3.2.2–3.2.3 define them). A value outside it is refused, as RFC 9112 §3.2
/// requires (400 `invalid_host`): nothing here routes by host, but a proxy or a log in front may,
/// and a value two parties read differently is how requests get past one of them.
///
/// An empty value is valid: a reg-name may be empty, and RFC 9112 §3.2 asks a client whose target
/// has no authority to send exactly that. The port is `*DIGIT`, so `host:` is valid too.
public enum HostField {
    public static func isValid(_ value: String) -> Bool {
        // Every request has one: checked in place, without a copy of its bytes.
        isValid(value.utf8.span)
    }

    static func isValid(_ bytes: Span<UInt8>) -> Bool {
        var rest: Range<Int>
        if !bytes.isEmpty, bytes[0] == UInt8(ascii: "[") {
            guard let close = bytes.firstIndex(of: UInt8(ascii: "]")), isIPLiteral(bytes, 1 ..< close) else { return false }
            rest = close + 1 ..< bytes.count
        } else {
            let end = bytes.firstIndex(of: UInt8(ascii: ":")) ?? bytes.count
            guard isRegName(bytes, 0 ..< end) else { return false }
            rest = end ..< bytes.count
        }
        // What follows the host: nothing, or ":" and digits.
        guard let colon = rest.first else { return true }
        rest = rest.dropFirst()
        return bytes[colon] == UInt8(ascii: ":") && rest.allSatisfy { isDigit(bytes[$0]) }
    }

    /// `reg-name = *( unreserved / pct-encoded / sub-delims )`; an IPv4 address is one too.
    static func isRegName(_ bytes: Span<UInt8>, _ range: Range<Int>) -> Bool {
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < range.upperBound, isHexDigit(bytes[index + 1]), isHexDigit(bytes[index + 2]) else { return false }
                index += 3
                continue
            }
            guard isUnreserved(byte) || isSubDelimiter(byte) else { return false }
            index += 1
        }
        return true
    }

    /// What is between the brackets: an IPv6 address, or
    /// `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )`.
    static func isIPLiteral(_ bytes: Span<UInt8>, _ range: Range<Int>) -> Bool {
        guard let first = range.first, bytes[first] | 0x20 == UInt8(ascii: "v") else { return isIPv6(bytes, range) }
        let version = range.dropFirst()
        guard let dot = version.first(where: { bytes[$0] == UInt8(ascii: ".") }), dot > version.lowerBound,
              (version.lowerBound ..< dot).allSatisfy({ isHexDigit(bytes[$0]) }) else { return false }
        let tail = dot + 1 ..< range.upperBound
        return !tail.isEmpty && tail.allSatisfy { isUnreserved(bytes[$0]) || isSubDelimiter(bytes[$0]) || bytes[$0] == UInt8(ascii: ":") }
    }

    /// RFC 3986's `IPv6address`: eight groups of 1–4 hex digits, the last two of which may be an
    /// IPv4 address, with at most one `::` standing for one or more groups of zeros.
    static func isIPv6(_ text: Span<UInt8>, _ range: Range<Int>) -> Bool {
        // The text before and after "::" (at most one), each then split at ":".
        var halves: [[UInt8]] = [[], []]
        var elided = false
        var index = range.lowerBound
        while index < range.upperBound {
            if text[index] == UInt8(ascii: ":"), index + 1 < range.upperBound, text[index + 1] == UInt8(ascii: ":") {
                guard !elided else { return false }
                elided = true
                index += 2
                continue
            }
            halves[elided ? 1 : 0].append(text[index])
            index += 1
        }
        var groups = 0
        for (side, half) in halves.enumerated() where !half.isEmpty {
            let pieces = half.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
            for (position, piece) in pieces.enumerated() {
                // Only the address's last piece may be an IPv4 address (two groups' worth).
                let isLast = position == pieces.count - 1 && (side == 1 || !elided)
                if isLast, piece.contains(UInt8(ascii: ".")) {
                    guard isIPv4(piece) else { return false }
                    groups += 2
                } else {
                    guard (1 ... 4).contains(piece.count), piece.allSatisfy(isHexDigit) else { return false }
                    groups += 1
                }
            }
        }
        return elided ? groups <= 7 : groups == 8
    }

    /// `IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet` (0–255, no leading zeros).
    static func isIPv4(_ bytes: ArraySlice<UInt8>) -> Bool {
        let octets = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        return octets.count == 4 && octets.allSatisfy { octet in
            guard (1 ... 3).contains(octet.count), octet.allSatisfy(isDigit),
                  octet.count == 1 || octet.first != UInt8(ascii: "0") else { return false }
            return octet.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) } <= 255
        }
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    static func isLetter(_ byte: UInt8) -> Bool { byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z") }

    static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "f"))
    }

    /// `unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"`
    static func isUnreserved(_ byte: UInt8) -> Bool {
        isDigit(byte) || isLetter(byte)
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
    }

    /// `sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="`
    static func isSubDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"),
             UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="):
            true
        default:
            false
        }
    }
}
