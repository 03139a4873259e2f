import Testing
@testable import AnimationCore

/// Oracle §2 (critical, clamped and overdamped), §3 (perceptual springs) and §4 (UISwitch springs):
/// scripts/oracle/uikit_oracle.txt; the rules in docs/fidelity.md#springs, #settling, #response-bounce.
@Suite("Springs: damping regimes, perceptual and UISwitch constants")
struct SpringRegimeTests {
    // MARK: Oracle §2, m = 1, k = 100

    struct RegimeRow: Sendable {
        let t, critical, clamped, overdamped: Double
    }

    static let regimeRows: [RegimeRow] = [
        .init(t: 0.00, critical: 0.000000, clamped: 0.000000, overdamped: 0.000000),
        .init(t: 0.05, critical: 0.090204, clamped: 0.090204, overdamped: 0.078867),
        .init(t: 0.10, critical: 0.264241, clamped: 0.264241, overdamped: 0.213354),
        .init(t: 0.15, critical: 0.442175, clamped: 0.442175, overdamped: 0.343186),
        .init(t: 0.20, critical: 0.593994, clamped: 0.593994, overdamped: 0.455504),
        .init(t: 0.25, critical: 0.712703, clamped: 0.712703, overdamped: 0.549661),
        .init(t: 0.30, critical: 0.800852, clamped: 0.800852, overdamped: 0.627818),
        .init(t: 0.35, critical: 0.864112, clamped: 0.864112, overdamped: 0.692486),
        .init(t: 0.40, critical: 0.908422, clamped: 0.908422, overdamped: 0.745938),
        .init(t: 0.45, critical: 0.938901, clamped: 0.938901, overdamped: 0.790105),
        .init(t: 0.50, critical: 0.959572, clamped: 0.959572, overdamped: 0.826595),
    ]

    static func physical(damping: Double, allowsOverdamping: Bool) throws -> SpringTiming {
        try SpringParameters.physical(mass: 1, stiffness: 100, damping: damping, initialVelocity: 0,
                                      allowsOverdamping: allowsOverdamping).resolve()
    }

    @Test("c = 20 is critical; c = 30 runs as critical unless overdamping is allowed")
    func regimes() throws {
        #expect(try Self.physical(damping: 20, allowsOverdamping: false).spring.regime == .critical)
        #expect(try Self.physical(damping: 30, allowsOverdamping: false).spring.regime == .critical)
        #expect(try Self.physical(damping: 30, allowsOverdamping: true).spring.regime == .overdamped)
        #expect(try Self.physical(damping: 10, allowsOverdamping: true).spring.regime == .underdamped)
    }

    @Test("Progress columns of oracle §2", arguments: regimeRows)
    func regimeColumns(_ row: RegimeRow) throws {
        let critical = try Self.physical(damping: 20, allowsOverdamping: false)
        let clamped = try Self.physical(damping: 30, allowsOverdamping: false)
        let overdamped = try Self.physical(damping: 30, allowsOverdamping: true)
        expectClose(critical.progress(at: row.t), row.critical, within: 1e-6, "c=20")
        expectClose(clamped.progress(at: row.t), row.clamped, within: 1e-6, "c=30 clamped")
        expectClose(overdamped.progress(at: row.t), row.overdamped, within: 1e-6, "c=30 allowsOverdamping")
    }

    @Test("An overdamped spring runs until it is truly within 0.001, not UIKit's critical estimate")
    func overdampedRunsForItsExactSettlingTime() throws {
        let overdamped = try Self.physical(damping: 30, allowsOverdamping: true)
        // Oracle §2: the last t with |x(t)| ≥ 0.001 for m 1, k 100, c 30 allowed to overdamp,
        // found by a 1e-4 s scan and bisection: 1.8497614355162997.
        expectClose(overdamped.duration, 1.8497614355162997, within: 1e-6)
        expectClose(overdamped.settlingDuration, 1.8497614355162997, within: 1e-6)
    }

    // MARK: Oracle §3, perceptual springs (duration = response, bounce)

    struct PerceptualRow: Sendable, CustomTestStringConvertible {
        let duration, bounce, zeta, stiffness, damping, uikitSettling: Double
        var testDescription: String { "duration \(duration) bounce \(bounce)" }
    }

    static let perceptualRows: [PerceptualRow] = [
        .init(duration: 0.50, bounce: 0.00, zeta: 1.0000, stiffness: 157.913670, damping: 25.132741, uikitSettling: 0.734901),
        .init(duration: 0.50, bounce: 0.30, zeta: 0.7000, stiffness: 157.913670, damping: 17.592919, uikitSettling: 0.862955),
        .init(duration: 0.35, bounce: 0.15, zeta: 0.8500, stiffness: 322.272797, damping: 30.518329, uikitSettling: 0.515655),
        .init(duration: 0.50, bounce: -0.50, zeta: 2.0000, stiffness: 157.913670, damping: 50.265482, uikitSettling: 0.734901),
        .init(duration: 1.00, bounce: 0.50, zeta: 0.5000, stiffness: 39.478418, damping: 6.283185, uikitSettling: 2.343875),
    ]

    @Test("Perceptual springs: ζ, stiffness, damping and UIKit's settling estimate", arguments: perceptualRows)
    func perceptual(_ row: PerceptualRow) throws {
        let timing = try SpringParameters.perceptual(duration: row.duration, bounce: row.bounce, initialVelocity: 0)
            .resolve()
        #expect(timing.spring.mass == 1)
        expectClose(timing.spring.dampingRatio, row.zeta, within: 5e-5, "ζ")
        expectClose(timing.spring.stiffness, row.stiffness, within: 1e-6, "stiffness")
        expectClose(timing.spring.damping, row.damping, within: 1e-6, "damping")
        expectClose(timing.spring.uikitSettlingDuration(), row.uikitSettling, within: 1e-6, "UIKit settling")
        expectClose(timing.spring.response, row.duration, within: 1e-12, "response = duration")
        #expect(timing.spring.allowsOverdamping, "UIView.animate(springDuration:bounce:) allows overdamping")
    }

    @Test("Perceptual springs with ζ ≤ 1 run for UIKit's settling estimate",
          arguments: perceptualRows.filter { $0.zeta <= 1 })
    func perceptualDuration(_ row: PerceptualRow) throws {
        let timing = try SpringParameters.perceptual(duration: row.duration, bounce: row.bounce, initialVelocity: 0)
            .resolve()
        expectClose(timing.duration, row.uikitSettling, within: 1e-6)
    }

    @Test("Negative bounce is overdamped and runs until truly settled")
    func negativeBounceDuration() throws {
        let timing = try SpringParameters.perceptual(duration: 0.5, bounce: -0.5, initialVelocity: 0).resolve()
        #expect(timing.spring.regime == .overdamped)
        // Oracle §2: m 1, k 157.91367041742973, c 50.26548245743669 allowed to overdamp,
        // last t with |x| ≥ 0.001 by a 1e-4 s scan and bisection: 2.0736415720425163.
        expectClose(timing.duration, 2.0736415720425163, within: 1e-6)
    }

    @Test("SwiftUI's response form matches the perceptual form for the same ζ")
    func responseForm() throws {
        let timing = try SpringParameters.response(response: 0.35, dampingRatio: 0.85, initialVelocity: 0).resolve()
        expectClose(timing.spring.stiffness, 322.272797, within: 1e-6)
        expectClose(timing.spring.damping, 30.518329, within: 1e-6)
        expectClose(timing.duration, 0.515655, within: 1e-6)
    }

    // MARK: Oracle §4, UISwitch springs

    struct SwitchSpringRow: Sendable, CustomTestStringConvertible {
        let part: String
        let mass, stiffness, damping, zeta, response, uikitSettling: Double
        var testDescription: String { part }
    }

    static let switchRows: [SwitchSpringRow] = [
        .init(part: "knob position", mass: 1.0, stiffness: 438.649084, damping: 31.4159265,
              zeta: 0.7500, response: 0.3000, uikitSettling: 0.488014),
        .init(part: "knob touch-down", mass: 1.0, stiffness: 322.272797, damping: 31.236407,
              zeta: 0.8700, response: 0.3500, uikitSettling: 0.507397),
        .init(part: "track going on", mass: 1.0, stiffness: 246.74011, damping: 31.4159265,
              zeta: 1.0000, response: 0.4000, uikitSettling: 1.074673),
        .init(part: "track going off", mass: 1.0, stiffness: 85.3772007, damping: 18.4799568,
              zeta: 1.0000, response: 0.6800, uikitSettling: 0.999465),
        .init(part: "knob width touch-down", mass: 1.2, stiffness: 300.0, damping: 30.0,
              zeta: 0.7906, response: 0.3974, uikitSettling: 0.618939),
        .init(part: "knob width touch-up", mass: 1.0, stiffness: 350.0, damping: 26.0,
              zeta: 0.6949, response: 0.3359, uikitSettling: 0.583377),
    ]

    @Test("UISwitch springs: ζ, response and UIKit's settling estimate", arguments: switchRows)
    func switchSprings(_ row: SwitchSpringRow) throws {
        let spring = try Spring(mass: row.mass, stiffness: row.stiffness, damping: row.damping)
        expectClose(spring.dampingRatio, row.zeta, within: 5e-5, "ζ")
        expectClose(spring.response, row.response, within: 5e-5, "response")
        expectClose(spring.uikitSettlingDuration(), row.uikitSettling, within: 1e-6, "UIKit settling")
    }
}
