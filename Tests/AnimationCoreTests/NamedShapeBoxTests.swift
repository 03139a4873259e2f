import Testing
@testable import AnimationCore

/// A named shape whose layer's box is given by expressions follows the box: the frame carries a
/// code, and the path data is made where the frame is written, from the box in the same frame.
/// Expected data by hand from the grid coordinates in docs/controls.md (x by width/24, y and the
/// radii by height/24).
@Suite("Named shapes following an animated box")
struct NamedShapeBoxTests {
    static let definition = #"""
    {"animated": {"w": {"type": "number", "initial": 24}, "h": {"type": "number", "initial": 24}},
     "commands": {"grow": {"do": [{"set": "w", "to": 48}, {"set": "h", "to": 36}]},
                  "pulse": {"do": [{"animate": "w", "to": 48, "timing": {"curve": "linear", "duration": 1}}]}},
     "layers": [{"id": "like", "kind": "shape", "frame": {"x": 3, "y": 4, "width": "w", "height": "h"},
                 "backgroundColor": "#ffffff", "opacity": 0.5,
                 "path": {"shape": "heart", "fillColor": "#ff2d55"}}]}
    """#

    static func data(_ session: Session, at t: Double) -> FieldValue? {
        session.frame(at: t).layers.first?.part("path")?.first
    }

    @Test("The heart at 24 × 24, then at 48 × 36 once the box grows; a box animating stretches it each frame")
    func followsTheBox() throws {
        let instance = try ControlInstance(DefinitionTests.load(Self.definition), name: "box", configuration: nil)
        var session = Session(configuration: instance)
        #expect(Self.data(session, at: 0) == .string("M12 20 L3 11 A5 5 0 1 1 12 8 A5 5 0 1 1 21 11 Z"))
        try session.apply([DefinitionTests.command("grow", [], at: 1)])
        #expect(Self.data(session, at: 1) == .string("M24 30 L6 16.5 A10 7.5 0 1 1 24 12 A10 7.5 0 1 1 42 16.5 Z"))
        var pulse = Session(configuration: instance)
        try pulse.apply([DefinitionTests.command("pulse", [], at: 0)])
        #expect(Self.data(pulse, at: 1) == .string("M24 20 L6 11 A10 5 0 1 1 24 8 A10 5 0 1 1 42 11 Z"), "48 × 24 at the end")
        guard case let .string(mid)? = Self.data(pulse, at: 0.5) else { Issue.record("no path"); return }
        #expect(mid.hasPrefix("M18"), "about 36 wide halfway (the point at 12/24 of the width): \(mid)")
    }

    @Test("A code outside the table's shapes or reaching before the values is no text")
    func codes() {
        var values: [Double] = [0, 0, 48, 36, NamedShape.code(shape: 6, distance: 2)]
        FrameValues.reading(&values) { v in
            #expect(NamedShape.text(code: v[4], v, at: 4) == "M24 30 L6 16.5 A10 7.5 0 1 1 24 12 A10 7.5 0 1 1 42 16.5 Z")
            #expect(NamedShape.text(code: NamedShape.code(shape: 99, distance: 2), v, at: 4) == nil)
            #expect(NamedShape.text(code: NamedShape.code(shape: 6, distance: 9), v, at: 4) == nil)
            #expect(NamedShape.text(code: -3, v, at: 4) == nil, "a formatted number's code")
        }
    }
}
