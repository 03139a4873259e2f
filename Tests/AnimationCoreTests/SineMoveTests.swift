import Testing
@testable import AnimationCore

/// setContentOffset(_:animated:)'s motion (docs/fidelity.md#scroll-view) against oracle §21.
@Suite("Sine move")
struct SineMoveTests {
    @Test("0 → 300 over 0.3 s on sin²(π·x/2) (oracle §21)")
    func contentOffset() throws {
        let move = try SineMove(from: 0, to: 300, at: 1)
        #expect(move.endTime == 1.3)
        for (t, offset, velocity) in [(0.0, 0.0, 0.0), (0.075, 43.933983, 1110.720735), (0.15, 150, 1570.796327),
                                      (0.225, 256.066017, 1110.720735)] {
            let sample = move.sample(at: 1 + t)
            expectClose(sample.value, offset, within: 1e-6, "offset at \(t)")
            expectClose(sample.velocity, velocity, within: 1e-6, "velocity at \(t)")
        }
        #expect(move.sample(at: 1.3) == (300, 0))
        #expect(move.sample(at: 0.5) == (0, 0))
    }

    @Test("The curve: symmetric, 0 and 1 at its ends, clamped outside")
    func curve() {
        #expect(SineCurve.sample(at: 0) == (0, 0))
        expectClose(SineCurve.sample(at: 1).progress, 1, within: 1e-15)
        expectClose(SineCurve.sample(at: 0.3).progress + SineCurve.sample(at: 0.7).progress, 1, within: 1e-15)
        #expect(SineCurve.sample(at: -1) == SineCurve.sample(at: 0))
        #expect(SineCurve.sample(at: 2).progress == SineCurve.sample(at: 1).progress)
    }

    @Test("Sampled at 60, 120 and 240 fps it agrees at the shared times")
    func frameRates() throws {
        expectFrameRateAgreement(try SineMove(from: 120, to: -40, at: 0.2), from: 0.2, through: 0.6)
    }

    @Test("A duration out of range is refused by name")
    func invalid() {
        #expect(throws: ParameterError("duration", "must be greater than 0")) { try SineMove(from: 0, to: 1, at: 0, duration: 0) }
    }
}
