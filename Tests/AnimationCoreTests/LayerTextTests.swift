import Testing
@testable import AnimationCore

/// A frame's layers share one storage of values and texts: a text field names a text of the
/// definition's (a literal) or one the frame made (a formatted number), yet a layer reads, copies
/// and compares as one made by hand with the same texts.
@Suite("Layer texts in a frame's storage")
struct LayerTextTests {
    static func frame() throws -> Frame {
        let definition = #"""
        {"parameters": {"value": {"type": "number", "default": -3.456}},
         "layers": [
           {"id": "box", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}},
           {"id": "label", "kind": "text", "frame": {"x": 0, "y": 0, "width": 80, "height": 20},
            "text": {"string": "format(value, 2)", "alignment": "'right'"}}]}
        """#
        let instance = try ControlInstance(DefinitionTests.load(definition), name: "t", configuration: DefinitionTests.tree("{}"))
        return Session(configuration: instance).frame(at: 0)
    }

    static var byHand: Layer {
        var layer = Layer(id: "label", kind: .text, frame: Rect(x: 0, y: 0, width: 80, height: 20))
        layer.set("text", [.string("-3.46"), .number(17), .number(400), .color(Color(red: 0, green: 0, blue: 0, alpha: 1)),
                           .string("right")])
        return layer
    }

    @Test("A text layer's texts, values and equality are those of the same layer made by hand")
    func aFramesTextLayerIsTheLayerMadeByHand() throws {
        let label = try Self.frame().layers[1]
        #expect(label.texts == ["-3.46", "right"])
        #expect(label.part("text") == [.string("-3.46"), .number(17), .number(400),
                                       .color(Color(red: 0, green: 0, blue: 0, alpha: 1)), .string("right")])
        #expect(label.values == Self.byHand.values)
        #expect(label == Self.byHand)
    }

    @Test("A layer written to takes its own copy: the frame's other layers and the original keep theirs")
    func aWrittenLayerCopiesItsValues() throws {
        let frame = try Self.frame()
        var moved = frame.layers[1]
        moved.frame = Rect(x: 5, y: 6, width: 80, height: 20)
        moved.opacity = 0.5
        #expect(moved.frame == Rect(x: 5, y: 6, width: 80, height: 20))
        #expect(moved.opacity == 0.5)
        #expect(moved.texts == ["-3.46", "right"])
        #expect(moved != Self.byHand)
        #expect(frame.layers[1] == Self.byHand)
        #expect(frame.layers[0].frame == Rect(x: 0, y: 0, width: 10, height: 10))
    }
}
