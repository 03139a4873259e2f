import Testing
@testable import AnimationCore

/// `repeatCount` and `autoreverses` on `animate` (docs/fidelity.md#repeat): each cycle forward,
/// then backward when autoreversing; the model value once over. A linear 1 s animation from 0 to
/// 100 makes the expected values the fraction of the cycle, by hand (to 1e-4 pt: the curve solver
/// finds the linear curve's progress to about 1e-7).
@Suite("Animate: repeatCount and autoreverses")
struct RepeatTimingTests {
    static let linear = Timing.curve(.linear, duration: 1)

    static func value(_ timing: Timing, at t: Double) -> Double {
        var value = AnimatedValue(0)
        value.animate(to: 100, timing: timing, at: 0)
        return value.value(at: t)
    }

    @Test("Repeating twice: 25 at 0.25 s and again at 1.25 s, 100 from 2 s on; it ends at 2 s")
    func repeatCount() {
        let twice = Timing.repeating(Self.linear, count: 2, autoreverses: false)
        #expect(twice.duration == 2)
        for (t, expected) in [(0.25, 25.0), (1.25, 25), (1.75, 75), (2, 100), (3, 100)] {
            #expect(abs(Self.value(twice, at: t) - expected) < 1e-4, "\(t)")
        }
    }

    @Test("Autoreversing once: up to 100 at 1 s, back to 25 at 1.75 s, then the model value 100 at 2 s")
    func autoreverses() {
        let there = Timing.repeating(Self.linear, count: 1, autoreverses: true)
        #expect(there.duration == 2)
        for (t, expected) in [(0.5, 50.0), (1.0, 100), (1.75, 25), (2, 100)] {
            #expect(abs(Self.value(there, at: t) - expected) < 1e-4, "\(t)")
        }
        #expect(abs(there.sample(at: 1.5).velocity + 1) < 1e-4, "backward at the forward rate")
    }

    @Test("A fraction of a cycle ends mid-cycle; forever never rests")
    func fractionsAndForever() {
        let half = Timing.repeating(Self.linear, count: 1.5, autoreverses: false)
        #expect(half.duration == 1.5)
        #expect(abs(Self.value(half, at: 1.4) - 40) < 1e-4)
        let forever = Timing.repeating(Self.linear, count: .infinity, autoreverses: true)
        #expect(abs(Self.value(forever, at: 1000.25) - 25) < 1e-4)
        var value = AnimatedValue(0)
        value.animate(to: 100, timing: forever, at: 0)
        #expect(value.rest == .held)
    }

    @Test("A definition's animate repeats; a completion comes after the cycles; forever has none")
    func inADefinition() throws {
        let json = #"""
        {"animated": {"angle": {"type": "number", "initial": 0}},
         "commands": {
           "spin": {"do": [{"animate": "angle", "to": 1, "timing": {"curve": "linear", "duration": 1}, "repeatCount": "infinity"}]},
           "pulse": {"do": [{"animate": "angle", "to": 1, "timing": {"curve": "linear", "duration": 0.5}, "repeatCount": 2,
                             "autoreverses": true, "completion": [{"emit": "done"}]}]}},
         "properties": {"angle": "angle"}}
        """#
        var pulse = Session(configuration: try ControlInstance(DefinitionTests.load(json), name: "repeats", configuration: nil))
        try pulse.apply([TimedInput(t: 0, input: .command(Command("pulse")))])
        #expect(RecognizerTests.emitted(pulse) == ["2.0 done"])
        var spin = Session(configuration: try ControlInstance(DefinitionTests.load(json), name: "repeats", configuration: nil))
        try spin.apply([TimedInput(t: 0, input: .command(Command("spin")))])
        #expect(RecognizerTests.emitted(spin).isEmpty)
        let fault = try #require(try DefinitionTests.fault(#"""
        {"animated": {"a": {"type": "number", "initial": 0}}, "commands": {"go": {"do": [
          {"animate": "a", "to": 1, "mode": "retarget", "timing": {"spring": {"response": 0.3, "dampingRatio": 1}}, "autoreverses": true}]}}}
        """#))
        #expect(fault.pointer == "/commands/go/do/0/autoreverses")
    }
}
