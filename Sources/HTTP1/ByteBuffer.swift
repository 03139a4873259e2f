import Glibc

/// Bytes with a read cursor: parsers consume from the front without shifting the array on every step.
///
/// The module's raw memory on the read side is here: the storage is an array this type owns, the
/// parsers see its unread bytes only as a `Span` lent for one call (`withReadableBytes`), and the
/// one pointer taken (for `memchr`, which finds a line's end far faster than a loop by byte)
/// stays inside `firstOffset`.
public struct ByteBuffer: Equatable {
    private var bytes: [UInt8]
    private var readerIndex = 0

    public init(_ bytes: [UInt8] = []) {
        self.bytes = bytes
    }

    public init(_ text: String) {
        self.init(Array(text.utf8))
    }

    public var readableBytes: Int { bytes.count - readerIndex }
    public var isEmpty: Bool { readerIndex == bytes.count }

    /// The unread bytes (a view; copy it before mutating the buffer if it must outlive the call).
    public var readableView: ArraySlice<UInt8> { bytes[readerIndex...] }

    /// The unread byte `offset` places after the cursor, or nil past the end.
    public func byte(at offset: Int) -> UInt8? {
        guard offset >= 0, offset < readableBytes else { return nil }
        return bytes[readerIndex + offset]
    }

    /// Distance from the cursor to the first `byte` at or after `offset` (and before `end`, when
    /// given), found with memchr.
    public func firstOffset(of byte: UInt8, from offset: Int, before end: Int? = nil) -> Int? {
        let end = min(end ?? readableBytes, readableBytes)
        guard offset >= 0, offset < end else { return nil }
        return bytes.withUnsafeBufferPointer { all -> Int? in
            guard let base = all.baseAddress,
                  let hit = memchr(base + readerIndex + offset, Int32(byte), end - offset)
            else { return nil }
            return UnsafeRawPointer(base + readerIndex).distance(to: UnsafeRawPointer(hit))
        }
    }

    /// The first `count` unread bytes in place, for a parser that reads them before consuming them.
    public func withReadableBytes<R, E: Error>(prefix count: Int,
                                               _ body: (Span<UInt8>) throws(E) -> R) throws(E) -> R {
        precondition(count >= 0 && count <= readableBytes, "reading past the end of a ByteBuffer")
        return try body(bytes.span.extracting(readerIndex ..< readerIndex + count))
    }

    public mutating func append(contentsOf more: some Collection<UInt8>) {
        bytes.append(contentsOf: more)
    }

    public mutating func append(_ byte: UInt8) {
        bytes.append(byte)
    }

    /// Moves up to `count` unread bytes onto the end of `target`; returns how many moved.
    @discardableResult
    public mutating func move(upTo count: Int, into target: inout [UInt8]) -> Int {
        let n = min(max(count, 0), readableBytes)
        target.append(contentsOf: bytes[readerIndex ..< readerIndex + n])
        moveReaderIndex(forwardBy: n)
        return n
    }

    /// Marks `count` bytes as read; a count past the end is a programming error.
    public mutating func moveReaderIndex(forwardBy count: Int) {
        precondition(count >= 0 && count <= readableBytes, "reading past the end of a ByteBuffer")
        readerIndex += count
        compact()
    }

    public mutating func removeAll() {
        moveReaderIndex(forwardBy: readableBytes)
    }

    /// Keeps memory proportional to the unread bytes: drops a large read prefix, releases big idle storage.
    private mutating func compact() {
        if readerIndex == bytes.count {
            if bytes.capacity > Self.retainedCapacity {
                bytes = []
            } else {
                bytes.removeAll(keepingCapacity: true)
            }
            readerIndex = 0
        } else if readerIndex >= 4096, readerIndex * 2 >= bytes.count {
            bytes.removeSubrange(0 ..< readerIndex)
            readerIndex = 0
        }
    }

    private static let retainedCapacity = 64 * 1024

    public static func == (lhs: ByteBuffer, rhs: ByteBuffer) -> Bool {
        lhs.readableView.elementsEqual(rhs.readableView)
    }
}
