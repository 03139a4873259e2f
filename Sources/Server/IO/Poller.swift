import Glibc

/// What an event loop needs of the operating system: readiness of the descriptors it watches and
/// the byte moves on them. `SocketPoller` is epoll over real sockets; the tests' fake poller
/// scripts clients in memory, so the loop runs on a test clock without a socket or a sleep.
/// Interest and readiness masks are epoll's (`LinuxAPI.epoll…`). Used only by the loop's thread.
protocol Poller: AnyObject {
    func add(_ fd: Int32, interest: UInt32, token: UInt64) throws(SyscallError)
    func modify(_ fd: Int32, interest: UInt32, token: UInt64) throws(SyscallError)
    func remove(_ fd: Int32)
    /// Waits up to `timeoutMilliseconds` (-1 forever); calls `body(token, events)` for each report.
    /// An interrupted wait reports nothing.
    func wait(timeoutMilliseconds: Int32, _ body: (UInt64, UInt32) -> Void) throws(SyscallError)
    /// The next connection waiting on the listening socket, nil when none.
    func accept(_ listener: Int32) throws(SyscallError) -> Int32?
    /// Bytes read into `buffer`: 0 at end of stream, nil when nothing is available.
    func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(SyscallError) -> Int?
    /// Bytes the socket took of those `vectors` point at, in order (one gathered write), nil when
    /// its buffer is full.
    func send(_ fd: Int32, _ vectors: UnsafeBufferPointer<iovec>) throws(SyscallError) -> Int?
    /// Half-close: the peer sees end of stream after our last bytes, while we can still read.
    func shutdownWrite(_ fd: Int32)
    /// Closes the descriptor; `reset` sends RST and frees what is still queued to send.
    func close(_ fd: Int32, reset: Bool)
}

/// epoll over non-blocking sockets.
final class SocketPoller: Poller {
    private let epoll: Epoll

    init() throws(SyscallError) {
        epoll = try Epoll()
    }

    func add(_ fd: Int32, interest: UInt32, token: UInt64) throws(SyscallError) {
        try epoll.add(fd, events: interest, token: token)
    }

    func modify(_ fd: Int32, interest: UInt32, token: UInt64) throws(SyscallError) {
        try epoll.modify(fd, events: interest, token: token)
    }

    func remove(_ fd: Int32) {
        try? epoll.remove(fd)
    }

    func wait(timeoutMilliseconds: Int32, _ body: (UInt64, UInt32) -> Void) throws(SyscallError) {
        try epoll.wait(timeoutMilliseconds: timeoutMilliseconds, body)
    }

    func accept(_ listener: Int32) throws(SyscallError) -> Int32? {
        try ListeningSocket.accept(listener)
    }

    func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(SyscallError) -> Int? {
        try Socket.read(fd, into: buffer)
    }

    func send(_ fd: Int32, _ vectors: UnsafeBufferPointer<iovec>) throws(SyscallError) -> Int? {
        try Socket.send(fd, vectors)
    }

    func shutdownWrite(_ fd: Int32) {
        Socket.shutdownWrite(fd)
    }

    func close(_ fd: Int32, reset: Bool) {
        if reset { Socket.resetOnClose(fd) }
        Syscall.close(fd)
    }
}
