/// One property's motion as a CSS `linear()` easing between two keyframe values.
///
/// Each sample's progress is p = (v − from) / (to − from), where `from` is the first value and
/// `to` depends on the normalisation. The stops are samples kept by `PolylineSimplifier`, so
/// the easing (evaluated as CSS Easing 2 does) stays within `tolerance` of every sample's p;
/// the numbers are written with the fewest digits that keep that promise, checked here.
struct LinearEasing: Sendable {
    enum Normalization: String, Sendable {
        /// p = (v − first) / (last − first): 0 at the start, 1 at the end; a spring's overshoot
        /// leaves [0, 1], which `linear()` allows.
        case endpoints
        /// The motion ends where it began (a pulse): p = (v − first) / (peak − first), where the
        /// peak is the value farthest from the first. The `to` keyframe holds the peak.
        case peak
        /// Nothing moves: p = 0 throughout.
        case constant
    }

    struct Stop: Sendable, Equatable {
        /// Where the stop lies in time: 0 at the first sample, 1 at the last.
        var fraction: Double
        var progress: Double
        /// The sample it keeps.
        var index: Int
    }

    let normalization: Normalization
    /// The keyframe values p = 0 and p = 1 stand for.
    let from: Double
    let to: Double
    let tolerance: Double
    /// The kept samples, exact.
    let stops: [Stop]
    /// `linear(0, 0.25 12.5%, …, 1 100%)`.
    let css: String

    /// Share of the tolerance left to the simplifier; the rest absorbs rounding in the text.
    static let simplifierShare = 0.9

    init(_ motion: SampledMotion, _ series: SampledMotion.Series, tolerance: Double) {
        let values = series.values
        let first = values.first ?? 0
        let peak = values.max { abs($0 - first) < abs($1 - first) } ?? first
        let deviation = abs(peak - first)
        let last = values.last ?? first
        var end: Double
        if deviation == 0 {
            (normalization, end) = (.constant, first)
        } else if abs(last - first) <= 1e-9 * deviation {
            (normalization, end) = (.peak, peak)
        } else {
            (normalization, end) = (.endpoints, last)
        }
        // The keyframes hold `from` and `to` written to six decimals. Progress far outside [0, 1]
        // (a motion that ends a hair from where it began, normalised by that hair) magnifies
        // their rounding: then the progress is taken against the written values themselves.
        var from = first
        let written = (from: DecimalText.rounded(first, decimals: 6).value, to: DecimalText.rounded(end, decimals: 6).value)
        let magnified = values.map { v -> Double in
            let p = (v - first) / (end - first)
            return abs((written.from - first) * (1 - p) + p * (written.to - end))
        }.max() ?? 0
        if end != first, magnified > 0.1 * tolerance * abs(end - first), written.to != written.from {
            (from, end) = written
        }
        self.from = from
        to = end
        self.tolerance = tolerance
        let distance = to - from
        let progress = values.map { [from] in distance == 0 ? 0 : ($0 - from) / distance }
        let fractions = values.indices.map(motion.fraction)
        var stops = PolylineSimplifier.simplify(x: fractions, y: progress, tolerance: tolerance * Self.simplifierShare)
            .map { Stop(fraction: fractions[$0], progress: progress[$0], index: $0) }
        // One sample still needs two stops: linear() takes at least two.
        if stops.count == 1 { stops.append(Stop(fraction: 1, progress: stops[0].progress, index: 0)) }
        self.stops = stops
        css = Self.text(stops, fractions: fractions, progress: progress, tolerance: tolerance)
    }

    /// The value at progress `p`.
    func value(at p: Double) -> Double { from + p * (to - from) }

    /// The largest allowed error in the property's own units.
    var valueTolerance: Double { tolerance * abs(to - from) }

    /// The stops with the fewest decimals (4 to 12) that still keep every sample within tolerance.
    private static func text(_ stops: [Stop], fractions: [Double], progress: [Double], tolerance: Double) -> String {
        for decimals in 4...12 {
            let written = stops.map { stop in
                (p: DecimalText.rounded(stop.progress, decimals: decimals),
                 percent: DecimalText.rounded(stop.fraction * 100, decimals: decimals - 2))
            }
            let points = written.map { (input: $0.percent.value / 100, output: $0.p.value) }
            let worst = zip(fractions, progress).map { abs(evaluate(points, at: $0) - $1) }.max() ?? 0
            guard worst <= tolerance || decimals == 12 else { continue }
            let entries = written.enumerated().map { index, stop in
                index == 0 ? stop.p.text : "\(stop.p.text) \(stop.percent.text)%"
            }
            return "linear(\(entries.joined(separator: ", ")))"
        }
        preconditionFailure("the loop returns at 12 decimals")
    }

    /// CSS Easing 2's linear easing output for points with non-decreasing inputs.
    static func evaluate(_ points: [(input: Double, output: Double)], at x: Double) -> Double {
        guard points.count > 1 else { return points.first?.output ?? 0 }
        var low = 0, high = points.count
        // The last point whose input ≤ x (0 when none), but never the last point itself.
        while low < high {
            let mid = (low + high) / 2
            if points[mid].input <= x { low = mid + 1 } else { high = mid }
        }
        let a = min(max(low - 1, 0), points.count - 2)
        let (pa, pb) = (points[a], points[a + 1])
        if pa.input == pb.input { return pb.output }
        return pa.output + (x - pa.input) / (pb.input - pa.input) * (pb.output - pa.output)
    }
}
