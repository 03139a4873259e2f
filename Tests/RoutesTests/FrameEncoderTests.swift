@testable import AnimationCore
import Testing
@testable import Routes
import TestSupport

/// The one frame writer: a frame made as a value and a session's frames (one, a window) are all
/// written from values laid out by `FrameShape` and `LayerSchema`. These pin its output against
/// literal JSON, and check `Frame` holds what the values hold.
@Suite("FrameEncoder")
struct FrameEncoderTests {
    private func written(_ frame: Frame) -> String {
        var w = JSONWriter()
        FrameEncoder.encode(frame, into: &w)
        #expect(w.isComplete)
        return String(decoding: w.bytes, as: UTF8.self)
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
        #expect(written(frame) == """
            {"t":0.016666666666666666,"properties":{"x":-0.5,"on":true,"tint":"#ff0080ff","state":"collapsed"},\
            "layers":[{"id":"fill","kind":"rect","x":0,"y":0,"width":51,"height":31,"backgroundColor":"#00000080",\
            "cornerRadius":15.5,"opacity":1,"scale":0.95},\
            {"id":"ring","kind":"arc","x":1,"y":2,"width":3,"height":4,"cornerRadius":0,"opacity":1,"scale":1,\
            "stroke":{"color":"#00ff00ff","lineWidth":2,"strokeEnd":0.25,"startAngle":-1.5707963267948966,"clockwise":false}},\
            {"id":"backdrop","kind":"blur","x":0,"y":0,"width":390,"height":844,"cornerRadius":0,"opacity":1,"scale":1,\
            "blur":{"fraction":0.1,"style":"dark","radius":2}}]}
            """)
        #expect(written(Frame(t: 1.5, properties: [], layers: [])) == #"{"t":1.5,"properties":{},"layers":[]}"#)
    }

    /// Names and strings are escaped as the general writer escapes them.
    @Test func namesAndStringsAreEscaped() {
        let frame = Frame(t: 2, properties: [Field("say \"hi\"", .string("a\\b\n")), Field("ünï", .number(1e-7))],
                          layers: [Layer(id: "q\"", kind: .blur, frame: Rect(x: 0, y: 0, width: 1, height: 1),
                                         blur: Layer.Blur(fraction: 1, style: "tab\t", radius: 1e21))])
        #expect(written(frame) == """
            {"t":2,"properties":{"say \\"hi\\"":"a\\\\b\\n","ünï":1e-07},"layers":[\
            {"id":"q\\"","kind":"blur","x":0,"y":0,"width":1,"height":1,"cornerRadius":0,"opacity":1,"scale":1,\
            "blur":{"fraction":1,"style":"tab\\t","radius":1e+21}}]}
            """)
    }

    /// Every row of `LayerSchema` reaches the JSON: a layer with every part, each field set to a
    /// value of its kind, is written with every part's key and every field's key, in the table's order.
    @Test func everyRowOfTheTableReachesTheJSON() throws {
        var layer = Layer(id: "all", frame: Rect(x: 1, y: 2, width: 3, height: 4))
        var expected = #"{"id":"all","kind":"rect""#
        for part in LayerSchema.parts {
            var values: [FieldValue] = []
            var members: [String] = []
            for (k, field) in part.fields.enumerated() {
                let (value, text): (FieldValue, String) = switch field.kind {
                case .number: (.number(Double(k) + 0.5), "\(Double(k) + 0.5)")
                case .bool: (.bool(true), "true")
                case .color: (.color(Color(red: 1, green: 0, blue: 0, alpha: 1)), ##""#ff0000ff""##)
                case .text: (.string("t\(k)"), #""t\#(k)""#)
                }
                values.append(value)
                members.append(#""\#(field.key)":\#(text)"#)
            }
            layer.set(part.name, values)
            let joined = members.joined(separator: ",")
            expected += "," + (part.frameObject.map { #""\#($0)":{\#(joined)}"# } ?? joined)
        }
        expected += "}"
        let text = written(Frame(t: 0, properties: [], layers: [layer]))
        #expect(text == #"{"t":0,"properties":{},"layers":["# + expected + "]}")
        // And back: each part reads as it was set.
        for part in LayerSchema.parts { #expect(layer.part(part.name)?.count == part.fields.count) }
    }

    private static func session(_ entry: BuiltInControls.Entry, seed: UInt64) throws -> Session {
        let instance = try ControlInstance(entry.definition, name: entry.name, configuration: nil)
        var session = Session(configuration: instance)
        var random = SplitMix64(seed: seed)
        var t = 0.0
        func point() -> Point { Point(x: Double(random.next() % 4000) / 10, y: Double(random.next() % 9000) / 10) }
        for _ in 0..<12 {
            t += Double(random.next() % 400) / 1000
            var batch = [TimedInput(t: t, input: .touch(.down(point())))]
            for _ in 0 ..< random.next() % 5 {
                t += Double(random.next() % 50) / 1000
                batch.append(TimedInput(t: t, input: .touch(.move(point()))))
            }
            t += Double(random.next() % 200) / 1000
            batch.append(TimedInput(t: t, input: .touch(random.next() % 8 == 0 ? .cancel : .up(point()))))
            try session.apply(batch)
        }
        return session
    }

    private static func window(_ session: Session, _ window: SampleWindow, preparingTexts: Int = FrameValuesWriter.texts) -> String {
        var w = JSONWriter()
        _ = FrameEncoder.encodeWindow(session, window, preparingTexts: preparingTexts, into: &w)
        #expect(w.isComplete)
        return String(decoding: w.bytes, as: UTF8.self)
    }

    /// `Frame` holds what the values hold: every built-in's frames, driven by random touches and
    /// made as values (`Session.frames`, `Session.frame(at:)`), write as the window and the single
    /// frame write them from the values.
    @Test(arguments: BuiltInControls.all.map(\.name))
    func framesAsValuesHoldWhatTheValuesHold(_ name: String) throws {
        let entry = try #require(BuiltInControls.named(name))
        for seed in UInt64(1)...2 {
            let session = try Self.session(entry, seed: seed)
            let (from, to, fps) = (0.0123, session.time + 1, 30.0)
            let window = SampleWindow(from: from, to: to, fps: fps, count: Session.frameCount(from: from, to: to, fps: fps))
            let frames = session.frames(from: from, to: to, fps: fps)
            #expect(Self.window(session, window) == "[" + frames.map(written).joined(separator: ",") + "]", "\(name) seed \(seed)")
            for t in [0, session.time / 3, session.time, session.time + 0.2] {
                var w = JSONWriter()
                FrameEncoder.encode(session, at: t, into: &w)
                #expect(String(decoding: w.bytes, as: UTF8.self) == written(session.frame(at: t)), "\(name) seed \(seed) t \(t)")
            }
        }
    }

    /// The texts past the prepared ones are quoted as they are written: none or one prepared, the
    /// windows are the same (the card's state and blur style, the others' texts).
    @Test(arguments: BuiltInControls.all.map(\.name))
    func textsQuotedAsWritten(_ name: String) throws {
        let entry = try #require(BuiltInControls.named(name))
        let session = try Self.session(entry, seed: 7)
        let window = SampleWindow(from: 0, to: session.time + 1, fps: 30, count: Session.frameCount(from: 0, to: session.time + 1, fps: 30))
        let expected = Self.window(session, window)
        for prepared in 0...1 {
            #expect(Self.window(session, window, preparingTexts: prepared) == expected, "\(name), \(prepared) texts prepared")
        }
    }
}
