#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Timing helpers shared by every group: a monotonic clock, medians of repeated runs, and a
/// checksum sink that keeps the optimiser from deleting the work being timed.
enum Measure {
    /// Nanoseconds on the monotonic clock.
    static func now() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }

    /// Nanoseconds of CPU time this thread has run.
    static func threadCPU() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }

    /// Seconds of this thread's CPU time `body` takes, and what it returned: on a shared machine
    /// a run preempted by another process is not charged for the wait (wall time moved 2× between
    /// runs there, CPU time a few per cent).
    static func time(_ body: () -> Double) -> (seconds: Double, result: Double) {
        let start = threadCPU()
        let result = body()
        return (Double(threadCPU() - start) / 1e9, result)
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// Results fold into this, and the total is printed, so no measured loop is dead code.
    nonisolated(unsafe) static var checksum = 0.0

    static func consume(_ value: Double) { checksum += value }
}

extension Double {
    /// Fixed-point text with `digits` decimals (no Foundation in the benchmarks).
    func formatted(_ digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let rounded = (abs(self) * scale).rounded()
        let whole = Int(rounded / scale)
        let fraction = Int(rounded - Double(whole) * scale)
        var text = "\(whole)"
        if digits > 0 {
            let fractionText = String(fraction)
            text += "." + String(repeating: "0", count: digits - fractionText.count) + fractionText
        }
        return (self < 0 && rounded != 0 ? "-" : "") + text
    }
}

extension String {
    func padded(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }

    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
