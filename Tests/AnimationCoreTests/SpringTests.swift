import Testing
@testable import AnimationCore

/// UIKit's duration + dampingRatio springs (docs/fidelity.md#uikit-duration-springs, oracle §1) and
/// the published checks of oracle §0 (scripts/oracle/uikit_oracle.txt).
@Suite("Springs: UIKit solver and published figures")
struct SpringTests {
    // MARK: Oracle §1, cases A–D

    @Test("Newton solver gives the printed stiffness, damping and ω0", arguments: UIKitSpringCase.all)
    func solvedConstants(_ reference: UIKitSpringCase) throws {
        let spring = try Spring.uikit(duration: reference.duration, dampingRatio: reference.dampingRatio,
                                      initialVelocity: reference.initialVelocity)
        #expect(spring.mass == 1)
        #expect(spring.allowsOverdamping == false)
        expectClose(spring.stiffness, reference.stiffness, within: 1e-6, "stiffness")
        expectClose(spring.damping, reference.damping, within: 1e-6, "damping")
        expectClose(spring.naturalFrequency, reference.omega0, within: 1e-6, "ω0")
        expectClose(spring.dampingRatio, reference.dampingRatio, within: 1e-9, "ζ")
    }

    @Test("SpringParameters.uikit resolves to the same spring, shown for exactly `duration`",
          arguments: UIKitSpringCase.all)
    func resolvedTiming(_ reference: UIKitSpringCase) throws {
        let timing = try SpringParameters.uikit(duration: reference.duration, dampingRatio: reference.dampingRatio,
                                                initialVelocity: reference.initialVelocity).resolve()
        expectClose(timing.spring.stiffness, reference.stiffness, within: 1e-6, "stiffness")
        expectClose(timing.spring.damping, reference.damping, within: 1e-6, "damping")
        expectClose(timing.spring.naturalFrequency, reference.omega0, within: 1e-6, "ω0")
        #expect(timing.duration == reference.duration)
        #expect(timing.initialVelocity == reference.initialVelocity)
    }

    @Test("UIKit settling duration for the solved constants", arguments: UIKitSpringCase.all)
    func settlingDuration(_ reference: UIKitSpringCase) throws {
        let timing = try SpringParameters.uikit(duration: reference.duration, dampingRatio: reference.dampingRatio,
                                                initialVelocity: reference.initialVelocity).resolve()
        expectClose(timing.settlingDuration, reference.settling, within: 1e-6, "SpringTiming.settlingDuration")
        expectClose(timing.spring.uikitSettlingDuration(initialVelocity: reference.initialVelocity),
                    reference.settling, within: 1e-6, "Spring.uikitSettlingDuration")
    }

    @Test("The spring's own motion: progress and velocity columns at every printed t",
          arguments: UIKitSpringCase.all)
    func progressAndVelocityColumns(_ reference: UIKitSpringCase) throws {
        let spring = try Spring.uikit(duration: reference.duration, dampingRatio: reference.dampingRatio,
                                      initialVelocity: reference.initialVelocity)
        // Progress p = 1 − x, with x(0) = 1 and x'(0) = −v0 (docs/fidelity.md#conventions).
        let motion = SpringOscillator(spring: spring, displacement: 1, velocity: -reference.initialVelocity)
        for row in reference.samples {
            let (x, v) = motion.state(at: row.t)
            expectClose(1 - x, row.progress, within: 1e-6, "progress at t = \(row.t)")
            // The printed velocity is a central difference, so it is good to about 1e-5.
            expectClose(-v, row.velocity, within: 1e-5, "velocity at t = \(row.t)")
        }
    }

    @Test("Displayed column: the spring until `duration`, then the target", arguments: UIKitSpringCase.all)
    func displayedColumn(_ reference: UIKitSpringCase) throws {
        let timing = try SpringParameters.uikit(duration: reference.duration, dampingRatio: reference.dampingRatio,
                                                initialVelocity: reference.initialVelocity).resolve()
        for row in reference.samples {
            expectClose(timing.progress(at: row.t), row.displayed, within: 1e-6, "displayed at t = \(row.t)")
            let (_, velocity) = timing.sample(at: row.t)
            let shownVelocity = row.t < reference.duration ? row.velocity : 0
            expectClose(velocity, shownVelocity, within: 1e-5, "shown velocity at t = \(row.t)")
        }
    }

    @Test("Unclipped progress keeps following the spring after the cut-off", arguments: UIKitSpringCase.all)
    func unclippedProgress(_ reference: UIKitSpringCase) throws {
        let timing = try SpringParameters.uikit(duration: reference.duration, dampingRatio: reference.dampingRatio,
                                                initialVelocity: reference.initialVelocity).resolve()
        for row in reference.samples where row.t >= reference.duration {
            expectClose(timing.unclippedProgress(at: row.t), row.progress, within: 1e-6, "t = \(row.t)")
        }
    }

    // MARK: Oracle §0, published figures

    @Test("Framer (3 s, ζ 0.25): the float32-mimicking solver, and Framer's double figures to 1e-6")
    func framerSpringsExample() throws {
        let spring = try Spring.uikit(duration: 3, dampingRatio: 0.25)
        // The engine rounds exp() arguments to float32 as UIKit does: the oracle's float32 line.
        expectClose(spring.stiffness, 54.833629864, within: 1e-9, "stiffness (float32 line)")
        expectClose(spring.damping, 3.702486660, within: 1e-9, "damping (float32 line)")
        // Framer's published double-precision tension and friction differ by about 7e-8 relative.
        expectClose(spring.stiffness, 54.83363359078326, relative: 1e-6, "Framer tension")
        expectClose(spring.damping, 3.702486785620688, relative: 1e-6, "Framer friction")
    }

    @Test("CASpringAnimation m1 k100 c5 settles in 2.8550 s (Apple: about 2.85 s)")
    func appleSettlingExample() throws {
        let spring = try Spring(mass: 1, stiffness: 100, damping: 5)
        expectClose(spring.uikitSettlingDuration(), 2.8550, within: 5e-5)
        let timing = try SpringParameters.physical(mass: 1, stiffness: 100, damping: 5, initialVelocity: 0,
                                                   allowsOverdamping: false).resolve()
        expectClose(timing.duration, 2.8550, within: 5e-5, "a physical spring runs for its settling time")
    }

    @Test("CASpringAnimation defaults m1 k100 c10: ζ 0.500, settling 1.4727 s")
    func caSpringDefaults() throws {
        let spring = try Spring(mass: 1, stiffness: 100, damping: 10)
        expectClose(spring.dampingRatio, 0.500, within: 5e-4)
        expectClose(spring.uikitSettlingDuration(), 1.4727, within: 5e-5)
    }

    @Test("UISpringTimingParameters() m3 k1000 c500: ζ 4.5644, run as critical, settles in 0.505824 s")
    func uiSpringTimingParametersDefault() throws {
        let timing = try SpringParameters.physical(mass: 3, stiffness: 1000, damping: 500, initialVelocity: 0,
                                                   allowsOverdamping: false).resolve()
        expectClose(timing.spring.dampingRatio, 4.5644, within: 5e-5, "ζ")
        #expect(timing.spring.regime == .critical)
        expectClose(timing.settlingDuration, 0.505824, within: 1e-6, "settling")
        expectClose(timing.duration, 0.505824, within: 1e-6, "duration")
    }

    @Test("Spring(duration 0.5, bounce 0.3) is (m, k, c) = (1.0, 157.9, 17.6)")
    func perceptualExample() throws {
        let spring = try Spring.perceptual(duration: 0.5, bounce: 0.3)
        expectClose(spring.mass, 1.0, within: 0.05)
        expectClose(spring.stiffness, 157.9, within: 0.05)
        expectClose(spring.damping, 17.6, within: 0.05)
    }

    @Test("Spring(mass 1, stiffness 100, damping 10) has response 0.63 and bounce 0.50")
    func responseAndBounceExample() throws {
        let spring = try Spring(mass: 1, stiffness: 100, damping: 10)
        expectClose(spring.response, 0.63, within: 0.005)
        expectClose(spring.bounce, 0.50, within: 0.005)
    }
}
