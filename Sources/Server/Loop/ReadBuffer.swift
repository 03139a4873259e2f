import HTTP1

/// A loop's read buffer: storage allocated once, owned here and freed with it, which every read of
/// the loop's sockets fills in turn (one buffer for all of them, not 64 KiB per connection). The
/// bytes of the last read reach a connection as this object itself (`Connection.Event.received`),
/// which copies them into its own input: a reference to the owner, never its address, so no
/// pointer leaves this file.
final class ReadBuffer {
    private let storage: UnsafeMutableRawBufferPointer
    /// How many bytes the last read left at the front of `storage`.
    private(set) var count = 0

    init(capacity: Int = 64 * 1024) {
        storage = .allocate(byteCount: capacity, alignment: 16)
    }

    /// A buffer holding `bytes`, as if a socket had read them (for tests).
    convenience init(holding bytes: [UInt8]) {
        self.init(capacity: max(bytes.count, 1))
        storage.copyBytes(from: bytes)
        count = bytes.count
    }

    deinit { storage.deallocate() }

    /// Reads once from `fd` into the buffer: the byte count (0 at end of stream), or nil when the
    /// socket has nothing now, as `Poller.read` answers.
    func read(_ fd: Int32, with poller: any Poller) throws(SyscallError) -> Int? {
        count = 0
        let read = try poller.read(fd, into: storage)
        count = read ?? 0
        return read
    }

    /// Appends the bytes of the last read to `input`.
    func append(to input: inout ByteBuffer) {
        input.append(contentsOf: UnsafeRawBufferPointer(rebasing: storage[..<count]))
    }
}
