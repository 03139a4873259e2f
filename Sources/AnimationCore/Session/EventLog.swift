/// A session's inputs in order, kept as compact bytes rather than as `TimedInput` values (32
/// bytes each, a command's arguments in an array of their own, an array's doubling slack).
///
/// The log is cut into blocks of `Session.checkpointInterval` inputs, block `k` holding inputs
/// `k·interval ..< (k + 1)·interval`: the inputs a replay from checkpoint `k` runs. A full block
/// never changes again; the last one is remade at its exact size by each append, so a session
/// holds no spare capacity and an append copies at most one block whatever the log's length.
/// Blocks are immutable once made, so copies of a log (and of its session) share them.
///
/// Each input is a tag byte, then its time unless it repeats the one before in the same append,
/// then its payload: a touch's point as two Float64s, as two Float32s when both convert exactly,
/// or nothing when it repeats the previous point of the same append (a tap's up); a command's
/// name and arguments. Decoding gives
/// back every bit as it was appended, so a replay steps the control through the very inputs it
/// was given.
public struct EventLog: Sendable, RandomAccessCollection {
    public typealias Element = TimedInput
    public typealias Index = Int

    static let blockSize = Session.checkpointInterval

    /// Every block but the last, each full. (Blocks never change once made, so sharing them
    /// between threads is safe.)
    nonisolated(unsafe) private var sealed: [EventBlock] = []
    /// The last block, with 1 to `blockSize` inputs (nil when the log is empty).
    nonisolated(unsafe) private var open: EventBlock?
    /// Counted from the blocks rather than kept (a word less in every session).
    public var count: Int { sealed.count * Self.blockSize + (open?.count ?? 0) }

    /// The time of the last input (0 when there is none): the last block's header keeps it.
    public var lastTime: Double { open?.lastTime ?? 0 }

    public init() {}

    public init(_ inputs: [TimedInput]) {
        append(contentsOf: inputs)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    private var blockCount: Int { sealed.count + (open == nil ? 0 : 1) }

    private func block(_ k: Int) -> EventBlock {
        k < sealed.count ? sealed[k] : open!
    }

    /// Input `index`: decodes its block up to it (at most `blockSize` inputs; iterate to read many).
    public subscript(index: Int) -> TimedInput {
        precondition(index >= 0 && index < count, "event index out of range")
        var reader = block(index / Self.blockSize).reader
        for _ in 0..<(index % Self.blockSize) { _ = reader.next() }
        return reader.next()!
    }

    public func makeIterator() -> Iterator {
        Iterator(log: self, from: 0, to: count)
    }

    /// The inputs with indices in `range`, decoded in order.
    public func inputs(_ range: Range<Int>) -> Iterator {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "event range out of bounds")
        return Iterator(log: self, from: range.lowerBound, to: range.upperBound)
    }

    public struct Iterator: IteratorProtocol {
        private let log: EventLog
        private var reader: EventBlock.Reader?
        private var index: Int
        private let end: Int

        init(log: EventLog, from start: Int, to end: Int) {
            self.log = log
            self.index = start
            self.end = end
            if start < end {
                var reader = log.block(start / EventLog.blockSize).reader
                for _ in 0..<(start % EventLog.blockSize) { _ = reader.next() }
                self.reader = reader
            }
        }

        public mutating func next() -> TimedInput? {
            guard index < end else { return nil }
            if index % EventLog.blockSize == 0 && reader?.isAtEnd != false {
                reader = log.block(index / EventLog.blockSize).reader
            }
            index += 1
            return reader!.next()
        }
    }

    /// Appends `inputs` in order: fills the last block, then new ones.
    public mutating func append(contentsOf inputs: some Collection<TimedInput>) {
        var rest = inputs[...]
        var count = count
        while !rest.isEmpty {
            let room = Self.blockSize - count % Self.blockSize
            let taken = rest.prefix(room)
            rest = rest.dropFirst(taken.count)
            if count % Self.blockSize == 0 {
                if let full = open { sealed.append(full) }
                open = EventBlock.make(appending: taken, to: nil)
            } else {
                open = EventBlock.make(appending: taken, to: open)
            }
            count += taken.count
        }
    }

    public static func += (log: inout EventLog, inputs: some Collection<TimedInput>) {
        log.append(contentsOf: inputs)
    }

    /// The first index whose input's time is > `t` (times ascending).
    public func upperBound(_ t: Double) -> Int {
        bound(t) { $0 > t }
    }

    /// The first index whose input's time is ≥ `t` (times ascending).
    public func lowerBound(_ t: Double) -> Int {
        bound(t) { $0 >= t }
    }

    /// The first index whose time passes `test` (false for a prefix of the log, true after it):
    /// the first block whose last time passes, then a scan of it.
    private func bound(_ t: Double, _ test: (Double) -> Bool) -> Int {
        var low = 0, high = blockCount
        while low < high {
            let mid = (low + high) / 2
            if test(block(mid).lastTime) { high = mid } else { low = mid + 1 }
        }
        guard low < blockCount else { return count }
        var reader = block(low).reader
        var index = low * Self.blockSize
        while let input = reader.next(), !test(input.t) { index += 1 }
        return index
    }

    /// Bytes the log holds in its blocks (encoded inputs, not counting object headers).
    public var encodedBytes: Int {
        sealed.reduce(open?.byteCount ?? 0) { $0 + $1.byteCount }
    }
}

extension EventLog: Equatable {
    public static func == (a: EventLog, b: EventLog) -> Bool {
        a.count == b.count && a.elementsEqual(b)
    }
}

/// Up to `EventLog.blockSize` encoded inputs, in memory of exactly their size; never changed
/// once made.
///
/// The event log's raw memory, owned here: the bytes are the tail of this one allocation (a
/// `ManagedBuffer`, so a block is one allocation, not an object and an array), written once
/// in `make` and read only through `withBytes`, as a `Span` that cannot leave the closure; the
/// reader loads its numbers from it as `BitwiseCopyable` integers. (Not `Sendable`, as no
/// `ManagedBuffer` can be: `EventLog` holds its blocks `nonisolated(unsafe)`, with the reason.)
final class EventBlock: ManagedBuffer<EventBlock.Header, UInt8> {
    struct Header {
        var count: Int32
        var byteCount: Int32
        /// The time of the last input (for searching by time without decoding).
        var lastTime: Double
    }

    var count: Int { Int(header.count) }
    var byteCount: Int { Int(header.byteCount) }
    var lastTime: Double { header.lastTime }

    /// `body` with the block's bytes, read in place: a `Span` cannot leave the closure.
    @inline(__always)
    func withBytes<Result>(_ body: (Span<UInt8>) -> Result) -> Result {
        withUnsafeMutablePointerToElements { body(UnsafeBufferPointer(start: $0, count: byteCount).span) }
    }

    /// A block holding `previous`'s inputs then `inputs`, encoded once into a block of the exact size.
    static func make(appending inputs: some Collection<TimedInput>, to previous: EventBlock?) -> EventBlock {
        // Each append encodes afresh (its first input writes its time and point), so the
        // inputs already in the block are copied, never decoded.
        var encoder = Encoder()
        var bytes: [UInt8] = []
        // One allocation for the usual inputs (a touch takes at most 25 bytes, a command without
        // arguments about 20), where growing from empty took three.
        bytes.reserveCapacity(16 + 32 * inputs.count)
        var lastTime = previous?.lastTime ?? 0
        for input in inputs {
            encoder.encode(input, into: &bytes)
            lastTime = input.t
        }
        let kept = previous?.byteCount ?? 0
        let total = kept + bytes.count
        let made = create(minimumCapacity: total) { _ in
            Header(count: Int32((previous?.count ?? 0) + inputs.count), byteCount: Int32(total), lastTime: lastTime)
        }
        made.withUnsafeMutablePointerToElements { target in
            if let previous {
                previous.withUnsafeMutablePointerToElements { target.update(from: $0, count: kept) }
            }
            bytes.withUnsafeBufferPointer { (target + kept).update(from: $0.baseAddress!, count: bytes.count) }
        }
        return unsafeDowncast(made, to: EventBlock.self)
    }

    var reader: Reader { Reader(block: self) }

    // MARK: Encoding

    /// The tag byte: the kind in the low three bits, then flags.
    enum Tag {
        static let down: UInt8 = 0, move: UInt8 = 1, up: UInt8 = 2, cancel: UInt8 = 3, command: UInt8 = 4
        static let kindMask: UInt8 = 0x07
        /// The time is the previous input's (no time follows).
        static let sameTime: UInt8 = 0x08
        /// The point is the previous touch's (no point follows).
        static let samePoint: UInt8 = 0x10
        /// The point follows as two Float32s, each converting back to the Float64 exactly.
        static let narrowPoint: UInt8 = 0x20
        /// The touch is the second finger's.
        static let second: UInt8 = 0x40
    }

    enum ArgumentTag {
        static let number: UInt8 = 0, no: UInt8 = 1, yes: UInt8 = 2, color: UInt8 = 3, string: UInt8 = 4
    }

    /// What an input's encoding depends on: the previous input's time and touch point in the same append.
    struct Encoder {
        var time: Double?
        var point: Point?

        mutating func remember(_ input: TimedInput) {
            time = input.t
            if case let .touch(touch) = input.input, let location = touch.location { point = location }
            if case let .secondTouch(touch) = input.input, let location = touch.location { point = location }
        }

        mutating func encode(_ input: TimedInput, into bytes: inout [UInt8]) {
            let at = bytes.count
            bytes.append(0)
            var tag: UInt8
            if let time, time.bitPattern == input.t.bitPattern {
                tag = Tag.sameTime
            } else {
                tag = 0
                Self.append(input.t, to: &bytes)
            }
            switch input.input {
            case let .touch(touch), let .secondTouch(touch):
                if case .secondTouch = input.input { tag |= Tag.second }
                switch touch {
                case .down: tag |= Tag.down
                case .move: tag |= Tag.move
                case .up: tag |= Tag.up
                case .cancel: tag |= Tag.cancel
                }
                if let location = touch.location {
                    if let point, point.x.bitPattern == location.x.bitPattern, point.y.bitPattern == location.y.bitPattern {
                        tag |= Tag.samePoint
                    } else if let x = Self.narrow(location.x), let y = Self.narrow(location.y) {
                        tag |= Tag.narrowPoint
                        Self.append(x.bitPattern, to: &bytes)
                        Self.append(y.bitPattern, to: &bytes)
                    } else {
                        Self.append(location.x, to: &bytes)
                        Self.append(location.y, to: &bytes)
                    }
                }
            case let .command(command):
                tag |= Tag.command
                Self.append(command.name, to: &bytes)
                Self.appendLength(command.arguments.count, to: &bytes)
                for argument in command.arguments {
                    switch argument {
                    case let .number(value):
                        bytes.append(ArgumentTag.number)
                        Self.append(value, to: &bytes)
                    case let .bool(flag):
                        bytes.append(flag ? ArgumentTag.yes : ArgumentTag.no)
                    case let .color(color):
                        bytes.append(ArgumentTag.color)
                        for component in [color.red, color.green, color.blue, color.alpha] { Self.append(component, to: &bytes) }
                    case let .string(text):
                        bytes.append(ArgumentTag.string)
                        Self.append(text, to: &bytes)
                    }
                }
            }
            bytes[at] = tag
            remember(input)
        }

        /// `value` as a Float32 when converting back gives the very same bits.
        static func narrow(_ value: Double) -> Float? {
            let narrow = Float(value)
            return Double(narrow).bitPattern == value.bitPattern ? narrow : nil
        }

        static func append(_ value: Double, to bytes: inout [UInt8]) {
            append(value.bitPattern, to: &bytes)
        }

        static func append<T: FixedWidthInteger>(_ value: T, to bytes: inout [UInt8]) {
            withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
        }

        static func appendLength(_ length: Int, to bytes: inout [UInt8]) {
            LEB128.append(length, to: &bytes)
        }

        static func append(_ text: String, to bytes: inout [UInt8]) {
            appendLength(text.utf8.count, to: &bytes)
            bytes.append(contentsOf: text.utf8)
        }
    }

    /// Decodes a block's inputs in order (the block is kept alive while reading).
    struct Reader {
        let block: EventBlock
        private var offset = 0
        private var time = 0.0
        private var point = Point.zero

        init(block: EventBlock) { self.block = block }

        var isAtEnd: Bool { offset >= block.byteCount }

        mutating func next() -> TimedInput? {
            guard !isAtEnd else { return nil }
            return block.withBytes { decode($0) }
        }

        private mutating func decode(_ base: Span<UInt8>) -> TimedInput {
            let tag = base[offset]
            offset += 1
            if tag & Tag.sameTime == 0 { time = readDouble(base) }
            let kind = tag & Tag.kindMask
            if kind == Tag.command {
                let name = readString(base)
                let count = readLength(base)
                var arguments: [FieldValue] = []
                arguments.reserveCapacity(count)
                for _ in 0..<count {
                    let argument = base[offset]
                    offset += 1
                    switch argument {
                    case ArgumentTag.number: arguments.append(.number(readDouble(base)))
                    case ArgumentTag.no: arguments.append(.bool(false))
                    case ArgumentTag.yes: arguments.append(.bool(true))
                    case ArgumentTag.color:
                        let red = readDouble(base), green = readDouble(base), blue = readDouble(base), alpha = readDouble(base)
                        arguments.append(.color(Color(red: red, green: green, blue: blue, alpha: alpha)))
                    default: arguments.append(.string(readString(base)))
                    }
                }
                return TimedInput(t: time, input: .command(Command(name, arguments)))
            }
            if kind != Tag.cancel && tag & Tag.samePoint == 0 {
                if tag & Tag.narrowPoint != 0 {
                    let x = Float(bitPattern: read(base, as: UInt32.self)), y = Float(bitPattern: read(base, as: UInt32.self))
                    point = Point(x: Double(x), y: Double(y))
                } else {
                    let x = readDouble(base), y = readDouble(base)
                    point = Point(x: x, y: y)
                }
            }
            let touch: Touch = switch kind {
            case Tag.down: .down(point)
            case Tag.move: .move(point)
            case Tag.up: .up(point)
            default: .cancel
            }
            return TimedInput(t: time, input: tag & Tag.second != 0 ? .secondTouch(touch) : .touch(touch))
        }

        private mutating func read<T: FixedWidthInteger & BitwiseCopyable>(_ base: Span<UInt8>, as: T.Type) -> T {
            let value = base.bytes.unsafeLoadUnaligned(fromByteOffset: offset, as: T.self)
            offset += MemoryLayout<T>.size
            return T(littleEndian: value)
        }

        private mutating func readDouble(_ base: Span<UInt8>) -> Double {
            Double(bitPattern: read(base, as: UInt64.self))
        }

        private mutating func readLength(_ base: Span<UInt8>) -> Int {
            LEB128.read(base, at: &offset)
        }

        private mutating func readString(_ base: Span<UInt8>) -> String {
            let length = readLength(base)
            let text = base.extracting(offset..<offset + length).withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
            offset += length
            return text
        }
    }
}
