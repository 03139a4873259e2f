import Glibc

/// The one place that interprets a syscall's -1: EINTR is retried, EAGAIN means "not now", any other
/// errno becomes a `SyscallError`.
enum Syscall {
    /// The result, or nil when a non-blocking descriptor would block.
    static func unlessWouldBlock<T: FixedWidthInteger & SignedInteger>(
        _ call: String, _ body: () -> T
    ) throws(SyscallError) -> T? {
        while true {
            let result = body()
            if result != -1 { return result }
            let code = errno
            if code == EINTR { continue }
            if code == EAGAIN || code == EWOULDBLOCK { return nil }
            throw SyscallError(call, errno: code)
        }
    }

    /// The result of a call that must not block; EAGAIN is an error here.
    @discardableResult
    static func call<T: FixedWidthInteger & SignedInteger>(_ call: String, _ body: () -> T) throws(SyscallError) -> T {
        guard let result = try unlessWouldBlock(call, body) else { throw SyscallError(call, errno: EAGAIN) }
        return result
    }

    /// close(2) is never retried: on Linux the descriptor is gone even when it reports EINTR.
    static func close(_ fd: Int32) {
        _ = Glibc.close(fd)
    }

    /// fcntl(F_SETFD/F_SETFL) helper: sets `flag` in the descriptor's flag word.
    static func addFlag(_ fd: Int32, get: Int32, set: Int32, flag: Int32) throws(SyscallError) {
        let current = try call("fcntl") { fcntl(fd, get) }
        try call("fcntl") { fcntl(fd, set, current | flag) }
    }
}
