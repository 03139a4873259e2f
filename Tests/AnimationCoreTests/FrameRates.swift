#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import AnimationCore

/// Frame-rate agreement for closed-form motions: a segment sampled on the 60, 120 and 240 fps
/// grids shows the same values and velocities at the times the grids share (every 1/60 s).
func expectFrameRateAgreement(
    _ segment: some MotionSegment, from start: Double, through end: Double, within tolerance: Double = 1e-9,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let frames = Int(((end - start) * 60).rounded(.up))
    var compared = 0
    for i in 0...frames {
        // The same instant as each grid computes it: i/60, 2i/120, 4i/240.
        let samples = [(60.0, i), (120.0, 2 * i), (240.0, 4 * i)].map { rate, n in
            segment.sample(at: start + Double(n) / rate)
        }
        for sample in samples.dropFirst() {
            expectClose(sample.value, samples[0].value, within: tolerance, "value at frame \(i)",
                        sourceLocation: sourceLocation)
            expectClose(sample.velocity, samples[0].velocity, within: tolerance * 1000, "velocity at frame \(i)",
                        sourceLocation: sourceLocation)
        }
        compared += 1
    }
    #expect(compared == frames + 1, sourceLocation: sourceLocation)
}

/// UIScrollView's own step for one axis, as a test oracle: every `dt` ms, free deceleration inside
/// the range (split at an edge by linear interpolation, as UIKit splits it) and the bounce step
/// beyond it, with exp for F^dt. It shares nothing with the engine's closed form.
struct SteppedScrollAxis {
    var x: Double
    /// Points per millisecond.
    var v: Double
    let lower, upper, rate: Double
    let lambda = 0.01005

    /// Advances `dt` ms and says whether the axis is 0.5 pt or more beyond an edge.
    mutating func step(_ dt: Double) -> Bool {
        let lnF = log(rate)
        var remaining = 0.0
        if x >= lower && x <= upper {
            let f = exp(dt * lnF)
            let moved = x + v * (1 - f) / (1 - rate) * rate
            var inside = dt
            if moved < lower || moved > upper {
                let edge = moved < lower ? lower : upper
                inside = dt * (edge - x) / (moved - x)
                remaining = dt - inside
            }
            let g = exp(inside * lnF)
            x += v * (1 - g) / (1 - rate) * rate
            v *= g
        } else {
            remaining = dt
        }
        if remaining > 0 {
            let f = exp(remaining * lnF), k = exp(-lambda * remaining)
            let edge = x < lower ? lower : upper
            let over = k * (x - edge) + (1 - f) * k * rate * v / (1 - rate)
            if over != 0 && (over > 0) != (x > edge) {
                // Back inside within the step: split where the overshoot reaches 0.
                let back = remaining * (x - edge) / ((x - edge) - over)
                v *= exp(back * lnF) * exp(-lambda * back)
                x = edge
                return step(remaining - back)
            }
            x = edge + over
            v *= f * k
        }
        return !(x > lower - 0.5 && x < upper + 0.5)
    }
}
