import Testing
@testable import JSON
import TestSupport

@Suite("JSONWriter")
struct JSONWriterTests {
    private func text(_ writer: JSONWriter) -> String {
        String(decoding: writer.bytes, as: UTF8.self)
    }

    private func written(_ number: Double) -> String {
        var writer = JSONWriter()
        writer.value(number)
        return text(writer)
    }

    @Test func writesAFrameByteForByte() {
        var writer = JSONWriter()
        writer.beginObject()
        writer.member("t", 0.016666666666666666)
        writer.key("properties")
        writer.beginObject()
        writer.member("thumbCenterX", 15.53210987)
        writer.member("trackColor", "#e9e9eaff")
        writer.member("isOn", true)
        writer.endObject()
        writer.key("layers")
        writer.beginArray()
        for (id, x) in [("track", 0.0), ("thumb", 2.0312)] {
            writer.beginObject()
            writer.member("id", id)
            writer.member("x", x)
            writer.member("width", 51)
            writer.member("cornerRadius", 15.5)
            writer.member("opacity", 1.0)
            writer.endObject()
        }
        writer.endArray()
        writer.key("emitted")
        writer.beginArray()
        writer.endArray()
        writer.key("none")
        writer.null()
        writer.member("extra", ["a": [1, false]] as JSON)
        writer.endObject()
        #expect(writer.isComplete)
        #expect(text(writer) == """
            {"t":0.016666666666666666,"properties":{"thumbCenterX":15.53210987,"trackColor":"#e9e9eaff",\
            "isOn":true},"layers":[{"id":"track","x":0,"width":51,"cornerRadius":15.5,"opacity":1},\
            {"id":"thumb","x":2.0312,"width":51,"cornerRadius":15.5,"opacity":1}],"emitted":[],"none":null,\
            "extra":{"a":[1,false]}}
            """)
    }

    @Test func separatesNestedContainers() {
        var writer = JSONWriter()
        writer.beginArray()
        writer.beginArray()
        writer.endArray()
        writer.beginArray()
        writer.value(1)
        writer.endArray()
        writer.beginObject()
        writer.endObject()
        writer.value("x")
        writer.endArray()
        #expect(text(writer) == #"[[],[1],{},"x"]"#)
    }

    /// The container stack keeps 64 levels in bits and the rest in an array: 70 levels, objects
    /// and arrays alternating, close back through the 64th in order.
    @Test func nestsPastSixtyFourLevels() {
        var writer = JSONWriter()
        for level in 0..<70 {
            if level % 2 == 0 {
                writer.beginObject()
                writer.key("k")
            } else {
                writer.beginArray()
            }
        }
        writer.value(1)
        for level in (0..<70).reversed() {
            if level % 2 == 0 { writer.endObject() } else { writer.endArray() }
            #expect(writer.isComplete == (level == 0))
        }
        let expected = String(repeating: #"{"k":["#, count: 35) + "1" + String(repeating: "]}", count: 35)
        #expect(text(writer) == expected)
    }

    @Test func reportsCompletion() {
        var writer = JSONWriter()
        #expect(!writer.isComplete)
        writer.beginArray()
        #expect(!writer.isComplete)
        writer.endArray()
        #expect(writer.isComplete)
    }

    @Test(arguments: [
        (0.0, "0"),
        (-0.0, "0"),
        (51, "51"),
        (-3, "-3"),
        (1e15, "1000000000000000"),
        (9007199254740991, "9007199254740991"),
        (9007199254740992, "9007199254740992"),
        (-9007199254740994, "-9.007199254740994e+15"),
        (1e16, "1e+16"),
        (1e21, "1e+21"),
        (1.2345678901234568e17, "1.2345678901234568e+17"),
        (0.1, "0.1"),
        (-2.5, "-2.5"),
        (15.5, "15.5"),
        (0.016666666666666666, "0.016666666666666666"),
        (1.0 / 3, "0.3333333333333333"),
        (0.000001, "1e-06"),
        (1e-7, "1e-07"),
        (.leastNonzeroMagnitude, "5e-324"),
        (1.7976931348623157e308, "1.7976931348623157e+308"),
        (-1.7976931348623157e308, "-1.7976931348623157e+308"),
    ] as [(Double, String)])
    func formatsNumbersDeterministically(_ number: Double, _ expected: String) {
        #expect(written(number) == expected)
    }

    @Test func writesNonFiniteNumbersAsNull() {
        #expect(written(.infinity) == "null")
        #expect(written(-.infinity) == "null")
        #expect(written(.nan) == "null")
        #expect(written(.signalingNaN) == "null")
        #expect(serializedJSONText([1, .number(.nan)]) == "[1,null]")
    }

    @Test func writesIntegersAtTheExtremes() {
        for (integer, expected) in [(Int.min, "-9223372036854775808"), (Int.max, "9223372036854775807"),
                                    (0, "0"), (-9, "-9"), (10, "10"), (-100, "-100")] {
            var writer = JSONWriter()
            writer.value(integer)
            #expect(text(writer) == expected)
        }
    }

    @Test(arguments: [0.1, 1.0 / 3, .leastNonzeroMagnitude, 1.7976931348623157e308, 1.2345678901234568e17, 1e21, 0.000001, 15.5,
                      -0.0, 2.2250738585072014e-308, 0.30000000000000004, 0x1p53 + 2, 4.35, 1e-7, 1e23])
    func roundTripsTrickyDoubles(_ number: Double) throws {
        var writer = JSONWriter()
        writer.beginArray()
        writer.value(number)
        writer.endArray()
        let parsed = try #require(try JSONParser().parse(writer.bytes)[0]?.doubleValue)
        #expect(parsed == number)
        #expect(parsed.bitPattern == number.bitPattern || number == 0)
    }

    /// Non-integral numbers must be exactly Swift's shortest round-trip `description`.
    @Test func matchesDescriptionForRandomDoubles() {
        var generator = SplitMix64(seed: 0x5EED_D0B1)
        for _ in 0..<20_000 {
            let number = Double(bitPattern: generator.next())
            guard number.isFinite, !(number.magnitude <= 0x1p53 && number.rounded(.towardZero) == number) else { continue }
            #expect(written(number) == number.description)
        }
    }

    @Test func escapesStringsAndKeys() {
        let nasty = "a\"b\\c/d\n\r\t\u{8}\u{C}\u{0}\u{1}\u{1F}\u{7F}é\u{2028}😀"
        let expected = #""a\"b\\c/d\n\r\t\b\f\u0000\u0001\u001f"# + "\u{7F}é\u{2028}😀\""
        var writer = JSONWriter()
        writer.value(nasty)
        #expect(text(writer) == expected)
        writer = JSONWriter()
        writer.beginObject()
        writer.member(nasty, 1)
        writer.endObject()
        #expect(text(writer) == "{" + expected + ":1}")
        #expect(serializedJSONText(["": ""]) == #"{"":""}"#)
    }

    /// Strings with nothing to escape go in with their quotes in one write: every length from
    /// empty to past a small string and past the writer's first buffer, ASCII and not, as keys
    /// and values, the bytes exactly the text's.
    @Test func copiesCleanStringsOfEveryLength() {
        for length in 0 ... 40 {
            for unit in ["k", "é", "😀"] {
                let clean = String(repeating: unit, count: length)
                var writer = JSONWriter(reservingCapacity: 1)
                writer.beginObject()
                writer.member(clean, clean)
                writer.key("z")
                writer.value(clean + "\n")
                writer.endObject()
                #expect(text(writer) == "{\"" + clean + "\":\"" + clean + "\",\"z\":\"" + clean + "\\n\"}")
            }
        }
    }

    @Test func serializesMembersInStoredOrder() {
        let value: JSON = ["z": 1, "a": [nil, true, "s", 2.5], "m": [:]]
        #expect(serializedJSONText(value) == #"{"z":1,"a":[null,true,"s",2.5],"m":{}}"#)
        #expect(value.description == #"{"z":1,"a":[null,true,"s",2.5],"m":{}}"#)
    }

    @Test(arguments: [
        nil, true, false, 0, -0.5, 1e300, "", "x\u{0}y", "😀", [], [:], [[[]]],
        ["a": 1, "b": ["c": [1, 2, ["d": nil]]], "é": "\u{10FFFF}"],
    ] as [JSON])
    func roundTripsValues(_ value: JSON) throws {
        #expect(try JSONParser().parse(serialize(value)) == value)
    }

    @Test func roundTripsRandomValues() throws {
        var random = JSONFixtures.RandomJSON(seed: 0xC0FF_EE00)
        for _ in 0..<3_000 {
            let value = random.value()
            let bytes = serialize(value)
            #expect(try JSONParser().parse(bytes) == value, "\(String(decoding: bytes, as: UTF8.self))")
        }
    }
}
