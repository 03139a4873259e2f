import AnimationCore
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
        log.append([Self.shorthand(0, 2, #"{"type":"tap","t":0.2,"x":100,"y":25}"#)], of: [TimedInput](), rebasedBy: 0)
        log.append([], of: [TimedInput](), rebasedBy: 2)
        // A long text: its length takes two LEB128 bytes, and an index past 127 too.
        let long = #"{"type":"drag","t":1,"note":""# + String(repeating: "é", count: 100) + #""}"#
        log.append([Self.shorthand(1, 3, long), Self.shorthand(4, 200, #"{"type":"flick"}"#)], of: [TimedInput](), rebasedBy: 130)
        #expect(log.all(over: EventLog()) == [Self.shorthand(0, 2, #"{"type":"tap","t":0.2,"x":100,"y":25}"#),
                               Self.shorthand(131, 3, long), Self.shorthand(134, 200, #"{"type":"flick"}"#)])
        #expect(log.all(over: EventLog())[1].posted == .object(["type": .string("drag"), "t": .number(1),
                                                 "note": .string(String(repeating: "é", count: 100))]))
    }

    @Test("past the exact-size limit it keeps growing and reading back")
    func large() {
        var log = ShorthandLog()
        let text = String(repeating: "x", count: 90)
        for batch in 0..<100 { log.append([Self.shorthand(0, 1, text)], of: [TimedInput](), rebasedBy: batch) }
        let read = log.all(over: EventLog())
        #expect(read.count == 100)
        #expect(read.map(\.first) == Array(0..<100))
        #expect(read.allSatisfy { $0.text == Array(text.utf8) && $0.count == 1 })
    }

    static func down(_ t: Double, _ x: Double, _ y: Double) -> TimedInput { TimedInput(t: t, input: .touch(.down(Point(x: x, y: y)))) }
    static func move(_ t: Double, _ x: Double, _ y: Double) -> TimedInput { TimedInput(t: t, input: .touch(.move(Point(x: x, y: y)))) }
    static func up(_ t: Double, _ x: Double, _ y: Double) -> TimedInput { TimedInput(t: t, input: .touch(.up(Point(x: x, y: y)))) }

    @Test("a tap's and a drag's texts keep only what their inputs do not say, and read back whole from the log")
    func prefixFromInputs() {
        let tap = #"{"type":"tap","t":0.2,"x":100,"y":25}"#
        let drag = #"{"type":"drag","t":1.5,"from":{"x":10.5,"y":-3},"to":{"x":300,"y":3e-05},"duration":0.02}"#
        // Texts their inputs do not begin: members in another order, a point the inputs do not
        // hold (the log's inputs are not the shorthand's), a command's inputs.
        let reordered = #"{"t":0.2,"type":"tap","x":100,"y":25}"#
        let otherPoint = #"{"type":"tap","t":2,"x":7,"y":8}"#
        let inputs = [Self.down(0.2, 100, 25), Self.up(0.3, 100, 25),
                      Self.down(1.5, 10.5, -3), Self.move(1.51, 150, 0), Self.up(1.52, 300, 3e-05),
                      Self.down(0.2, 100, 25), Self.up(0.3, 100, 25), Self.down(2, 7, 9), Self.up(2.1, 7, 9)]
        let posted = [Self.shorthand(0, 2, tap), Self.shorthand(2, 3, drag), Self.shorthand(5, 2, reordered),
                      Self.shorthand(7, 2, otherPoint)]
        var log = ShorthandLog()
        log.append([], of: [TimedInput](), rebasedBy: 0)
        log.append(posted, of: inputs, rebasedBy: 4)
        var events = EventLog([Self.down(0, 1, 1), Self.up(0.1, 1, 1), Self.down(0.1, 1, 1), Self.up(0.15, 1, 1)])
        events += inputs
        #expect(log.all(over: events) == posted.map { Self.shorthand($0.first + 4, $0.count, String(decoding: $0.text, as: UTF8.self)) })
        // The tap keeps its closing brace, the drag its duration: (first, count, length) and
        // the packed rest, 3 + 1 and 3 + 6 bytes; the other two their whole packed texts.
        var alone = ShorthandLog()
        alone.append([Self.shorthand(0, 2, tap)], of: inputs, rebasedBy: 0)
        #expect(alone.byteCount == 4)
        alone.append([Self.shorthand(2, 3, drag)], of: inputs, rebasedBy: 0)
        #expect(alone.byteCount == 4 + 9)
        alone.append([Self.shorthand(7, 2, otherPoint)], of: inputs, rebasedBy: 0)
        #expect(alone.byteCount == 4 + 9 + 3 + ShorthandLog.pack(Array(otherPoint.utf8)).count)
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
