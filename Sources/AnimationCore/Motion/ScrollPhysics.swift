/// UIScrollView's deceleration and bounce constants (docs/fidelity.md#scroll-deceleration, #bounce).
///
/// Rates are per millisecond, as UIKit defines them; speeds are points per second, as gestures
/// report them (UIKit compares its pt/ms velocities with the same thresholds divided by 1000).
public struct ScrollPhysics: Sendable, Equatable {
    /// The fraction of velocity kept every millisecond: `.normal` 0.998, `.fast` 0.99.
    public let decelerationRate: Double
    /// Deceleration ends once the speed is below this (UIKit: v² < 1e-4 pt²/ms², 10 pt/s).
    public let stopSpeed: Double
    /// Past an edge the overshoot also decays as e^(−bounceDecay·ms) (UIKit's literal 0.01005).
    public let bounceDecay: Double
    /// An axis counts as bouncing while it is this far or more beyond an edge (UIKit: 0.5 pt).
    public let bounceEpsilon: Double

    public static let defaultStopSpeed = 10.0
    public static let defaultBounceDecay = 0.01005
    public static let defaultBounceEpsilon = 0.5

    /// UIKit's defaults with `.normal` deceleration.
    public static let standard = ScrollPhysics(unchecked: Decay.normal)

    private init(unchecked rate: Double) {
        decelerationRate = rate
        stopSpeed = Self.defaultStopSpeed
        bounceDecay = Self.defaultBounceDecay
        bounceEpsilon = Self.defaultBounceEpsilon
    }

    public init(decelerationRate: Double = Decay.normal, stopSpeed: Double = ScrollPhysics.defaultStopSpeed,
                bounceDecay: Double = ScrollPhysics.defaultBounceDecay,
                bounceEpsilon: Double = ScrollPhysics.defaultBounceEpsilon) throws(ParameterError) {
        self.decelerationRate = try Decay(rate: decelerationRate).rate
        try ParameterError.positive(stopSpeed, "stopSpeed", upTo: 1e6)
        try ParameterError.positive(bounceDecay, "bounceDecay", upTo: 10)
        try ParameterError.positive(bounceEpsilon, "bounceEpsilon", upTo: ParameterError.maximumLength)
        self.stopSpeed = stopSpeed
        self.bounceDecay = bounceDecay
        self.bounceEpsilon = bounceEpsilon
    }

    /// ln F, per millisecond.
    var lnRate: Double { cLog(decelerationRate) }
    /// F/(1 − F): the distance a velocity of 1 pt/ms still travels (UIKit's geometric sum).
    var reach: Double { decelerationRate / (1 - decelerationRate) }
}
