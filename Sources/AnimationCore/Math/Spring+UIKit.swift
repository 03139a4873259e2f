// UIKit's conversions between a spring's constants and durations (docs/fidelity.md#uikit-duration-springs, #settling).

extension Spring {
    /// The spring `UIView.animate(withDuration:…usingSpringWithDamping:initialSpringVelocity:)`
    /// builds: stiffness solved by Newton's method (12 steps from ω = 5/T) so the sine envelope
    /// (or the critical solution) is within ε = 0.001 of rest exactly at `duration`.
    ///
    /// ζ is clamped to [1.1920929e-7, 1] and T to [0.01, 10] s as UIKit does; the result is
    /// never overdamped. exp() arguments are rounded to float32 where UIKit rounds them.
    ///
    /// Whatever the 12 steps end on is used as UIKit uses it: stiffness `max(ω², 0.01)`, damping
    /// `2ζ·√(ω²)`, so a velocity that sends Newton past zero (ω < 0: a fast flick released with
    /// little time left) gives the spring of |ω| (docs/fidelity.md#uikit-duration-springs). Where
    /// the steps overflow and UIKit's own result is not a number, the engine takes the frequency
    /// the duration gives with no velocity, and keeps the velocity.
    public static func uikit(duration: Double, dampingRatio: Double,
                             initialVelocity v: Double = 0) throws(ParameterError) -> Spring {
        try ParameterError.seconds(duration, "duration")
        try ParameterError.nonNegative(dampingRatio, "dampingRatio", upTo: 1000)
        try ParameterError.velocity(v)
        var omega = solveUIKitOmega(duration: duration, dampingRatio: dampingRatio, velocity: v)
        if !omega.isFinite { omega = solveUIKitOmega(duration: duration, dampingRatio: dampingRatio, velocity: 0) }
        let zeta = min(max(dampingRatio, 1.1920929e-07), 1)
        let magnitude = (omega * omega).squareRoot()
        return try Spring(mass: 1, stiffness: max(omega * omega, 0.01), damping: zeta * 2 * magnitude)
    }

    static func solveUIKitOmega(duration: Double, dampingRatio: Double, velocity v: Double) -> Double {
        let epsilon = 0.001
        let zeta = min(max(dampingRatio, 1.1920929e-07), 1)
        let T = min(max(duration, 0.01), 10)
        @inline(__always) func expf32(_ x: Double) -> Double { cExp(Double(Float(x))) }
        // The same expressions as f and df written as closures, in one loop per case: closures
        // cost the solve a context allocation and two indirect calls per step (a spring animator's
        // continue or reverse solves again for the time left, once per event).
        var w = 5 / T
        if zeta >= 1 {
            for _ in 0..<12 {
                let d = w - v
                let f = (d < 0 ? epsilon : -epsilon) + (d * T + 1) * expf32(-(T * w))
                let df = (T * T) * (v - w) / expf32(w * T)
                w -= f / df
            }
        } else {
            let s = Double(Float(1 - zeta * zeta)).squareRoot()
            let dvp = v * (T * zeta)
            @inline(__always) func ratio(_ w: Double) -> Double { -(v - zeta * w) / (s * w) }
            for _ in 0..<12 {
                let f = epsilon - abs(ratio(w) * expf32(-(T * zeta * w)))
                let w2 = w * w
                let decay = cExp(-(T * zeta * w))
                let termA = (v + dvp * w) - T * (zeta * zeta) * w2
                let numerator = decay * ratio(w) <= 0 ? termA : -termA
                let df = numerator / (w2 * s * expf32(w * T * zeta))
                w -= f / df
            }
        }
        return w
    }

    /// UIKit's private `_durationOfSpringAnimation` (ε = 0.001): what a mass/stiffness/damping
    /// animator runs for. ζ is clamped to [0, 1]; ζ ≥ 1 uses UIKit's fitted Lambert-W estimate.
    /// `initialVelocity` is relative (fractions of the distance per second).
    public func uikitSettlingDuration(initialVelocity v: Double = 0) -> Double {
        let zeta = min(max(dampingRatio, 0), 1)
        if zeta == 0 { return .infinity }
        let w = naturalFrequency
        if zeta < 1 {
            let decay = w * zeta
            let damped = w * (1 - zeta * zeta).squareRoot()
            return max((-cLog(0.001) + cLog(1 + abs((decay - v) / damped))) / decay, 0)
        }
        let reach = w - v
        let logarithm = cLog(abs(0.001 * w * cExp(-w / reach) / reach))
        let amplitude = -1 - logarithm
        let fitted = 1 + (0.3361 * (amplitude / 2).squareRoot())
            / (1 - 0.0042 * amplitude * cExp(-0.0201 * amplitude.squareRoot()))
        let corrected = logarithm - 5.9506097239272915 * (1 - 1 / fitted)
        return -(w + reach * corrected) / (w * reach)
    }

    /// The last time |x(t)| ≥ ε for x(0) = 1, x'(0) = −v: exact, for overdamped springs, whose
    /// slow root UIKit's critical estimate ignores.
    func exactSettlingDuration(initialVelocity v: Double, epsilon: Double = 0.001) -> Double {
        let motion = SpringOscillator(spring: self, displacement: 1, velocity: -v)
        // After the last extremum of x the magnitude only shrinks, so bisect from there.
        var low = motion.extremumTimes(derivative: 1, before: .infinity).last ?? 0
        if abs(motion.displacement(at: low)) < epsilon { return low }
        var high = max(low, 1e-3) * 2
        while abs(motion.displacement(at: high)) >= epsilon && high < 1e6 { high *= 2 }
        for _ in 0..<100 {
            let mid = (low + high) / 2
            if abs(motion.displacement(at: mid)) >= epsilon { low = mid } else { high = mid }
        }
        return high
    }
}

extension Spring {
    /// SwiftUI / UIKit perceptual form: m = 1, k = (2π/response)², c = 4πζ/response.
    public static func response(_ response: Double, dampingRatio: Double,
                                allowsOverdamping: Bool = true) throws(ParameterError) -> Spring {
        try ParameterError.seconds(response, "response")
        try ParameterError.nonNegative(dampingRatio, "dampingRatio", upTo: 1000)
        let k = (2 * Double.pi / response) * (2 * Double.pi / response)
        return try Spring(mass: 1, stiffness: k, damping: 4 * Double.pi * dampingRatio / response,
                          allowsOverdamping: allowsOverdamping)
    }

    /// iOS 17 `duration + bounce`: ζ = 1 − bounce for bounce ≥ 0, else 1/(1 + bounce).
    public static func perceptual(duration: Double, bounce: Double) throws(ParameterError) -> Spring {
        try ParameterError.seconds(duration, "duration")
        try ParameterError.finite(bounce, "bounce")
        guard bounce > -1 && bounce < 1 else {
            throw ParameterError("bounce", "must be greater than -1 and less than 1")
        }
        let zeta = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        return try response(duration, dampingRatio: zeta, allowsOverdamping: true)
    }
}
