import Testing
@testable import JSON

@Suite("JSON values")
struct JSONValueTests {
    @Test func readsThroughAccessors() {
        let value: JSON = ["s": "x", "n": 2, "f": 2.5, "b": true, "z": nil, "a": [1, "y"], "o": ["k": 1]]
        #expect(value["s"]?.stringValue == "x")
        #expect(value["n"]?.doubleValue == 2)
        #expect(value["n"]?.intValue == 2)
        #expect(value["f"]?.intValue == nil)
        #expect(value["b"]?.boolValue == true)
        #expect(value["z"]?.isNull == true)
        #expect(value["missing"] == nil)
        #expect(value["a"]?[1] == "y")
        #expect(value["a"]?[2] == nil)
        #expect(value["a"]?[-1] == nil)
        #expect(value["o"]?.objectValue?.keys == ["k"])
        #expect(value["a"]?.arrayValue?.count == 2)
        #expect(value["s"]?["k"] == nil)
        #expect(value["s"]?.doubleValue == nil)
        #expect(JSON.number(1e300).intValue == nil)
        #expect(value["a"]?.kindName == "an array")
    }

    @Test func editsObjectsInPlaceKeepingOrder() {
        var object: JSONObject = ["a": 1, "b": 2]
        object["c"] = 3
        object["a"] = 10
        object["b"] = nil
        object["missing"] = nil
        #expect(object == ["a": 10, "c": 3])
        #expect(object != ["c": 3, "a": 10])
        #expect(object.map(\.key) == ["a", "c"])
    }

    @Test func looksUpLargeObjectsThroughTheirIndex() {
        var object = JSONObject()
        for position in 0..<50 { object["k\(position)"] = .number(Double(position)) }
        #expect(object.count == 50)
        #expect(object["k49"] == 49)
        object["k0"] = nil
        #expect(object.position(of: "k49") == 48)
        #expect(object["k0"] == nil)
        object["k0"] = 0
        #expect(object.keys.last == "k0")
        for position in 1..<45 { object["k\(position)"] = nil }
        #expect(object.keys == ["k45", "k46", "k47", "k48", "k49", "k0"])
        #expect(object["k47"] == 47)
    }

    @Test func treatsCanonicallyEquivalentKeysAsTheSameKey() {
        let text = "{\"\u{E9}\":1,\"e\u{301}\":2}"
        #expect(jsonParseFailure(Array(text.utf8))?.reason == .duplicateKey)
    }
}
