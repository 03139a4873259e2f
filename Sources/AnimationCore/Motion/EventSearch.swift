// Finding when a closed-form motion crosses a threshold, by bisection on a bracket the caller
// knows: bounded work, no integration, the same answer whatever the frame rate.

/// Bisection steps: enough to shrink any bracket of session seconds to the last bit of a Double.
let bisectionSteps = 80

/// The boundary between `low`, where `holds` is false, and `high`, where it is true, for a
/// predicate that changes once on the bracket. Returns the time where it holds.
func firstTime(from low: Double, to high: Double, where holds: (Double) -> Bool) -> Double {
    var (low, high) = (low, high)
    for _ in 0..<bisectionSteps {
        let middle = low + (high - low) / 2
        if middle <= low || middle >= high { break }
        if holds(middle) { high = middle } else { low = middle }
    }
    return high
}
