import Glibc

/// One epoll instance and its event array: registrations carry a 64-bit token that comes back with
/// each readiness report. Used only by the loop thread that owns it.
final class Epoll {
    let fd: Int32
    private let events: UnsafeMutableRawBufferPointer
    private let capacity: Int

    init(capacity: Int = 256) throws(SyscallError) {
        fd = try Syscall.call("epoll_create1") { LinuxAPI.epollCreate1(O_CLOEXEC) }
        self.capacity = capacity
        events = .allocate(byteCount: capacity * LinuxAPI.epollEventSize, alignment: 8)
    }

    deinit {
        events.deallocate()
        Syscall.close(fd)
    }

    func add(_ target: Int32, events mask: UInt32, token: UInt64) throws(SyscallError) {
        try control(LinuxAPI.epollCtlAdd, target, mask, token)
    }

    func modify(_ target: Int32, events mask: UInt32, token: UInt64) throws(SyscallError) {
        try control(LinuxAPI.epollCtlMod, target, mask, token)
    }

    func remove(_ target: Int32) throws(SyscallError) {
        try control(LinuxAPI.epollCtlDel, target, 0, 0)
    }

    /// Waits up to `timeoutMilliseconds` (-1 forever); calls `body(token, events)` for each report.
    /// An interrupted wait reports nothing.
    func wait(timeoutMilliseconds: Int32, _ body: (UInt64, UInt32) -> Void) throws(SyscallError) {
        let count = LinuxAPI.epollWait(fd, events.baseAddress, Int32(capacity), timeoutMilliseconds)
        if count == -1 {
            if errno == EINTR { return }
            throw SyscallError("epoll_wait", errno: errno)
        }
        for index in 0 ..< Int(count) {
            let offset = index * LinuxAPI.epollEventSize
            let mask = events.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
            let token = events.loadUnaligned(fromByteOffset: offset + LinuxAPI.epollDataOffset, as: UInt64.self)
            body(token, mask)
        }
    }

    private func control(_ op: Int32, _ target: Int32, _ mask: UInt32, _ token: UInt64) throws(SyscallError) {
        var event = [UInt8](repeating: 0, count: LinuxAPI.epollEventSize)
        event.withUnsafeMutableBytes { raw in
            raw.storeBytes(of: mask, toByteOffset: 0, as: UInt32.self)
            raw.storeBytes(of: token, toByteOffset: LinuxAPI.epollDataOffset, as: UInt64.self)
        }
        try Syscall.call("epoll_ctl") {
            event.withUnsafeMutableBytes { LinuxAPI.epollCtl(fd, op, target, $0.baseAddress) }
        }
    }
}
