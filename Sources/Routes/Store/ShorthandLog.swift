import AnimationCore

/// A session's shorthands as posted (`EventCodec.Shorthand`), all in one byte buffer: for each,
/// its first input's index, its input count and its compact JSON text, lengths as LEB128. One
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
            LEB128.append(shorthand.text.count, to: &added)
            added += shorthand.text
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
            let text = Array(bytes[offset..<offset + length])
            offset += length
            return EventCodec.Shorthand(first: first, count: count, text: text)
        }

        private mutating func readLength() -> Int {
            bytes.withUnsafeBufferPointer { LEB128.read($0.baseAddress!, at: &offset) }
        }
    }
}
