import AnimationCore

/// A session's shorthands as posted (`EventCodec.Shorthand`), all in one byte buffer: for each,
/// its first input's index, its input count and its compact JSON text (packed: `pieces`),
/// lengths as LEB128. One
/// allocation per session instead of an array plus one per text, and no spare capacity while
/// it is small (each append sizes it exactly up to `exactLimit` bytes; beyond, it grows as an
/// array does, so appending stays amortised O(1) however long the log).
struct ShorthandLog: Sendable, Sequence {
    static let exactLimit = 4_096
    private var bytes: [UInt8] = []

    init() {}

    init(_ shorthands: [EventCodec.Shorthand]) {
        append(shorthands, rebasedBy: 0)
    }

    var isEmpty: Bool { bytes.isEmpty }

    /// Appends `shorthands`, their indices moved `base` inputs further into the log.
    mutating func append(_ shorthands: [EventCodec.Shorthand], rebasedBy base: Int) {
        guard !shorthands.isEmpty else { return }
        var added: [UInt8] = []
        for shorthand in shorthands {
            LEB128.append(shorthand.first + base, to: &added)
            LEB128.append(shorthand.count, to: &added)
            let packed = Self.pack(shorthand.text)
            LEB128.append(packed.count, to: &added)
            added += packed
        }
        let total = bytes.count + added.count
        if total <= Self.exactLimit && bytes.capacity < total {
            var exact: [UInt8] = []
            exact.reserveCapacity(total)
            exact += bytes
            bytes = exact
        }
        bytes += added
    }

    func makeIterator() -> Iterator { Iterator(bytes: bytes) }

    struct Iterator: IteratorProtocol {
        let bytes: [UInt8]
        var offset = 0

        mutating func next() -> EventCodec.Shorthand? {
            guard offset < bytes.count else { return nil }
            let first = readLength(), count = readLength(), length = readLength()
            let text = ShorthandLog.unpack(bytes[offset..<offset + length])
            offset += length
            return EventCodec.Shorthand(first: first, count: count, text: text)
        }

        private mutating func readLength() -> Int {
            bytes.withUnsafeBufferPointer { LEB128.read($0.baseAddress!, at: &offset) }
        }
    }

    // MARK: Packing the texts

    /// The pieces most shorthand texts are made of, each stored as one byte that valid UTF-8
    /// never contains (0xF8 + its index), so packing is lossless for any text: a posted tap,
    /// `{"type":"tap","t":0.2,"x":100,"y":25}`, keeps 12 of its 38 bytes. Longest first.
    static let pieces: [[UInt8]] = [
        #"{"type":"flick","t":"#, #"{"type":"drag","t":"#, #"{"type":"tap","t":"#, #"},"to":{"x":"#,
        #","from":{"x":"#, #","duration":"#, #","x":"#, #","y":"#,
    ].map { Array($0.utf8) }

    static func pack(_ text: [UInt8]) -> [UInt8] {
        var packed: [UInt8] = []
        packed.reserveCapacity(text.count)
        var index = 0
        next: while index < text.count {
            if text[index] == UInt8(ascii: "{") || text[index] == UInt8(ascii: ",") || text[index] == UInt8(ascii: "}") {
                for (k, piece) in pieces.enumerated() where text[index...].starts(with: piece) {
                    packed.append(0xF8 + UInt8(k))
                    index += piece.count
                    continue next
                }
            }
            packed.append(text[index])
            index += 1
        }
        return packed
    }

    static func unpack(_ packed: ArraySlice<UInt8>) -> [UInt8] {
        var text: [UInt8] = []
        text.reserveCapacity(packed.count * 2)
        for byte in packed {
            if byte >= 0xF8 { text += pieces[Int(byte - 0xF8)] } else { text.append(byte) }
        }
        return text
    }
}
