import Testing
@testable import AnimationCore

/// `format(x, decimals)`: a number as a string value, fixed decimals, rounded half away from zero
/// (Swift's `rounded()` on x·10^decimals), "-" for negatives, never "-0", no grouping; NaN,
/// infinities and magnitudes from 10^14/10^decimals on print as stated in docs/controls.md.
/// Expected texts written by hand.
@Suite("format: a number as text")
struct FormatTextTests {
    @Test func fixedDecimalsRoundedHalfAwayFromZero() throws {
        let values = try DefinitionTests.evaluate([
            ("a", "format(2.5, 0)"), ("b", "format(-2.5, 0)"), ("c", "format(0.125, 2)"), ("d", "format(3, 2)"),
            ("e", "format(-0.004, 2)"), ("f", "format(-0.4, 0)"), ("g", "format(1234567.891, 1)"), ("h", "format(0.05, 6)"),
            ("i", "format(42, 0)"), ("j", "format(-7.25, 1)"),
        ])
        #expect(values["a"] == .string("3"))
        #expect(values["b"] == .string("-3"))
        #expect(values["c"] == .string("0.13"))
        #expect(values["d"] == .string("3.00"))
        #expect(values["e"] == .string("0.00"), "a negative that rounds to zero shows no sign")
        #expect(values["f"] == .string("0"))
        #expect(values["g"] == .string("1234567.9"), "no grouping")
        #expect(values["h"] == .string("0.050000"))
        #expect(values["i"] == .string("42"))
        #expect(values["j"] == .string("-7.3"))
    }

    @Test func largeAndNotFiniteValues() throws {
        let values = try DefinitionTests.evaluate([
            ("big", "format(99999999999999, 0)"), ("tooBig", "format(100000000000000, 0)"), ("tooBigNeg", "format(-1e12, 2)"),
            ("nan", "format(0 / 0, 1)"), ("inf", "format(1 / 0, 0)"), ("negInf", "format(-1 / 0, 3)"),
        ])
        #expect(values["big"] == .string("99999999999999"))
        #expect(values["tooBig"] == .string("∞"))
        #expect(values["tooBigNeg"] == .string("-∞"))
        #expect(values["nan"] == .string("NaN"))
        #expect(values["inf"] == .string("∞"))
        #expect(values["negInf"] == .string("-∞"))
    }

    @Test func comparesAndChoosesLikeAnyString() throws {
        let values = try DefinitionTests.evaluate([
            ("same", "format(0.999, 2) == '1.00'"), ("label", "1 > 0 ? format(50, 0) : 'none'"),
            ("other", "1 < 0 ? format(50, 0) : 'none'"),
        ], parameters: #"{"p": {"type": "number", "default": 0.5}}"#)
        #expect(values["same"] == .bool(true))
        #expect(values["label"] == .string("50"))
        #expect(values["other"] == .string("none"))
        let configured = try DefinitionTests.evaluate([("pct", "format(p * 100, 1)")],
                                                      parameters: #"{"p": {"type": "number", "default": 0.5}}"#, config: #"{"p": 0.257}"#)
        #expect(configured["pct"] == .string("25.7"))
    }

    @Test func decimalsAreAWholeLiteralFromZeroToSix() throws {
        for (expression, pointer) in [("format(1, 7)", "/properties/s"), ("format(1, 1.5)", "/properties/s"),
                                      ("format(1, p)", "/properties/s"), ("format('a', 1)", "/properties/s")] {
            let fault = try #require(try DefinitionTests.fault(
                #"{"parameters": {"p": {"type": "number", "default": 1}}, "properties": {"s": "\#(expression)"}}"#))
            #expect(fault.pointer == pointer, "\(expression)")
        }
        let fault = try #require(try DefinitionTests.fault(#"{"properties": {"s": "format(1, 7)"}}"#))
        #expect(fault.message.contains("format's decimals must be a whole number from 0 to 6 written as a literal"))
    }
}
