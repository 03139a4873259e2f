import Glibc

/// An eventfd another thread writes to so a loop blocked in epoll_wait wakes up: stop requests and
/// delivered pending responses (`DeliveryMailbox`). Streamed responses need none: the loop polls
/// them on its own timers.
final class Wakeup: Sendable {
    let fd: Int32

    init() throws(SyscallError) {
        fd = try Syscall.call("eventfd") { LinuxAPI.eventfd(0, O_NONBLOCK | O_CLOEXEC) }
    }

    deinit {
        Syscall.close(fd)
    }

    /// Safe from any thread; coalesces with pending wake-ups.
    func signal() {
        var one: UInt64 = 1
        _ = try? Syscall.unlessWouldBlock("write") { write(fd, &one, 8) }
    }

    /// Called by the woken loop so the descriptor stops reporting readable.
    func reset() {
        var count: UInt64 = 0
        _ = try? Syscall.unlessWouldBlock("read") { read(fd, &count, 8) }
    }
}
