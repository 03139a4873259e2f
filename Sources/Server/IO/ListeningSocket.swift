import Glibc

/// A bound, listening, non-blocking TCP socket, one per event loop. With several loops the
/// sockets share the port with SO_REUSEPORT and the kernel spreads new connections over them
/// (by a hash of the connection's addresses), so a burst of connections lands on every loop
/// rather than on whichever one woke first. The first socket is bound without SO_REUSEPORT
/// (it is set after the bind, before listen), so an address already in use — by any process,
/// another server like this one included — fails the start as it always did; the others then
/// join it on the port it got (the answer to port 0).
final class ListeningSocket: Sendable {
    let fd: Int32
    /// The port actually bound; differs from the requested one when that was 0.
    let port: Int

    /// The first socket on `address`; `shared` lets later ones (`joining:`) listen on its port too.
    convenience init(address: SocketAddress, backlog: Int32, shared: Bool) throws(SyscallError) {
        try self.init(address: address, backlog: backlog, reusePort: shared ? .afterBinding : nil)
    }

    /// Another socket on `first`'s address and port, which takes a share of its connections.
    convenience init(joining first: ListeningSocket, address: SocketAddress, backlog: Int32) throws(SyscallError) {
        var address = address
        address.port = first.port
        try self.init(address: address, backlog: backlog, reusePort: .beforeBinding)
    }

    private enum ReusePort { case beforeBinding, afterBinding }

    private init(address: SocketAddress, backlog: Int32, reusePort: ReusePort?) throws(SyscallError) {
        let fd = try Syscall.call("socket") {
            socket(address.domain, Int32(SOCK_STREAM.rawValue | SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue), 0)
        }
        do throws(SyscallError) {
            try Socket.setOption(fd, level: SOL_SOCKET, name: SO_REUSEADDR)
            if reusePort == .beforeBinding { try Socket.setOption(fd, level: SOL_SOCKET, name: SO_REUSEPORT) }
            try Syscall.call("bind") { address.withSockAddr { bind(fd, $0, $1) } }
            if reusePort == .afterBinding { try Socket.setOption(fd, level: SOL_SOCKET, name: SO_REUSEPORT) }
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

    /// Called once, after its loop has stopped watching the socket.
    func close() {
        Syscall.close(fd)
    }
}
