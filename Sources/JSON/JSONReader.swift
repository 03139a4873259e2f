/// The parser's cursor over one input buffer. Every read is bounds-checked against `count`, so
/// no input can make it read outside the buffer; recursion is bounded by `maxDepth`.
struct JSONReader {
    /// The input, read only through this view.
    let bytes: ByteScan
    let maxDepth: Int
    var offset = 0
    /// Reused for strings that contain escapes.
    var scratch: [UInt8] = []
    /// Elements and members of the containers being parsed, innermost last.
    var pendingElements: [JSON] = []
    var pendingMembers: [(key: String, value: JSON)] = []

    init(bytes: ByteScan, maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    /// How many bytes the input has.
    var count: Int { bytes.count }

    /// The byte at `position`, or nil past the end.
    @inline(__always)
    func byte(at position: Int) -> UInt8? {
        position < count ? bytes[position] : nil
    }

    mutating func parseDocument() throws(JSONParseError) -> JSON {
        skipWhitespace()
        let value = try parseValue(depth: 0)
        skipWhitespace()
        guard offset == count else { throw JSONParseError(.trailingCharacters, at: offset) }
        return value
    }

    @inline(__always)
    mutating func skipWhitespace() {
        while offset < count {
            switch bytes[offset] {
            case JSONByte.space, JSONByte.tab, JSONByte.lineFeed, JSONByte.carriageReturn: offset += 1
            default: return
            }
        }
    }

    /// Parses the value that starts at `offset` (whitespace already skipped).
    mutating func parseValue(depth: Int) throws(JSONParseError) -> JSON {
        guard let first = byte(at: offset) else { throw .unexpected(nil, at: offset) }
        switch first {
        case JSONByte.quote:
            return .string(try parseString())
        case JSONByte.minus, JSONByte.zero...JSONByte.nine:
            return .number(try parseNumber())
        case JSONByte.openBrace:
            return .object(try parseObject(depth: depth + 1))
        case JSONByte.openBracket:
            return .array(try parseArray(depth: depth + 1))
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return .null
        default:
            if startsWith("NaN") || startsWith("Infinity") { throw JSONParseError(.nonFiniteNumber, at: offset) }
            throw .unexpected(first, at: offset)
        }
    }

    /// Elements are gathered on the reader's shared `pendingElements` stack and moved out once,
    /// so each array costs one allocation instead of a series of regrowths.
    mutating func parseArray(depth: Int) throws(JSONParseError) -> [JSON] {
        guard try openContainer(depth: depth, closer: JSONByte.closeBracket) else { return [] }
        let base = pendingElements.count
        if base == 0 { pendingElements.reserveCapacity(Self.expectedMembers) }
        repeat {
            pendingElements.append(try parseValue(depth: depth))
        } while try !closesContainer(JSONByte.closeBracket)
        return pendingElements.moveSuffix(from: base, leaving: .null)
    }

    /// Members are gathered on the shared `pendingMembers` stack like array elements. Duplicate
    /// keys are found by a linear scan while the object is small and by a hash index after.
    mutating func parseObject(depth: Int) throws(JSONParseError) -> JSONObject {
        guard try openContainer(depth: depth, closer: JSONByte.closeBrace) else { return JSONObject() }
        let base = pendingMembers.count
        if base == 0 { pendingMembers.reserveCapacity(Self.expectedMembers) }
        var index: [String: Int]?
        repeat {
            guard byte(at: offset) == JSONByte.quote else { throw .unexpected(byte(at: offset), at: offset) }
            let keyOffset = offset
            let key = try parseString()
            if isDuplicate(key, membersFrom: base, index: &index) { throw .duplicateKey(key, at: keyOffset) }
            skipWhitespace()
            guard byte(at: offset) == JSONByte.colon else { throw .unexpected(byte(at: offset), at: offset) }
            offset += 1
            skipWhitespace()
            pendingMembers.append((key: key, value: try parseValue(depth: depth)))
        } while try !closesContainer(JSONByte.closeBrace)
        let members = pendingMembers.moveSuffix(from: base, leaving: (key: "", value: .null))
        return JSONObject(uniqueMembers: members, index: index)
    }

    /// Room for a usual object's members (or array's elements) in one allocation: appends to an
    /// empty stack would grow it 1, 2, 4, 8.
    static let expectedMembers = 8

    /// Steps over the opening bracket or brace at `offset`; returns false when `closer` follows
    /// at once (an empty container, also consumed), true when the first element is next.
    private mutating func openContainer(depth: Int, closer: UInt8) throws(JSONParseError) -> Bool {
        guard depth <= maxDepth else { throw JSONParseError(.tooDeep, at: offset, subject: "\(maxDepth)") }
        offset += 1
        skipWhitespace()
        guard byte(at: offset) == closer else { return true }
        offset += 1
        return false
    }

    /// After an element: consumes a comma (false: another element follows) or `closer` (true).
    private mutating func closesContainer(_ closer: UInt8) throws(JSONParseError) -> Bool {
        skipWhitespace()
        switch byte(at: offset) {
        case JSONByte.comma:
            offset += 1
            skipWhitespace()
            return false
        case closer:
            offset += 1
            return true
        case let other:
            throw .unexpected(other, at: offset)
        }
    }

    /// Whether `key` is already among the members gathered from `base`; records it in `index`
    /// (which exists once the object outgrows a linear scan) when it is new.
    private func isDuplicate(_ key: String, membersFrom base: Int, index: inout [String: Int]?) -> Bool {
        let position = pendingMembers.count - base
        if index == nil {
            if pendingMembers[base...].contains(where: { $0.key == key }) { return true }
            guard position >= JSONObject.indexThreshold else { return false }
            index = JSONObject.makeIndex(pendingMembers[base...].lazy.map(\.key))
        }
        return index!.updateValue(position, forKey: key) != nil
    }

    /// Consumes `literal` or reports the first byte that differs from it.
    mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        for index in 0 ..< literal.utf8CodeUnitCount {
            let actual = byte(at: offset)
            guard actual == literal.utf8Start[index] else { throw .unexpected(actual, at: offset) }
            offset += 1
        }
    }

    /// Whether the input continues with `literal` at `offset`.
    func startsWith(_ literal: StaticString) -> Bool {
        bytes.starts(with: literal, at: offset)
    }
}

/// The bytes the grammar names (constants, so they fold into the code that uses them in any module).
@usableFromInline package enum JSONByte {
    @inlinable package static var tab: UInt8 { 0x09 }
    @inlinable package static var lineFeed: UInt8 { 0x0A }
    @inlinable package static var carriageReturn: UInt8 { 0x0D }
    @inlinable package static var space: UInt8 { 0x20 }
    @inlinable package static var quote: UInt8 { 0x22 }
    @inlinable package static var plus: UInt8 { 0x2B }
    @inlinable package static var comma: UInt8 { 0x2C }
    @inlinable package static var minus: UInt8 { 0x2D }
    @inlinable package static var dot: UInt8 { 0x2E }
    @inlinable package static var slash: UInt8 { 0x2F }
    @inlinable package static var zero: UInt8 { 0x30 }
    @inlinable package static var nine: UInt8 { 0x39 }
    @inlinable package static var colon: UInt8 { 0x3A }
    @inlinable package static var openBracket: UInt8 { 0x5B }
    @inlinable package static var backslash: UInt8 { 0x5C }
    @inlinable package static var closeBracket: UInt8 { 0x5D }
    @inlinable package static var openBrace: UInt8 { 0x7B }
    @inlinable package static var closeBrace: UInt8 { 0x7D }
}
