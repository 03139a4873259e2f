import Glibc

/// Where the server reads time: monotonic seconds for timeouts and durations, wall-clock seconds for
/// the `Date` header. Injected, so tests run the server on a clock they move by hand.
protocol Clock: Sendable {
    /// Monotonic seconds from an arbitrary origin: timeouts must not jump with the wall clock.
    func now() -> Double
    /// Seconds since 1970, for the `Date` header.
    func epochSeconds() -> Int
}

/// The machine's clocks: CLOCK_MONOTONIC and CLOCK_REALTIME.
struct SystemClock: Clock {
    func now() -> Double {
        MonotonicClock.now()
    }

    func epochSeconds() -> Int {
        Int(time(nil))
    }

    /// Seconds since 1970 with a fraction: only to carry a wall-clock session's age across restarts.
    func epoch() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}

/// CLOCK_MONOTONIC seconds: timeouts and durations must not jump with the wall clock. Read through
/// an injected `Clock`; only `SystemClock` calls it.
enum MonotonicClock {
    static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1_000_000_000
    }
}
