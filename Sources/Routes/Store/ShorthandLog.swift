import AnimationCore

/// A session's shorthands as posted (`EventCodec.Shorthand`), all in one byte buffer: for each,
/// its first input's index, its input count and its compact JSON text (packed: `pieces`),
/// lengths as LEB128. One
/// allocation per session instead of an array plus one per text, and no spare capacity while
/// it is small (each append sizes it exactly up to `exactLimit` bytes; beyond, it grows as an
/// array does, so appending stays amortised O(1) however long the log).
///
/// A tap's or a drag's text mostly says again what its inputs hold (its `t`, its points): when
/// the text begins with what `prefix` writes from its first and last inputs, only the rest is
/// kept (a posted tap keeps its closing brace, a drag its duration), and reading writes the
/// prefix again from the log's inputs, which decode bit for bit as they were posted.
struct ShorthandLog: Sendable {
    static let exactLimit = 4_096
    private var bytes: [UInt8] = []

    init() {}

    /// `shorthands` indexing `inputs`.
    init<Inputs: RandomAccessCollection<TimedInput>>(_ shorthands: [EventCodec.Shorthand], of inputs: Inputs) where Inputs.Index == Int {
        append(shorthands, of: inputs, rebasedBy: 0)
    }

    var isEmpty: Bool { bytes.isEmpty }

    /// Bytes the log holds (indices, counts, lengths and packed texts).
    var byteCount: Int { bytes.count }

    /// Appends `shorthands` (indexing `inputs`, the batch they were posted in), their indices
    /// moved `base` inputs further into the log.
    mutating func append<Inputs: RandomAccessCollection<TimedInput>>(_ shorthands: [EventCodec.Shorthand], of inputs: Inputs,
                                                                     rebasedBy base: Int) where Inputs.Index == Int {
        guard !shorthands.isEmpty else { return }
        var added: [UInt8] = []
        for shorthand in shorthands {
            LEB128.append(shorthand.first + base, to: &added)
            LEB128.append(shorthand.count, to: &added)
            var kept = shorthand.text[...]
            var fromInputs = false
            if shorthand.count >= 2, shorthand.first >= inputs.startIndex, shorthand.first + shorthand.count <= inputs.endIndex,
               let prefix = Self.prefix(first: inputs[shorthand.first], last: inputs[shorthand.first + shorthand.count - 1],
                                        count: shorthand.count),
               kept.starts(with: prefix) {
                kept = kept.dropFirst(prefix.count)
                fromInputs = true
            }
            let packed = Self.pack(Array(kept))
            // The length's lowest bit: the prefix comes from the inputs.
            LEB128.append(packed.count << 1 | (fromInputs ? 1 : 0), to: &added)
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

    /// The shorthands in order, texts whole (`events` the session's log they index).
    func all(over events: EventLog) -> [EventCodec.Shorthand] {
        var all: [EventCodec.Shorthand] = []
        var offset = 0
        func readLength() -> Int { LEB128.read(bytes.span, at: &offset) }
        while offset < bytes.count {
            let first = readLength(), count = readLength(), field = readLength()
            let length = field >> 1
            var text: [UInt8] = []
            if field & 1 != 0 {
                text = Self.prefix(first: events[first], last: events[first + count - 1], count: count) ?? []
            }
            text += Self.unpack(bytes[offset..<offset + length])
            offset += length
            all.append(EventCodec.Shorthand(first: first, count: count, text: text))
        }
        return all
    }

    /// What a tap's or a drag's compact text begins with, written from its first and last
    /// inputs as `EventCodec` writes a posted one (members in the order of its examples): a tap,
    /// `{"type":"tap","t":T,"x":X,"y":Y`, when the inputs are a touch-down and a touch-up; a
    /// drag, `{"type":"drag","t":T,"from":{"x":X,"y":Y},"to":{"x":X,"y":Y}`, when they are a
    /// touch-down, moves, a touch-up. Nil for other inputs.
    static func prefix(first: TimedInput, last: TimedInput, count: Int) -> [UInt8]? {
        guard case let .touch(.down(from)) = first.input, case let .touch(.up(to)) = last.input else { return nil }
        var writer = JSONWriter(reservingCapacity: 96)
        writer.beginObject()
        if count == 2 {
            writer.member(literal: "type", "tap")
            writer.member(literal: "t", first.t)
            writer.member(literal: "x", from.x)
            writer.member(literal: "y", from.y)
        } else {
            writer.member(literal: "type", "drag")
            writer.member(literal: "t", first.t)
            writer.key(literal: "from")
            writer.beginObject()
            writer.member(literal: "x", from.x)
            writer.member(literal: "y", from.y)
            writer.endObject()
            writer.key(literal: "to")
            writer.beginObject()
            writer.member(literal: "x", to.x)
            writer.member(literal: "y", to.y)
            writer.endObject()
        }
        return writer.bytes
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
