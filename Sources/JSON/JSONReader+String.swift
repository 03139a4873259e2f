extension JSONReader {
    /// Parses the string whose opening quote is at `offset`.
    ///
    /// The common case (ASCII without escapes) is one scan and one copy; otherwise UTF-8 is
    /// validated sequence by sequence and escapes are decoded into `scratch`.
    mutating func parseString() throws(JSONParseError) -> String {
        let quoteOffset = offset
        offset += 1
        let contentStart = offset
        while offset < count {
            let byte = bytes[offset]
            if byte == JSONByte.quote {
                let text = makeString(contentStart..<offset)
                offset += 1
                return text
            }
            if byte == JSONByte.backslash || byte < 0x20 || byte >= 0x80 { break }
            offset += 1
        }
        return try parseStringSlowly(quoteOffset: quoteOffset, contentStart: contentStart)
    }

    private mutating func parseStringSlowly(quoteOffset: Int, contentStart: Int) throws(JSONParseError) -> String {
        var hasEscapes = false
        var runStart = contentStart
        while true {
            guard let byte = byte(at: offset) else { throw JSONParseError(.unterminatedString, at: quoteOffset) }
            switch byte {
            case JSONByte.quote:
                let text: String
                if hasEscapes {
                    appendToScratch(runStart..<offset)
                    text = String(decoding: scratch, as: UTF8.self)
                } else {
                    text = makeString(contentStart..<offset)
                }
                offset += 1
                return text
            case JSONByte.backslash:
                if !hasEscapes {
                    hasEscapes = true
                    scratch.removeAll(keepingCapacity: true)
                }
                appendToScratch(runStart..<offset)
                try decodeEscape(quoteOffset: quoteOffset)
                runStart = offset
            case 0..<0x20:
                throw .controlCharacter(byte, at: offset)
            case 0x20..<0x80:
                offset += 1
            default:
                try skipUTF8Sequence()
            }
        }
    }

    /// Validated UTF-8 bytes of the input as a `String`.
    private func makeString(_ range: Range<Int>) -> String {
        bytes.string(range)
    }

    private mutating func appendToScratch(_ range: Range<Int>) {
        bytes.append(range, to: &scratch)
    }

    /// Decodes the escape whose backslash is at `offset` into `scratch`.
    private mutating func decodeEscape(quoteOffset: Int) throws(JSONParseError) {
        let escapeOffset = offset
        guard let letter = byte(at: offset + 1) else { throw JSONParseError(.unterminatedString, at: quoteOffset) }
        offset += 2
        switch letter {
        case JSONByte.quote, JSONByte.backslash, JSONByte.slash: scratch.append(letter)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            let unit = try readHexQuad(escapeOffset: escapeOffset, quoteOffset: quoteOffset)
            try appendCodeUnit(unit, escapeOffset: escapeOffset, quoteOffset: quoteOffset)
        default:
            throw JSONParseError(.invalidEscape, at: escapeOffset)
        }
    }

    /// Appends the scalar a `\uXXXX` escape names, joining a surrogate pair with the escape after it.
    private mutating func appendCodeUnit(_ unit: UInt16, escapeOffset: Int, quoteOffset: Int) throws(JSONParseError) {
        var scalarValue = UInt32(unit)
        switch unit {
        case 0xDC00...0xDFFF:
            throw JSONParseError(.loneSurrogate, at: escapeOffset)
        case 0xD800...0xDBFF:
            guard byte(at: offset) == JSONByte.backslash, byte(at: offset + 1) == UInt8(ascii: "u") else {
                throw JSONParseError(.loneSurrogate, at: escapeOffset)
            }
            let lowOffset = offset
            offset += 2
            let low = try readHexQuad(escapeOffset: lowOffset, quoteOffset: quoteOffset)
            guard (0xDC00...0xDFFF).contains(low) else { throw JSONParseError(.loneSurrogate, at: escapeOffset) }
            scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
        default:
            break
        }
        // Surrogates are excluded above, so this scalar always exists.
        guard let scalar = Unicode.Scalar(scalarValue) else { throw JSONParseError(.loneSurrogate, at: escapeOffset) }
        scratch.append(contentsOf: scalar.utf8)
    }

    /// Reads the four hex digits at `offset`.
    private mutating func readHexQuad(escapeOffset: Int, quoteOffset: Int) throws(JSONParseError) -> UInt16 {
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard let digit = byte(at: offset) else { throw JSONParseError(.unterminatedString, at: quoteOffset) }
            let nibble: UInt8
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = digit - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = digit - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = digit - UInt8(ascii: "A") + 10
            default: throw JSONParseError(.invalidEscape, at: escapeOffset)
            }
            value = value << 4 | UInt16(nibble)
            offset += 1
        }
        return value
    }

    /// Steps over one well-formed multi-byte UTF-8 sequence (Unicode Table 3-7: no overlong
    /// forms, no encoded surrogates, nothing above U+10FFFF).
    private mutating func skipUTF8Sequence() throws(JSONParseError) {
        let lead = bytes[offset]
        let secondRange: ClosedRange<UInt8>
        let length: Int
        switch lead {
        case 0xC2...0xDF: (secondRange, length) = (0x80...0xBF, 2)
        case 0xE0: (secondRange, length) = (0xA0...0xBF, 3)
        case 0xE1...0xEC, 0xEE...0xEF: (secondRange, length) = (0x80...0xBF, 3)
        case 0xED: (secondRange, length) = (0x80...0x9F, 3)
        case 0xF0: (secondRange, length) = (0x90...0xBF, 4)
        case 0xF1...0xF3: (secondRange, length) = (0x80...0xBF, 4)
        case 0xF4: (secondRange, length) = (0x80...0x8F, 4)
        default: throw JSONParseError(.invalidUTF8, at: offset)
        }
        guard let second = byte(at: offset + 1), secondRange.contains(second) else { throw JSONParseError(.invalidUTF8, at: offset) }
        for position in offset + 2 ..< offset + length {
            guard let continuation = byte(at: position), continuation & 0xC0 == 0x80 else {
                throw JSONParseError(.invalidUTF8, at: offset)
            }
        }
        offset += length
    }
}
