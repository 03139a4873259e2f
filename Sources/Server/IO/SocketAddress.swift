import Glibc

/// An IPv4 or IPv6 literal with a port, checked with inet_pton so a bad host is caught at start-up.
struct SocketAddress: Sendable, Equatable, CustomStringConvertible {
    enum Family: Sendable, Equatable { case ipv4, ipv6 }

    let host: String
    var port: Int
    let family: Family

    /// 127.0.0.1, the default: reachable only from this machine until the operator says otherwise.
    static func loopback(port: Int) -> SocketAddress {
        SocketAddress(host: "127.0.0.1", checkedPort: port, family: .ipv4)
    }

    private init(host: String, checkedPort: Int, family: Family) {
        self.host = host
        self.port = checkedPort
        self.family = family
    }

    /// nil when `host` is not a numeric IPv4/IPv6 address or `port` is outside 0...65535.
    init?(host: String, port: Int) {
        guard (0 ... 65535).contains(port) else { return nil }
        var v4 = in_addr()
        var v6 = in6_addr()
        if inet_pton(AF_INET, host, &v4) == 1 {
            family = .ipv4
        } else if inet_pton(AF_INET6, host, &v6) == 1 {
            family = .ipv6
        } else {
            return nil
        }
        self.host = host
        self.port = port
    }

    var description: String {
        family == .ipv6 ? "[\(host)]:\(port)" : "\(host):\(port)"
    }

    var domain: Int32 { family == .ipv6 ? AF_INET6 : AF_INET }

    /// Calls `body` with this address as a sockaddr for bind(2).
    func withSockAddr<R>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> R) -> R {
        switch family {
        case .ipv4:
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            _ = inet_pton(AF_INET, host, &address.sin_addr)
            return Self.withGeneric(address, body)
        case .ipv6:
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = in_port_t(UInt16(port).bigEndian)
            _ = inet_pton(AF_INET6, host, &address.sin6_addr)
            return Self.withGeneric(address, body)
        }
    }

    private static func withGeneric<Address, R>(_ address: Address, _ body: (UnsafePointer<sockaddr>, socklen_t) -> R) -> R {
        withUnsafePointer(to: address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<Address>.size)) }
        }
    }

    /// The port a bound socket actually got (what port 0 resolved to).
    static func boundPort(of fd: Int32) throws(SyscallError) -> Int {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        try Syscall.call("getsockname") {
            withUnsafeMutablePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
            }
        }
        let isIPv6 = storage.ss_family == sa_family_t(AF_INET6)
        let networkPort = withUnsafePointer(to: storage) { pointer -> UInt16 in
            if isIPv6 {
                pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_port }
            } else {
                pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_port }
            }
        }
        return Int(UInt16(bigEndian: networkPort))
    }
}
