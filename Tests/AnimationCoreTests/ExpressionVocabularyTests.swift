import Testing
@testable import AnimationCore

/// The expression functions beyond the first set (`%`, `pow`, trigonometry, `sign`, `hypot`,
/// the inverse rubber band) and an input's `elapsed`: literal expectations, worked out by hand
/// or from the C library's documented exact cases.
@Suite("Expressions: remainder, powers, trigonometry, the inverse rubber band, elapsed")
struct ExpressionVocabularyTests {
    static func number(_ value: FieldValue?) -> Double {
        if case let .number(x)? = value { return x }
        Issue.record("not a number: \(String(describing: value))")
        return .nan
    }

    @Test func remainderHasTheSignOfTheDividendAndBindsLikeMultiplication() throws {
        let values = try DefinitionTests.evaluate([
            ("a", "7 % 3"), ("b", "-7 % 3"), ("c", "7.5 % 2"), ("d", "1 + 7 % 3 * 2"), ("e", "7 % -3"),
        ])
        #expect(values["a"] == .number(1))
        #expect(values["b"] == .number(-1))
        #expect(values["c"] == .number(1.5))
        // (7 % 3) * 2 + 1: `%` groups from the left with `*` and `/`.
        #expect(values["d"] == .number(3))
        #expect(values["e"] == .number(1))
    }

    @Test func powersRootsRoundingAndSign() throws {
        let values = try DefinitionTests.evaluate([
            ("pow", "pow(2, 10)"), ("root", "pow(9, 0.5)"), ("hypot", "hypot(3, 4)"), ("hypotNeg", "hypot(-5, 12)"),
            ("round", "round(-2.5)"), ("floor", "floor(-2.5)"), ("ceil", "ceil(-2.5)"),
            ("signNeg", "sign(-3)"), ("signPos", "sign(0.25)"), ("signZero", "sign(0)"),
        ])
        #expect(values["pow"] == .number(1024))
        #expect(values["root"] == .number(3))
        #expect(values["hypot"] == .number(5))
        #expect(values["hypotNeg"] == .number(13))
        #expect(values["round"] == .number(-3))
        #expect(values["floor"] == .number(-3))
        #expect(values["ceil"] == .number(-2))
        #expect(values["signNeg"] == .number(-1))
        #expect(values["signPos"] == .number(1))
        #expect(values["signZero"] == .number(0))
    }

    @Test func trigonometryInRadians() throws {
        let values = try DefinitionTests.evaluate([
            ("sin", "sin(pi / 2)"), ("cos", "cos(0)"), ("cosPi", "cos(pi)"), ("sin30", "sin(pi / 6)"),
            ("atan", "atan2(1, 1)"), ("atanBack", "atan2(1, -1)"), ("atanDown", "atan2(-1, 0)"),
        ])
        #expect(values["sin"] == .number(1))
        #expect(values["cos"] == .number(1))
        #expect(values["cosPi"] == .number(-1))
        expectClose(Self.number(values["sin30"]), 0.5, within: 1e-15)
        // π/4, 3π/4, −π/2 to 16 digits.
        expectClose(Self.number(values["atan"]), 0.7853981633974483, within: 1e-15)
        expectClose(Self.number(values["atanBack"]), 2.356194490192345, within: 1e-15)
        expectClose(Self.number(values["atanDown"]), -1.5707963267948966, within: 1e-15)
    }

    @Test("The inverse rubber band (d/c)·y/(d − y) undoes rubberBand, and saturates at the dimension")
    func inverseRubberBand() throws {
        let values = try DefinitionTests.evaluate([
            // y = 100, d = 200, c = 0.55: 200/0.55 · 100/100 = 363.6363…
            ("inverse", "rubberBandInverse(100, 200)"),
            // c = 1: 200 · 50/150 = 66.666…
            ("inverseC", "rubberBandInverse(50, 200, 1)"),
            // rubberBand(100, 200) is 43.137254902 (the forward test's literal): back to 100.
            ("roundTrip", "rubberBandInverse(rubberBand(100, 200), 200)"),
            ("none", "rubberBandInverse(-5, 200)"), ("beyond", "rubberBandInverse(200, 200)"),
        ])
        expectClose(Self.number(values["inverse"]), 363.63636363636364, within: 1e-9)
        expectClose(Self.number(values["inverseC"]), 66.666666666666667, within: 1e-9)
        expectClose(Self.number(values["roundTrip"]), 100, within: 1e-9)
        #expect(values["none"] == .number(0))
        #expect(values["beyond"] == .number(.greatestFiniteMagnitude))
    }

    @Test func theCheckerRefusesWrongTypesAndCounts() throws {
        let cases: [(String, String)] = [
            ("sin(true)", "sin takes (number), got (bool)"),
            ("pow(2)", "pow takes (number, number), got (number)"),
            ("atan2(1, 2, 3)", "atan2 takes (number, number), got (number, number, number)"),
            ("'a' % 2", "'%' needs numbers, got string and number"),
            ("rubberBandInverse(1)", "rubberBandInverse takes (number, number, number), got (number)"),
        ]
        for (expression, message) in cases {
            let fault = try #require(try DefinitionTests.fault(#"{"properties": {"p": "\#(expression)"}}"#), "\(expression) loaded")
            #expect(fault.code == "type_mismatch" && fault.pointer == "/properties/p", "\(expression): \(fault)")
            #expect(fault.message.contains(message), "\(expression): \(fault.message)")
        }
    }

    static let held = #"""
    {"inputs": {
       "press": {"type": "control", "region": {"x": 0, "y": 0, "width": 100, "height": 100}},
       "swipe": {"type": "pan", "region": {"x": 0, "y": 0, "width": 100, "height": 100}},
       "touch": {"type": "tap", "region": {"x": 0, "y": 0, "width": 50, "height": 50}}},
     "properties": {"press": "press.elapsed", "pan": "swipe.elapsed", "tap": "touch.elapsed"}}
    """#

    @Test("elapsed counts from the touch-down while the input tracks it, and is 0 otherwise")
    func elapsedSinceTheTouchWentDown() throws {
        let instance = try ControlInstance(DefinitionTests.load(Self.held), name: "held", configuration: nil)
        var session = Session(configuration: instance)
        func properties(at t: Double) -> [String: FieldValue] {
            Dictionary(uniqueKeysWithValues: session.frame(at: t).properties.map { ($0.name, $0.value) })
        }
        #expect(properties(at: 0) == ["press": .number(0), "pan": .number(0), "tap": .number(0)])
        // Down at 1 inside the control and the pan, outside the tap's region.
        try session.apply([TimedInput(t: 1, input: .touch(.down(Point(x: 75, y: 75))))])
        let during = properties(at: 1.25)
        #expect(during == ["press": .number(0.25), "pan": .number(0.25), "tap": .number(0)])
        try session.apply([TimedInput(t: 1.5, input: .touch(.up(Point(x: 75, y: 75))))])
        #expect(properties(at: 2) == ["press": .number(0), "pan": .number(0), "tap": .number(0)])
        // A second touch counts from its own touch-down, inside the tap too.
        try session.apply([TimedInput(t: 3, input: .touch(.down(Point(x: 10, y: 10))))])
        #expect(properties(at: 3.5) == ["press": .number(0.5), "pan": .number(0.5), "tap": .number(0.5)])
    }
}
