/// Seed 001's countdown button: a ring stroked from the top by a linear `strokeEnd` animation.
public struct ProgressButtonConfiguration: Sendable, Equatable {
    public var radius = 16.0
    public var color = Color(rgb: 0xFF3B30)
    /// Seconds for a full ring; a start at ratio r runs `duration × (1 − r)`.
    public var duration = 3.0
    public var lineWidth = 1.0
    public var backgroundColor = Color(red: 0, green: 0, blue: 0, alpha: 0)

    public init() {}

    public func validate() throws(ParameterError) {
        try ParameterError.length(radius, "radius")
        try ParameterError.seconds(duration, "duration")
        try ParameterError.length(lineWidth, "lineWidth")
    }
}
