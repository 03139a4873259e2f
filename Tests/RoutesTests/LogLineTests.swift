import Testing
@testable import Routes

@Suite struct LogLineTests {
    @Test func logfmtQuotesOnlyWhenNeeded() {
        let line = LogLine(level: "info", "request")
            .field("method", "GET")
            .field("path", "/a b")
            .field("detail", "say \"hi\"\n")
            .field("empty", "")
            .field("status", 200)
            .field("dur_ms", milliseconds: 0.000_05)
        #expect(line.description == #"level=info msg=request method=GET path="/a b" detail="say \"hi\"\n" empty="" status=200 dur_ms=0.05"#)
    }

    /// The word-at-a-time scan against the set written out: every byte value at every place of a
    /// 17-byte value (two words and a tail), the rest of it plain letters or bytes from 0x80.
    @Test func wordScanFindsExactlyTheBytesThatNeedQuotes() {
        let needing = Set<UInt8>(Array(0x00 ... 0x20) + [0x22, 0x3D, 0x5C, 0x7F])
        for filler: UInt8 in [UInt8(ascii: "a"), 0x80, 0xFF] {
            var text = [UInt8](repeating: filler, count: 17)
            #expect(!text.withUnsafeBufferPointer { LogLine.anyNeedsQuotes($0) })
            for position in text.indices {
                for byte in UInt8.min ... UInt8.max {
                    text[position] = byte
                    let found = text.withUnsafeBufferPointer { LogLine.anyNeedsQuotes($0) }
                    #expect(found == needing.contains(byte), "byte \(byte) at \(position) among \(filler)")
                }
                text[position] = filler
            }
        }
    }

    @Test(arguments: [(0.0, "0.00"), (0.004, "0.00"), (0.005, "0.01"), (12.345, "12.35"), (1.5, "1.50"), (-1, "0.00")])
    func decimals(value: Double, text: String) {
        #expect(LogLine.decimal(value) == text)
    }
}

/// A line written behind others (an event loop's batch) leaves them as they were.
@Suite struct LogLineBatchTests {
    @Test func aLineAfterEarlierLinesKeepsThemAndEndsWithANewline() {
        let earlier = Array("level=info msg=first\n".utf8)
        let line = LogLine(level: "warn", "second", after: earlier).field("path", "/a b")
        #expect(line.start == 21)
        #expect(line.description == #"level=warn msg=second path="/a b""#)
        #expect(String(decoding: line.ended(), as: UTF8.self) == "level=info msg=first\nlevel=warn msg=second path=\"/a b\"\n")
    }
}
