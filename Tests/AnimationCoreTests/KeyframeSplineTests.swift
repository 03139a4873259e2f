import Testing
@testable import AnimationCore

/// `CAKeyframeAnimation`'s cubic modes beyond Catmull-Rom (docs/fidelity.md#keyframes):
/// `tensionValues`, `continuityValues`, `biasValues` and `cubicPaced`. Expected values are literals
/// printed by `scripts/oracle/keyframes_oracle.py` (Kochanek–Bartels tangents from the paper's
/// incoming/outgoing formulas, evaluated in Bezier form; cubicPaced re-timed by an arc length
/// measured with 400,000 Simpson steps and inverted by bisection) or worked by hand. A spline
/// alone is compared to 1e-9. A cubicPaced value to 2e-2: the engine measures the length on 64
/// steps per segment and interpolates within a step, which puts it within 0.01 of the oracle at
/// these points (0.03 anywhere on Apple's example); its speed to 1 % of the oracle's length per
/// unit of progress.
@Suite("Keyframe splines: Kochanek–Bartels parameters and cubicPaced")
struct KeyframeSplineTests {
    typealias Shape = KeyframePath.Shape

    @Test("Tension, continuity and bias per keyframe, with uneven key times (oracle)")
    func kochanekBartels() throws {
        let shaped = try KeyframePath(values: [0, 100, 40, 80], keyTimes: [0, 0.2, 0.6, 1], mode: .cubic,
                                      shapes: [Shape(), Shape(tension: 0.5), Shape(continuity: -0.5, bias: 0.5)])
        for (u, expected) in [(0.1, 55.4166666667), (0.4, 79.4791666667), (0.8, 56.5625)] {
            expectClose(shaped.sample(at: u).value, expected, within: 1e-9, "u \(u)")
        }
        // Continuity 1 at 100 makes a corner there: by hand, the segment 0 → 100 ends with the
        // incoming tangent (1 − 1)/2·100 + (1 + 1)/2·(40 − 100) = −60 per segment, so at 0.6 of it
        // 0.096·50 + 0.648·100 + (−0.144)·(−60) = 78.24.
        let corner = try KeyframePath(values: [0, 100, 40, 80], mode: .cubic, shapes: [Shape(), Shape(continuity: 1)])
        expectClose(corner.sample(at: 0.2).value, 78.24, within: 1e-9)
        expectClose(corner.sample(at: 0.5).value, 83.75, within: 1e-9)
        let biased = try KeyframePath(values: [310, 60, 120, 60, 310], mode: .cubic,
                                      shapes: [Shape(), Shape(bias: -1), Shape(), Shape(bias: 1)])
        for (u, expected) in [(0.125, 161.875), (0.375, 97.5), (0.8, 74.32)] {
            expectClose(biased.sample(at: u).value, expected, within: 1e-9, "u \(u)")
        }
        // Tension 1 stops the value at its keyframe (both tangents 0); fewer shapes than values
        // leave the rest at 0, and all 0 is the Catmull-Rom `cubic` draws without them.
        let tight = try KeyframePath(values: [0, 100, 40], mode: .cubic, shapes: [Shape(), Shape(tension: 1)])
        expectClose(tight.sample(at: 0.5).slope, 0, within: 1e-9)
        let plain = try KeyframePath(values: [310, 60, 120, 60, 310], mode: .cubic, shapes: [Shape(), Shape()])
        expectClose(plain.sample(at: 0.6).value, 89.76, within: 1e-9)
    }

    @Test("cubicPaced: Apple's example at one speed along the spline (oracle)")
    func cubicPaced() throws {
        let path = try KeyframePath(values: [310, 60, 120, 60, 310], mode: .cubicPaced)
        for (u, expected) in [(0.1, 245.3388594872), (0.25, 148.3473034079), (0.5, 120), (0.7, 116.0167846078), (0.9, 245.3388594520)] {
            expectClose(path.sample(at: u).value, expected, within: 2e-2, "u \(u)")
        }
        // The curve is 646.6104 long: the value moves that far per unit of progress wherever it
        // is not turning round.
        for u in [0.1, 0.25, 0.7, 0.9] {
            expectClose(abs(path.sample(at: u).slope), 646.6104, within: 6.5, "u \(u)")
        }
        #expect(path.sample(at: 1) == (310, 0))
        #expect(path.pacing.count == 4 * 64 + 1)
    }

    @Test("cubicPaced with tension 1 at the middle keyframe: straight runs of 100 and 60, at 160 per unit (by hand)")
    func cubicPacedTension() throws {
        let path = try KeyframePath(values: [0, 100, 40], mode: .cubicPaced, shapes: [Shape(), Shape(tension: 1)])
        expectClose(path.sample(at: 0.3).value, 48, within: 2e-2)
        expectClose(path.sample(at: 0.8).value, 72, within: 2e-2)
        expectClose(path.sample(at: 0.3).slope, 160, within: 1.6)
        expectClose(path.sample(at: 0.8).slope, -160, within: 1.6)
    }

    @Test("cubicPaced over two scalars at once: the length of the curve they draw together (oracle)")
    func pacedTogether() throws {
        let x = try KeyframePath(values: [0, 100, 100], mode: .cubicPaced)
        let y = try KeyframePath(values: [0, 0, 100], mode: .cubicPaced)
        let paths = KeyframePath.pacedTogether([x, y])
        #expect(paths[0].pacing == paths[1].pacing)
        for (u, ex, ey) in [(0.25, 50.6151981556, -6.3109094734), (0.5, 100, 0), (0.75, 106.3109094761, 49.3848018164)] {
            expectClose(paths[0].sample(at: u).value, ex, within: 2e-2, "x at \(u)")
            expectClose(paths[1].sample(at: u).value, ey, within: 2e-2, "y at \(u)")
        }
        for u in [0.25, 0.75] {
            let (sx, sy) = (paths[0].sample(at: u).slope, paths[1].sample(at: u).slope)
            expectClose((sx * sx + sy * sy).squareRoot(), 204.0990, within: 2.05, "speed at \(u)")
        }
        #expect(abs(x.sample(at: 0.25).value - 50.6151981556) > 1, "x paced alone runs on its own length")
        let flat = try KeyframePath(values: [5, 5, 5], mode: .cubicPaced)
        #expect(flat.sample(at: 0.4) == (5, 0), "no length: evenly spaced, still")
    }

    @Test("The rules of the cubic modes' arrays")
    func rules() {
        func fault(_ body: () throws(ParameterError) -> KeyframePath) -> String {
            do { _ = try body(); return "" } catch { return error.description }
        }
        #expect(fault { () throws(ParameterError) in try KeyframePath(values: [1, 2], shapes: [Shape(tension: 1)]) }
            == "shapes: tension, continuity and bias shape only the cubic modes")
        #expect(fault { () throws(ParameterError) in try KeyframePath(values: [1, 2], mode: .cubic, shapes: [Shape(), Shape(), Shape()]) }
            == "shapes: at most one per value: 2")
        #expect(fault { () throws(ParameterError) in try KeyframePath(values: [1, 2], keyTimes: [0, 1], mode: .cubicPaced) }
            == "keyTimes: cubicPaced computes its own key times and timing")
        #expect(fault { () throws(ParameterError) in try KeyframePath(values: [1, 2], timingFunctions: [.easeIn], mode: .cubicPaced) }
            == "timingFunctions: cubicPaced computes its own key times and timing")
    }

    static let definition = #"""
    {"animated": {"y": {"type": "number", "initial": 0}, "tint": {"type": "color", "initial": "#000000"}},
     "commands": {
       "tight": {"do": [{"animate": "y", "keyframes": {"values": [0, 100, 40], "calculationMode": "cubicPaced", "tensionValues": [0, 1]},
                         "timing": {"curve": "linear", "duration": 1}}]},
       "glow": {"do": [{"animate": "tint", "keyframes": {"values": ["#000000", "#ff0000", "#ffff00"], "calculationMode": "cubicPaced"},
                        "timing": {"curve": "linear", "duration": 1}}]}},
     "properties": {"y": "y", "tint": "tint"}}
    """#

    static func session(_ command: String) throws -> Session {
        var session = Session(configuration: try ControlInstance(DefinitionTests.load(Self.definition), name: "splines", configuration: nil))
        try session.apply([DefinitionTests.command(command, [], at: 0)])
        return session
    }

    @Test("In a definition: tensionValues shorter than values, and a colour paced over its channels together")
    func inADefinition() throws {
        let tight = try Self.session("tight")
        expectClose(tight.frame(at: 0.3).number("y"), 48, within: 2e-2)
        expectClose(tight.frame(at: 0.8).number("y"), 72, within: 2e-2)
        #expect(tight.frame(at: 1).number("y") == 40)
        // Red and green draw the two-scalar curve above (channels from 0 to 1): at 0.25 red is
        // 0.50615 (129.07 of 255) and green below 0; at 0.75 red above 1 and green 0.49385 (125.93).
        let glow = try Self.session("glow")
        for (t, expected) in [(0.25, "#810000ff"), (0.75, "#ff7e00ff"), (1, "#ffff00ff")] {
            guard case let .color(color)? = glow.frame(at: t)["tint"] else { Issue.record("no tint"); continue }
            #expect(color.hex == expected, "t \(t)")
        }
    }

    @Test("docs/controls.md's cubicPaced recipe: 440 pt of monotone runs at one speed (by hand)")
    func recipe() throws {
        // Each segment is monotone (300 → 80 leaves at −110 and stops; 80 → 200 starts at 0 and
        // arrives at 110; 200 → 300 at 110 and 50), so the path is 220 + 120 + 100 long and the
        // value is where that length puts it: 110 in (0.3 s), 220 (the top, 0.6 s), 330 (0.9 s).
        let json = #"""
        {"animated": {"y": {"type": "number", "initial": 300}},
         "commands": {"swing": {"do": [
           {"animate": "y", "keyframes": {"values": [300, 80, 200, 300], "calculationMode": "cubicPaced",
                                          "tensionValues": [0, 1]},
            "timing": {"curve": "linear", "duration": 1.2}}]}},
         "properties": {"y": "y"}}
        """#
        var session = Session(configuration: try ControlInstance(DefinitionTests.load(json), name: "swing", configuration: nil))
        try session.apply([DefinitionTests.command("swing", [], at: 0)])
        for (t, expected) in [(0.3, 190.0), (0.6, 80), (0.9, 190), (1.2, 300)] {
            expectClose(session.frame(at: t).number("y"), expected, within: 2e-2, "t \(t)")
        }
    }

    @Test("The loader's faults, each at its JSON pointer")
    func loaderFaults() throws {
        func fault(_ keyframes: String) throws -> (code: String, pointer: String, message: String)? {
            try DefinitionTests.fault(#"""
            {"animated": {"a": {"type": "number", "initial": 0}}, "commands": {"go": {"do": [
              {"animate": "a", "keyframes": \#(keyframes), "timing": {"curve": "linear", "duration": 1}}]}}}
            """#)
        }
        let at = "/commands/go/do/0/keyframes/"
        let cases: [(String, String, String)] = [
            (#"{"values": [1, 2], "calculationMode": "cubic", "tensionValues": [0, 0, 0]}"#, "invalid_definition", at + "tensionValues"),
            (#"{"values": [1, 2], "tensionValues": [0.5]}"#, "invalid_definition", at + "tensionValues"),
            (#"{"values": [1, 2], "calculationMode": "paced", "biasValues": [0.5]}"#, "invalid_definition", at + "biasValues"),
            (#"{"values": [1, 2], "calculationMode": "cubicPaced", "biasValues": [0, 2]}"#, "out_of_range", at + "biasValues/1"),
            (#"{"values": [1, 2], "calculationMode": "cubic", "continuityValues": [0, "x"]}"#, "invalid_definition", at + "continuityValues/1"),
            (#"{"values": [1, 2], "calculationMode": "cubicPaced", "keyTimes": [0, 1]}"#, "invalid_definition", at + "keyTimes"),
            (#"{"values": [1, 2], "calculationMode": "cubicPaced", "timingFunctions": ["easeIn"]}"#, "invalid_definition", at + "timingFunctions"),
            (#"{"values": [1, 2], "calculationMode": "cubicpaced"}"#, "invalid_definition", at + "calculationMode"),
            (#"{"values": [1, 2], "calculationMode": "cubic", "tensionValue": [0.5]}"#, "invalid_definition", at + "tensionValue"),
        ]
        for (keyframes, code, pointer) in cases {
            let found = try #require(try fault(keyframes), "\(keyframes)")
            #expect(found.code == code && found.pointer == pointer, "\(keyframes): \(found)")
        }
        let mode = try #require(try fault(#"{"values": [1, 2], "calculationMode": "cubicpaced"}"#))
        #expect(mode.message.contains("'linear', 'discrete', 'paced', 'cubic', 'cubicPaced'"), "\(mode.message)")
        let near = try #require(try fault(#"{"values": [1, 2], "calculationMode": "cubic", "tensionValue": [0.5]}"#))
        #expect(near.message.contains("did you mean 'tensionValues'"), "\(near.message)")
        let count = try #require(try fault(#"{"values": [1, 2], "calculationMode": "cubic", "tensionValues": [0, 0, 0]}"#))
        #expect(count.message.contains("at most one number per value: 2 for 2 values, got 3"), "\(count.message)")
    }
}
