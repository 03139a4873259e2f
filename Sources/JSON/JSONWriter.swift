/// Writes compact JSON straight into a byte buffer, for responses and animation frames.
///
/// The writer inserts every comma and colon itself, so a caller cannot produce invalid JSON by
/// forgetting one. Structural misuse (a value in an object without a key, a key in an array,
/// unbalanced `end…` calls, two top-level values) is a programmer error caught by `assert`.
/// Numbers are written deterministically: see `value(_: Double)`.
///
/// The bytes live in a copy-on-write buffer of its own rather than a `[UInt8]`: a frames
/// response is thousands of small appends, and checking uniqueness once per call instead of
/// once per byte run is what keeps the encoder ahead of the sampling it serves.
///
/// Routes writes every answer and frame through it from another module, so the calls a frame
/// makes are `@inlinable` (with what they reach `@usableFromInline`): compiled into the caller as
/// they were when the writer lived in Routes.
///
/// This file is the write side's raw memory: `JSONBytes` (at the end) allocates, owns and frees
/// the output, and the writer stores into it by pointer once it has reserved room for a whole run
/// (a literal, a number's `numberRoom`, a quoted string), with no bounds check or regrowth per
/// byte. No pointer into it outlives the append that computed it: the next reservation may move
/// the storage.
public struct JSONWriter: Sendable {
    @usableFromInline var storage: JSONBytes
    /// One entry per open container: true for an object, false for an array.
    @usableFromInline var openContainers = ContainerStack()
    /// Whether the next value or key is preceded by a comma.
    @usableFromInline var needsComma = false
    /// Whether a key was just written, so a value must follow.
    @usableFromInline var afterKey = false

    /// The JSON text written so far (a copy, with room for one more byte, so a caller can end it
    /// with a newline without copying it again).
    public var bytes: [UInt8] { storage.array() }

    public init(reservingCapacity capacity: Int = 1024) {
        storage = JSONBytes(capacity: capacity)
    }

    /// How many bytes are written so far.
    @inlinable public var count: Int { storage.count }

    /// Makes room for at least `capacity` bytes in all, so the writes up to it never move the
    /// bytes (a frames window reserves from its first frame's size).
    @inlinable public mutating func reserveCapacity(_ capacity: Int) {
        unique().reserve(capacity)
    }

    /// Whether the writer holds one complete top-level value.
    public var isComplete: Bool { openContainers.isEmpty && needsComma }

    @inlinable public mutating func beginObject() { open(JSONByte.openBrace, isObject: true) }
    @inlinable public mutating func endObject() { close(JSONByte.closeBrace, isObject: true) }
    @inlinable public mutating func beginArray() { open(JSONByte.openBracket, isObject: false) }
    @inlinable public mutating func endArray() { close(JSONByte.closeBracket, isObject: false) }

    /// Writes an object member's key; the next call writes its value.
    @inlinable public mutating func key(_ key: String) {
        assert(openContainers.last == true && !afterKey, "a key belongs in an object, before a value")
        let out = unique()
        if needsComma { out.append(JSONByte.comma) }
        Self.appendQuoted(key, to: out)
        out.append(JSONByte.colon)
        needsComma = false
        afterKey = true
    }

    /// A key fixed in the source (the encoders' own member names): letters, digits and `_` only, so
    /// it is copied without the escaping scan. A frames window writes thousands of these.
    @inlinable public mutating func key(literal key: StaticString) {
        assert(openContainers.last == true && !afterKey, "a key belongs in an object, before a value")
        assert(UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount).allSatisfy {
            $0 == UInt8(ascii: "_") || (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0)
        }, "a literal key is letters, digits and _")
        let out = unique()
        if needsComma { out.append(JSONByte.comma) }
        out.append(JSONByte.quote)
        out.append(key)
        out.append(JSONByte.quote)
        out.append(JSONByte.colon)
        needsComma = false
        afterKey = true
    }

    @inlinable public mutating func member(literal key: StaticString, _ value: Double) {
        self.key(literal: key)
        self.value(value)
    }

    @inlinable public mutating func member(literal key: StaticString, _ value: String) {
        self.key(literal: key)
        self.value(value)
    }

    @inlinable public mutating func member(literal key: StaticString, _ value: Bool) {
        self.key(literal: key)
        self.value(value)
    }

    @inlinable public mutating func value(_ string: String) {
        let out = beginValue()
        Self.appendQuoted(string, to: out)
    }

    /// A string value given as UTF-8 bytes (escaped like any string), for text built on the stack.
    @inlinable public mutating func value(utf8 text: UnsafeBufferPointer<UInt8>) {
        let out = beginValue()
        out.append(JSONByte.quote)
        Self.appendEscaped(text, to: out)
        out.append(JSONByte.quote)
    }

    /// Integral values of magnitude up to 2^53 print as integers (`51`, `-3`, and `0` for -0.0);
    /// other finite values print as Swift's shortest round-trip form (`0.1`, `1e-07`, `1e+16`):
    /// from 1e-4 to 2^53 by `ShortestDecimal` (the same bytes, faster), elsewhere by the
    /// standard library.
    /// A non-finite value has no JSON form: it is a programmer error and is written as `null`.
    @inlinable public mutating func value(_ number: Double) {
        let out = beginValue()
        Self.appendNumber(number, to: out)
    }

    @inlinable public mutating func value(_ number: Int) {
        let out = beginValue()
        Self.appendInteger(number, to: out)
    }

    @inlinable public mutating func value(_ bool: Bool) {
        let out = beginValue()
        out.append(bool ? "true" : "false")
    }

    @inlinable public mutating func null() {
        let out = beginValue()
        out.append("null")
    }

    /// `key(key)` then `value(value)`, for the common one-line member.
    @inlinable public mutating func member(_ key: String, _ value: String) {
        self.key(key)
        self.value(value)
    }

    @inlinable public mutating func member(_ key: String, _ value: Double) {
        self.key(key)
        self.value(value)
    }

    @inlinable public mutating func member(_ key: String, _ value: Int) {
        self.key(key)
        self.value(value)
    }

    @inlinable public mutating func member(_ key: String, _ value: Bool) {
        self.key(key)
        self.value(value)
    }

    @inlinable public mutating func member(_ key: String, _ value: JSON) {
        self.key(key)
        self.value(value)
    }

    @inlinable mutating func open(_ bracket: UInt8, isObject: Bool) {
        let out = beginValue()
        out.append(bracket)
        openContainers.push(isObject)
        needsComma = false
    }

    @inlinable mutating func close(_ bracket: UInt8, isObject: Bool) {
        assert(openContainers.last == isObject && !afterKey, "an end call that does not match the open container, or follows a key")
        openContainers.pop()
        unique().append(bracket)
        needsComma = true
    }

    /// Writes the separator a value needs and returns the buffer to write the value into;
    /// whatever follows it is a value, so the next one needs a comma (containers reset that for
    /// their first element).
    @inlinable @inline(__always)
    mutating func beginValue() -> JSONBytes {
        assert(openContainers.last == true ? afterKey : !(openContainers.isEmpty && needsComma),
               "a value in an object needs a key first; a JSON text has one top-level value")
        let out = unique()
        if needsComma { out.append(JSONByte.comma) }
        needsComma = true
        afterKey = false
        return out
    }

    /// The buffer, copied first if another writer shares it (value semantics).
    @inlinable @inline(__always)
    mutating func unique() -> JSONBytes {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        return storage
    }
}

extension JSONWriter {
    /// The open containers, innermost last, as bits: a `[Bool]` cost every writer (one per
    /// response) an allocation, and two when a second level opened. Past 64 levels, an array.
    @usableFromInline struct ContainerStack: Sendable {
        /// Bit i: whether the container at depth i (from 0) is an object, for i < 64.
        @usableFromInline var bits: UInt64 = 0
        /// The containers past the 64th.
        @usableFromInline var deeper: [Bool] = []
        @usableFromInline var count = 0

        @inlinable var isEmpty: Bool { count == 0 }

        /// Whether the innermost container is an object; nil when none is open.
        @inlinable var last: Bool? {
            if count == 0 { return nil }
            if count > 64 { return deeper.last }
            return bits & (1 << UInt64(count - 1)) != 0
        }

        @inlinable mutating func push(_ isObject: Bool) {
            if count < 64 {
                let bit = UInt64(1) << UInt64(count)
                bits = isObject ? bits | bit : bits & ~bit
            } else {
                deeper.append(isObject)
            }
            count += 1
        }

        @inlinable mutating func pop() {
            precondition(count > 0, "no open container to close")
            count -= 1
            if count >= 64 { deeper.removeLast() }
        }
    }
}

extension JSONWriter {
    /// Writes one value whose bytes `body` appends itself, without the writer's per-call
    /// bookkeeping (the comma before it is the writer's; everything inside is the caller's, who
    /// must append exactly one valid JSON value). For encoders whose shape is fixed, such as a
    /// frame, where keys and punctuation are known runs of bytes.
    @inlinable @inline(__always)
    package mutating func rawValue(_ body: (inout RawJSON) -> Void) {
        var raw = RawJSON(out: beginValue())
        body(&raw)
    }
}

/// A JSON value's bytes appended straight into a `JSONWriter`'s buffer (`JSONWriter.rawValue`):
/// literal runs, numbers and strings formatted as the writer formats them, no structure checks.
@usableFromInline package struct RawJSON {
    @usableFromInline let out: JSONBytes

    @usableFromInline init(out: JSONBytes) {
        self.out = out
    }

    /// Bytes fixed in the source, punctuation included (`,"width":`).
    @inlinable @inline(__always)
    package mutating func append(_ literal: StaticString) {
        out.append(literal)
    }

    @inlinable @inline(__always)
    package mutating func append(_ byte: UInt8) {
        out.append(byte)
    }

    /// Bytes prepared earlier (a key with its quotes and colon).
    @inlinable @inline(__always)
    package mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { out.append($0) }
    }

    @inlinable @inline(__always)
    package mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        out.append(bytes)
    }

    /// A number as `JSONWriter.value(_: Double)` writes it.
    @inlinable @inline(__always)
    package mutating func number(_ number: Double) {
        JSONWriter.appendNumber(number, to: out)
    }

    /// `true` or `false`.
    @inlinable @inline(__always)
    package mutating func bool(_ bool: Bool) {
        out.append(bool ? "true" : "false")
    }

    /// A string in quotes, escaped as `JSONWriter.value(_: String)` escapes it.
    @inlinable @inline(__always)
    package mutating func string(_ string: String) {
        JSONWriter.appendQuoted(string, to: out)
    }

    /// A string given as UTF-8 bytes, in quotes and escaped.
    @inlinable @inline(__always)
    package mutating func string(utf8 text: UnsafeBufferPointer<UInt8>) {
        out.append(JSONByte.quote)
        JSONWriter.appendEscaped(text, to: out)
        out.append(JSONByte.quote)
    }

    /// Lets `body` fill exactly `length` bytes in place (`#rrggbbaa` colours, written without a copy).
    @inlinable @inline(__always)
    package mutating func write(count length: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Void) {
        out.write(count: length, body)
    }

    /// Bytes written so far by the writer this appends to.
    @inlinable package var count: Int { out.count }

    /// Lets `body` write up to `maximum` bytes through a `JSONCursor`, which checks no capacity
    /// and keeps no count per write: for a run of many small pieces whose total is bounded (a frame).
    @inlinable @inline(__always)
    package mutating func write(upTo maximum: Int, _ body: (inout JSONCursor) -> Void) {
        _ = out.write(upTo: maximum) { start in
            var cursor = JSONCursor(position: start)
            body(&cursor)
            assert(cursor.position - start <= maximum, "a cursor wrote past the room it was given")
            return cursor.position - start
        }
    }

    /// Bytes prepared once to be copied many times (a window's keys and layer heads): `body`
    /// appends them through a `RawJSON` of their own.
    package static func prepared(_ body: (inout RawJSON) -> Void) -> [UInt8] {
        var raw = RawJSON(out: JSONBytes(capacity: 512))
        body(&raw)
        return raw.out.array()
    }

    /// The bytes `string` would take in quotes and escaped, for preparing keys once.
    package static func quoted(_ string: String) -> [UInt8] {
        let out = JSONBytes(capacity: string.utf8.count + 8)
        JSONWriter.appendQuoted(string, to: out)
        return out.array()
    }
}

extension JSONWriter {
    /// Appends `string` in quotes, escaping `"`, `\` and the control characters (as `\n`, `\t`,
    /// `\r`, `\b`, `\f`, or `\u00XX` in lowercase hex). Everything else is copied as UTF-8.
    @inlinable
    static func appendQuoted(_ string: String, to out: JSONBytes) {
        var string = string
        string.withUTF8 { utf8 in
            out.append(JSONByte.quote)
            // Nearly every string (keys, names) has nothing to escape: checked eight bytes at a
            // time, then copied whole.
            if needsEscaping(utf8) { appendEscaped(utf8, to: out) } else { out.append(utf8) }
            out.append(JSONByte.quote)
        }
    }

    /// Whether a byte of `utf8` is a control character, `"` or `\`.
    @inlinable @inline(__always)
    static func needsEscaping(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        ByteScan.contains(utf8, below: 0x20, orAnyOf: JSONByte.quote, JSONByte.backslash, JSONByte.quote, JSONByte.quote)
    }

    @usableFromInline
    static func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>, to out: JSONBytes) {
        var runStart = 0
        for position in utf8.indices {
            let byte = utf8[position]
            guard byte < 0x20 || byte == JSONByte.quote || byte == JSONByte.backslash else { continue }
            out.append(UnsafeBufferPointer(rebasing: utf8[runStart ..< position]))
            appendEscape(for: byte, to: out)
            runStart = position + 1
        }
        out.append(UnsafeBufferPointer(rebasing: utf8[runStart...]))
    }

    private static func appendEscape(for byte: UInt8, to out: JSONBytes) {
        out.append(JSONByte.backslash)
        switch byte {
        case JSONByte.quote, JSONByte.backslash: out.append(byte)
        case 0x08: out.append(UInt8(ascii: "b"))
        case 0x0C: out.append(UInt8(ascii: "f"))
        case JSONByte.lineFeed: out.append(UInt8(ascii: "n"))
        case JSONByte.carriageReturn: out.append(UInt8(ascii: "r"))
        case JSONByte.tab: out.append(UInt8(ascii: "t"))
        default:
            let hexDigits: StaticString = "0123456789abcdef"
            out.append("u00")
            out.append(hexDigits.utf8Start[Int(byte >> 4)])
            out.append(hexDigits.utf8Start[Int(byte & 0xF)])
        }
    }

    @inlinable
    static func appendNumber(_ number: Double, to out: JSONBytes) {
        _ = out.write(upTo: numberRoom) { writeNumber(number, at: $0) }
    }

    /// The bytes `writeNumber` may change from its `text` on: a number's text is at most 24
    /// bytes, and `ShortestDecimal` stores whole words past it.
    @inlinable package static var numberRoom: Int { ShortestDecimal.writeRoom }

    /// Writes `number` at `text` (room for `numberRoom` bytes) as `value(_: Double)` writes it,
    /// and returns how many bytes it wrote: in place, for a writer that made room for many
    /// values at once (`JSONCursor`) as for one.
    @inlinable @inline(__always)
    static func writeNumber(_ number: Double, at text: UnsafeMutablePointer<UInt8>) -> Int {
        if number.magnitude <= 0x1p53 {
            let integer = Int(number)
            if Double(integer) == number { return writeInteger(integer, at: text) }
            if let written = ShortestDecimal.write(number, into: text) { return written }
        } else if !number.isFinite {
            UnsafeMutableRawPointer(text).storeBytes(of: UInt32(littleEndian: 0x6C6C_756E), as: UInt32.self) // null
            return 4
        }
        return writeByStandardLibrary(number, at: text)
    }

    /// The numbers `ShortestDecimal` does not cover, as Swift's `description` spells them.
    @usableFromInline
    static func writeByStandardLibrary(_ number: Double, at text: UnsafeMutablePointer<UInt8>) -> Int {
        var sink = TextSink(start: text)
        number.write(to: &sink)
        return sink.count
    }

    @inlinable
    static func appendInteger(_ integer: Int, to out: JSONBytes) {
        _ = out.write(upTo: 20) { writeInteger(integer, at: $0) }
    }

    /// Writes `integer` in decimal at `text` (room for 20 bytes) and returns how many bytes it wrote.
    @inlinable
    static func writeInteger(_ integer: Int, at text: UnsafeMutablePointer<UInt8>) -> Int {
        let sign = integer < 0 ? 1 : 0
        text[0] = JSONByte.minus
        var magnitude = integer.magnitude
        if magnitude < 10 {
            text[sign] = JSONByte.zero + UInt8(magnitude)
            return sign + 1
        }
        var digits = 1
        var scale: UInt = 10
        while digits < 20 && magnitude >= scale {
            digits += 1
            if scale > UInt.max / 10 { break }
            scale *= 10
        }
        var position = sign + digits
        repeat {
            position -= 1
            text[position] = JSONByte.zero + UInt8(magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
        return sign + digits
    }

    /// `Double.write(to:)` formats into a stack buffer and hands the ASCII bytes to
    /// `_writeASCII`, so numbers cost no `String` allocation; should a future standard library
    /// call `write(_:)` instead, the output is the same. Written in place, at most 24 bytes.
    private struct TextSink: TextOutputStream {
        let start: UnsafeMutablePointer<UInt8>
        var count = 0

        mutating func write(_ string: String) {
            var string = string
            string.withUTF8 { _writeASCII($0) }
        }

        mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
            guard let source = buffer.baseAddress else { return }
            (start + count).update(from: source, count: buffer.count)
            count += buffer.count
        }
    }
}

/// Writes at a position in a buffer that has room for all it writes (`RawJSON.write(upTo:)`):
/// no capacity check and no count per write, the small pieces copied as words.
@usableFromInline package struct JSONCursor {
    @usableFromInline package internal(set) var position: UnsafeMutablePointer<UInt8>

    @usableFromInline init(position: UnsafeMutablePointer<UInt8>) {
        self.position = position
    }

    @inlinable @inline(__always)
    package mutating func append(_ literal: StaticString) {
        append(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    @inlinable @inline(__always)
    package mutating func append(_ byte: UInt8) {
        position.pointee = byte
        position += 1
    }

    @inlinable @inline(__always)
    package mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        JSONBytes.copy(source, bytes.count, to: position)
        position += bytes.count
    }

    @inlinable @inline(__always)
    package mutating func bool(_ bool: Bool) {
        append(bool ? "true" : "false")
    }

    /// Lets `body` fill exactly `length` bytes in place.
    @inlinable @inline(__always)
    package mutating func write(count length: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Void) {
        body(position)
        position += length
    }

    /// A number as `JSONWriter.value(_: Double)` writes it (room for `JSONWriter.numberRoom` bytes).
    @inlinable @inline(__always)
    package mutating func number(_ number: Double) {
        position += JSONWriter.writeNumber(number, at: position)
    }

    /// A number as `number(_:)` writes it, copied from `memo` when `memo` holds the text of the
    /// same value (the same bits), otherwise written and kept in `memo` for the next time.
    /// `recent` (`WrittenNumber.recentCount` of them) keeps the numbers written lately by their
    /// bits: a frame repeats a value at other places (a property that is also a layer's y), and
    /// a miss at one place is then a copy too.
    @inlinable @inline(__always)
    package mutating func number(_ number: Double, memo: UnsafeMutablePointer<WrittenNumber>,
                         recent: UnsafeMutablePointer<WrittenNumber>) {
        let bits = number.bitPattern
        if memo.pointee.bits == bits, memo.pointee.length >= 0 {
            return append(memo.pointee)
        }
        missed(number, bits, memo: memo, recent: recent)
    }

    /// `number(_:memo:recent:)` past its place's memo, in a call of its own: the copy from the
    /// memo is what most numbers of a frame cost, and stays small enough to be inlined.
    @usableFromInline @inline(never)
    mutating func missed(_ number: Double, _ bits: UInt64, memo: UnsafeMutablePointer<WrittenNumber>,
                                 recent: UnsafeMutablePointer<WrittenNumber>) {
        let kept = recent + WrittenNumber.recentSlot(bits)
        if kept.pointee.bits == bits, kept.pointee.length >= 0 {
            memo.pointee = kept.pointee
            return append(kept.pointee)
        }
        let length = JSONWriter.writeNumber(number, at: position)
        memo.pointee = WrittenNumber(bits: bits, text: position, length: length)
        kept.pointee = memo.pointee
        position += length
    }

    /// A kept number's text, copied as three words (only its length counts).
    @inlinable @inline(__always)
    mutating func append(_ number: WrittenNumber) {
        number.store(at: position)
        position += number.length
    }
}

/// A number's text as `JSONCursor.number(_:memo:recent:)` keeps it: the value's bits and up to 24 bytes
/// (length −1: nothing kept).
@usableFromInline package struct WrittenNumber {
    @usableFromInline var bits: UInt64 = 0
    @usableFromInline var length = -1
    @usableFromInline var words: (UInt64, UInt64, UInt64) = (0, 0, 0)

    @inlinable package init() {}

    /// The text of `length` bytes at `text`, kept as the text of the number with these bits
    /// (nothing kept if it is longer than 24). Read only within the text, by words that may overlap.
    @inlinable @inline(__always)
    init(bits: UInt64, text: UnsafePointer<UInt8>, length: Int) {
        self.bits = bits
        guard length <= 24 else { return }
        self.length = length
        withUnsafeMutableBytes(of: &words) { words in
            JSONBytes.copy(text, length, to: words.baseAddress!.assumingMemoryBound(to: UInt8.self))
        }
    }

    /// Stores the text as three words at `target` (room for 24 bytes; only `length` of them count).
    @inlinable @inline(__always)
    func store(at target: UnsafeMutablePointer<UInt8>) {
        let target = UnsafeMutableRawPointer(target)
        target.storeBytes(of: words.0, as: UInt64.self)
        target.storeBytes(of: words.1, toByteOffset: 8, as: UInt64.self)
        target.storeBytes(of: words.2, toByteOffset: 16, as: UInt64.self)
    }

    /// How many numbers `JSONCursor.number(_:memo:recent:)` keeps by their bits.
    @inlinable package static var recentCount: Int { 8 }

    /// Where the number with these bits is kept among the recent ones (the bits mixed by a
    /// multiplication, its top three bits: integral values differ only in their high bits).
    @inlinable @inline(__always)
    static func recentSlot(_ bits: UInt64) -> Int {
        Int(truncatingIfNeeded: (bits &* 0x9E37_79B9_7F4A_7C15) >> 61)
    }
}

/// The writer's bytes: a growable buffer owned by one writer at a time (`JSONWriter.unique()`
/// copies it before a shared one is changed), so it is safe to send.
///
/// Its fields are not checked for exclusive access at run time: only the one writer that owns
/// the buffer touches them, one call at a time, and no call reenters another. Inlined into
/// Routes, where the compiler cannot see every access, each check would cost a thread-local
/// lookup per append (measured: docs/performance.md, "One JSON module").
@usableFromInline final class JSONBytes: @unchecked Sendable {
    @exclusivity(unchecked) @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) @usableFromInline var count = 0
    @exclusivity(unchecked) @usableFromInline var capacity: Int

    @usableFromInline init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    @usableFromInline func copy() -> JSONBytes {
        let copy = JSONBytes(capacity: capacity)
        copy.base.initialize(from: base, count: count)
        copy.count = count
        return copy
    }

    /// The bytes as an array with one spare byte of capacity.
    @usableFromInline func array() -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count + 1) { buffer, initialized in
            if count > 0 { buffer.baseAddress!.initialize(from: base, count: count) }
            initialized = count
        }
    }

    @inlinable @inline(__always)
    func append(_ byte: UInt8) {
        if count == capacity { grow(to: count + 1) }
        base[count] = byte
        count += 1
    }

    @inlinable @inline(__always)
    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        let length = bytes.count
        if count + length > capacity { grow(to: count + length) }
        Self.copy(source, length, to: base + count)
        count += length
    }

    /// Copies `length` bytes from `source` to `target`.
    @inlinable @inline(__always)
    static func copy(_ source: UnsafePointer<UInt8>, _ length: Int, to target: UnsafeMutablePointer<UInt8>) {
        if length >= 4 && length <= 32 {
            // Keys, punctuation runs and short numbers: two overlapping word copies instead of a
            // call to memcpy (thousands of these per frames window); a layer's head (up to 32
            // bytes) two pairs of them.
            let from = UnsafeRawPointer(source), to = UnsafeMutableRawPointer(target)
            if length > 16 {
                to.storeBytes(of: from.loadUnaligned(as: UInt64.self), as: UInt64.self)
                to.storeBytes(of: from.loadUnaligned(fromByteOffset: 8, as: UInt64.self), toByteOffset: 8, as: UInt64.self)
                to.storeBytes(of: from.loadUnaligned(fromByteOffset: length - 16, as: UInt64.self),
                              toByteOffset: length - 16, as: UInt64.self)
                to.storeBytes(of: from.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self),
                              toByteOffset: length - 8, as: UInt64.self)
            } else if length >= 8 {
                to.storeBytes(of: from.loadUnaligned(as: UInt64.self), as: UInt64.self)
                to.storeBytes(of: from.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self),
                              toByteOffset: length - 8, as: UInt64.self)
            } else {
                to.storeBytes(of: from.loadUnaligned(as: UInt32.self), as: UInt32.self)
                to.storeBytes(of: from.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self),
                              toByteOffset: length - 4, as: UInt32.self)
            }
        } else if length < 4 {
            for index in 0..<length { target[index] = source[index] }
        } else {
            target.initialize(from: source, count: length)
        }
    }

    @inlinable @inline(__always)
    func append(_ literal: StaticString) {
        append(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Lets `body` fill exactly `length` bytes in place.
    @inlinable @inline(__always)
    func write(count length: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Void) {
        if count + length > capacity { grow(to: count + length) }
        body(base + count)
        count += length
    }

    /// Lets `body` fill up to `maximum` bytes in place and say how many it wrote (nil: none, and
    /// false is returned).
    @inlinable @inline(__always)
    func write(upTo maximum: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int?) -> Bool {
        if count + maximum > capacity { grow(to: count + maximum) }
        guard let written = body(base + count) else { return false }
        count += written
        return true
    }

    @inlinable func reserve(_ needed: Int) {
        if needed > capacity { grow(to: needed) }
    }

    @usableFromInline @inline(never)
    func grow(to needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
