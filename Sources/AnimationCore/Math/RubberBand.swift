/// UIScrollView-like resistance past a limit: f(x) = c·x·d / (d + c·x), c = 0.55.
public struct RubberBand: Sendable, Equatable {
    public static let scrollViewCoefficient = 0.55

    public let coefficient: Double
    /// The dimension d the stretch saturates at (e.g. the scroll view's height).
    public let dimension: Double

    public init(dimension: Double, coefficient: Double = RubberBand.scrollViewCoefficient) throws(ParameterError) {
        try ParameterError.positive(dimension, "dimension")
        try ParameterError.positive(coefficient, "coefficient")
        self.dimension = dimension
        self.coefficient = coefficient
    }

    /// The visible stretch for an overscroll of `x` ≥ 0 points.
    public func stretch(_ x: Double) -> Double {
        guard x > 0 else { return 0 }
        return (1 - 1 / (x * coefficient / dimension + 1)) * dimension
    }

    /// The overscroll that shows as a stretch of `y` (the inverse of `stretch`): (d/c)·y/(d − y).
    /// A stretch at or beyond the dimension cannot be shown, so it maps to the largest finite
    /// overscroll; UIKit needs this when a touch grabs a view that is already rubber-banding.
    public func overscroll(forStretch y: Double) -> Double {
        guard y > 0 else { return 0 }
        guard y < dimension else { return .greatestFiniteMagnitude }
        return dimension / coefficient * y / (dimension - y)
    }

    /// `value` pulled into `range` with resistance beyond either end.
    public func clamp(_ value: Double, to range: ClosedRange<Double>) -> Double {
        if value < range.lowerBound { return range.lowerBound - stretch(range.lowerBound - value) }
        if value > range.upperBound { return range.upperBound + stretch(value - range.upperBound) }
        return value
    }
}
