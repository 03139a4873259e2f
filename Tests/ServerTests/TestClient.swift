import Foundation
import Glibc

/// A blocking TCP client with receive and send timeouts, so a misbehaving server fails a test
/// instead of hanging it.
final class TestClient {
    enum Failure: Error, Equatable {
        case timedOut
        case closedEarly
        case malformed(String)
        case system(String, Int32)
    }

    struct Response {
        var status: Int
        var headers: [(name: String, value: String)]
        var body: [UInt8]

        func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }

        var text: String { String(decoding: body, as: UTF8.self) }
    }

    let fd: Int32
    private var pending: [UInt8] = []

    private init(fd: Int32) {
        self.fd = fd
    }

    deinit {
        close(fd)
    }

    static func connect(port: Int, timeout: Double = 3) throws -> TestClient {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure.system("socket", errno) }
        let client = TestClient(fd: fd)
        var interval = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1_000_000))
        for option in [SO_RCVTIMEO, SO_SNDTIMEO] {
            setsockopt(fd, SOL_SOCKET, option, &interval, socklen_t(MemoryLayout<timeval>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else { throw Failure.system("connect", errno) }
        return client
    }

    func send(_ text: String) throws {
        try send(Array(text.utf8))
    }

    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress.map { $0 + offset }, bytes.count - offset, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { throw errno == EAGAIN ? Failure.timedOut : Failure.system("send", errno) }
            offset += sent
        }
    }

    /// Half-close, as a client does after `Connection: close`: the server sees end of stream.
    func finishSending() {
        shutdown(fd, Int32(SHUT_WR))
    }

    /// The next response; `isHead` because a HEAD answer has Content-Length but no body.
    func readResponse(isHead: Bool = false) throws -> Response {
        var headEnd = findHeadEnd()
        while headEnd == nil {
            guard try fill() else { throw Failure.closedEarly }
            headEnd = findHeadEnd()
        }
        guard let end = headEnd else { throw Failure.closedEarly }
        let lines = String(decoding: pending[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        pending.removeFirst(end + 4)
        let statusParts = lines[0].split(separator: " ", maxSplits: 2)
        guard statusParts.count >= 2, statusParts[0] == "HTTP/1.1", let status = Int(statusParts[1]) else {
            throw Failure.malformed(lines[0])
        }
        let headers = lines.dropFirst().map { line -> (name: String, value: String) in
            let parts = line.split(separator: ":", maxSplits: 1)
            return (String(parts[0]), parts.count > 1 ? String(parts[1].dropFirst()) : "")
        }
        var response = Response(status: status, headers: headers, body: [])
        if isHead || status < 200 || status == 204 || status == 304 { return response }
        guard let length = response.header("Content-Length").flatMap({ Int($0) }) else { throw Failure.malformed("no Content-Length") }
        while pending.count < length {
            guard try fill() else { throw Failure.closedEarly }
        }
        response.body = Array(pending[..<length])
        pending.removeFirst(length)
        return response
    }

    /// Everything until the server closes (end of stream or reset); throws if it does not close in time.
    func readToEnd() throws -> [UInt8] {
        while try fill() {}
        defer { pending = [] }
        return pending
    }

    private func findHeadEnd() -> Int? {
        guard pending.count >= 4 else { return nil }
        for index in 0 ... pending.count - 4
        where pending[index] == 13 && pending[index + 1] == 10 && pending[index + 2] == 13 && pending[index + 3] == 10 {
            return index
        }
        return nil
    }

    /// False at end of stream or reset.
    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = recv(fd, &chunk, chunk.count, 0)
            if count > 0 {
                pending.append(contentsOf: chunk[..<count])
                return true
            }
            if count == 0 { return false }
            switch errno {
            case EINTR: continue
            case EAGAIN: throw Failure.timedOut
            case ECONNRESET: return false
            default: throw Failure.system("recv", errno)
            }
        }
    }
}
