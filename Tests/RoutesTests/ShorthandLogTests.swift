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

@Suite("ShorthandLog: packed texts")
struct ShorthandLogPackingTests {
    @Test("a posted tap packs to 12 bytes, a drag to 25, and any text, pieces and non-ASCII included, unpacks as it was",
          arguments: [#"{"type":"tap","t":0.2,"x":100,"y":25}"#,
                      #"{"type":"drag","t":0.4,"from":{"x":100,"y":25},"to":{"x":330,"y":40},"duration":0.02}"#,
                      #"{"type":"flick","t":1,"from":{"x":1,"y":2},"velocity":{"x":0,"y":-900}}"#,
                      #"{"t":3,"type":"tap","y":1,"x":2,"note":"é ✓ ,\"x\": {\"type\":\"tap\",\"t\":"}"#, "", "{", ",\"x"])
    func roundTrip(text: String) {
        let packed = ShorthandLog.pack(Array(text.utf8))
        #expect(ShorthandLog.unpack(packed[...]) == Array(text.utf8))
        if text.hasPrefix(#"{"type":"tap""#) { #expect(packed.count == 12) }
        if text.hasPrefix(#"{"type":"drag""#) { #expect(packed.count == 25) }
    }
}
