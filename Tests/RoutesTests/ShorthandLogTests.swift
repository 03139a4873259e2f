import Testing
@testable import Routes

/// A session's shorthands as posted, in one buffer: each reads back with its indices moved by
/// the inputs before its batch, its text byte for byte.
@Suite("ShorthandLog: the shorthands as posted, in one buffer")
struct ShorthandLogTests {
    static func shorthand(_ first: Int, _ count: Int, _ text: String) -> EventCodec.Shorthand {
        EventCodec.Shorthand(first: first, count: count, text: Array(text.utf8))
    }

    @Test("batches appended with their base read back in order, rebased, texts intact")
    func roundTrip() {
        var log = ShorthandLog()
        #expect(log.isEmpty)
        log.append([Self.shorthand(0, 2, #"{"type":"tap","t":0.2,"x":100,"y":25}"#)], rebasedBy: 0)
        log.append([], rebasedBy: 2)
        // A long text: its length takes two LEB128 bytes, and an index past 127 too.
        let long = #"{"type":"drag","t":1,"note":""# + String(repeating: "é", count: 100) + #""}"#
        log.append([Self.shorthand(1, 3, long), Self.shorthand(4, 200, #"{"type":"flick"}"#)], rebasedBy: 130)
        #expect(Array(log) == [Self.shorthand(0, 2, #"{"type":"tap","t":0.2,"x":100,"y":25}"#),
                               Self.shorthand(131, 3, long), Self.shorthand(134, 200, #"{"type":"flick"}"#)])
        #expect(Array(log)[1].posted == .object(["type": .string("drag"), "t": .number(1),
                                                 "note": .string(String(repeating: "é", count: 100))]))
    }

    @Test("past the exact-size limit it keeps growing and reading back")
    func large() {
        var log = ShorthandLog()
        let text = String(repeating: "x", count: 90)
        for batch in 0..<100 { log.append([Self.shorthand(0, 1, text)], rebasedBy: batch) }
        let read = Array(log)
        #expect(read.count == 100)
        #expect(read.map(\.first) == Array(0..<100))
        #expect(read.allSatisfy { $0.text == Array(text.utf8) && $0.count == 1 })
    }
}
