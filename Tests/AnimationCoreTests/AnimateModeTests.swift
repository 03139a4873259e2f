import Testing
@testable import AnimationCore

/// The two ways an animation meets the one in flight that the catalogue added, on one scalar and
/// through a definition's `animate`: a delay (a delayed `UIView.animate` holds its start value
/// until it moves) and `fromCurrent` (`beginFromCurrentState`: the motion in flight stops where
/// it shows). easeInEaseOut is symmetric, so halfway through its duration it is exactly halfway
/// (to 1e-12).
@Suite("Animate modes: delay and from the current value")
struct AnimateModeTests {
    static let oneSecond = Timing.curve(.easeInEaseOut, duration: 1)

    @Test("A delayed animation holds the old value until it starts, then runs its whole duration")
    func delayHolds() {
        var value = AnimatedValue(0)
        value.animate(to: 100, timing: Self.oneSecond, at: 1, delay: 0.5)
        #expect(value.target == 100)
        #expect(value.value(at: 1) == 0)
        #expect(value.value(at: 1.5) == 0)
        expectClose(value.value(at: 2), 50, within: 1e-12)
        #expect(value.value(at: 2.5) == 100)
        #expect(value.endTime == 2.5, "it comes to rest a delay plus a duration after it was added")
        #expect(value.isAnimating(at: 2.49) && !value.isAnimating(at: 2.5))
    }

    @Test("Without a delay the additive animation is unchanged: two on one timing at one time sum")
    func noDelayIsAdditive() {
        var value = AnimatedValue(0)
        value.animate(to: 100, timing: Self.oneSecond, at: 0)
        value.animate(to: 40, timing: Self.oneSecond, at: 0)
        expectClose(value.value(at: 0.5), 20, within: 1e-12)
    }

    @Test("From the current value: 0 → 100 halfway at 50, then → 0 over 1 s is 25 at 1.0 (additively it would be 50)")
    func fromCurrentStopsWhereItShows() {
        var value = AnimatedValue(0)
        value.animate(to: 100, timing: Self.oneSecond, at: 0)
        var additive = value
        value.animateFromCurrent(to: 0, timing: Self.oneSecond, at: 0.5)
        additive.animate(to: 0, timing: Self.oneSecond, at: 0.5)
        expectClose(value.value(at: 0.5), 50, within: 1e-12)
        expectClose(value.value(at: 1), 25, within: 1e-12)
        expectClose(additive.value(at: 1), 50, within: 1e-12)
        #expect(value.value(at: 1.5) == 0)
        #expect(value.endTime == 1.5)
    }

    @Test("From the current value with a delay: it holds where it was shown, then moves")
    func fromCurrentDelayed() {
        var value = AnimatedValue(0)
        value.animate(to: 100, timing: Self.oneSecond, at: 0)
        value.animateFromCurrent(to: 0, timing: Self.oneSecond, at: 0.5, delay: 0.25)
        expectClose(value.value(at: 0.75), 50, within: 1e-12)
        expectClose(value.value(at: 1.25), 25, within: 1e-12)
        #expect(value.endTime == 1.75)
    }

    @Test("From the current value to where it already is: nothing in flight")
    func fromCurrentToItself() {
        var value = AnimatedValue(30)
        value.animateFromCurrent(to: 30, timing: Self.oneSecond, at: 0)
        #expect(value.endTime == nil && !value.isAnimating(at: 0))
    }

    static let definition = #"""
    {"parameters": {"wait": {"type": "number", "default": 0.5}},
     "animated": {"x": {"type": "number", "initial": 0}},
     "commands": {
       "go": {"parameters": {"to": {"type": "number"}, "mode": {"type": "enum", "cases": ["additive", "fromCurrent"]}},
              "do": [{"if": "event.mode == 'additive'",
                      "then": [{"animate": "x", "to": "event.to", "timing": {"curve": "easeInEaseOut", "duration": 1}}],
                      "else": [{"animate": "x", "to": "event.to", "timing": {"curve": "easeInEaseOut", "duration": 1}, "mode": "fromCurrent"}]}]},
       "later": {"do": [{"animate": "x", "to": 100, "timing": {"curve": "easeInEaseOut", "duration": 1}, "delay": "wait * 2"}]},
       "never": {"do": [{"animate": "x", "to": 100, "timing": {"curve": "easeInEaseOut", "duration": 1}, "delay": -5}]}},
     "properties": {"x": "x"}}
    """#

    static func session(_ inputs: [TimedInput]) throws -> Session {
        let instance = try ControlInstance(DefinitionTests.load(Self.definition), name: "modes", configuration: nil)
        var session = Session(configuration: instance)
        try session.apply(inputs)
        return session
    }

    static func go(_ to: Double, _ mode: String, at t: Double) -> TimedInput {
        DefinitionTests.command("go", [.number(to), .string(mode)], at: t)
    }

    @Test("In a definition: mode fromCurrent and an expression delay (0.5 · 2 s)")
    func inADefinition() throws {
        let from = try Self.session([Self.go(100, "additive", at: 0), Self.go(0, "fromCurrent", at: 0.5)])
        expectClose(from.frame(at: 1).number("x"), 25, within: 1e-12)
        let additive = try Self.session([Self.go(100, "additive", at: 0), Self.go(0, "additive", at: 0.5)])
        expectClose(additive.frame(at: 1).number("x"), 50, within: 1e-12)
        let later = try Self.session([DefinitionTests.command("later", [], at: 0)])
        #expect(later.frame(at: 1).number("x") == 0)
        expectClose(later.frame(at: 1.5).number("x"), 50, within: 1e-12)
        let negative = try Self.session([DefinitionTests.command("never", [], at: 0)])
        expectClose(negative.frame(at: 0.5).number("x"), 50, within: 1e-12, "a negative delay counts as none")
    }

    @Test("A retargeting spring takes no delay; the mode is one of three")
    func faults() throws {
        let retarget = #"{"animated": {"x": {"type": "number", "initial": 0}}, "commands": {"go": {"do": [{"animate": "x", "to": 1, "timing": {"spring": {"type": "response", "response": 0.3, "dampingRatio": 1}}, "mode": "retarget", "delay": 1}]}}}"#
        let fault = try #require(try DefinitionTests.fault(retarget))
        #expect(fault.code == "invalid_definition" && fault.pointer == "/commands/go/do/0/delay")
        let mode = #"{"animated": {"x": {"type": "number", "initial": 0}}, "commands": {"go": {"do": [{"animate": "x", "to": 1, "timing": {"curve": "linear", "duration": 1}, "mode": "later"}]}}}"#
        #expect(try DefinitionTests.fault(mode)?.pointer == "/commands/go/do/0/mode")
    }
}
