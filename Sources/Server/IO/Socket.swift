import Glibc

/// Byte moves on a connected non-blocking socket; nil always means "would block, try when epoll says so".
enum Socket {
    /// Bytes read into `buffer`: 0 at end of stream, nil when nothing is available.
    static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(SyscallError) -> Int? {
        try Syscall.unlessWouldBlock("read") { Glibc.read(fd, buffer.baseAddress, buffer.count) }
    }

    /// Bytes accepted by the kernel of those `vectors` point at, in order, nil when its buffer is
    /// full: writev(2) as sendmsg(2), for MSG_NOSIGNAL (a closed peer is EPIPE, not SIGPIPE).
    static func send(_ fd: Int32, _ vectors: UnsafeBufferPointer<iovec>) throws(SyscallError) -> Int? {
        var message = msghdr()
        message.msg_iov = UnsafeMutablePointer(mutating: vectors.baseAddress)
        message.msg_iovlen = vectors.count
        return try Syscall.unlessWouldBlock("sendmsg") { Glibc.sendmsg(fd, &message, Int32(MSG_NOSIGNAL)) }
    }

    /// Half-close: the peer sees end of stream after our last response, while we can still read.
    static func shutdownWrite(_ fd: Int32) {
        _ = Glibc.shutdown(fd, Int32(SHUT_WR))
    }

    /// SO_LINGER {on, 0}: close(2) then sends RST and frees whatever is still queued to send.
    static func resetOnClose(_ fd: Int32) {
        var option = linger(l_onoff: 1, l_linger: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
    }

    static func setOption(_ fd: Int32, level: Int32, name: Int32, value: Int32 = 1) throws(SyscallError) {
        var value = value
        try Syscall.call("setsockopt") { setsockopt(fd, level, name, &value, socklen_t(MemoryLayout<Int32>.size)) }
    }
}
