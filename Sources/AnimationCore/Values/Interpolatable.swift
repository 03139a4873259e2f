/// A value that animates by mixing two endpoints with a progress that may leave [0, 1] (springs overshoot).
public protocol Interpolatable: Sendable, Equatable {
    static func interpolate(from: Self, to: Self, progress: Double) -> Self
}

extension Double: Interpolatable {
    @inline(__always)
    public static func interpolate(from: Double, to: Double, progress: Double) -> Double {
        from + (to - from) * progress
    }
}
