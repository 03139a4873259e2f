/// Writes compact JSON straight into a byte buffer, for responses and animation frames.
///
/// The writer inserts every comma and colon itself, so a caller cannot produce invalid JSON by
/// forgetting one. Structural misuse (a value in an object without a key, a key in an array,
/// unbalanced `end…` calls, two top-level values) is a programmer error caught by `assert`.
/// Numbers are written deterministically: see `value(_: Double)`.
public struct JSONWriter: Sendable {
    /// The buffer plus the `TextOutputStream` hook that lets `Double` print into it directly.
    private var sink: ByteSink
    /// One entry per open container: true for an object, false for an array.
    private var openContainers: [Bool] = []
    /// Whether the next value or key is preceded by a comma.
    private var needsComma = false
    /// Whether a key was just written, so a value must follow.
    private var afterKey = false

    /// The JSON text written so far.
    public var bytes: [UInt8] { sink.bytes }

    public init(reservingCapacity capacity: Int = 1024) {
        sink = ByteSink()
        sink.bytes.reserveCapacity(capacity)
    }

    /// Whether the writer holds one complete top-level value.
    public var isComplete: Bool { openContainers.isEmpty && needsComma }

    public mutating func beginObject() { open(JSONByte.openBrace, isObject: true) }
    public mutating func endObject() { close(JSONByte.closeBrace, isObject: true) }
    public mutating func beginArray() { open(JSONByte.openBracket, isObject: false) }
    public mutating func endArray() { close(JSONByte.closeBracket, isObject: false) }

    /// Writes an object member's key; the next call writes its value.
    public mutating func key(_ key: String) {
        assert(openContainers.last == true && !afterKey, "a key belongs in an object, before a value")
        if needsComma { sink.bytes.append(JSONByte.comma) }
        appendQuoted(key)
        sink.bytes.append(JSONByte.colon)
        needsComma = false
        afterKey = true
    }

    public mutating func value(_ string: String) {
        beginValue()
        appendQuoted(string)
    }

    /// Integral values of magnitude up to 2^53 print as integers (`51`, `-3`, and `0` for -0.0);
    /// other finite values print as Swift's shortest round-trip form (`0.1`, `1e-07`, `1e+16`).
    /// A non-finite value has no JSON form: it is a programmer error and is written as `null`.
    public mutating func value(_ number: Double) {
        beginValue()
        appendNumber(number)
    }

    public mutating func value(_ number: Int) {
        beginValue()
        appendInteger(number)
    }

    public mutating func value(_ bool: Bool) {
        beginValue()
        appendLiteral(bool ? "true" : "false")
    }

    public mutating func null() {
        beginValue()
        appendLiteral("null")
    }

    /// `key(key)` then `value(value)`, for the common one-line member.
    public mutating func member(_ key: String, _ value: String) {
        self.key(key)
        self.value(value)
    }

    public mutating func member(_ key: String, _ value: Double) {
        self.key(key)
        self.value(value)
    }

    public mutating func member(_ key: String, _ value: Int) {
        self.key(key)
        self.value(value)
    }

    public mutating func member(_ key: String, _ value: Bool) {
        self.key(key)
        self.value(value)
    }

    public mutating func member(_ key: String, _ value: JSON) {
        self.key(key)
        self.value(value)
    }

    private mutating func open(_ bracket: UInt8, isObject: Bool) {
        beginValue()
        sink.bytes.append(bracket)
        openContainers.append(isObject)
        needsComma = false
    }

    private mutating func close(_ bracket: UInt8, isObject: Bool) {
        assert(openContainers.last == isObject && !afterKey, "an end call that does not match the open container, or follows a key")
        openContainers.removeLast()
        sink.bytes.append(bracket)
        needsComma = true
    }

    /// Writes the separator a value needs; whatever follows it is a value, so the next one
    /// needs a comma (containers reset that for their first element).
    @inline(__always)
    private mutating func beginValue() {
        assert(openContainers.last == true ? afterKey : !(openContainers.isEmpty && needsComma),
               "a value in an object needs a key first; a JSON text has one top-level value")
        if needsComma { sink.bytes.append(JSONByte.comma) }
        needsComma = true
        afterKey = false
    }

    private mutating func appendLiteral(_ literal: StaticString) {
        sink.bytes.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }
}

extension JSONWriter {
    /// Appends `string` in quotes, escaping `"`, `\` and the control characters (as `\n`, `\t`,
    /// `\r`, `\b`, `\f`, or `\u00XX` in lowercase hex). Everything else is copied as UTF-8.
    private mutating func appendQuoted(_ string: String) {
        sink.bytes.append(JSONByte.quote)
        var string = string
        string.withUTF8 { utf8 in appendEscaped(utf8) }
        sink.bytes.append(JSONByte.quote)
    }

    private mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        var runStart = 0
        for position in utf8.indices {
            let byte = utf8[position]
            guard byte < 0x20 || byte == JSONByte.quote || byte == JSONByte.backslash else { continue }
            sink.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart ..< position]))
            appendEscape(for: byte)
            runStart = position + 1
        }
        sink.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
    }

    private mutating func appendEscape(for byte: UInt8) {
        sink.bytes.append(JSONByte.backslash)
        switch byte {
        case JSONByte.quote, JSONByte.backslash: sink.bytes.append(byte)
        case 0x08: sink.bytes.append(UInt8(ascii: "b"))
        case 0x0C: sink.bytes.append(UInt8(ascii: "f"))
        case JSONByte.lineFeed: sink.bytes.append(UInt8(ascii: "n"))
        case JSONByte.carriageReturn: sink.bytes.append(UInt8(ascii: "r"))
        case JSONByte.tab: sink.bytes.append(UInt8(ascii: "t"))
        default:
            let hexDigits: StaticString = "0123456789abcdef"
            appendLiteral("u00")
            sink.bytes.append(hexDigits.utf8Start[Int(byte >> 4)])
            sink.bytes.append(hexDigits.utf8Start[Int(byte & 0xF)])
        }
    }

    private mutating func appendNumber(_ number: Double) {
        if number.magnitude <= 0x1p53 {
            let integer = Int(number)
            if Double(integer) == number {
                appendInteger(integer)
            } else {
                number.write(to: &sink)
            }
        } else if number.isFinite {
            number.write(to: &sink)
        } else {
            appendLiteral("null")
        }
    }

    private mutating func appendInteger(_ integer: Int) {
        if integer < 0 { sink.bytes.append(JSONByte.minus) }
        var magnitude = integer.magnitude
        if magnitude < 10 {
            sink.bytes.append(JSONByte.zero + UInt8(magnitude))
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = digits.count
            repeat {
                start -= 1
                digits[start] = JSONByte.zero + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            sink.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }
}

/// A `TextOutputStream` over the writer's buffer. `Double.write(to:)` formats into a stack
/// buffer and hands the ASCII bytes to `_writeASCII`, so numbers cost no `String` allocation;
/// should a future standard library call `write(_:)` instead, the output is the same.
private struct ByteSink: TextOutputStream, Sendable {
    var bytes: [UInt8] = []

    mutating func write(_ string: String) {
        bytes.append(contentsOf: string.utf8)
    }

    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: buffer)
    }
}
