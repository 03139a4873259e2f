/// A damped harmonic oscillator's constants: m·x'' + c·x' + k·x = 0.
///
/// Core Animation evaluates ζ > 1 as critically damped unless overdamping is allowed
/// (docs/fidelity.md#springs), so that choice travels with the constants.
public struct Spring: Sendable, Equatable {
    public let mass: Double
    public let stiffness: Double
    public let damping: Double
    public let allowsOverdamping: Bool

    public init(mass: Double = 1, stiffness: Double, damping: Double,
                allowsOverdamping: Bool = false) throws(ParameterError) {
        try ParameterError.positive(mass, "mass", upTo: 1e6)
        guard mass >= 1e-6 else { throw ParameterError("mass", "must be at least 1e-06") }
        try ParameterError.positive(stiffness, "stiffness", upTo: 1e9)
        guard stiffness >= 1e-6 else { throw ParameterError("stiffness", "must be at least 1e-06") }
        try ParameterError.nonNegative(damping, "damping", upTo: 1e9)
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.allowsOverdamping = allowsOverdamping
    }

    /// ω0 = √(k/m), radians per second.
    public var naturalFrequency: Double { (stiffness / mass).squareRoot() }

    /// ζ = c / (2√(km)).
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// The undamped period 2π/ω0 (SwiftUI's `response`).
    public var response: Double { 2 * Double.pi / naturalFrequency }

    /// SwiftUI's `bounce`: 1 − ζ when ζ ≤ 1, else 1 − 1/ζ.
    public var bounce: Double {
        let zeta = dampingRatio
        return zeta <= 1 ? 1 - zeta : 1 - 1 / zeta
    }

    /// The regime the spring is actually evaluated in.
    public var regime: Regime {
        let zeta = dampingRatio
        if zeta < 1 { return .underdamped }
        if zeta > 1 && allowsOverdamping { return .overdamped }
        return .critical
    }

    public enum Regime: String, Sendable {
        case underdamped, critical, overdamped
    }
}
