import Testing
@testable import HTTP1
import TestSupport

/// A deterministic stand-in for the libFuzzer run to come: mutated and random inputs must never
/// crash the parser, and how the bytes are split must never change the result.
@Suite struct ParserRobustnessTests {
    static let seeds = [
        "GET /a?b=c HTTP/1.1\r\nHost: x\r\n\r\n",
        "POST /p HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello",
        "POST /e HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5;a=\"b\"\r\nhello\r\n0\r\nT: v\r\n\r\n",
        "PUT /u HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\nok",
    ].map { Array($0.utf8) }

    static let interesting: [UInt8] = Array("\r\n :;=\"\\,0fF9-+%/*\t".utf8) + [0, 0x7F, 0x80, 0xFF]

    @Test func mutatedRequestsNeverCrashAndSplitsAgree() {
        var random = SplitMix64(seed: 0x5EED)
        let limits = HTTPLimits(maxRequestLineBytes: 128, maxHeadBytes: 256, maxHeaderCount: 8, maxBodyBytes: 64,
                                maxChunkLineBytes: 64, maxLeadingEmptyLines: 2)
        for _ in 0 ..< 3000 {
            var bytes = Self.seeds[Int(random.next() % UInt64(Self.seeds.count))]
            for _ in 0 ... random.next() % 4 {
                mutate(&bytes, &random)
            }
            let whole = ParserHarness.run([bytes], limits: limits)
            let split = Int(random.next() % UInt64(bytes.count + 1))
            let halves = ParserHarness.run([Array(bytes[..<split]), Array(bytes[split...])], limits: limits)
            #expect(whole.outcomes == halves.outcomes, "\(bytes)")
        }
    }

    @Test func randomBytesNeverCrash() {
        var random = SplitMix64(seed: 42)
        for _ in 0 ..< 2000 {
            let count = Int(random.next() % 300)
            let bytes = (0 ..< count).map { _ in Self.interesting[Int(random.next() % UInt64(Self.interesting.count))] }
            _ = ParserHarness.run(bytes.map { [$0] })
        }
    }

    private func mutate(_ bytes: inout [UInt8], _ random: inout SplitMix64) {
        let position = Int(random.next() % UInt64(bytes.count + 1))
        let byte = Self.interesting[Int(random.next() % UInt64(Self.interesting.count))]
        switch random.next() % 3 {
        case 0: bytes.insert(byte, at: position)
        case 1 where position < bytes.count: bytes.remove(at: position)
        default: if position < bytes.count { bytes[position] = byte }
        }
    }
}
