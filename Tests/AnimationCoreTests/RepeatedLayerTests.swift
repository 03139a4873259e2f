import Testing
@testable import AnimationCore

/// A layer with `repeat` stands for `maximum` copies with ids `<id>0`, `<id>1`, …, each seeing its
/// index, shown while the index is below `count` (an expression of the configuration).
@Suite("Repeated layers")
struct RepeatedLayerTests {
    static let definition = #"""
    {"parameters": {"n": {"type": "number", "default": 2}},
     "layers": [
       {"id": "back", "frame": {"x": 0, "y": 0, "width": 100, "height": 10}},
       {"id": "seg", "repeat": {"count": "n", "maximum": 3, "as": "k"},
        "frame": {"x": "k * 30", "y": 0, "width": 29, "height": 10}, "visible": "k != 1"}]}
    """#

    static func layers(_ config: String) throws -> [Layer] {
        let instance = try ControlInstance(DefinitionTests.load(Self.definition), name: "r", configuration: DefinitionTests.tree(config))
        return Session(configuration: instance).frame(at: 0).layers
    }

    @Test("Copies named by index, placed by it, shown while index < count and their own visible holds")
    func copies() throws {
        #expect(try Self.layers(#"{"n": 3}"#).map(\.id) == ["back", "seg0", "seg2"])
        #expect(try Self.layers(#"{"n": 3}"#).last?.frame == Rect(x: 60, y: 0, width: 29, height: 10))
        #expect(try Self.layers(#"{"n": 1}"#).map(\.id) == ["back", "seg0"])
        #expect(try Self.layers(#"{"n": 10}"#).map(\.id) == ["back", "seg0", "seg2"], "never more than maximum")
    }

    @Test("maximum is a whole literal from 1 to 64, the copies count toward the layer limit, the index name is new")
    func faults() throws {
        func layer(_ repeatSpec: String) -> String {
            #"{"parameters": {"n": {"type": "number", "default": 2}}, "layers": [{"id": "s", "repeat": \#(repeatSpec), "frame": {"x": 0, "y": 0, "width": 1, "height": 1}}]}"#
        }
        #expect(try DefinitionTests.fault(layer(#"{"count": "n", "maximum": 0}"#))?.pointer == "/layers/0/repeat/maximum")
        #expect(try DefinitionTests.fault(layer(#"{"count": "n", "maximum": 2.5}"#))?.pointer == "/layers/0/repeat/maximum")
        #expect(try DefinitionTests.fault(layer(#"{"count": "n"}"#))?.pointer == "/layers/0/repeat/maximum")
        #expect(try DefinitionTests.fault(layer(#"{"maximum": 2}"#))?.pointer == "/layers/0/repeat/count")
        let taken = try #require(try DefinitionTests.fault(layer(#"{"count": "n", "maximum": 2, "as": "n"}"#)))
        #expect(taken.code == "duplicate_name" && taken.pointer == "/layers/0/repeat/as")
        // Not a name at all is a malformed member, not a clash with another name.
        let malformed = try #require(try DefinitionTests.fault(layer(#"{"count": "n", "maximum": 2, "as": "9x"}"#)))
        #expect(malformed.code == "invalid_definition" && malformed.pointer == "/layers/0/repeat/as")
        #expect(try DefinitionTests.fault(layer(#"{"count": "n", "maximum": 2, "extra": 1}"#))?.pointer == "/layers/0/repeat/extra")
        let many = #"{"layers": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}}, {"id": "s", "repeat": {"count": 64, "maximum": 64}, "frame": {"x": 0, "y": 0, "width": 1, "height": 1}}]}"#
        let fault = try #require(try DefinitionTests.fault(many))
        #expect(fault.code == "too_many_layers" && fault.pointer == "/layers/1")
    }
}
