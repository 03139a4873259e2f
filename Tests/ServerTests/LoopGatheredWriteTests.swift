import Testing
@testable import Server

/// An answer leaves as its head and its body in one gathered write (one iovec each); a write the
/// socket takes only part of resumes where it stopped, inside the head or inside the body. The
/// fake poller's window is how much the client's socket takes before it is full.
@Suite struct LoopGatheredWriteTests {
    static let answer = Array(Wire.ok("GET /a 0").utf8)
    /// "GET /a 0" is the body; the rest is the head.
    static let headCount = answer.count - 8

    @Test func theHeadAndTheBodyLeaveInOneWrite() throws {
        let loop = try LoopHarness()
        let client = loop.connect(sending: Wire.get)
        #expect(client.received == Self.answer)
        #expect(client.writes == [[101, 8]])
        #expect(Self.headCount == 101)
    }

    @Test func aWriteThatStopsInsideTheHeadResumesThere() throws {
        let loop = try LoopHarness()
        let client = loop.poller.connect()
        client.window = 30
        client.send(Wire.get)
        loop.settle()
        #expect(client.received == Array(Self.answer[..<30]))
        client.window = 20
        loop.settle()
        #expect(client.received == Array(Self.answer[..<50]))
        client.window = .max
        loop.settle()
        #expect(client.received == Self.answer)
        #expect(client.writes == [[101, 8], [71, 8], [51, 8]], "each write gathers the rest of the head and the body")
        #expect(client.closed == nil)
    }

    @Test func aWriteThatStopsInsideTheBodyResumesThereAndTheNextAnswerFollows() throws {
        let loop = try LoopHarness()
        let client = loop.poller.connect()
        client.window = Self.headCount + 3
        client.send(Wire.get)
        loop.settle()
        #expect(client.received == Array(Self.answer[..<(Self.headCount + 3)]))
        client.window = .max
        loop.settle()
        #expect(client.received == Self.answer)
        client.send(Wire.get)
        loop.settle()
        #expect(client.received == Self.answer + Self.answer)
        #expect(client.writes == [[101, 8], [5], [101, 8]], "the body's last 5 bytes alone, then the next answer whole")
    }

    @Test func pipelinedAnswersLeaveInOneWrite() throws {
        let loop = try LoopHarness()
        let client = loop.connect(sending: Wire.get + Wire.get)
        #expect(client.received == Self.answer + Self.answer)
        #expect(client.writes == [[101, 8, 101, 8]])
    }
}
