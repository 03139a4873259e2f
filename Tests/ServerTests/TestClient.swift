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

    /// `receiveBuffer` shrinks SO_RCVBUF (before connecting, so the window is small): a client that
    /// stops reading then backs up into the server quickly.
    static func connect(port: Int, timeout: Double = 3, receiveBuffer: Int32? = nil) throws -> TestClient {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure.system("socket", errno) }
        let client = TestClient(fd: fd)
        var interval = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1_000_000))
        for option in [SO_RCVTIMEO, SO_SNDTIMEO] {
            setsockopt(fd, SOL_SOCKET, option, &interval, socklen_t(MemoryLayout<timeval>.size))
        }
        if var size = receiveBuffer {
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
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

    /// Makes the coming close abortive (SO_LINGER 0): the server sees a reset, not an end of stream.
    func resetOnClose() {
        var option = linger(l_onoff: 1, l_linger: 0)
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
    }

    /// The next response; `isHead` because a HEAD answer has Content-Length but no body.
    /// A chunked body is read to its last chunk and returned decoded.
    func readResponse(isHead: Bool = false) throws -> Response {
        var response = try readHead()
        if isHead || response.status < 200 || response.status == 204 || response.status == 304 { return response }
        if response.header("Transfer-Encoding") == "chunked" {
            while let chunk = try readChunk() {
                response.body += chunk
            }
            return response
        }
        guard let length = response.header("Content-Length").flatMap({ Int($0) }) else { throw Failure.malformed("no Content-Length") }
        response.body = try readBytes(length)
        return response
    }

    /// Status line and header fields only; the body stays unread.
    func readHead() throws -> Response {
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
        return Response(status: status, headers: headers, body: [])
    }

    /// One chunk's data; nil for the last chunk (no trailers expected).
    func readChunk() throws -> [UInt8]? {
        let sizeLine = try readRaw(through: [13, 10])
        guard let size = Int(String(decoding: sizeLine.dropLast(2), as: UTF8.self), radix: 16) else {
            throw Failure.malformed("chunk size \(sizeLine)")
        }
        let data = try readBytes(size + 2)
        guard data.suffix(2) == [13, 10] else { throw Failure.malformed("chunk without CRLF") }
        return size == 0 ? nil : Array(data.dropLast(2))
    }

    /// Everything up to and including the first occurrence of `marker`.
    func readRaw(through marker: [UInt8]) throws -> [UInt8] {
        while true {
            if let end = firstIndex(of: marker) {
                defer { pending.removeFirst(end + marker.count) }
                return Array(pending[..<(end + marker.count)])
            }
            guard try fill() else { throw Failure.closedEarly }
        }
    }

    func readBytes(_ count: Int) throws -> [UInt8] {
        while pending.count < count {
            guard try fill() else { throw Failure.closedEarly }
        }
        defer { pending.removeFirst(count) }
        return Array(pending[..<count])
    }

    /// Everything until the server closes (end of stream or reset); throws if it does not close in time.
    func readToEnd() throws -> [UInt8] {
        while try fill() {}
        defer { pending = [] }
        return pending
    }

    private func findHeadEnd() -> Int? {
        firstIndex(of: [13, 10, 13, 10])
    }

    private func firstIndex(of marker: [UInt8]) -> Int? {
        guard pending.count >= marker.count else { return nil }
        return (0 ... pending.count - marker.count).first { pending[$0 ..< $0 + marker.count].elementsEqual(marker) }
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
