import Testing
@testable import Routes

@Suite("Export: simplification and number text")
struct ExportPiecesTests {
    /// A pop that ends 4e-5 above where it began (likeButton's popScale, not yet settled): the
    /// progress is normalised by that hair, so it is taken against the keyframes as written
    /// (six decimals), and the value the browser computes from them is each sample's.
    @Test func aHairlineEndIsNormalisedByTheWrittenKeyframes() {
        let values = [1, 1, 1.3, 1.2954282306670513, 1.2, 1.05, 1.0000408038547397]
        let motion = SampledMotion(name: "t", title: "t", window: SampleWindow(from: 0, to: 0.06, fps: 100, count: values.count),
                                   series: [.init(name: "popScale", values: values)], emissions: [])
        let easing = LinearEasing(motion, motion.series[0], tolerance: 0.001)
        #expect(easing.normalization == .endpoints)
        #expect(easing.from == 1)
        #expect(easing.to == 1.000041)
        for (k, stop) in easing.stops.enumerated() where k < values.count {
            // Exactly as written: from + p · (to − from) with the written to.
            #expect(abs(easing.value(at: stop.progress) - values[stop.index]) < 1e-9)
        }
    }

    @Test func aStraightLineKeepsItsEnds() {
        let x = (0...100).map { Double($0) / 100 }
        #expect(PolylineSimplifier.simplify(x: x, y: x.map { 3 * $0 - 1 }, tolerance: 1e-9) == [0, 100])
    }

    @Test func aCornerIsKept() {
        let x = (0...10).map(Double.init)
        let y = x.map { min($0, 4) }
        #expect(PolylineSimplifier.simplify(x: x, y: y, tolerance: 0.01) == [0, 4, 10])
    }

    @Test(arguments: [0.1, 0.01, 0.001, 0.0001])
    func everyDroppedPointIsWithinTolerance(_ tolerance: Double) {
        // A damped oscillation: 1 − e^(−4t)·cos(20t), sampled at 1000 points (series by hand,
        // so the test needs no math library).
        let x = (0..<1000).map { Double($0) / 999 }
        let y = x.map { t in 1 - decay(t) * cosine(20 * t) }
        let kept = PolylineSimplifier.simplify(x: x, y: y, tolerance: tolerance)
        #expect(kept.first == 0 && kept.last == 999)
        for (a, b) in zip(kept, kept.dropFirst()) {
            for k in a...b {
                let line = y[a] + (y[b] - y[a]) * (x[k] - x[a]) / (x[b] - x[a])
                #expect(abs(line - y[k]) <= tolerance)
            }
        }
        #expect(kept.count < 1000)
    }

    @Test func decimalText() {
        #expect(DecimalText.text(35.5, decimals: 6) == "35.5")
        #expect(DecimalText.text(779, decimals: 6) == "779")
        #expect(DecimalText.text(-0.0125, decimals: 6) == "-0.0125")
        #expect(DecimalText.text(0.1234567, decimals: 4) == "0.1235")
        #expect(DecimalText.text(-0.00001, decimals: 4) == "0")
        #expect(DecimalText.text(12.5, decimals: 0) == "13")
        #expect(DecimalText.text(0.05, decimals: 2) == "0.05")
        #expect(DecimalText.text(1e300, decimals: 6) == "1e+300")
        #expect(DecimalText.rounded(1.131421449, decimals: 4).value == 1.1314)
    }

    /// e^(−4t) by its Taylor series.
    private func decay(_ t: Double) -> Double {
        var sum = 0.0, term = 1.0
        for n in 0..<40 {
            sum += term
            term *= -4 * t / Double(n + 1)
        }
        return sum
    }

    /// cos(a) by its Taylor series.
    private func cosine(_ a: Double) -> Double {
        var sum = 0.0, term = 1.0
        for n in 0..<60 {
            sum += term
            term *= -(a * a) / Double((2 * n + 1) * (2 * n + 2))
        }
        return sum
    }
}
