import Testing
@testable import AnimationCore

/// The closed-form oscillator against an independent oracle: a fourth-order Runge–Kutta integration
/// of m·x'' + c·x' + k·x = 0, written here and sharing nothing with the engine.
@Suite("Springs: closed form against RK4")
struct SpringOscillatorTests {
    /// A spring, as plain numbers, started from a displacement and velocity.
    struct Motion: Sendable, CustomTestStringConvertible {
        let name: String
        let mass, stiffness, damping: Double
        let allowsOverdamping: Bool
        let x0, v0: Double
        var testDescription: String { name }

        /// Core Animation runs ζ > 1 as critical (c = 2√(km)) unless overdamping is allowed.
        var dampingAsRun: Double {
            let critical = 2 * (stiffness * mass).squareRoot()
            return damping > critical && !allowsOverdamping ? critical : damping
        }
    }

    /// Integrates from (x0, v0) at t = 0 and returns (x, v) at each of `times` (increasing), landing on
    /// each exactly; `visit` sees every intermediate state, for dense sampling.
    static func rk4(_ m: Motion, at times: [Double], step: Double = 1e-5,
                    visit: (Double, Double, Double) -> Void = { _, _, _ in }) -> [(x: Double, v: Double)] {
        let c = m.dampingAsRun
        func acceleration(_ x: Double, _ v: Double) -> Double { -(c * v + m.stiffness * x) / m.mass }
        var (t, x, v) = (0.0, m.x0, m.v0)
        visit(t, x, v)
        var states: [(x: Double, v: Double)] = []
        for target in times {
            let steps = Int(((target - t) / step).rounded(.up))
            let h = steps > 0 ? (target - t) / Double(steps) : 0
            for _ in 0..<steps {
                let k1x = v, k1v = acceleration(x, v)
                let k2x = v + h / 2 * k1v, k2v = acceleration(x + h / 2 * k1x, v + h / 2 * k1v)
                let k3x = v + h / 2 * k2v, k3v = acceleration(x + h / 2 * k2x, v + h / 2 * k2v)
                let k4x = v + h * k3v, k4v = acceleration(x + h * k3x, v + h * k3v)
                x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
                v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
                t += h
                visit(t, x, v)
            }
            states.append((x, v))
        }
        return states
    }

    static let motions: [Motion] = [
        .init(name: "underdamped ζ 0.17", mass: 1.5, stiffness: 200, damping: 6, allowsOverdamping: false,
              x0: 0.7, v0: -3),
        .init(name: "critical ζ 1", mass: 2, stiffness: 50, damping: 20, allowsOverdamping: false,
              x0: -0.4, v0: 5),
        .init(name: "overdamped ζ 1.5 (allowsOverdamping)", mass: 1, stiffness: 100, damping: 30,
              allowsOverdamping: true, x0: 1.2, v0: 4),
        .init(name: "overdamped ζ 1.5 flung through rest (allowsOverdamping)", mass: 1, stiffness: 100, damping: 30,
              allowsOverdamping: true, x0: 1, v0: -40),
        .init(name: "ζ 1.5 clamped to critical", mass: 1, stiffness: 100, damping: 30, allowsOverdamping: false,
              x0: 0.5, v0: -8),
        .init(name: "ζ 4.56 clamped to critical (UISpringTimingParameters())", mass: 3, stiffness: 1000, damping: 500,
              allowsOverdamping: false, x0: -2, v0: 10),
    ]

    static let checkpoints = [0.013, 0.1, 0.25, 0.5, 0.9, 1.5]

    @Test("Displacement and velocity match RK4 (dt 1e-5) in every regime", arguments: motions)
    func matchesRK4(_ m: Motion) throws {
        let spring = try Spring(mass: m.mass, stiffness: m.stiffness, damping: m.damping,
                                allowsOverdamping: m.allowsOverdamping)
        let oscillator = SpringOscillator(spring: spring, displacement: m.x0, velocity: m.v0)
        let expected = Self.rk4(m, at: Self.checkpoints)
        for (t, reference) in zip(Self.checkpoints, expected) {
            let (x, v) = oscillator.state(at: t)
            expectClose(x, reference.x, within: 1e-8, "x at t = \(t)")
            expectClose(v, reference.v, within: 1e-8 * max(1, abs(reference.v)), "v at t = \(t)")
        }
        let start = oscillator.state(at: 0)
        expectClose(start.displacement, m.x0, within: 1e-12, "x(0)")
        expectClose(start.velocity, m.v0, within: 1e-12, "v(0)")
    }

    @Test("The regime follows ζ and allowsOverdamping")
    func regimeOfEachMotion() throws {
        let regimes = try Self.motions.map { m in
            try Spring(mass: m.mass, stiffness: m.stiffness, damping: m.damping,
                       allowsOverdamping: m.allowsOverdamping).regime
        }
        #expect(regimes == [.underdamped, .critical, .overdamped, .overdamped, .critical, .critical])
    }

    // MARK: overshoot and peak velocity against dense sampling

    struct Shown: Sendable, CustomTestStringConvertible {
        let name: String
        let timing: @Sendable () throws -> SpringTiming
        var testDescription: String { name }
    }

    static let shownSprings: [Shown] = [
        .init(name: "case A (0.3 s, ζ 0.4, v 1)") {
            try SpringParameters.uikit(duration: 0.3, dampingRatio: 0.4, initialVelocity: 1).resolve()
        },
        .init(name: "case D (0.5 s, ζ 0.8)") {
            try SpringParameters.uikit(duration: 0.5, dampingRatio: 0.8, initialVelocity: 0).resolve()
        },
        .init(name: "perceptual 1 s, bounce 0.5, v −2") {
            try SpringParameters.perceptual(duration: 1, bounce: 0.5, initialVelocity: -2).resolve()
        },
        .init(name: "critical k100 c20 flung at v 30") {
            try SpringParameters.physical(mass: 1, stiffness: 100, damping: 20, initialVelocity: 30,
                                          allowsOverdamping: false).resolve()
        },
        .init(name: "overdamped k100 c30 started away at v −5") {
            try SpringParameters.physical(mass: 1, stiffness: 100, damping: 30, initialVelocity: -5,
                                          allowsOverdamping: true).resolve()
        },
        // Cut off before the motion's own extremum (a continued animator's remainder): the largest
        // values are the ones just before the cut-off.
        .init(name: "case D cut at 0.27 s, still rising past 1") {
            try SpringParameters.uikit(duration: 0.5, dampingRatio: 0.8, initialVelocity: 0).resolve()
                .shown(for: 0.27)
        },
        .init(name: "case C cut at 0.05 s, still accelerating") {
            try SpringParameters.uikit(duration: 0.9, dampingRatio: 1, initialVelocity: 0).resolve()
                .shown(for: 0.05)
        },
    ]

    @Test("overshoot and peakVelocity match sampling every 1e-5 s over the shown duration",
          arguments: shownSprings)
    func overshootAndPeakVelocity(_ shown: Shown) throws {
        let timing = try shown.timing()
        let spring = timing.spring
        let motion = Motion(name: shown.name, mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping,
                            allowsOverdamping: spring.allowsOverdamping, x0: 1, v0: -timing.initialVelocity)
        var overshoot = 0.0, peakVelocity = 0.0
        // Progress is 1 − x: beyond 1 means x < 0. The state at `duration` is the limit from below.
        _ = Self.rk4(motion, at: [timing.duration]) { _, x, v in
            overshoot = max(overshoot, -x)
            peakVelocity = max(peakVelocity, abs(v))
        }
        expectClose(timing.overshoot, overshoot, within: 1e-6, "overshoot")
        expectClose(timing.peakVelocity, peakVelocity, within: 1e-5 * max(1, peakVelocity), "peakVelocity")
    }
}
