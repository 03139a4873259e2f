/// A CSS / Core Animation timing curve through (0,0), p1, p2, (1,1), solved as WebKit's UnitBezier.
public struct CubicBezier: Sendable, Equatable {
    public let p1x: Double, p1y: Double, p2x: Double, p2y: Double
    let ax: Double, bx: Double, cx: Double
    let ay: Double, by: Double, cy: Double

    /// x coordinates must lie in [0, 1] so time stays monotonic; y may overshoot.
    public init(_ p1x: Double, _ p1y: Double, _ p2x: Double, _ p2y: Double) throws(ParameterError) {
        try ParameterError.within(p1x, 0...1, "p1x")
        try ParameterError.within(p1y, -1e6...1e6, "p1y")
        try ParameterError.within(p2x, 0...1, "p2x")
        try ParameterError.within(p2y, -1e6...1e6, "p2y")
        self.init(unchecked: p1x, p1y, p2x, p2y)
    }

    init(unchecked p1x: Double, _ p1y: Double, _ p2x: Double, _ p2y: Double) {
        self.p1x = p1x; self.p1y = p1y; self.p2x = p2x; self.p2y = p2y
        cx = 3 * p1x
        bx = 3 * (p2x - p1x) - cx
        ax = 1 - cx - bx
        cy = 3 * p1y
        by = 3 * (p2y - p1y) - cy
        ay = 1 - cy - by
    }

    public static let linear = CubicBezier(unchecked: 0, 0, 1, 1)
    public static let easeIn = CubicBezier(unchecked: 0.42, 0, 1, 1)
    public static let easeOut = CubicBezier(unchecked: 0, 0, 0.58, 1)
    public static let easeInEaseOut = CubicBezier(unchecked: 0.42, 0, 0.58, 1)
    /// Core Animation's implicit default (`CAMediaTimingFunctionName.default`).
    public static let systemDefault = CubicBezier(unchecked: 0.25, 0.1, 0.25, 1)

    /// The curves by the names clients use (`UIView.AnimationCurve` and CA names).
    public static let named: [(name: String, curve: CubicBezier)] = [
        ("linear", .linear), ("easeIn", .easeIn), ("easeOut", .easeOut),
        ("easeInEaseOut", .easeInEaseOut), ("easeInOut", .easeInEaseOut), ("default", .systemDefault),
    ]

    public static func named(_ name: String) -> CubicBezier? {
        named.first { $0.name == name }?.curve
    }

    /// The name of a built-in curve equal to this one, if any.
    public var name: String? {
        CubicBezier.named.first { $0.curve == self }?.name
    }

    @inline(__always) func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    @inline(__always) func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    @inline(__always) func slopeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }
    @inline(__always) func slopeY(_ t: Double) -> Double { (3 * ay * t + 2 * by) * t + cy }

    /// The curve parameter whose x is `x`: 8 Newton steps from t = x, then bisection (UnitBezier).
    func solveX(_ x: Double, epsilon: Double = 1e-7) -> Double {
        var t = x
        for _ in 0..<8 {
            let error = sampleX(t) - x
            if abs(error) < epsilon { return t }
            let slope = slopeX(t)
            if abs(slope) < 1e-6 { break }
            t -= error / slope
        }
        var low = 0.0, high = 1.0
        t = x
        if t < low { return low }
        if t > high { return high }
        for _ in 0..<128 where low < high {
            let value = sampleX(t)
            if abs(value - x) < epsilon { return t }
            if x > value { low = t } else { high = t }
            t = (high - low) * 0.5 + low
        }
        return t
    }

    /// Progress for a time fraction; 0 before the start, 1 after the end.
    public func progress(at x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        return sampleY(solveX(x))
    }

    /// Progress and d(progress)/d(time fraction).
    public func sample(at x: Double) -> (progress: Double, slope: Double) {
        if x <= 0 { return (0, endSlope(atStart: true)) }
        if x >= 1 { return (1, endSlope(atStart: false)) }
        let t = solveX(x)
        let dx = slopeX(t)
        return (sampleY(t), dx == 0 ? endSlope(atStart: t < 0.5) : slopeY(t) / dx)
    }

    /// dy/dx at an end: the tangent there points at the first control point that does not sit on
    /// that end (P1, else P2, else the other end), so a collapsed handle still has a slope.
    private func endSlope(atStart: Bool) -> Double {
        let towards = atStart
            ? [(p1x, p1y), (p2x, p2y), (1.0, 1.0)]
            : [(1 - p2x, 1 - p2y), (1 - p1x, 1 - p1y), (1.0, 1.0)]
        let (dx, dy) = towards.first { $0 != 0 || $1 != 0 } ?? (1, 1)
        return dx == 0 ? (dy > 0 ? .infinity : -.infinity) : dy / dx
    }

    /// The time fraction at which the curve first shows `progress` (the inverse UIKit uses to
    /// resume a linearly scrubbed animator). Bisection, so any monotone curve works.
    public func timeFraction(forProgress progress: Double) -> Double {
        if progress <= 0 { return 0 }
        if progress >= 1 { return 1 }
        var low = 0.0, high = 1.0
        for _ in 0..<64 {
            let mid = 0.5 * (low + high)
            if sampleY(solveX(mid, epsilon: 1e-12)) < progress { low = mid } else { high = mid }
            if high - low < 1e-12 { break }
        }
        return 0.5 * (low + high)
    }
}
