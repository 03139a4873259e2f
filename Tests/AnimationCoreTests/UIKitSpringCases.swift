import Testing

// Oracle §1 (scripts/oracle/uikit_oracle.txt, printed by scripts/oracle/uikit_oracle.py; see
// docs/fidelity.md#uikit-duration-springs): UIKit's duration + dampingRatio + velocity springs,
// their solved constants and sampled motion.

/// One printed row: progress and velocity of the unclipped spring, and what
/// the view displays (the target from `duration` on).
struct SpringSample: Sendable {
    let t, progress, velocity, displayed: Double
}

struct UIKitSpringCase: Sendable, CustomTestStringConvertible {
    let name: String
    let duration, dampingRatio, initialVelocity: Double
    let stiffness, damping, omega0: Double
    /// UIKit's `_durationOfSpringAnimation` for these constants and velocity.
    let settling: Double
    let samples: [SpringSample]

    var testDescription: String { "case \(name)" }
}

extension UIKitSpringCase {
    static let all = [a, b, c, d]

    /// A: UIView.animate duration 0.3, dampingRatio 0.4, velocity 1.0
    static let a = UIKitSpringCase(
        name: "A", duration: 0.3, dampingRatio: 0.4, initialVelocity: 1.0,
        stiffness: 2523.043419, damping: 40.183924, omega0: 50.229906, settling: 0.361074,
        samples: [
            .init(t: 0.00, progress: 0.000000, velocity: 1.000000, displayed: 0.000000),
            .init(t: 0.05, progress: 1.131421, velocity: 14.577876, displayed: 1.131421),
            .init(t: 0.10, progress: 1.069836, velocity: -7.262163, displayed: 1.069836),
            .init(t: 0.15, progress: 0.948229, velocity: 1.596100, displayed: 0.948229),
            .init(t: 0.20, progress: 1.015949, velocity: 0.193394, displayed: 1.015949),
            .init(t: 0.25, progress: 0.999144, velocity: -0.308594, displayed: 0.999144),
            .init(t: 0.30, progress: 0.998280, velocity: 0.124958, displayed: 1.000000),
            .init(t: 0.35, progress: 1.000956, velocity: -0.019719, displayed: 1.000000),
            .init(t: 0.40, progress: 0.999763, velocity: -0.007115, displayed: 1.000000),
            .init(t: 0.45, progress: 0.999988, velocity: 0.006123, displayed: 1.000000),
            .init(t: 0.50, progress: 1.000038, velocity: -0.002040, displayed: 1.000000),
            .init(t: 0.55, progress: 0.999983, velocity: 0.000176, displayed: 1.000000),
            .init(t: 0.60, progress: 1.000003, velocity: 0.000187, displayed: 1.000000),
            .init(t: 0.65, progress: 1.000001, velocity: -0.000115, displayed: 1.000000),
            .init(t: 0.70, progress: 0.999999, velocity: 0.000031, displayed: 1.000000),
            .init(t: 0.75, progress: 1.000000, velocity: 0.000000, displayed: 1.000000),
            .init(t: 0.80, progress: 1.000000, velocity: -0.000004, displayed: 1.000000),
            .init(t: 0.85, progress: 1.000000, velocity: 0.000002, displayed: 1.000000),
            .init(t: 0.90, progress: 1.000000, velocity: -0.000000, displayed: 1.000000),
            .init(t: 0.95, progress: 1.000000, velocity: -0.000000, displayed: 1.000000),
            .init(t: 1.00, progress: 1.000000, velocity: 0.000000, displayed: 1.000000),
        ])

    /// B: UIView.animate duration 0.3, dampingRatio 0.5, velocity 0.5
    static let b = UIKitSpringCase(
        name: "B", duration: 0.3, dampingRatio: 0.5, initialVelocity: 0.5,
        stiffness: 1783.364068, damping: 42.229895, omega0: 42.229895, settling: 0.348322,
        samples: [
            .init(t: 0.00, progress: 0.000000, velocity: 0.500000, displayed: 0.000000),
            .init(t: 0.05, progress: 0.899070, velocity: 16.263978, displayed: 0.899070),
            .init(t: 0.10, progress: 1.138964, velocity: -2.946104, displayed: 1.138964),
            .init(t: 0.15, progress: 0.987563, velocity: -1.446165, displayed: 0.987563),
            .init(t: 0.20, progress: 0.985384, velocity: 0.613227, displayed: 0.985384),
            .init(t: 0.25, progress: 1.004099, velocity: 0.066269, displayed: 1.004099),
            .init(t: 0.30, progress: 1.001042, velocity: -0.085993, displayed: 1.000000),
            .init(t: 0.35, progress: 0.999319, velocity: 0.007235, displayed: 1.000000),
            .init(t: 0.40, progress: 0.999995, velocity: 0.009126, displayed: 1.000000),
            .init(t: 0.45, progress: 1.000083, velocity: -0.002495, displayed: 1.000000),
            .init(t: 0.50, progress: 0.999986, velocity: -0.000662, displayed: 1.000000),
            .init(t: 0.55, progress: 0.999992, velocity: 0.000420, displayed: 1.000000),
            .init(t: 0.60, progress: 1.000003, velocity: 0.000006, displayed: 1.000000),
            .init(t: 0.65, progress: 1.000000, velocity: -0.000052, displayed: 1.000000),
            .init(t: 0.70, progress: 1.000000, velocity: 0.000008, displayed: 1.000000),
            .init(t: 0.75, progress: 1.000000, velocity: 0.000005, displayed: 1.000000),
            .init(t: 0.80, progress: 1.000000, velocity: -0.000002, displayed: 1.000000),
            .init(t: 0.85, progress: 1.000000, velocity: -0.000000, displayed: 1.000000),
            .init(t: 0.90, progress: 1.000000, velocity: 0.000000, displayed: 1.000000),
            .init(t: 0.95, progress: 1.000000, velocity: -0.000000, displayed: 1.000000),
            .init(t: 1.00, progress: 1.000000, velocity: -0.000000, displayed: 1.000000),
        ])

    /// C: UIViewPropertyAnimator(duration 0.9, dampingRatio 1.0), velocity 0
    static let c = UIKitSpringCase(
        name: "C", duration: 0.9, dampingRatio: 1.0, initialVelocity: 0,
        stiffness: 105.254235, damping: 20.518697, omega0: 10.259349, settling: 0.900158,
        samples: [
            .init(t: 0.00, progress: 0.000000, velocity: 0.000000, displayed: 0.000000),
            .init(t: 0.05, progress: 0.094162, velocity: 3.150871, displayed: 0.094162),
            .init(t: 0.10, progress: 0.273781, velocity: 3.772956, displayed: 0.273781),
            .init(t: 0.15, progress: 0.455110, velocity: 3.388395, displayed: 0.455110),
            .init(t: 0.20, progress: 0.607852, velocity: 2.704917, displayed: 0.607852),
            .init(t: 0.25, progress: 0.725751, velocity: 2.024347, displayed: 0.725751),
            .init(t: 0.30, progress: 0.812175, velocity: 1.454411, displayed: 0.812175),
            .init(t: 0.35, progress: 0.873400, velocity: 1.015910, displayed: 0.873400),
            .init(t: 0.40, progress: 0.915733, velocity: 0.695133, displayed: 0.915733),
            .init(t: 0.45, progress: 0.944477, velocity: 0.468211, displayed: 0.944477),
            .init(t: 0.50, progress: 0.963722, velocity: 0.311473, displayed: 0.963722),
            .init(t: 0.55, progress: 0.976462, velocity: 0.205132, displayed: 0.976462),
            .init(t: 0.60, progress: 0.984819, velocity: 0.133981, displayed: 0.984819),
            .init(t: 0.65, progress: 0.990259, velocity: 0.086901, displayed: 0.990259),
            .init(t: 0.70, progress: 0.993778, velocity: 0.056032, displayed: 0.993778),
            .init(t: 0.75, progress: 0.996041, velocity: 0.035943, displayed: 0.996041),
            .init(t: 0.80, progress: 0.997490, velocity: 0.022954, displayed: 0.997490),
            .init(t: 0.85, progress: 0.998413, velocity: 0.014602, displayed: 0.998413),
            .init(t: 0.90, progress: 0.999000, velocity: 0.009257, displayed: 1.000000),
            .init(t: 0.95, progress: 0.999371, velocity: 0.005850, displayed: 1.000000),
            .init(t: 1.00, progress: 0.999606, velocity: 0.003687, displayed: 1.000000),
        ])

    /// D: UIView.animate duration 0.5, dampingRatio 0.8, velocity 0
    static let d = UIKitSpringCase(
        name: "D", duration: 0.5, dampingRatio: 0.8, initialVelocity: 0,
        stiffness: 323.589498, damping: 28.781750, omega0: 17.988594, settling: 0.538887,
        samples: [
            .init(t: 0.00, progress: 0.000000, velocity: 0.000000, displayed: 0.000000),
            .init(t: 0.05, progress: 0.248595, velocity: 7.502087, displayed: 0.248595),
            .init(t: 0.10, progress: 0.609318, velocity: 6.268261, displayed: 0.609318),
            .init(t: 0.15, progress: 0.851763, velocity: 3.458280, displayed: 0.851763),
            .init(t: 0.20, progress: 0.968790, velocity: 1.403035, displayed: 0.968790),
            .init(t: 0.25, progress: 1.009077, velocity: 0.352175, displayed: 1.009077),
            .init(t: 0.30, progress: 1.014985, velocity: -0.038466, displayed: 1.014985),
            .init(t: 0.35, progress: 1.010368, velocity: -0.115656, displayed: 1.010368),
            .init(t: 0.40, progress: 1.005109, velocity: -0.087513, displayed: 1.005109),
            .init(t: 0.45, progress: 1.001810, velocity: -0.045693, displayed: 1.001810),
            .init(t: 0.50, progress: 1.000301, velocity: -0.017425, displayed: 1.000000),
            .init(t: 0.55, progress: 0.999822, velocity: -0.003723, displayed: 1.000000),
            .init(t: 0.60, progress: 0.999780, velocity: 0.001021, displayed: 1.000000),
            .init(t: 0.65, progress: 0.999858, velocity: 0.001736, displayed: 1.000000),
            .init(t: 0.70, progress: 0.999934, velocity: 0.001209, displayed: 1.000000),
            .init(t: 0.75, progress: 0.999978, velocity: 0.000598, displayed: 1.000000),
            .init(t: 0.80, progress: 0.999998, velocity: 0.000213, displayed: 1.000000),
            .init(t: 0.85, progress: 1.000003, velocity: 0.000036, displayed: 1.000000),
            .init(t: 0.90, progress: 1.000003, velocity: -0.000020, displayed: 1.000000),
            .init(t: 0.95, progress: 1.000002, velocity: -0.000026, displayed: 1.000000),
            .init(t: 1.00, progress: 1.000001, velocity: -0.000017, displayed: 1.000000),
        ])
}
