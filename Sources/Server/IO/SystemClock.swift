import Glibc
import Routes

/// The machine's clocks, the server's `TimeSource`: CLOCK_MONOTONIC and CLOCK_REALTIME.
struct SystemClock: TimeSource {
    func now() -> Double {
        MonotonicClock.now()
    }

    /// Seconds since 1970 with a fraction.
    func epoch() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}

/// CLOCK_MONOTONIC seconds: timeouts and durations must not jump with the wall clock. Read through
/// an injected `TimeSource`; only `SystemClock` calls it.
enum MonotonicClock {
    static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1_000_000_000
    }
}
