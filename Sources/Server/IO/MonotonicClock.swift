import Glibc

/// CLOCK_MONOTONIC seconds: timeouts and durations must not jump with the wall clock.
enum MonotonicClock {
    static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1_000_000_000
    }
}
