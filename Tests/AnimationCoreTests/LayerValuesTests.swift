import Testing
@testable import AnimationCore

/// A layer keeps its first 20 values and its first two texts in itself and the rest in an array
/// (`InlineList`), so a frame's layers cost no allocation each; these check both sides of that
/// line, by hand and through a frame's values.
@Suite("Layer values inline and beyond")
struct LayerValuesTests {
    static let red = Color(red: 1, green: 0, blue: 0, alpha: 1)
    static let black = Color(red: 0, green: 0, blue: 0, alpha: 1)
    static let blue = Color(red: 0, green: 0, blue: 1, alpha: 0.5)
    static let shadow: [FieldValue] = [.color(black), .number(0.3), .number(4), .number(0), .number(2)]
    static let path: [FieldValue] = [.string("M0 0L30 40"), .color(red), .color(blue), .number(2), .number(0.25), .number(0.75),
                                     .string("round"), .string("bevel")]

    @Test("An inline list past its inline room reads, writes and compares as an array")
    func inlineList() {
        var list = InlineList<4, Double>(count: 6, filler: 0) { Double($0) * 1.5 }
        #expect(Array(list) == [0, 1.5, 3, 4.5, 6, 7.5])
        list[1] = -1
        list[5] = 9
        #expect(Array(list) == [0, -1, 3, 4.5, 6, 9])
        #expect(InlineList<4, Double>([1, 2], filler: 0) == InlineList<4, Double>([1, 2], filler: 7), "the room past count is not compared")
        #expect(InlineList<4, Double>([1, 2, 3, 4, 5], filler: 0) != InlineList<4, Double>([1, 2, 3, 4, 6], filler: 0))
        #expect(Array(InlineList<1, String>(["a", "b", "c"], filler: "")) == ["a", "b", "c"])
    }

    /// 33 values (frame 4, background 4, appearance 3, shadow 8, path 14) and 3 texts.
    static func wideLayer(pathFirst: Bool) -> Layer {
        var layer = Layer(id: "wide", kind: .shape, frame: Rect(x: 1, y: 2, width: 30, height: 40), backgroundColor: red)
        if pathFirst { layer.set("path", path) }
        layer.set("shadow", shadow)
        if !pathFirst { layer.set("path", path) }
        return layer
    }

    @Test("A layer of 33 values and 3 texts keeps every part, whichever order they were given in")
    func wideLayerByParts() {
        var layer = Self.wideLayer(pathFirst: false)
        #expect(layer.values.count == 33 && layer.texts.count == 3)
        #expect(layer.part("shadow") == Self.shadow)
        #expect(layer.part("path") == Self.path)
        #expect(layer.part("appearance") == [.number(0), .number(1), .number(1)])
        #expect(layer.backgroundColor == Self.red)
        #expect(layer == Self.wideLayer(pathFirst: true))
        layer.frame = Rect(x: -3, y: 4, width: 5, height: 6)
        layer.opacity = 0.5
        layer.set("shadow", [.color(Self.red), .number(1), .number(2), .number(3), .number(4)])
        #expect(layer.frame == Rect(x: -3, y: 4, width: 5, height: 6))
        #expect(layer.part("appearance") == [.number(0), .number(0.5), .number(1)])
        #expect(layer.part("shadow") == [.color(Self.red), .number(1), .number(2), .number(3), .number(4)])
        #expect(layer.part("path") == Self.path, "the values past the inline room moved with the rest")
    }

    @Test("A frame made as a value comes back equal from its values, a wide layer beside a narrow one")
    func throughValues() {
        let frame = Frame(t: 0.5, properties: [Field("title", .string("Delete")), Field("on", .bool(true))],
                          layers: [Self.wideLayer(pathFirst: false), Layer(id: "small", frame: Rect(x: 0, y: 0, width: 1, height: 1))])
        var values: [Double] = []
        let shape = FrameShape(frame, values: &values)
        let back = values.withUnsafeBufferPointer { Frame(t: 0.5, shape: shape, values: $0.baseAddress!) }
        #expect(back == frame)
        #expect(back.layers[0].part("path") == Self.path)
    }
}
