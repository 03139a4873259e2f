#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AnimationCore

/// Cost of sampling a resolved spring (progress and velocity) against one exp, one sin and one
/// cos per sample, the floor of an analytic underdamped spring. Goal: at most 2× the baseline.
enum SpringBench {
    static let samplesPerRun = 2_000_000
    static let runs = 9

    struct Case {
        let name: String
        let timing: SpringTiming
    }

    static func makeCases() throws -> [Case] {
        [
            Case(name: "underdamped (uikit 0.5 s, ζ 0.5, v 0.5)",
                 timing: try SpringParameters.uikit(duration: 0.5, dampingRatio: 0.5, initialVelocity: 0.5).resolve()),
            Case(name: "critical (uikit 0.9 s, ζ 1)",
                 timing: try SpringParameters.uikit(duration: 0.9, dampingRatio: 1, initialVelocity: 0).resolve()),
            Case(name: "overdamped (m1 k100 c30, allowsOverdamping)",
                 timing: try SpringParameters.physical(mass: 1, stiffness: 100, damping: 30, initialVelocity: 0,
                                                       allowsOverdamping: true).resolve()),
        ]
    }

    /// Σ progress + velocity at t_k = k/N · duration, k = 0..<N.
    @inline(never)
    static func sampleSpring(_ timing: SpringTiming, count: Int) -> Double {
        let step = timing.duration / Double(count)
        var sum = 0.0
        for k in 0..<count {
            let (progress, velocity) = timing.sample(at: Double(k) * step)
            sum += progress + velocity
        }
        return sum
    }

    /// The same loop with one exp, one sin and one cos per sample, on the underdamped spring's
    /// decay rate and damped frequency over the same times.
    @inline(never)
    static func sampleBaseline(beta: Double, omega: Double, duration: Double, count: Int) -> Double {
        let step = duration / Double(count)
        var sum = 0.0
        for k in 0..<count {
            let t = Double(k) * step
            sum += exp(-beta * t) + sin(omega * t) + cos(omega * t)
        }
        return sum
    }

    static func run() {
        let cases: [Case]
        do { cases = try makeCases() } catch { print("springs: cannot resolve the benchmark springs: \(error)"); return }
        let under = cases[0].timing.spring
        let beta = under.dampingRatio * under.naturalFrequency
        let omega = under.naturalFrequency * (1 - under.dampingRatio * under.dampingRatio).squareRoot()
        let duration = cases[0].timing.duration
        let n = samplesPerRun

        // Interleave the runs so drift in the machine's speed affects every loop alike.
        var springSeconds = Array(repeating: [Double](), count: cases.count)
        var baselineSeconds: [Double] = []
        for _ in 0..<runs {
            let base = Measure.time { sampleBaseline(beta: beta, omega: omega, duration: duration, count: n) }
            baselineSeconds.append(base.seconds)
            Measure.consume(base.result)
            for (i, c) in cases.enumerated() {
                let measured = Measure.time { sampleSpring(c.timing, count: n) }
                springSeconds[i].append(measured.seconds)
                Measure.consume(measured.result)
            }
        }

        let baselineNs = Measure.median(baselineSeconds) / Double(n) * 1e9
        print("springs: \(n) samples per run, median of \(runs) runs (progress + velocity via SpringTiming.sample(at:))")
        let width = 48
        print("  " + "baseline: exp + sin + cos".padded(to: width)
              + "\(baselineNs.formatted(2).leftPadded(to: 7)) ns/sample"
              + "  \((1e3 / baselineNs).formatted(1).leftPadded(to: 7)) M samples/s")
        var worst = 0.0
        for (i, c) in cases.enumerated() {
            let ns = Measure.median(springSeconds[i]) / Double(n) * 1e9
            let ratio = ns / baselineNs
            worst = max(worst, ratio)
            print("  " + c.name.padded(to: width)
                  + "\(ns.formatted(2).leftPadded(to: 7)) ns/sample"
                  + "  \((1e3 / ns).formatted(1).leftPadded(to: 7)) M samples/s"
                  + "  cost/baseline \(ratio.formatted(2))")
        }
        print("  goal ≤ 2.00× baseline: \(worst <= 2 ? "met" : "NOT met") (worst \(worst.formatted(2))×)")
        print("  checksum \(Measure.checksum.formatted(3))")
    }
}
