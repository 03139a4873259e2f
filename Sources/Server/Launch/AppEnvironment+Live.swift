import Glibc
import Routes

extension AppEnvironment {
    /// Production nondeterminism: the monotonic clock, unguessable ids that name their `node`
    /// (`<node>-<32 hex>`, see `NodeID`), and the server's log.
    static func live(log: @escaping LogSink, node: String) -> AppEnvironment {
        AppEnvironment(now: { MonotonicClock.now() }, makeID: { RandomID.make(node: node) }, log: log,
                       epoch: { WallClock.now() }, node: node)
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
