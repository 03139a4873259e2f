import Glibc
import Routes
import Synchronization

/// HTTP/1.1 to etcd's JSON gateway (`GatewayTransport`): one connection per call
/// (`Connection: close`), every step under one deadline, so no call outlasts `timeout`. Runs on
/// the registry's worker threads, never on an event loop, so it may block.
///
/// With several members it starts with the one that last answered and tries the next only when
/// a connection cannot be made: a request that was sent is never sent again elsewhere (a
/// transaction that did happen would then be reported as lost to its own retry).
final class EtcdTransport: GatewayTransport {
    struct Endpoint: Sendable, Equatable {
        var host: String
        var port: Int
    }

    let endpoints: [Endpoint]
    let timeout: Double
    private let preferred = Atomic<Int>(0)

    init(endpoints: [Endpoint], timeout: Double) {
        precondition(!endpoints.isEmpty, "an etcd registry needs an endpoint")
        self.endpoints = endpoints
        self.timeout = timeout
    }

    func post(_ path: String, body: [UInt8]) throws(RegistryError) -> [UInt8] {
        let deadline = Self.monotonic() + timeout
        let start = preferred.load(ordering: .relaxed)
        var failures: [String] = []
        for offset in endpoints.indices {
            let index = (start + offset) % endpoints.count
            let endpoint = endpoints[index]
            let fd: Int32
            do {
                fd = try connect(endpoint, deadline: deadline)
            } catch {
                failures.append("\(endpoint.host):\(endpoint.port): \(error.detail)")
                continue
            }
            defer { Syscall.close(fd) }
            preferred.store(index, ordering: .relaxed)
            let request = Array("POST \(path) HTTP/1.1\r\nHost: \(endpoint.host):\(endpoint.port)\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n".utf8) + body
            do {
                try send(fd, request, deadline: deadline)
                return try Self.body(ofResponse: receive(fd, deadline: deadline))
            } catch {
                throw RegistryError("\(endpoint.host):\(endpoint.port)\(path): \(error.detail)")
            }
        }
        throw RegistryError(failures.joined(separator: "; "))
    }

    // MARK: Socket

    private func connect(_ endpoint: Endpoint, deadline: Double) throws(RegistryError) -> Int32 {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_family = AF_UNSPEC
        var list: UnsafeMutablePointer<addrinfo>?
        let resolved = getaddrinfo(endpoint.host, String(endpoint.port), &hints, &list)
        guard resolved == 0, let first = list else {
            throw RegistryError("cannot resolve \(endpoint.host): \(String(cString: gai_strerror(resolved)))")
        }
        defer { freeaddrinfo(list) }
        var lastError = "no address"
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let address = entry {
            entry = address.pointee.ai_next
            let fd = socket(address.pointee.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard fd >= 0 else { lastError = "socket: \(String(cString: strerror(errno)))"; continue }
            if Glibc.connect(fd, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 { return fd }
            guard errno == EINPROGRESS else {
                lastError = "connect: \(String(cString: strerror(errno)))"
                Syscall.close(fd)
                continue
            }
            do {
                try wait(fd, for: Int16(POLLOUT), deadline: deadline, doing: "connect")
            } catch {
                Syscall.close(fd)
                throw error
            }
            var code: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(fd, SOL_SOCKET, SO_ERROR, &code, &length)
            if code == 0 { return fd }
            lastError = "connect: \(String(cString: strerror(code)))"
            Syscall.close(fd)
        }
        throw RegistryError(lastError)
    }

    private func send(_ fd: Int32, _ bytes: [UInt8], deadline: Double) throws(RegistryError) {
        var sent = 0
        while sent < bytes.count {
            let result = bytes.withUnsafeBytes { raw in Glibc.send(fd, raw.baseAddress! + sent, raw.count - sent, Int32(MSG_NOSIGNAL)) }
            if result > 0 { sent += result; continue }
            if result < 0 && (errno == EAGAIN || errno == EINTR) {
                try wait(fd, for: Int16(POLLOUT), deadline: deadline, doing: "send")
                continue
            }
            throw RegistryError("send: \(String(cString: strerror(errno)))")
        }
    }

    /// Everything until etcd closes the connection (asked for with `Connection: close`), at most 8 MiB.
    private func receive(_ fd: Int32, deadline: Double) throws(RegistryError) -> [UInt8] {
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16384)
        while true {
            let count = chunk.withUnsafeMutableBytes { raw in recv(fd, raw.baseAddress, raw.count, 0) }
            if count == 0 { return received }
            if count > 0 {
                received += chunk[..<count]
                guard received.count <= 8 << 20 else { throw RegistryError("an answer over 8 MiB") }
                continue
            }
            guard errno == EAGAIN || errno == EINTR else { throw RegistryError("recv: \(String(cString: strerror(errno)))") }
            try wait(fd, for: Int16(POLLIN), deadline: deadline, doing: "the answer")
        }
    }

    private func wait(_ fd: Int32, for events: Int16, deadline: Double, doing what: String) throws(RegistryError) {
        while true {
            let left = deadline - Self.monotonic()
            guard left > 0 else { throw RegistryError("timed out waiting for \(what) after \(timeout) s") }
            var descriptor = pollfd(fd: fd, events: events, revents: 0)
            let ready = poll(&descriptor, 1, Int32((left * 1000).rounded(.up)))
            if ready > 0 { return }
            if ready < 0 && errno != EINTR { throw RegistryError("poll: \(String(cString: strerror(errno)))") }
        }
    }

    static func monotonic() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    // MARK: HTTP

    /// The body of a complete `200` answer: by `Content-Length`, chunked, or up to the close.
    static func body(ofResponse bytes: [UInt8]) throws(RegistryError) -> [UInt8] {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let end = bytes.indices.first(where: { bytes[$0...].starts(with: separator) }) else {
            throw RegistryError("an incomplete HTTP answer (\(bytes.count) bytes)")
        }
        let head = String(decoding: bytes[..<end], as: UTF8.self)
        let lines = head.split(separator: "\r\n", omittingEmptySubsequences: false)
        let statusLine = lines.first.map(String.init) ?? ""
        let status = statusLine.split(separator: " ").dropFirst().first.flatMap { Int($0) }
        var body = Array(bytes[(end + 4)...])
        var fields: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingSpaces
        }
        if fields["transfer-encoding"]?.lowercased() == "chunked" {
            body = try dechunk(body)
        } else if let length = fields["content-length"].flatMap({ Int($0) }) {
            guard body.count >= length else { throw RegistryError("an answer cut short (\(body.count) of \(length) bytes)") }
            body = Array(body.prefix(length))
        }
        guard status == 200 else {
            throw RegistryError("etcd answered \(statusLine): \(String(decoding: body.prefix(200), as: UTF8.self))")
        }
        return body
    }

    static func dechunk(_ bytes: [UInt8]) throws(RegistryError) -> [UInt8] {
        var out: [UInt8] = []
        var index = 0
        while true {
            guard let lineEnd = bytes[index...].indices.first(where: { bytes[$0...].starts(with: [13, 10]) }) else {
                throw RegistryError("a chunked answer cut short")
            }
            let sizeText = String(decoding: bytes[index..<lineEnd], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText.trimmingSpaces, radix: 16) else { throw RegistryError("a bad chunk size") }
            if size == 0 { return out }
            let start = lineEnd + 2
            guard start + size + 2 <= bytes.count else { throw RegistryError("a chunked answer cut short") }
            out += bytes[start..<(start + size)]
            index = start + size + 2
        }
    }
}

private extension StringProtocol {
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
