import JSON
import Testing

/// The strict reader remembers which members it was asked for by position (a bit each for the
/// first 64, a list beyond): `finish()` still names the first member nobody asked for, in
/// document order, on either side of the 64th, and a key asked for but absent changes nothing.
@Suite struct StrictReaderTests {
    /// `{"m0": 0, "m1": 1, …}` with `count` members.
    static func members(_ count: Int) -> [(key: String, value: JSON)] {
        (0..<count).map { (key: "m\($0)", value: .number(Double($0))) }
    }

    /// What `finish()` refuses after asking for `asked` (and a missing key).
    static func refused(_ count: Int, asking asked: [Int]) throws -> DocumentError? {
        let json = JSON.object(JSONObject(members(count)))
        var reader = try ObjectReader(json, at: TreePath("config"))
        for position in asked {
            #expect(reader.raw("m\(position)") == .number(Double(position)))
        }
        #expect(reader.raw("missing") == nil)
        do throws(DocumentError) { try reader.finish() } catch { return error }
        return nil
    }

    @Test func everyMemberAskedForFinishes() throws {
        let asked = Array(0..<70) + [3, 64, 64]
        #expect(try Self.refused(70, asking: asked) == nil)
    }

    /// Members asked for, and the one `finish()` must name.
    static let gaps: [([Int], String)] = [
        (Array(0..<70).filter { $0 != 5 }, "m5"),
        (Array(0..<70).filter { $0 != 63 && $0 != 69 }, "m63"),
        (Array(0..<70).filter { $0 != 64 }, "m64"),
        (Array(0..<69), "m69"),
        ([0, 1, 2], "m3"),
    ]

    @Test(arguments: gaps)
    func theFirstMemberNobodyAskedForIsRefused(asked: [Int], named: String) throws {
        let refused = try Self.refused(70, asking: asked)
        #expect(refused == DocumentError(.invalidField, at: TreePath([.key("config"), .key(named)]), "unknown field"))
        #expect(refused?.path.pointer == "/config/\(named)")
    }

    /// In a definition, an unknown member is answered with the fields the place takes and the
    /// nearest of them; a request's only with "unknown field".
    @Test func aDefinitionsUnknownFieldNamesTheFieldsAndTheNearest() throws {
        let json = JSON.object(JSONObject([("layers", .array([])), ("layerz", .array([]))]))
        var definition = try ObjectReader(json, code: .invalidDefinition)
        _ = try definition.array("layers")
        _ = try definition.string("description")
        #expect(throws: DocumentError(.invalidDefinition, at: TreePath("layerz"),
                                      "unknown field (did you mean 'layers'?); the fields here are layers, description")) {
            try definition.finish()
        }
        var request = try ObjectReader(json)
        _ = try request.array("layers")
        #expect(throws: DocumentError(.invalidField, at: TreePath("layerz"), "unknown field")) { try request.finish() }
    }

    /// Each accessor names the member and what it found.
    @Test func aMemberOfTheWrongKindIsRefusedByName() throws {
        let json = JSON.object(JSONObject([("n", .string("1")), ("b", .number(1)), ("s", .bool(true)), ("a", .object([:])),
                                           ("o", .array([])), ("c", .string("sideways"))]))
        var r = try ObjectReader(json, at: TreePath("config"))
        func refusal(_ read: (inout ObjectReader) throws(DocumentError) -> Void) -> String? {
            do throws(DocumentError) { try read(&r) } catch { return "\(error.path.pointer): \(error.message)" }
            return nil
        }
        #expect(refusal { r throws(DocumentError) in _ = try r.number("n") } == "/config/n: expected a number, got a string")
        #expect(refusal { r throws(DocumentError) in _ = try r.bool("b") } == "/config/b: expected true or false, got a number")
        #expect(refusal { r throws(DocumentError) in _ = try r.string("s") } == "/config/s: expected a string, got a boolean")
        #expect(refusal { r throws(DocumentError) in _ = try r.array("a") } == "/config/a: expected an array, got an object")
        #expect(refusal { r throws(DocumentError) in _ = try r.object("o") } == "/config/o: expected an object, got an array")
        #expect(refusal { r throws(DocumentError) in _ = try r.choice("c", ["up", "down"]) } == "/config/c: must be one of 'up', 'down'")
        #expect(refusal { r throws(DocumentError) in _ = try r.requiredNumber("missing") } == "/config/missing: is required")
        #expect(throws: DocumentError(.invalidField, at: .root, "expected an object, got an array")) { try ObjectReader(.array([])) }
    }
}
