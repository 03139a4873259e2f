import Testing
@testable import AnimationCore

/// Flick projection (docs/fidelity.md#decay, oracle §7) and rubber banding (docs/fidelity.md#rubber-band,
/// oracle §8); "oracle §N" is a section of scripts/oracle/uikit_oracle.txt.
@Suite("Decay and rubber band")
struct DecayRubberBandTests {
    struct Projection: Sendable {
        let velocity, wwdcNormal, exactNormal, wwdcFast, exactFast: Double
    }

    static let projections: [Projection] = [
        .init(velocity: 100, wwdcNormal: 49.9000, exactNormal: 49.9500, wwdcFast: 9.9000, exactFast: 9.9499),
        .init(velocity: 500, wwdcNormal: 249.5000, exactNormal: 249.7499, wwdcFast: 49.5000, exactFast: 49.7496),
        .init(velocity: 1000, wwdcNormal: 499.0000, exactNormal: 499.4998, wwdcFast: 99.0000, exactFast: 99.4992),
        .init(velocity: 2000, wwdcNormal: 998.0000, exactNormal: 998.9997, wwdcFast: 198.0000, exactFast: 198.9983),
        .init(velocity: 5000, wwdcNormal: 2495.0000, exactNormal: 2497.4992, wwdcFast: 495.0000, exactFast: 497.4958),
        .init(velocity: -1500, wwdcNormal: -748.5000, exactNormal: -749.2497, wwdcFast: -148.5000, exactFast: -149.2487),
    ]

    @Test("Projected distance, WWDC form and exact integral, normal and fast", arguments: projections)
    func projection(_ row: Projection) throws {
        let normal = try Decay(rate: Decay.normal), fast = try Decay(rate: Decay.fast)
        // The table prints 4 decimals.
        expectClose(normal.projectedDistance(velocity: row.velocity), row.wwdcNormal, within: 5e-5, "WWDC normal")
        expectClose(normal.exactDistance(velocity: row.velocity), row.exactNormal, within: 5e-5, "exact normal")
        expectClose(fast.projectedDistance(velocity: row.velocity), row.wwdcFast, within: 5e-5, "WWDC fast")
        expectClose(fast.exactDistance(velocity: row.velocity), row.exactFast, within: 5e-5, "exact fast")
    }

    @Test("The default rate is .normal (0.998); .fast is 0.99")
    func rates() throws {
        #expect(try Decay().rate == 0.998)
        #expect(Decay.fast == 0.99)
    }

    @Test("Distance and velocity along the way (exact model) approach the projection")
    func sampleAlongTheWay() throws {
        let decay = try Decay()
        // Python: v·r^(1000t) and −v/(1000 ln r)·(1 − r^(1000t)) for v = 1000, r = 0.998.
        let early = decay.sample(velocity: 1000, at: 0.1)
        expectClose(early.distance, 90.62585078898718, within: 1e-9)
        expectClose(early.velocity, 818.5668046884277, within: 1e-9)
        let later = decay.sample(velocity: 1000, at: 0.5)
        expectClose(later.distance, 315.9280226785096, within: 1e-9)
        expectClose(later.velocity, 367.5112548571586, within: 1e-9)
        #expect(decay.sample(velocity: 1000, at: -1) == (0, 1000), "nothing before the flick")
        expectClose(decay.sample(velocity: 1000, at: 60).distance, 499.4998, within: 5e-5, "at rest: the exact projection")
    }

    @Test("A rate outside (0, 1) or not finite throws", arguments: [0, 1, -0.5, 1.5, .nan, .infinity])
    func invalidRate(_ rate: Double) {
        let error = #expect(throws: ParameterError.self) { try Decay(rate: rate) }
        #expect(error?.parameter == "decelerationRate")
    }

    // MARK: rubber band

    struct Stretch: Sendable {
        let overscroll, d100, d400, d812: Double
    }

    static let stretches: [Stretch] = [
        .init(overscroll: 0, d100: 0.0000, d400: 0.0000, d812: 0.0000),
        .init(overscroll: 10, d100: 5.2133, d400: 5.4254, d812: 5.4630),
        .init(overscroll: 25, d100: 12.0879, d400: 13.2931, d812: 13.5210),
        .init(overscroll: 50, d100: 21.5686, d400: 25.7310, d812: 26.5992),
        .init(overscroll: 100, d100: 35.4839, d400: 48.3516, d812: 51.5110),
        .init(overscroll: 200, d100: 52.3810, d400: 86.2745, d812: 96.8764),
        .init(overscroll: 400, d100: 68.7500, d400: 141.9355, d812: 173.1008),
        .init(overscroll: 1000, d100: 84.6154, d400: 231.5789, d812: 327.9001),
    ]

    @Test("Stretch f(x) = (1 − 1/(x·0.55/d + 1))·d", arguments: stretches)
    func stretch(_ row: Stretch) throws {
        for (dimension, expected) in [(100.0, row.d100), (400.0, row.d400), (812.0, row.d812)] {
            let band = try RubberBand(dimension: dimension)
            expectClose(band.stretch(row.overscroll), expected, within: 5e-5, "d = \(dimension)")
        }
    }

    @Test("Clamping resists symmetrically beyond either end and passes values inside")
    func clamp() throws {
        let band = try RubberBand(dimension: 812)
        #expect(band.coefficient == 0.55)
        #expect(band.clamp(300, to: 0...500) == 300)
        expectClose(band.clamp(600, to: 0...500), 551.5110, within: 5e-5, "500 + f(100)")
        expectClose(band.clamp(-100, to: 0...500), -51.5110, within: 5e-5, "0 − f(100)")
        #expect(band.stretch(-20) == 0)
    }

    @Test("A dimension or coefficient that is not positive throws", arguments: [0, -10, .nan])
    func invalidRubberBand(_ bad: Double) {
        let dimension = #expect(throws: ParameterError.self) { try RubberBand(dimension: bad) }
        #expect(dimension?.parameter == "dimension")
        let coefficient = #expect(throws: ParameterError.self) { try RubberBand(dimension: 100, coefficient: bad) }
        #expect(coefficient?.parameter == "coefficient")
    }
}
