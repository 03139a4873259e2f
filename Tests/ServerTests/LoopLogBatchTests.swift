import HTTP1
import Routes
import Testing
@testable import Server

/// The access log of one loop pass: the lines of every answer the pass queued go to the sink in one
/// call (one write(2) on stderr), before the first of those answers is sent, and a call never
/// carries more than a pipe's atomic write.
@Suite struct LoopLogBatchTests {
    /// What the sink was given, call by call, and how many answer bytes the clients had by then.
    final class Calls: @unchecked Sendable {
        var peers: [FakePoller.Peer] = []
        var calls: [(text: String, answeredBytes: Int)] = []

        var sink: LogSink {
            { text in self.calls.append((text, self.peers.reduce(0) { $0 + $1.received.count })) }
        }
    }

    static func line(_ path: String) -> String {
        "level=info msg=request method=GET path=\(path) status=200 dur_ms=0.00 bytes=\("GET \(path) 0".utf8.count)"
    }

    @Test func threeAnswersOfOnePassShareOneCallWrittenBeforeThem() throws {
        let calls = Calls()
        let loop = try LoopHarness(log: calls.sink)
        calls.peers = ["/a", "/b", "/c"].map { path in
            let peer = loop.poller.connect()
            peer.send("GET \(path) HTTP/1.1\r\nHost: t\r\n\r\n")
            return peer
        }
        loop.settle()
        #expect(calls.peers.map(\.text) == [Wire.ok("GET /a 0"), Wire.ok("GET /b 0"), Wire.ok("GET /c 0")])
        #expect(calls.calls.map(\.text) == [[Self.line("/a"), Self.line("/b"), Self.line("/c")].joined(separator: "\n")])
        #expect(calls.calls.map(\.answeredBytes) == [0])
    }

    @Test func aPassOfSixtyAnswersIsLoggedInCallsOfAtMostPipeBufBytes() throws {
        let calls = Calls()
        let loop = try LoopHarness(log: calls.sink)
        let paths = (0 ..< 60).map { "/request-\($0)" }
        calls.peers = paths.map { path in
            let peer = loop.poller.connect()
            peer.send("GET \(path) HTTP/1.1\r\nHost: t\r\n\r\n")
            return peer
        }
        loop.settle()
        #expect(calls.peers.map(\.text) == paths.map { Wire.ok("GET \($0) 0") })
        // 60 lines of 81-82 bytes and their newlines: 4,970 bytes, so two calls (4,096 bytes at most).
        #expect(calls.calls.count == 2)
        #expect(calls.calls.allSatisfy { $0.text.utf8.count + 1 <= 4096 })
        #expect(calls.calls.flatMap { $0.text.split(separator: "\n").map(String.init) } == paths.map(Self.line))
        #expect(calls.calls.map(\.answeredBytes) == [0, 0], "both before the first answer")
    }

    @Test func aLineLongerThanTheBatchIsWrittenAloneAfterThePendingOnes() throws {
        let calls = Calls()
        let loop = try LoopHarness(log: calls.sink)
        let long = "/" + String(repeating: "x", count: 4200)
        calls.peers = ["/a", long].map { path in
            let peer = loop.poller.connect()
            peer.send("GET \(path) HTTP/1.1\r\nHost: t\r\n\r\n")
            return peer
        }
        loop.settle()
        #expect(calls.calls.map(\.text) == [Self.line("/a"), Self.line(long)])
        #expect(calls.calls.map(\.answeredBytes) == [0, 0])
    }
}
