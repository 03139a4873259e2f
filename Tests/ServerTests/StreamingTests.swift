import Dispatch
import Foundation
import Glibc
import Testing
@testable import Server

/// Streamed responses on the wire: framing, keep-alive and pipelining after a stream, HEAD, and the
/// ways a stream ends early (client gone, server stopping).
@Suite(.serialized) struct StreamingTests {
    static let host = "Host: t\r\n"
    static let threeEvents = "data: 1\n\ndata: 2\n\ndata: 3\n\n"

    /// The raw text without its `Date` line, which changes every second.
    static func withoutDate(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self)
            .replacingOccurrences(of: #"Date: [^\r]*\r\n"#, with: "", options: .regularExpression)
    }

    @Test func chunkedStreamEndsWithTheLastChunkThenTheConnectionServesTheNextRequest() throws {
        let responder = StreamResponder { StubStream(interval: 0.01, count: 3) }
        let logs = LogCollector()
        try TestServer.run(responder: responder, log: logs.sink) { server in
            let client = try TestClient.connect(port: server.port)
            try client.send("GET /stream HTTP/1.1\r\n\(Self.host)\r\n")
            let raw = try client.readRaw(through: Array("\r\n0\r\n\r\n".utf8))
            #expect(Self.withoutDate(raw) == "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\n"
                + "Transfer-Encoding: chunked\r\n\r\n9\r\ndata: 1\n\n\r\n9\r\ndata: 2\n\n\r\n9\r\ndata: 3\n\n\r\n0\r\n\r\n")
            try client.send("GET /after HTTP/1.1\r\n\(Self.host)\r\n")
            #expect(try client.readResponse().text == "GET /after 0")
            #expect(responder.streams.map(\.cancellations) == [0])
        }
        let streamLine = try #require(logs.all.first)
        #expect(streamLine.hasPrefix("level=info msg=request method=GET path=/stream status=200 dur_ms="))
        #expect(streamLine.hasSuffix(" bytes=27 end=complete"))
        #expect(try #require(Self.milliseconds(in: streamLine)) >= 19, "the duration runs to the stream's end")
    }

    @Test(arguments: ["", "Connection: keep-alive\r\n"])
    func http10StreamIsCloseDelimited(connectionHeader: String) throws {
        let responder = StreamResponder { StubStream(interval: 0.01, count: 3) }
        try TestServer.run(responder: responder) { server in
            let client = try TestClient.connect(port: server.port)
            try client.send("GET /stream HTTP/1.0\r\n\(connectionHeader)\r\n")
            #expect(Self.withoutDate(try client.readToEnd()) == "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n"
                + "Cache-Control: no-store\r\nConnection: close\r\n\r\n" + Self.threeEvents)
        }
    }

    @Test func headOnAStreamingRouteSendsTheHeadAndCancelsTheStream() throws {
        let responder = StreamResponder { StubStream(interval: 0.01) }
        try TestServer.run(responder: responder) { server in
            let client = try TestClient.connect(port: server.port)
            try client.send("HEAD /stream HTTP/1.1\r\n\(Self.host)\r\n")
            let head = try client.readResponse(isHead: true)
            #expect(head.status == 200)
            #expect(head.header("Transfer-Encoding") == "chunked")
            #expect(head.header("Cache-Control") == "no-store")
            #expect(head.header("Content-Length") == nil)
            try client.send("GET /after HTTP/1.1\r\n\(Self.host)\r\n")
            #expect(try client.readResponse().text == "GET /after 0", "no body bytes came between the two answers")
            let stream = try #require(responder.streams.first)
            #expect(stream.polls == 0)
            #expect(stream.cancellations == 1)
        }
    }

    @Test func requestPipelinedAfterAStreamIsAnsweredAfterItsEnd() throws {
        let responder = StreamResponder { StubStream(interval: 0.05, count: 3) }
        try TestServer.run(responder: responder) { server in
            let client = try TestClient.connect(port: server.port)
            let sent = MonotonicClock.now()
            try client.send("GET /stream HTTP/1.1\r\n\(Self.host)\r\nGET /after HTTP/1.1\r\n\(Self.host)\r\n")
            #expect(try client.readResponse().text == Self.threeEvents)
            #expect(try client.readResponse().text == "GET /after 0")
            #expect(MonotonicClock.now() - sent >= 0.09, "the second answer waited for the stream's two intervals")
        }
    }

    /// A stream outlasts the idle and header timeouts: neither applies while it is open.
    @Test func timeoutsDoNotCutAStreamShort() throws {
        let responder = StreamResponder { StubStream(interval: 0.1, count: 8) }
        let configuration = TestServer.configuration {
            $0.timeouts.idle = 0.2
            $0.timeouts.header = 0.2
        }
        try TestServer.run(configuration, responder: responder) { server in
            let client = try TestClient.connect(port: server.port)
            try client.send("GET /stream HTTP/1.1\r\n\(Self.host)\r\n")
            #expect(try client.readResponse().text == (1 ... 8).map { "data: \($0)\n\n" }.joined())
            #expect(responder.streams.first?.cancellations == 0)
        }
    }

    /// A 100 Hz stream delivers 50 events in half a second, give or take 10%.
    @Test func pollsFollowTheTimesTheStreamAsksFor() throws {
        let responder = StreamResponder { StubStream(interval: 0.01) }
        try TestServer.run(responder: responder) { server in
            let client = try TestClient.connect(port: server.port)
            try client.send("GET /stream HTTP/1.1\r\n\(Self.host)\r\n")
            _ = try client.readHead()
            _ = try client.readChunk()
            let start = MonotonicClock.now()
            var events = 0
            while try client.readChunk() != nil, MonotonicClock.now() - start <= 0.5 {
                events += 1
            }
            #expect((45 ... 55).contains(events))
        }
    }

    /// How a client leaves: closing, half-closing, or half-closing after pipelining more than the
    /// server reads during a stream (so only EPOLLRDHUP can tell).
    enum Leaving: CaseIterable { case close, halfClose, halfCloseAfterFillingInput }

    @Test(arguments: Leaving.allCases)
    func clientLeavingMidStreamCancelsIt(leaving: Leaving) throws {
        let responder = StreamResponder { StubStream(interval: 0.01) }
        let logs = LogCollector()
        try TestServer.run(responder: responder, log: logs.sink) { server in
            var client: TestClient? = try TestClient.connect(port: server.port)
            try client?.send("GET /stream HTTP/1.1\r\n\(Self.host)\r\n")
            _ = try client?.readHead()
            _ = try client?.readChunk()
            if leaving == .halfCloseAfterFillingInput {
                try client?.send("GET /next HTTP/1.1\r\nX-Pad: \(String(repeating: "p", count: 20_000))")
                usleep(50_000)
            }
            if leaving == .close {
                client = nil
            } else {
                client?.finishSending()
            }
            let stream = try #require(responder.streams.first)
            #expect(stream.cancelled.wait(timeout: .now() + 2) == .success)
            withExtendedLifetime(client) {}
            let polls = stream.polls
            usleep(50_000)
            #expect(stream.polls == polls, "no poll after cancel()")
        }
        #expect(logs.all.contains { $0.hasSuffix(" end=client_closed") })
    }

    /// SIGTERM while a stream that never ends is open: it is cancelled and terminated at once, not
    /// waited for until the grace is over.
    @Test func stopEndsAnOpenStreamPromptly() throws {
        let responder = StreamResponder { StubStream(interval: 0.01) }
        let logs = LogCollector()
        let configuration = TestServer.configuration { $0.timeouts.shutdownGrace = 4 }
        try TestServer.run(configuration, responder: responder, log: logs.sink) { server in
            let client = try TestClient.connect(port: server.port)
            try client.send("GET /stream HTTP/1.1\r\n\(Self.host)\r\n")
            _ = try client.readHead()
            _ = try client.readChunk()
            let started = MonotonicClock.now()
            let stopped = server.stopInBackground()
            #expect(stopped.wait(timeout: .now() + 3) == .success)
            #expect(MonotonicClock.now() - started < 1, "stop waited for the stream")
            #expect(responder.streams.first?.cancelled.wait(timeout: .now()) == .success)
            while try client.readChunk() != nil {}
            #expect(try client.readToEnd().isEmpty, "the body was terminated with its last chunk, then closed")
        }
        #expect(logs.all.contains { $0.hasSuffix(" end=shutdown") })
    }

    static func milliseconds(in line: String) -> Double? {
        line.split(separator: " ").first { $0.hasPrefix("dur_ms=") }.flatMap { Double($0.dropFirst(7)) }
    }
}
