import Testing
@testable import AnimationCore

/// `CAKeyframeAnimation` (docs/fidelity.md#keyframes). Expected values are literals printed by
/// `scripts/oracle/keyframes_oracle.py`, written apart from `KeyframePath` (timing functions by
/// bisection, a cubic segment as the Bezier through its Hermite control points), or by hand where
/// the arithmetic is plain. The path alone is compared to 1e-9; where a timing function is
/// solved (to 1e-7 in time) to 1e-4; through a session's linear 'timing' curve (also solved to
/// 1e-7, slopes up to 1,280 per unit of progress) to 1e-3.
@Suite("Keyframe animations")
struct KeyframeTests {
    static func path(_ values: [Double], _ keyTimes: [Double]? = nil, _ functions: [CubicBezier] = [],
                     _ mode: KeyframePath.Mode = .linear) throws -> KeyframePath {
        try KeyframePath(values: values, keyTimes: keyTimes, timingFunctions: functions, mode: mode)
    }

    @Test("Linear: values at their key times, straight lines between (by hand)")
    func linear() throws {
        let path = try Self.path([0, 100, 40], [0, 0.25, 1])
        for (u, expected) in [(0.0, 0.0), (0.125, 50), (0.25, 100), (0.5, 80), (0.75, 60), (1, 40), (2, 40), (-1, 0)] {
            expectClose(path.sample(at: u).value, expected, within: 1e-9, "u \(u)")
        }
        expectClose(path.sample(at: 0.125).slope, 400, within: 1e-9, "100 over a quarter")
        expectClose(path.sample(at: 0.5).slope, -80, within: 1e-9, "−60 over three quarters")
        let even = try Self.path([0, 100, 40])
        expectClose(even.sample(at: 0.75).value, 70, within: 1e-9, "no keyTimes: evenly spaced")
    }

    @Test("Per-segment timing functions shape each segment's fraction (oracle)")
    func timingFunctions() throws {
        let path = try Self.path([0, 100, 40], [0, 0.5, 1], [.easeIn, .easeOut])
        expectClose(path.sample(at: 0.25).value, 31.5356812573, within: 1e-4)
        expectClose(path.sample(at: 0.75).value, 58.9214087544, within: 1e-4)
        expectClose(path.sample(at: 0.5).value, 100, within: 1e-9)
    }

    @Test("Discrete: Apple's example holds 60 from 0.75 to the end; no keyTimes: n equal steps")
    func discrete() throws {
        let path = try Self.path([310, 60, 120, 60], [0, 0.25, 0.5, 0.75, 1], [], .discrete)
        for (u, expected) in [(0.1, 310.0), (0.25, 60), (0.3, 60), (0.6, 120), (0.8, 60), (1, 60)] {
            #expect(path.sample(at: u) == (expected, 0), "u \(u)")
        }
        let even = try Self.path([1, 2, 3, 4], nil, [], .discrete)
        #expect(even.keyTimes == [0, 0.25, 0.5, 0.75, 1])
        #expect(even.sample(at: 0.74).value == 3)
    }

    @Test("Paced: key times by distance (30 and 20 → 0.6), one speed")
    func paced() throws {
        let path = try Self.path([0, 30, 10], nil, [], .paced)
        #expect(path.keyTimes == [0, 0.6, 1])
        expectClose(path.sample(at: 0.3).value, 15, within: 1e-9)
        expectClose(path.sample(at: 0.8).value, 20, within: 1e-9)
        expectClose(path.sample(at: 0.3).slope, -path.sample(at: 0.8).slope, within: 1e-9, "the same speed in both segments")
        #expect(KeyframePath.pacedKeyTimes(segmentLengths: [0, 0]) == [0, 0.5, 1], "no length: evenly spaced")
    }

    @Test("Cubic: Catmull-Rom through Apple's example, even and uneven key times (oracle)")
    func cubic() throws {
        let apple: [Double] = [310, 60, 120, 60, 310]
        let even = try Self.path(apple, [0, 0.25, 0.5, 0.75, 1], [], .cubic)
        for (u, expected) in [(0.125, 181.25), (0.375, 78.125), (0.6, 89.76), (0.9, 213.12), (0.5, 120)] {
            expectClose(even.sample(at: u).value, expected, within: 1e-9, "u \(u)")
        }
        expectClose(even.sample(at: 0.125).slope, -1280, within: 1e-6)
        expectClose(even.sample(at: 0.6).slope, -467.2, within: 1e-6)
        let uneven = try Self.path(apple, [0, 0.1, 0.5, 0.75, 1], [], .cubic)
        for (u, expected) in [(0.05, 174.125), (0.3, 71.0), (0.6, 89.76)] {
            expectClose(uneven.sample(at: u).value, expected, within: 1e-9, "u \(u)")
        }
        let timed = try Self.path([0, 100, 40], [0, 0.5, 1], [.easeInEaseOut, .linear], .cubic)
        expectClose(timed.sample(at: 0.2).value, 31.6683586184, within: 1e-4)
        expectClose(timed.sample(at: 0.7).value, 84.64, within: 1e-4)
    }

    @Test("The arrays' rules, each named (Apple's keyTimes documentation)")
    func rules() {
        func fault(_ body: () throws(ParameterError) -> KeyframePath) -> String {
            do { _ = try body(); return "" } catch { return error.description }
        }
        #expect(fault { () throws(ParameterError) in try KeyframePath(values: [1]) } == "values: needs at least 2 values")
        #expect(fault { () throws(ParameterError) in try KeyframePath(values: [1, 2], keyTimes: [0, 0.5, 1]) }
            == "count: needs one key time per value: 2")
        #expect(fault { () throws(ParameterError) in try KeyframePath(values: [1, 2], keyTimes: [0, 1], mode: .discrete) }
            == "count: discrete needs one key time more than values: 3 for 2 values")
        #expect(fault { () throws(ParameterError) in try KeyframePath(values: [1, 2, 3], keyTimes: [0, 0.6, 0.5]) }
            == "2: must not be less than the key time before it")
        #expect(fault { () throws(ParameterError) in try KeyframePath(values: [1, 2, 3], keyTimes: [0, 1.5, 1]) }
            == "1: must be between 0 and 1")
        #expect(fault { () throws(ParameterError) in try KeyframePath(values: [1, 2], keyTimes: [0.1, 1]) }
            == "0: the first key time must be 0")
        #expect(fault { () throws(ParameterError) in try KeyframePath(values: [1, 2, 3], timingFunctions: [.easeIn]) }
            == "timingFunctions: needs one per segment: 2 for 3 values")
    }

    @Test("On an animated value: the first keyframe through the delay, repeat and autoreverse, then the last")
    func animatedValue() throws {
        let path = try Self.path([0, 100, 40], [0, 0.25, 1])
        var value = AnimatedValue(7)
        value.animate(to: 20, timing: .curve(.linear, duration: 1), at: 0)
        value.animateKeyframes(path, timing: .repeating(.curve(.linear, duration: 1), count: 2, autoreverses: true), at: 0, delay: 0.5)
        #expect(value.target == 40)
        for (t, expected) in [(0.25, 0.0), (0.625, 50), (1.5, 40), (2.0, 80), (3.0, 80), (4.25, 100), (4.5, 40), (9, 40)] {
            expectClose(value.value(at: t), expected, within: 1e-4, "t \(t)")
        }
        #expect(value.endTime == 4.5)
        value.animate(to: 50, timing: .curve(.linear, duration: 1), at: 1)
        expectClose(value.value(at: 1.5), 40 + 5, within: 1e-4, "an animate later adds to it")
    }

    static let definition = #"""
    {"animated": {"y": {"type": "number", "initial": 0}, "tint": {"type": "color", "initial": "#000000"}},
     "commands": {
       "bounce": {"do": [{"animate": "y", "keyframes": {"values": [310, 60, 120, 60, "2 * 155"], "calculationMode": "cubic"},
                          "timing": {"curve": "linear", "duration": 2}, "delay": 0.5,
                          "completion": [{"emit": "done", "fields": {"finished": "event.finished"}}]}]},
       "blink": {"do": [{"animate": "y", "keyframes": {"values": [0, 100, 40], "keyTimes": [0, 0.25, 1]},
                         "timing": {"curve": "linear", "duration": 1}, "repeatCount": 2, "autoreverses": true}]},
       "pace": {"do": [{"animate": "tint", "keyframes": {"values": ["#000000", "#ff0000", "#ffffff"], "calculationMode": "paced"},
                        "timing": {"curve": "linear", "duration": 1}}]},
       "stop": {"do": [{"set": "y", "to": 5}]}},
     "properties": {"y": "y", "tint": "tint"}}
    """#

    static func session(_ commands: [(String, Double)]) throws -> Session {
        var session = Session(configuration: try ControlInstance(DefinitionTests.load(Self.definition), name: "keyframes", configuration: nil))
        try session.apply(commands.map { DefinitionTests.command($0.0, [], at: $0.1) })
        return session
    }

    @Test("In a definition: a delayed cubic bounce with its completion, a repeating blink, a paced colour")
    func inADefinition() throws {
        let bounce = try Self.session([("bounce", 0)])
        for (t, expected) in [(0.25, 310.0), (0.75, 181.25), (1.7, 89.76), (2.5, 310), (3, 310)] {
            expectClose(bounce.frame(at: t).number("y"), expected, within: 1e-3, "t \(t)")
        }
        #expect(RecognizerTests.emitted(bounce) == ["2.5 done finished=bool(true)"])
        let stopped = try Self.session([("bounce", 0), ("stop", 1)])
        #expect(RecognizerTests.emitted(stopped) == ["1.001 done finished=bool(false)"])
        let blink = try Self.session([("blink", 0)])
        for (t, expected) in [(0.125, 50.0), (1.5, 80), (2.75, 60), (4, 40)] {
            expectClose(blink.frame(at: t).number("y"), expected, within: 1e-3, "t \(t)")
        }
        // Black → red (length 1) → white (length √2): the red arrives at 1/(1 + √2) = 0.41421 s,
        // paced over all four channels at once; 0.2 s is 0.48284 of the way to red (123.12 of 255),
        // 0.7 s 0.48787 of the way on to white (124.41).
        let pace = try Self.session([("pace", 0)])
        for (t, expected) in [(0.2, "#7b0000ff"), (0.7, "#ff7c7cff"), (1, "#ffffffff")] {
            guard case let .color(color)? = pace.frame(at: t)["tint"] else { Issue.record("no tint"); continue }
            #expect(color.hex == expected, "t \(t)")
        }
    }

    @Test("docs/controls.md's shake recipe: -12 at a sixth of 0.4 s, at rest on 0 with its callback at 0.4 s")
    func shakeRecipe() throws {
        let json = #"""
        {"animated": {"offsetX": {"type": "number", "initial": 0}},
         "commands": {"shake": {"do": [
           {"animate": "offsetX", "keyframes": {"values": [0, -12, 12, -8, 8, -4, 0], "calculationMode": "cubic"},
            "timing": {"curve": "linear", "duration": 0.4}, "completion": [{"emit": "shaken"}]}]}},
         "properties": {"x": "offsetX"}}
        """#
        var session = Session(configuration: try ControlInstance(DefinitionTests.load(json), name: "shake", configuration: nil))
        try session.apply([DefinitionTests.command("shake", [], at: 0)])
        expectClose(session.frame(at: 0.4 / 6).number("x"), -12, within: 1e-3)
        // Halfway through the segment 12 → −8, by hand: the Hermite midpoint (a + b)/2 + (m_a − m_b)/8
        // with Catmull-Rom tangents m_a = (−8 − (−12))/2 = 2 and m_b = (8 − 12)/2 = −2: 2 + 0.5.
        expectClose(session.frame(at: 0.4 * 2.5 / 6).number("x"), 2.5, within: 1e-3)
        #expect(session.frame(at: 0.4).number("x") == 0)
        #expect(RecognizerTests.emitted(session) == ["0.4 shaken"])
    }

    @Test("The loader's faults, each at its JSON pointer")
    func loaderFaults() throws {
        func fault(_ keyframes: String, _ extra: String = "") throws -> (code: String, pointer: String, message: String)? {
            try DefinitionTests.fault(#"""
            {"animated": {"a": {"type": "number", "initial": 0}}, "commands": {"go": {"do": [
              {"animate": "a", "keyframes": \#(keyframes), "timing": {"curve": "linear", "duration": 1}\#(extra)}]}}}
            """#)
        }
        let cases: [(String, String, String, String)] = [
            (#"{"values": [1, 2, 3], "keyTimes": [0, 1]}"#, "", "invalid_definition", "/commands/go/do/0/keyframes/keyTimes"),
            (#"{"values": [1, 2, 3], "keyTimes": [0, 0.7, 0.5]}"#, "", "out_of_range", "/commands/go/do/0/keyframes/keyTimes/2"),
            (#"{"values": [1, 2, 3], "keyTimes": [0, 0.5, 0.9]}"#, "", "out_of_range", "/commands/go/do/0/keyframes/keyTimes/2"),
            (#"{"values": [1, 2, 3], "keyTimes": [0, "x", 1]}"#, "", "invalid_definition", "/commands/go/do/0/keyframes/keyTimes/1"),
            (#"{"values": [1, 2], "keyTimes": [0, 1], "calculationMode": "discrete"}"#, "", "invalid_definition", "/commands/go/do/0/keyframes/keyTimes"),
            (#"{"values": [1, 2, 3], "timingFunctions": ["easeIn"]}"#, "", "invalid_definition", "/commands/go/do/0/keyframes/timingFunctions"),
            (#"{"values": [1, 2], "timingFunctions": ["easeInOt"]}"#, "", "invalid_definition", "/commands/go/do/0/keyframes/timingFunctions/0"),
            (#"{"values": [1, 2], "keyTimes": [0, 1], "calculationMode": "paced"}"#, "", "invalid_definition", "/commands/go/do/0/keyframes/keyTimes"),
            (#"{"values": [1]}"#, "", "invalid_definition", "/commands/go/do/0/keyframes/values"),
            (#"{"values": [1, true]}"#, "", "type_mismatch", "/commands/go/do/0/keyframes/values/1"),
            (#"{"values": [1, 2], "calculationMode": "cubc"}"#, "", "invalid_definition", "/commands/go/do/0/keyframes/calculationMode"),
            (#"{"values": [1, 2]}"#, #", "to": 2"#, "invalid_definition", "/commands/go/do/0/to"),
            (#"{"values": [1, 2]}"#, #", "mode": "retarget""#, "invalid_definition", "/commands/go/do/0/mode"),
        ]
        for (keyframes, extra, code, pointer) in cases {
            let found = try #require(try fault(keyframes, extra), "\(keyframes)")
            #expect(found.code == code && found.pointer == pointer, "\(keyframes): \(found)")
        }
        let misspelt = try #require(try fault(#"{"values": [1, 2], "timingFunctions": ["easeInOt"]}"#))
        #expect(misspelt.message.contains("did you mean 'easeInOut'"))
        let spring = try #require(try DefinitionTests.fault(#"""
        {"animated": {"a": {"type": "number", "initial": 0}}, "commands": {"go": {"do": [
          {"animate": "a", "keyframes": {"values": [1, 2]}, "timing": {"spring": {"response": 0.3, "dampingRatio": 1}}}]}}}
        """#))
        #expect(spring.code == "type_mismatch" && spring.pointer == "/commands/go/do/0/timing")
    }
}
