import Routes

extension AppEnvironment {
    /// Production nondeterminism: the monotonic clock, unguessable ids, and the server's log.
    static func live(log: @escaping LogSink) -> AppEnvironment {
        AppEnvironment(now: { MonotonicClock.now() }, makeID: { RandomID.make() }, log: log)
    }
}
