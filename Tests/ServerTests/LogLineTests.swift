import Testing
@testable import Server

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

    @Test(arguments: [(0.0, "0.00"), (0.004, "0.00"), (0.005, "0.01"), (12.345, "12.35"), (1.5, "1.50"), (-1, "0.00")])
    func decimals(value: Double, text: String) {
        #expect(LogLine.decimal(value) == text)
    }

    @Test func randomIDsAre32LowercaseHexDigits() {
        let id = RandomID.make()
        #expect(id.count == 32)
        #expect(id.allSatisfy { "0123456789abcdef".contains($0) })
        #expect(RandomID.make() != id)
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
