/// `CAKeyframeAnimation`'s value as a function of the animation's progress u ∈ [0, 1]
/// (docs/fidelity.md#keyframes): `values` at `keyTimes`, each segment's local fraction shaped by
/// its timing function, and the calculation mode's interpolation between them. Pure: the
/// animation's own timing (duration, curve, repeat) turns time into u elsewhere.
public struct KeyframePath: Sendable, Equatable {
    /// `calculationMode`. `paced` is resolved when the path is made: its key times are spaced by
    /// the distance between values and it then interpolates as `linear`. `cubicPaced` draws the
    /// `cubic` spline (evenly spaced keyframes) re-timed by the length along it (`pacing`).
    public enum Mode: UInt8, Sendable, CaseIterable {
        case linear, discrete, paced, cubic, cubicPaced

        /// The names a definition uses, Core Animation's (`kCAAnimationLinear` …), in case order.
        public static let names = ["linear", "discrete", "paced", "cubic", "cubicPaced"]

        public var name: String { Self.names[Int(rawValue)] }

        /// The spline modes, the only ones `tensionValues`, `continuityValues` and `biasValues` shape.
        public var isCubic: Bool { self == .cubic || self == .cubicPaced }

        /// The modes that compute their own timing: `keyTimes` and `timingFunctions` do not apply.
        public var isPaced: Bool { self == .paced || self == .cubicPaced }
    }

    /// A keyframe's Kochanek–Bartels parameters (`tensionValues`, `continuityValues`,
    /// `biasValues`), each 0 where not given.
    public struct Shape: Sendable, Equatable {
        public var tension = 0.0, continuity = 0.0, bias = 0.0

        public init(tension: Double = 0, continuity: Double = 0, bias: Double = 0) {
            self.tension = tension
            self.continuity = continuity
            self.bias = bias
        }
    }

    public let values: [Double]
    /// One per value (linear, cubic), one more than the values (discrete); 0 first, 1 last.
    public let keyTimes: [Double]
    /// Empty, or one per segment (values − 1).
    public let timingFunctions: [CubicBezier]
    /// Never `paced` (resolved to `linear`).
    public let mode: Mode
    /// Per keyframe, for the cubic modes; empty (all 0, Catmull-Rom), or at most one per value.
    public let shapes: [Shape]
    /// `cubicPaced`: the length along the curve, as a fraction of the whole, at `pacingSteps`
    /// even steps of each segment (0 first, 1 last); empty otherwise.
    public private(set) var pacing: [Double] = []

    /// Steps per segment of the `cubicPaced` length table, each measured by 4-point
    /// Gauss–Legendre quadrature (chosen, docs/fidelity.md#keyframes).
    static let pacingSteps = 64

    /// Checks what Core Animation's documentation asks of the arrays (it ignores arrays that do not
    /// fit; a definition is refused instead, so the loader says which rule failed). `keyTimes` nil:
    /// evenly spaced (k/(n − 1), or k/n for discrete); `paced`: computed from `values`.
    public init(values: [Double], keyTimes: [Double]? = nil, timingFunctions: [CubicBezier] = [],
                mode: Mode = .linear, shapes: [Shape] = []) throws(ParameterError) {
        guard values.count >= 2 else { throw ParameterError("values", "needs at least 2 values") }
        if let keyTimes { try Self.check(keyTimes: keyTimes, values: values.count, mode: mode) }
        guard timingFunctions.isEmpty || timingFunctions.count == values.count - 1 else {
            throw ParameterError("timingFunctions", "needs one per segment: \(values.count - 1) for \(values.count) values")
        }
        if mode.isPaced, keyTimes != nil || !timingFunctions.isEmpty {
            throw ParameterError(keyTimes != nil ? "keyTimes" : "timingFunctions", "\(mode.name) computes its own key times and timing")
        }
        if mode == .discrete, !timingFunctions.isEmpty {
            throw ParameterError("timingFunctions", "discrete jumps from value to value: there is nothing to time")
        }
        if !shapes.isEmpty {
            guard mode.isCubic else { throw ParameterError("shapes", "tension, continuity and bias shape only the cubic modes") }
            guard shapes.count <= values.count else { throw ParameterError("shapes", "at most one per value: \(values.count)") }
        }
        self.init(unchecked: values, keyTimes: keyTimes, timingFunctions: timingFunctions, mode: mode, shapes: shapes)
    }

    /// For arrays already checked (a definition's literals, checked when it loaded).
    init(unchecked values: [Double], keyTimes: [Double]?, timingFunctions: [CubicBezier], mode: Mode, shapes: [Shape] = []) {
        self.values = values
        self.timingFunctions = timingFunctions
        self.shapes = shapes
        switch mode {
        case .paced:
            self.keyTimes = Self.pacedKeyTimes(segmentLengths: (1..<values.count).map { abs(values[$0] - values[$0 - 1]) })
            self.mode = .linear
        case .discrete:
            self.keyTimes = keyTimes ?? (0...values.count).map { Double($0) / Double(values.count) }
            self.mode = .discrete
        default:
            self.keyTimes = keyTimes ?? (0..<values.count).map { Double($0) / Double(values.count - 1) }
            self.mode = mode
        }
        if mode == .cubicPaced { pacing = Self.pacing(of: [self]) }
    }

    /// `cubicPaced` paths of the scalars of one value (a colour's four channels), re-timed together
    /// by the length of the curve they draw at once (Euclidean over the scalars, as `paced` measures).
    public static func pacedTogether(_ paths: [KeyframePath]) -> [KeyframePath] {
        guard paths.count > 1, paths[0].mode == .cubicPaced else { return paths }
        let table = pacing(of: paths)
        return paths.map { path in
            var path = path
            path.pacing = table
            return path
        }
    }

    /// The length along the spline `paths` draw together, at `pacingSteps` even steps of each
    /// segment, as fractions of the whole. A curve of no length is spaced evenly (as `paced`).
    static func pacing(of paths: [KeyframePath]) -> [Double] {
        let steps = (paths[0].values.count - 1) * pacingSteps
        // 4-point Gauss–Legendre nodes and weights on [−1, 1].
        let nodes: [(x: Double, w: Double)] = [(-0.8611363115940526, 0.3478548451374538), (-0.3399810435848563, 0.6521451548625461),
                                               (0.3399810435848563, 0.6521451548625461), (0.8611363115940526, 0.3478548451374538)]
        var lengths = [0.0]
        lengths.reserveCapacity(steps + 1)
        let half = 0.5 / Double(steps)
        for j in 0..<steps {
            let middle = (Double(j) + 0.5) / Double(steps)
            var length = 0.0
            for node in nodes {
                var squares = 0.0
                for path in paths {
                    let slope = path.interpolate(at: middle + half * node.x).slope
                    squares += slope * slope
                }
                length += node.w * squares.squareRoot()
            }
            lengths.append(lengths[j] + length * half)
        }
        let total = lengths[steps]
        guard total > 0, total.isFinite else { return (0...steps).map { Double($0) / Double(steps) } }
        return lengths.map { $0 / total }
    }

    /// The rules of `keyTimes` (Apple's `keyTimes` documentation): one per value (one more for
    /// discrete), each in [0, 1], none before the one before it, 0 first and 1 last. The error's
    /// parameter is the offending entry's index, or "count".
    public static func check(keyTimes: [Double], values: Int, mode: Mode) throws(ParameterError) {
        let expected = mode == .discrete ? values + 1 : values
        guard keyTimes.count == expected else {
            throw ParameterError("count", mode == .discrete
                ? "discrete needs one key time more than values: \(expected) for \(values) values"
                : "needs one key time per value: \(expected)")
        }
        for (i, time) in keyTimes.enumerated() {
            guard time >= 0, time <= 1 else { throw ParameterError("\(i)", "must be between 0 and 1") }
            guard i == 0 || time >= keyTimes[i - 1] else { throw ParameterError("\(i)", "must not be less than the key time before it") }
        }
        guard keyTimes.first == 0 else { throw ParameterError("0", "the first key time must be 0") }
        guard keyTimes.last == 1 else { throw ParameterError("\(keyTimes.count - 1)", "the last key time must be 1") }
    }

    /// `kCAAnimationPaced`'s key times: each segment's share of the time is its share of the
    /// total length, so the value moves at one speed. A path of no length is spaced evenly (chosen).
    public static func pacedKeyTimes(segmentLengths lengths: [Double]) -> [Double] {
        let total = lengths.reduce(0, +)
        guard total > 0, total.isFinite else {
            return (0...lengths.count).map { Double($0) / Double(lengths.count) }
        }
        var times = [0.0], run = 0.0
        for length in lengths.dropLast() {
            run += length
            times.append(run / total)
        }
        times.append(1)
        return times
    }

    public var last: Double { values[values.count - 1] }

    /// The value at progress `u` and d(value)/du. Before 0 the first value, from 1 on the last.
    public func sample(at u: Double) -> (value: Double, slope: Double) {
        if !(u > 0) { return (values[0], 0) }
        if u >= 1 { return (last, 0) }
        guard pacing.count > 1 else { return interpolate(at: u) }
        // cubicPaced: the step of the length table holding u, the spline's progress s linear in u
        // within it.
        var low = 0, high = pacing.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if pacing[middle] <= u { low = middle } else { high = middle }
        }
        let steps = Double(pacing.count - 1), width = pacing[high] - pacing[low]
        let (value, slope) = interpolate(at: (Double(low) + (u - pacing[low]) / width) / steps)
        return (value, slope / (width * steps))
    }

    /// The value at key-time progress `u` in (0, 1) and d(value)/du, before any pacing.
    private func interpolate(at u: Double) -> (value: Double, slope: Double) {
        // The segment holding u: the last key time at or before it (equal key times: a jump).
        var i = 0
        while i + 2 < keyTimes.count, keyTimes[i + 1] <= u { i += 1 }
        if mode == .discrete { return (values[min(i, values.count - 1)], 0) }
        let span = keyTimes[i + 1] - keyTimes[i]
        let (f, df) = timingFunctions.isEmpty ? (((u - keyTimes[i]) / span), 1.0)
                                              : timingFunctions[i].sample(at: (u - keyTimes[i]) / span)
        let a = values[i], b = values[i + 1]
        guard mode.isCubic else { return (a + (b - a) * f, (b - a) * df / span) }
        let (out, into) = tangents(segment: i)
        // Cubic Hermite basis on the segment's fraction.
        let f2 = f * f, f3 = f2 * f
        let value = (2 * f3 - 3 * f2 + 1) * a + (f3 - 2 * f2 + f) * out + (-2 * f3 + 3 * f2) * b + (f3 - f2) * into
        let slope = (6 * f2 - 6 * f) * a + (3 * f2 - 4 * f + 1) * out + (-6 * f2 + 6 * f) * b + (3 * f2 - 2 * f) * into
        return (value, slope * df / span)
    }

    /// Segment i's Hermite tangents (per unit of its fraction) at its start and end: the
    /// Kochanek–Bartels form, keyframe k's outgoing tangent
    /// (1−t)(1+b)(1+c)/2·(v[k]−v[k−1]) + (1−t)(1−b)(1−c)/2·(v[k+1]−v[k]) and its incoming one
    /// with (1−c) and (1+c) exchanged (t, c, b its tension, continuity and bias; all 0: Catmull-Rom),
    /// each scaled for unequal key-time spans as Kochanek and Bartels do
    /// (2·Δ_this / (Δ_before + Δ_after)); an end keyframe is taken as doubled (chosen).
    private func tangents(segment i: Int) -> (Double, Double) {
        let n = values.count
        func value(_ k: Int) -> Double { values[min(max(k, 0), n - 1)] }
        func span(_ k: Int) -> Double {
            let s = min(max(k, 0), n - 2)
            return keyTimes[s + 1] - keyTimes[s]
        }
        func scale(_ this: Double, _ before: Double, _ after: Double) -> Double {
            before + after > 0 ? 2 * this / (before + after) : 1
        }
        /// Keyframe k's tangent weighted on its incoming and outgoing chords.
        func tangent(_ k: Int, outgoing: Bool) -> Double {
            let shape = k < shapes.count ? shapes[k] : Shape()
            let c = outgoing ? shape.continuity : -shape.continuity
            let incoming = (1 - shape.tension) * (1 + shape.bias) * (1 + c) / 2
            let onward = (1 - shape.tension) * (1 - shape.bias) * (1 - c) / 2
            return incoming * (value(k) - value(k - 1)) + onward * (value(k + 1) - value(k))
        }
        let here = span(i)
        let out = tangent(i, outgoing: true) * scale(here, span(i - 1), here)
        let into = tangent(i + 1, outgoing: false) * scale(here, here, span(i + 1))
        return (out, into)
    }
}
