import Glibc

/// The bound, listening, non-blocking TCP socket every loop accepts from (registered with
/// EPOLLEXCLUSIVE, so one connection wakes one loop).
final class ListeningSocket: Sendable {
    let fd: Int32
    /// The port actually bound; differs from the requested one when that was 0.
    let port: Int

    init(address: SocketAddress, backlog: Int32) throws(SyscallError) {
        let fd = try Syscall.call("socket") {
            socket(address.domain, Int32(SOCK_STREAM.rawValue | SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue), 0)
        }
        do throws(SyscallError) {
            try Socket.setOption(fd, level: SOL_SOCKET, name: SO_REUSEADDR)
            try Syscall.call("bind") { address.withSockAddr { bind(fd, $0, $1) } }
            try Syscall.call("listen") { listen(fd, backlog) }
            port = try SocketAddress.boundPort(of: fd)
        } catch {
            Syscall.close(fd)
            throw error
        }
        self.fd = fd
    }

    /// The next connection pending on the listening socket `fd` (non-blocking, close-on-exec, TCP_NODELAY), or nil when none waits.
    static func accept(_ fd: Int32) throws(SyscallError) -> Int32? {
        guard let client = try Syscall.unlessWouldBlock("accept4", {
            LinuxAPI.accept4(fd, nil, nil, Int32(SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue))
        }) else { return nil }
        try? Socket.setOption(client, level: Int32(IPPROTO_TCP), name: TCP_NODELAY)
        return client
    }

    /// Called once, after every loop has stopped watching the socket.
    func close() {
        Syscall.close(fd)
    }
}
