import Testing
@testable import AnimationCore

/// Duration springs for velocities UIKit's 12 Newton steps do not converge on
/// (docs/fidelity.md#uikit-duration-springs, oracle §27): a card released fast with little of
/// its duration left used to be refused ("no spring settles"); UIKit uses whatever the steps end
/// on, stiffness ω² and damping 2ζ·√(ω²), so the spring of |ω| runs.
@Suite("Springs: fast releases the solver does not settle")
struct SpringFastReleaseTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var duration: Double, dampingRatio: Double, velocity: Double
        /// Oracle §27's figures.
        var stiffness: Double, damping: Double
        /// (t, progress) rows of §27.
        var samples: [(Double, Double)]
        var testDescription: String { "T \(duration), ζ \(dampingRatio), v \(velocity)" }
    }

    static let cases = [
        // The 12 steps end at ω = −19.252536.
        Case(duration: 0.465, dampingRatio: 1, velocity: 10.85, stiffness: 370.660152, damping: 38.505073,
             samples: [(0.0465, 0.431880), (0.186, 0.928628), (0.4185, 0.998569)]),
        // ω = −11.568498, underdamped.
        Case(duration: 0.3, dampingRatio: 0.8, velocity: 11, stiffness: 133.830134, damping: 18.509596,
             samples: [(0.03, 0.298176), (0.15, 0.928080), (0.27, 1.044266)]),
        // The steps overflow (ω is NaN): the duration's own frequency with no velocity, velocity kept.
        Case(duration: 0.3, dampingRatio: 1, velocity: 16.5, stiffness: 947.288119, damping: 61.556092,
             samples: [(0.03, 0.432678), (0.15, 0.968943), (0.27, 0.998806)]),
    ]

    @Test("The spring UIKit's constants give, and its motion", arguments: cases)
    func constantsAndMotion(_ reference: Case) throws {
        let spring = try Spring.uikit(duration: reference.duration, dampingRatio: reference.dampingRatio,
                                      initialVelocity: reference.velocity)
        expectClose(spring.stiffness, reference.stiffness, within: 1e-5, "stiffness")
        expectClose(spring.damping, reference.damping, within: 1e-5, "damping")
        let timing = try SpringParameters.uikit(duration: reference.duration, dampingRatio: reference.dampingRatio,
                                                initialVelocity: reference.velocity).resolve()
        #expect(timing.duration == reference.duration)
        for (t, progress) in reference.samples {
            expectClose(timing.progress(at: t), progress, within: 1e-6, "progress at \(t)")
        }
        // From `duration` on the target shows, as for every duration spring.
        #expect(timing.progress(at: reference.duration) == 1)
    }

    @Test("A paused animator continued with such a spring runs instead of refusing")
    func animatorContinues() throws {
        var animator = try PropertyAnimator(duration: 0.9, timing: .dampedSpring(dampingRatio: 1, initialVelocity: 0))
        try animator.pause(at: 0)
        try animator.setFractionComplete(290.0 / 600.0, at: 0)
        try animator.continueAnimation(timing: .dampedSpring(dampingRatio: 1, initialVelocity: 10.85), durationFactor: 0, at: 1)
        #expect(animator.isRunning)
        // The rest takes (1 − 290/600)·0.9 = 0.465 s, on the spring of §27's first case.
        expectClose(try #require(animator.naturalEndTime), 1.465, within: 1e-12, "end")
        let expected = 290.0 / 600.0 + (1 - 290.0 / 600.0) * 0.431880
        expectClose(animator.progress(at: 1.0465), expected, within: 1e-6, "progress 0.0465 s in")
    }
}
