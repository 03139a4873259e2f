import Testing
@testable import AnimationCore

/// A shape layer's `"path": {"shape": name}`: the built-in outline on its 24 × 24 grid stretched to
/// the layer's frame when the definition loads, so the frame carries plain path data. Expected
/// data worked out by hand from the grid coordinates in docs/controls.md.
@Suite("Named shapes")
struct NamedShapeTests {
    static func definition(_ path: String, frame: String = #"{"x": 5, "y": 6, "width": 48, "height": 36}"#) -> String {
        #"{"layers": [{"id": "s", "kind": "shape", "frame": \#(frame), "path": \#(path)}]}"#
    }

    static func pathData(_ path: String) throws -> FieldValue? {
        let instance = try ControlInstance(DefinitionTests.load(definition(path)), name: "n", configuration: DefinitionTests.tree("{}"))
        return Session(configuration: instance).frame(at: 0).layers.first?.part("path")?.first
    }

    @Test("A named shape is stretched to the frame's width and height: x by width/24, y and radii likewise")
    func stretchedToTheBox() throws {
        // 48 × 36: x doubled, y times 1.5; the lobes' radius 5 becomes 10 by 7.5.
        #expect(try Self.pathData(##"{"shape": "heart", "fillColor": "#ff2d55"}"##)
            == .string("M24 30 L6 16.5 A10 7.5 0 1 1 24 12 A10 7.5 0 1 1 42 16.5 Z"))
        #expect(NamedShape.named("checkmark")?.pathData(width: 24, height: 24) == "M3 12 L5 10 L9 14 L19 4 L21 6 L9 18 Z")
        #expect(NamedShape.named("minus")?.pathData(width: 12, height: 30) == "M2 13.75 L10 13.75 L10 16.25 L2 16.25 Z")
        #expect(NamedShape.named("circle")?.pathData(width: 24, height: 24) == "M12 2 A10 10 0 1 1 12 22 A10 10 0 1 1 12 2 Z")
        #expect(NamedShape.all.map(\.name) == ["checkmark", "chevron.left", "chevron.right", "plus", "minus", "xmark", "heart", "circle"])
    }

    @Test("An unknown name is refused with the nearest; data and shape together too")
    func faults() throws {
        let typo = try #require(try DefinitionTests.fault(Self.definition(#"{"shape": "chevron.lft"}"#)))
        #expect(typo.code == "invalid_definition" && typo.pointer == "/layers/0/path/shape")
        #expect(typo.message == "unknown shape 'chevron.lft' (did you mean 'chevron.left'?); the shapes are checkmark, chevron.left, chevron.right, plus, minus, xmark, heart, circle")
        let both = try #require(try DefinitionTests.fault(Self.definition(#"{"shape": "plus", "data": "'M0 0'"}"#)))
        #expect(both.pointer == "/layers/0/path/shape")
        #expect(try DefinitionTests.fault(Self.definition(#"{"shape": 3}"#))?.pointer == "/layers/0/path/shape")
        let misspelt = try #require(try DefinitionTests.fault(Self.definition(#"{"data": "'M0 0'", "shap": "plus"}"#)))
        #expect(misspelt.pointer == "/layers/0/path/shap")
        #expect(misspelt.message.hasPrefix("unknown field (did you mean 'shape'?); the fields here are data, shape, fillColor"))
    }
}
