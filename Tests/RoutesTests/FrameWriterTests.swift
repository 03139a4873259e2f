@testable import AnimationCore
import Testing
@testable import Routes

/// The frames writer prepares the bytes that repeat from frame to frame (property keys, layer
/// heads) once per window; these pin its output against literal JSON when the shape changes
/// between frames, so what it reuses can never be stale.
@Suite("FrameWriter")
struct FrameWriterTests {
    private func written(_ frames: [Frame]) -> String {
        var writer = FrameWriter()
        var w = JSONWriter()
        w.beginArray()
        for frame in frames { writer.encode(frame, into: &w) }
        w.endArray()
        #expect(w.isComplete)
        return String(decoding: w.bytes, as: UTF8.self)
    }

    private func layer(_ id: String, _ kind: Layer.Kind = .rect, x: Double = 0) -> Layer {
        Layer(id: id, kind: kind, frame: Rect(x: x, y: 1.5, width: 10, height: 20))
    }

    @Test func everyMemberOfEveryLayerKind() {
        let frame = Frame(t: 0.016666666666666666, properties: [
            Field("x", .number(-0.5)), Field("on", .bool(true)), Field("tint", .color(Color(red: 1, green: 0, blue: 0.5, alpha: 1))),
            Field("state", .string("collapsed")),
        ], layers: [
            Layer(id: "fill", kind: .rect, frame: Rect(x: 0, y: 0, width: 51, height: 31),
                  backgroundColor: Color(red: 0, green: 0, blue: 0, alpha: 0.5), cornerRadius: 15.5, opacity: 1, scale: 0.95),
            Layer(id: "ring", kind: .arc, frame: Rect(x: 1, y: 2, width: 3, height: 4),
                  stroke: Layer.Stroke(color: Color(red: 0, green: 1, blue: 0, alpha: 1), lineWidth: 2,
                                       strokeEnd: 0.25, startAngle: -1.5707963267948966, clockwise: false)),
            Layer(id: "backdrop", kind: .blur, frame: Rect(x: 0, y: 0, width: 390, height: 844),
                  blur: Layer.Blur(fraction: 0.1, style: "dark", radius: 2)),
        ])
        #expect(written([frame]) == """
            [{"t":0.016666666666666666,"properties":{"x":-0.5,"on":true,"tint":"#ff0080ff","state":"collapsed"},\
            "layers":[{"id":"fill","kind":"rect","x":0,"y":0,"width":51,"height":31,"backgroundColor":"#00000080",\
            "cornerRadius":15.5,"opacity":1,"scale":0.95},\
            {"id":"ring","kind":"arc","x":1,"y":2,"width":3,"height":4,"cornerRadius":0,"opacity":1,"scale":1,\
            "stroke":{"color":"#00ff00ff","lineWidth":2,"strokeEnd":0.25,"startAngle":-1.5707963267948966,"clockwise":false}},\
            {"id":"backdrop","kind":"blur","x":0,"y":0,"width":390,"height":844,"cornerRadius":0,"opacity":1,"scale":1,\
            "blur":{"fraction":0.1,"style":"dark","radius":2}}]}]
            """)
    }

    /// A property renamed, one added and one gone, a layer hidden (the next moves up to its
    /// index), a layer's kind changed: each frame is written as it is, not as the first was.
    @Test func aShapeThatChangesBetweenFramesIsWrittenAsItIs() {
        let frames = [
            Frame(t: 0, properties: [Field("a", .number(1)), Field("b", .number(2))],
                  layers: [layer("one"), layer("two"), layer("three")]),
            Frame(t: 0.5, properties: [Field("a", .number(1)), Field("c", .number(3)), Field("d", .bool(false))],
                  layers: [layer("one"), layer("three", x: 7)]),
            Frame(t: 1, properties: [Field("c", .number(3))],
                  layers: [layer("one", .arc), layer("three")]),
            Frame(t: 1.5, properties: [], layers: []),
        ]
        #expect(written(frames) == """
            [{"t":0,"properties":{"a":1,"b":2},"layers":[\
            {"id":"one","kind":"rect","x":0,"y":1.5,"width":10,"height":20,"cornerRadius":0,"opacity":1,"scale":1},\
            {"id":"two","kind":"rect","x":0,"y":1.5,"width":10,"height":20,"cornerRadius":0,"opacity":1,"scale":1},\
            {"id":"three","kind":"rect","x":0,"y":1.5,"width":10,"height":20,"cornerRadius":0,"opacity":1,"scale":1}]},\
            {"t":0.5,"properties":{"a":1,"c":3,"d":false},"layers":[\
            {"id":"one","kind":"rect","x":0,"y":1.5,"width":10,"height":20,"cornerRadius":0,"opacity":1,"scale":1},\
            {"id":"three","kind":"rect","x":7,"y":1.5,"width":10,"height":20,"cornerRadius":0,"opacity":1,"scale":1}]},\
            {"t":1,"properties":{"c":3},"layers":[\
            {"id":"one","kind":"arc","x":0,"y":1.5,"width":10,"height":20,"cornerRadius":0,"opacity":1,"scale":1},\
            {"id":"three","kind":"rect","x":0,"y":1.5,"width":10,"height":20,"cornerRadius":0,"opacity":1,"scale":1}]},\
            {"t":1.5,"properties":{},"layers":[]}]
            """)
    }

    /// Names and strings are escaped as the general writer escapes them, prepared or not.
    @Test func namesAndStringsAreEscaped() {
        let frame = Frame(t: 2, properties: [Field("say \"hi\"", .string("a\\b\n")), Field("ünï", .number(1e-7))],
                          layers: [Layer(id: "q\"", kind: .blur, frame: Rect(x: 0, y: 0, width: 1, height: 1),
                                         blur: Layer.Blur(fraction: 1, style: "tab\t", radius: 1e21))])
        let expected = """
            {"t":2,"properties":{"say \\"hi\\"":"a\\\\b\\n","ünï":1e-07},"layers":[\
            {"id":"q\\"","kind":"blur","x":0,"y":0,"width":1,"height":1,"cornerRadius":0,"opacity":1,"scale":1,\
            "blur":{"fraction":1,"style":"tab\\t","radius":1e+21}}]}
            """
        #expect(written([frame, frame]) == "[\(expected),\(expected)]")
        // A frame on its own (GET …/frame, a stream's frame) is written without preparing.
        var single = JSONWriter()
        FrameEncoder.encode(frame, into: &single)
        #expect(String(decoding: single.bytes, as: UTF8.self) == expected)
    }
}
