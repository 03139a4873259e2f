import Testing
@testable import AnimationCore

/// Timing curves (docs/fidelity.md#curves) against oracle §5 (scripts/oracle/uikit_oracle.txt:
/// WebKit UnitBezier, ε 1e-7).
@Suite("Cubic Bézier timing curves")
struct CubicBezierTests {
    struct Row: Sendable {
        let x, linear, easeIn, easeOut, easeInEaseOut, systemDefault: Double
    }

    static let rows: [Row] = [
        .init(x: 0.00, linear: 0.00000000, easeIn: 0.00000000, easeOut: 0.00000000, easeInEaseOut: 0.00000000, systemDefault: 0.00000000),
        .init(x: 0.05, linear: 0.05000009, easeIn: 0.00447462, easeOut: 0.08224220, easeInEaseOut: 0.00482975, systemDefault: 0.03295147),
        .init(x: 0.10, linear: 0.10000000, easeIn: 0.01702661, easeOut: 0.16057222, easeInEaseOut: 0.01972245, systemDefault: 0.09479631),
        .init(x: 0.15, linear: 0.15000000, easeIn: 0.03657747, easeOut: 0.23586940, easeInEaseOut: 0.04521029, systemDefault: 0.18545654),
        .init(x: 0.20, linear: 0.20000003, easeIn: 0.06228200, easeOut: 0.30836607, easeInEaseOut: 0.08165982, systemDefault: 0.29524456),
        .init(x: 0.25, linear: 0.25000000, easeIn: 0.09346465, easeOut: 0.37813813, easeInEaseOut: 0.12916190, systemDefault: 0.40851059),
        .init(x: 0.30, linear: 0.30000000, easeIn: 0.12957676, easeOut: 0.44518597, easeInEaseOut: 0.18739589, systemDefault: 0.51331536),
        .init(x: 0.35, linear: 0.35000000, easeIn: 0.17016709, easeOut: 0.50946171, easeInEaseOut: 0.25548561, systemDefault: 0.60479468),
        .init(x: 0.40, linear: 0.40000006, easeIn: 0.21486094, easeOut: 0.57088024, easeInEaseOut: 0.33188387, systemDefault: 0.68254051),
        .init(x: 0.45, linear: 0.45000000, easeIn: 0.26334508, easeOut: 0.62932394, easeInEaseOut: 0.41433971, systemDefault: 0.74785344),
        .init(x: 0.50, linear: 0.50000000, easeIn: 0.31535681, easeOut: 0.68464319, easeInEaseOut: 0.50000000, systemDefault: 0.80240339),
        .init(x: 0.55, linear: 0.55000000, easeIn: 0.37067606, easeOut: 0.73665492, easeInEaseOut: 0.58566029, systemDefault: 0.84775189),
        .init(x: 0.60, linear: 0.59999994, easeIn: 0.42911976, easeOut: 0.78513906, easeInEaseOut: 0.66811613, systemDefault: 0.88522931),
        .init(x: 0.65, linear: 0.65000000, easeIn: 0.49053829, easeOut: 0.82983291, easeInEaseOut: 0.74451439, systemDefault: 0.91593385),
        .init(x: 0.70, linear: 0.70000000, easeIn: 0.55481403, easeOut: 0.87042324, easeInEaseOut: 0.81260411, systemDefault: 0.94076461),
        .init(x: 0.75, linear: 0.75000000, easeIn: 0.62186187, easeOut: 0.90653535, easeInEaseOut: 0.87083810, systemDefault: 0.96045898),
        .init(x: 0.80, linear: 0.79999997, easeIn: 0.69163393, easeOut: 0.93771800, easeInEaseOut: 0.91834018, systemDefault: 0.97562537),
        .init(x: 0.85, linear: 0.85000000, easeIn: 0.76413060, easeOut: 0.96342253, easeInEaseOut: 0.95478971, systemDefault: 0.98676973),
        .init(x: 0.90, linear: 0.90000000, easeIn: 0.83942778, easeOut: 0.98297339, easeInEaseOut: 0.98027755, systemDefault: 0.99431648),
        .init(x: 0.95, linear: 0.94999991, easeIn: 0.91775780, easeOut: 0.99552538, easeInEaseOut: 0.99517025, systemDefault: 0.99862454),
        .init(x: 1.00, linear: 1.00000000, easeIn: 1.00000000, easeOut: 1.00000000, easeInEaseOut: 1.00000000, systemDefault: 1.00000000),
    ]

    @Test("Every row of oracle §5 for the five named curves", arguments: rows)
    func referenceRow(_ row: Row) throws {
        let expected = [("linear", row.linear), ("easeIn", row.easeIn), ("easeOut", row.easeOut),
                        ("easeInEaseOut", row.easeInEaseOut), ("default", row.systemDefault)]
        for (name, progress) in expected {
            let curve = try #require(CubicBezier.named(name))
            expectClose(curve.progress(at: row.x), progress, within: 1e-6, "\(name) at x = \(row.x)")
            expectClose(curve.sample(at: row.x).progress, progress, within: 1e-6, "\(name).sample at x = \(row.x)")
        }
    }

    @Test("Named curves carry the documented control points (CAMediaTimingFunctionName)")
    func namedControlPoints() throws {
        let points = try ["linear", "easeIn", "easeOut", "easeInEaseOut", "easeInOut", "default"].map { name in
            let curve = try #require(CubicBezier.named(name))
            return [curve.p1x, curve.p1y, curve.p2x, curve.p2y]
        }
        #expect(points == [[0, 0, 1, 1], [0.42, 0, 1, 1], [0, 0, 0.58, 1], [0.42, 0, 0.58, 1], [0.42, 0, 0.58, 1],
                           [0.25, 0.1, 0.25, 1]])
        #expect(CubicBezier.named("bouncy") == nil)
        #expect(try CubicBezier(0.42, 0, 0.58, 1).name == "easeInEaseOut")
        #expect(try CubicBezier(0.3, 0, 0.6, 1).name == nil)
    }

    @Test("Progress is 0 before the start and 1 after the end")
    func outsideTheUnitInterval() {
        #expect(CubicBezier.systemDefault.progress(at: -0.5) == 0)
        #expect(CubicBezier.systemDefault.progress(at: 1.5) == 1)
    }

    // MARK: inverse

    struct Inverse: Sendable {
        let progress, timeFraction: Double
    }

    static let inverseRows: [Inverse] = [
        .init(progress: 0.10, timeFraction: 0.22070813),
        .init(progress: 0.25, timeFraction: 0.34620330),
        .init(progress: 0.50, timeFraction: 0.50000000),
        .init(progress: 0.75, timeFraction: 0.65379670),
        .init(progress: 0.90, timeFraction: 0.77929187),
    ]

    @Test("Inverse easeInEaseOut (progress → time fraction)", arguments: inverseRows)
    func inverseEaseInEaseOut(_ row: Inverse) {
        expectClose(CubicBezier.easeInEaseOut.timeFraction(forProgress: row.progress), row.timeFraction, within: 1e-6)
    }

    @Test("The inverse clamps outside (0, 1)")
    func inverseClamps() {
        #expect(CubicBezier.easeInEaseOut.timeFraction(forProgress: -0.2) == 0)
        #expect(CubicBezier.easeInEaseOut.timeFraction(forProgress: 1.2) == 1)
    }

    // MARK: invalid control points

    struct InvalidPoints: Sendable, CustomTestStringConvertible {
        let points: [Double]
        let parameter: String
        var testDescription: String { "\(points) → \(parameter)" }
    }

    static let invalidPoints: [InvalidPoints] = [
        .init(points: [1.5, 0, 0.5, 1], parameter: "p1x"),
        .init(points: [-0.1, 0, 0.5, 1], parameter: "p1x"),
        .init(points: [.nan, 0, 0.5, 1], parameter: "p1x"),
        .init(points: [0.5, .infinity, 0.5, 1], parameter: "p1y"),
        .init(points: [0.5, 0, 1.01, 1], parameter: "p2x"),
        .init(points: [0.5, 0, -0.01, 1], parameter: "p2x"),
        .init(points: [0.5, 0, 0.5, .nan], parameter: "p2y"),
    ]

    @Test("Control points with x outside [0, 1] or non-finite coordinates throw", arguments: invalidPoints)
    func invalidControlPoints(_ invalid: InvalidPoints) {
        let p = invalid.points
        let error = #expect(throws: ParameterError.self) { try CubicBezier(p[0], p[1], p[2], p[3]) }
        #expect(error?.parameter == invalid.parameter)
    }

    @Test("y may overshoot: a back-out curve is valid and passes 1")
    func overshootingY() throws {
        let backOut = try CubicBezier(0.34, 1.56, 0.64, 1)
        #expect(backOut.progress(at: 0.6) > 1)
    }

    // MARK: slope

    static let curves: [(name: String, curve: CubicBezier)] = [
        ("linear", .linear), ("easeIn", .easeIn), ("easeOut", .easeOut), ("easeInEaseOut", .easeInEaseOut),
        ("default", .systemDefault),
    ]

    @Test("sample(at:) slope matches a central difference of progress inside (0, 1)",
          arguments: [0.05, 0.2, 0.35, 0.5, 0.65, 0.8, 0.95])
    func slopeAgainstFiniteDifference(_ x: Double) {
        // Progress is solved to ε 1e-7 in x, so a smaller step only adds noise.
        let h = 1e-3
        for (name, curve) in Self.curves {
            let difference = (curve.progress(at: x + h) - curve.progress(at: x - h)) / (2 * h)
            expectClose(curve.sample(at: x).slope, difference, within: 1e-3, "\(name) at x = \(x)")
        }
    }

    @Test("End slopes: the tangent at an end points at the first handle that is not on that end")
    func endSlopes() throws {
        // Start: towards P1, or towards P2 when P1 = (0, 0). End: from P2, or from P1 when P2 = (1, 1).
        expectClose(CubicBezier.linear.sample(at: 0).slope, 1, within: 1e-12, "linear start")
        expectClose(CubicBezier.linear.sample(at: 1).slope, 1, within: 1e-12, "linear end")
        expectClose(CubicBezier.easeIn.sample(at: 0).slope, 0, within: 1e-12, "easeIn start: P1 (0.42, 0)")
        // easeIn end: P2 = (1, 1), so from P1 = (0.42, 0): 1 / 0.58.
        expectClose(CubicBezier.easeIn.sample(at: 1).slope, 1.7241379310344827, within: 1e-9, "easeIn end")
        // easeOut start: P1 = (0, 0), so towards P2 = (0.58, 1): 1 / 0.58.
        expectClose(CubicBezier.easeOut.sample(at: 0).slope, 1.7241379310344827, within: 1e-9, "easeOut start")
        expectClose(CubicBezier.easeOut.sample(at: 1).slope, 0, within: 1e-12, "easeOut end: P2 (0.58, 1)")
        expectClose(CubicBezier.systemDefault.sample(at: 0).slope, 0.4, within: 1e-12, "default start: 0.1 / 0.25")
        let steepStart = try CubicBezier(0, 0.5, 0.5, 1)
        #expect(steepStart.sample(at: 0).slope == .infinity)
        // The same end slopes, seen by one-sided differences (slow: y ≈ s·x + O(x^1.5) there).
        let h = 1e-4
        expectClose(CubicBezier.easeOut.progress(at: h) / h, 1.7241379310344827, within: 0.01, "easeOut start by difference")
        expectClose((1 - CubicBezier.easeIn.progress(at: 1 - h)) / h, 1.7241379310344827, within: 0.01,
                    "easeIn end by difference")
    }
}
