import Testing
@testable import AnimationCore

/// `Timing`, the per-segment motion `AnimatedValue` composes: a timed curve or a spring.
@Suite("Timing: curves over a duration, springs as resolved")
struct TimingTests {
    @Test("A curve runs over its duration: progress from oracle §5, velocity = slope / duration")
    func curveOverDuration() {
        let timing = Timing.curve(.easeInEaseOut, duration: 2)
        #expect(timing.duration == 2)
        let (progress, velocity) = timing.sample(at: 0.6)
        expectClose(progress, 0.18739589, within: 1e-6, "easeInEaseOut(0.3)")
        expectClose(velocity, CubicBezier.easeInEaseOut.sample(at: 0.3).slope / 2, within: 1e-12)
        #expect(timing.sample(at: 2) == (1, 0))
        #expect(timing.sample(at: 3) == (1, 0))
        #expect(timing.sample(at: -1) == (0, 0), "not started: at rest")
    }

    @Test("From its first instant a curve moves at its start slope")
    func curveStartVelocity() {
        // Linear over 0.5 s: 2 per second from t = 0 on. easeOut over 2 s: its start tangent points
        // at P2 = (0.58, 1), so 1/0.58 per time fraction, halved.
        #expect(Timing.curve(.linear, duration: 0.5).sample(at: 0) == (0, 2))
        let easeOut = Timing.curve(.easeOut, duration: 2).sample(at: 0)
        expectClose(easeOut.velocity, 0.8620689655172413, within: 1e-9)
        // Progress is solved to ε 1e-7 in x, so the difference needs a step well above that.
        let h = 1e-3
        expectClose(Timing.curve(.linear, duration: 0.5).sample(at: h).progress / h, 2, within: 1e-3)
    }

    @Test("A zero-length curve is already at its end")
    func zeroDuration() {
        #expect(Timing.curve(.linear, duration: 0).sample(at: 0) == (1, 0))
    }

    @Test("A spring timing is the resolved spring, case D of oracle §1")
    func springTiming() throws {
        let spring = try SpringParameters.uikit(duration: 0.5, dampingRatio: 0.8, initialVelocity: 0).resolve()
        let timing = Timing.spring(spring)
        #expect(timing.duration == 0.5)
        let (progress, velocity) = timing.sample(at: 0.1)
        expectClose(progress, 0.609318, within: 1e-6)
        expectClose(velocity, 6.268261, within: 1e-5)
        #expect(timing.sample(at: 0.5) == (1, 0))
    }
}
