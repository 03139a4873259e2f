import Glibc
import Routes

extension AppEnvironment {
    /// Production nondeterminism: the monotonic clock, unguessable ids, and the server's log.
    static func live(log: @escaping LogSink) -> AppEnvironment {
        AppEnvironment(now: { MonotonicClock.now() }, makeID: { RandomID.make() }, log: log,
                       epoch: { WallClock.now() })
    }
}

/// Seconds since 1970 (CLOCK_REALTIME): only to carry a wall-clock session's age across restarts.
enum WallClock {
    static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}
