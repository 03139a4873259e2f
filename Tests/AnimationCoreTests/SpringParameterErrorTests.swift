import Testing
@testable import AnimationCore

/// Client-supplied spring parameters that cannot describe motion throw a `ParameterError` naming them.
@Suite("Springs: invalid parameters")
struct SpringParameterErrorTests {
    struct Invalid: Sendable, CustomTestStringConvertible {
        let description: String
        let parameter: String
        let resolve: @Sendable () throws -> Void
        var testDescription: String { description }
    }

    static let cases: [Invalid] = [
        .init(description: "NaN mass", parameter: "mass") {
            _ = try Spring(mass: .nan, stiffness: 100, damping: 10)
        },
        .init(description: "negative mass", parameter: "mass") {
            _ = try Spring(mass: -1, stiffness: 100, damping: 10)
        },
        .init(description: "zero mass", parameter: "mass") {
            _ = try Spring(mass: 0, stiffness: 100, damping: 10)
        },
        .init(description: "infinite stiffness", parameter: "stiffness") {
            _ = try Spring(stiffness: .infinity, damping: 10)
        },
        .init(description: "negative stiffness", parameter: "stiffness") {
            _ = try Spring(stiffness: -100, damping: 10)
        },
        .init(description: "−infinity damping", parameter: "damping") {
            _ = try Spring(stiffness: 100, damping: -.infinity)
        },
        .init(description: "negative damping", parameter: "damping") {
            _ = try Spring(stiffness: 100, damping: -1)
        },
        .init(description: "UIKit spring with zero duration", parameter: "duration") {
            _ = try SpringParameters.uikit(duration: 0, dampingRatio: 0.5, initialVelocity: 0).resolve()
        },
        .init(description: "UIKit spring with NaN dampingRatio", parameter: "dampingRatio") {
            _ = try SpringParameters.uikit(duration: 0.5, dampingRatio: .nan, initialVelocity: 0).resolve()
        },
        .init(description: "UIKit spring with infinite velocity", parameter: "initialVelocity") {
            _ = try SpringParameters.uikit(duration: 0.5, dampingRatio: 0.5, initialVelocity: .infinity).resolve()
        },
        .init(description: "physical spring with NaN velocity", parameter: "initialVelocity") {
            _ = try SpringParameters.physical(mass: 1, stiffness: 100, damping: 10, initialVelocity: .nan,
                                              allowsOverdamping: false).resolve()
        },
        .init(description: "perceptual spring with zero duration", parameter: "duration") {
            _ = try SpringParameters.perceptual(duration: 0, bounce: 0, initialVelocity: 0).resolve()
        },
        .init(description: "bounce 1", parameter: "bounce") {
            _ = try SpringParameters.perceptual(duration: 0.5, bounce: 1, initialVelocity: 0).resolve()
        },
        .init(description: "bounce −1", parameter: "bounce") {
            _ = try SpringParameters.perceptual(duration: 0.5, bounce: -1, initialVelocity: 0).resolve()
        },
        .init(description: "bounce 1.5", parameter: "bounce") {
            _ = try Spring.perceptual(duration: 0.5, bounce: 1.5)
        },
        .init(description: "response −0.3", parameter: "response") {
            _ = try SpringParameters.response(response: -0.3, dampingRatio: 0.5, initialVelocity: 0).resolve()
        },
        .init(description: "undamped physical spring never settles", parameter: "damping") {
            _ = try SpringParameters.physical(mass: 1, stiffness: 100, damping: 0, initialVelocity: 0,
                                              allowsOverdamping: false).resolve()
        },
        .init(description: "undamped response spring never settles", parameter: "dampingRatio") {
            _ = try SpringParameters.response(response: 0.5, dampingRatio: 0, initialVelocity: 0).resolve()
        },
    ]

    @Test("Throws ParameterError naming the parameter", arguments: cases)
    func throwsNamingTheParameter(_ invalid: Invalid) {
        let error = #expect(throws: ParameterError.self) { try invalid.resolve() }
        #expect(error?.parameter == invalid.parameter)
    }

    @Test("An undamped spring has an infinite UIKit settling duration")
    func undampedSettling() throws {
        #expect(try Spring(stiffness: 100, damping: 0).uikitSettlingDuration() == .infinity)
    }
}
