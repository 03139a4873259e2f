/// Ramer–Douglas–Peucker on a function's graph, measuring error vertically: the kept points'
/// piecewise-linear interpolation lies within `tolerance` of every sample, at the sample's x.
/// (Perpendicular distance, RDP's usual measure, would not bound the value at a given time.)
enum PolylineSimplifier {
    /// Indices of the points to keep, ascending; the first and the last are always kept.
    /// `x` must not decrease.
    static func simplify(x: [Double], y: [Double], tolerance: Double) -> [Int] {
        precondition(x.count == y.count, "one y per x")
        return simplify(count: x.count, tolerance: tolerance) { a, b, k in
            abs(y[k] - interpolate(x, y, a, b, at: x[k]))
        }
    }

    /// The general form: `error(a, b, k)` is how far sample `k` lies from what the kept points
    /// `a` < k < `b` show there; a segment is split at its worst sample while that exceeds
    /// `tolerance`. `forced` indices are kept whatever their error (both sides of a jump that
    /// must stay sharp). Iterative, so 10,000 points cannot exhaust a thread's stack.
    static func simplify(count: Int, forced: [Int] = [], tolerance: Double,
                         error: (_ a: Int, _ b: Int, _ k: Int) -> Double) -> [Int] {
        guard count > 2 else { return Array(0..<count) }
        var keep = [Bool](repeating: false, count: count)
        keep[0] = true
        keep[count - 1] = true
        for index in forced where index > 0 && index < count { keep[index] = true }
        let initial = keep.indices.filter { keep[$0] }
        var pending = Array(zip(initial, initial.dropFirst()))
        while let (first, last) = pending.popLast() {
            guard last - first > 1 else { continue }
            var worst = first, worstError = 0.0
            for k in first + 1 ..< last {
                let e = error(first, last, k)
                if e > worstError {
                    worst = k
                    worstError = e
                }
            }
            guard worstError > tolerance else { continue }
            keep[worst] = true
            pending.append((first, worst))
            pending.append((worst, last))
        }
        return keep.indices.filter { keep[$0] }
    }

    /// The straight line from point `a` to point `b`, at `at`.
    @inline(__always)
    static func interpolate(_ x: [Double], _ y: [Double], _ a: Int, _ b: Int, at: Double) -> Double {
        let run = x[b] - x[a]
        guard run > 0 else { return y[b] }
        return y[a] + (y[b] - y[a]) * ((at - x[a]) / run)
    }
}
