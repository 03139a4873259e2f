import Dispatch
import Foundation
import Glibc
import Synchronization
import Testing
@testable import Server

/// Slow, idle and non-reading clients: each is cut off by its own timeout and never holds up others.
@Suite(.serialized) struct TimeoutTests {
    static let host = "Host: t\r\n"

    @Test func idleKeepAliveConnectionIsClosed() throws {
        let configuration = TestServer.configuration { $0.timeouts.idle = 0.3 }
        try TestServer.run(configuration) { server in
            let client = try TestClient.connect(port: server.port)
            try client.send("GET /a HTTP/1.1\r\n\(Self.host)\r\n")
            #expect(try client.readResponse().status == 200)
            let started = MonotonicClock.now()
            #expect(try client.readToEnd().isEmpty)
            let waited = MonotonicClock.now() - started
            #expect(waited > 0.2 && waited < 1.5)
        }
    }

    /// A slowloris keeps sending one byte at a time; the header timeout runs from its first byte anyway.
    @Test func tricklingHeadIsCutOffWith408() throws {
        let configuration = TestServer.configuration { $0.timeouts.header = 0.5 }
        try TestServer.run(configuration) { server in
            let client = try TestClient.connect(port: server.port)
            let trickler = Trickler(client: client, bytes: Array("GET / HTTP/1.1\r\nX-A: \(String(repeating: "a", count: 200))".utf8),
                                    interval: 0.05)
            let started = MonotonicClock.now()
            let response = try client.readResponse()
            trickler.stopAndJoin()
            #expect(response.status == 408)
            #expect(response.text.contains(#""code":"request_timeout""#))
            #expect(MonotonicClock.now() - started < 2)
        }
    }

    @Test func slowBodyIsCutOffWith408() throws {
        let configuration = TestServer.configuration { $0.timeouts.body = 0.3 }
        try TestServer.run(configuration) { server in
            let client = try TestClient.connect(port: server.port)
            try client.send("POST /u HTTP/1.1\r\n\(Self.host)Content-Length: 10\r\n\r\nabc")
            #expect(try client.readResponse().status == 408)
            #expect(try client.readToEnd().isEmpty)
        }
    }

    /// One loop thread, so the slow client and the fast one share it.
    @Test func slowClientDoesNotBlockAFastOne() throws {
        let configuration = TestServer.configuration { $0.threads = 1 }
        try TestServer.run(configuration) { server in
            let slow = try TestClient.connect(port: server.port)
            let trickler = Trickler(client: slow, bytes: Array("GET /slow HTTP/1.1\r\n\(Self.host)\r\n".utf8), interval: 0.05)
            usleep(100_000)
            let fast = try TestClient.connect(port: server.port)
            let started = MonotonicClock.now()
            for index in 0 ..< 20 {
                try fast.send("GET /fast\(index) HTTP/1.1\r\n\(Self.host)\r\n")
                #expect(try fast.readResponse().text == "GET /fast\(index) 0")
            }
            #expect(MonotonicClock.now() - started < 1)
            #expect(!trickler.isFinished, "the fast client finished while the slow one was still sending")
            trickler.join()
            #expect(try slow.readResponse().text == "GET /slow 0")
        }
    }

    /// A client that pipelines without reading: the server stops reading from it once its output is
    /// over the limit, then closes it when writing makes no progress.
    @Test func clientThatNeverReadsIsThrottledThenClosed() throws {
        let responder = LargeResponder(size: 256 * 1024)
        let configuration = TestServer.configuration { $0.timeouts.write = 0.5 }
        let requests = 400
        try TestServer.run(configuration, responder: responder) { server in
            let client = try TestClient.connect(port: server.port)
            try client.send(String(repeating: "GET /big HTTP/1.1\r\n\(Self.host)\r\n", count: requests))
            usleep(1_500_000)
            let answered = responder.calls.load(ordering: .relaxed)
            #expect(answered < requests / 2)
            let received = try client.readToEnd().count
            #expect(received < answered * 256 * 1024 + 4096 * answered)
        }
    }
}

/// Sends bytes one at a time on a background thread until done or stopped.
final class Trickler: Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let finished = Atomic<Bool>(false)
    private let stopped = Atomic<Bool>(false)

    /// A thread of its own, not a Dispatch worker (see `onNewThread`).
    init(client: TestClient, bytes: [UInt8], interval: Double) {
        let fd = client.fd
        Thread.detachNewThread {
            for byte in bytes where !self.stopped.load(ordering: .relaxed) {
                var copy = byte
                if Glibc.send(fd, &copy, 1, Int32(MSG_NOSIGNAL)) != 1 { break }
                usleep(UInt32(interval * 1_000_000))
            }
            self.finished.store(true, ordering: .relaxed)
            self.done.signal()
        }
    }

    var isFinished: Bool { finished.load(ordering: .relaxed) }

    func stopAndJoin() {
        stopped.store(true, ordering: .relaxed)
        done.wait()
    }

    func join() {
        done.wait()
    }
}
