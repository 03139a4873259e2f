/// Ramer–Douglas–Peucker on a function's graph, measuring error vertically: the kept points'
/// piecewise-linear interpolation lies within `tolerance` of every sample, at the sample's x.
/// (Perpendicular distance, RDP's usual measure, would not bound the value at a given time.)
enum PolylineSimplifier {
    /// Indices of the points to keep, ascending; the first and the last are always kept.
    /// `x` must not decrease. Iterative, so 10,000 points cannot exhaust a thread's stack.
    static func simplify(x: [Double], y: [Double], tolerance: Double) -> [Int] {
        precondition(x.count == y.count, "one y per x")
        guard x.count > 2 else { return Array(x.indices) }
        var keep = [Bool](repeating: false, count: x.count)
        keep[0] = true
        keep[x.count - 1] = true
        var pending = [(0, x.count - 1)]
        while let (first, last) = pending.popLast() {
            guard last - first > 1 else { continue }
            var worst = first, worstError = 0.0
            for k in first + 1 ..< last {
                let error = abs(y[k] - interpolate(x, y, first, last, at: x[k]))
                if error > worstError {
                    worst = k
                    worstError = error
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
