import Routes

extension AppEnvironment {
    /// Production nondeterminism: the system's clocks, unguessable ids that name their `node`
    /// (`<node>-<32 hex>`, see `NodeID`), and the server's log.
    static func live(log: @escaping LogSink, node: String, clock: SystemClock = SystemClock()) -> AppEnvironment {
        AppEnvironment(clock: clock, makeID: { RandomID.make(node: node) }, log: log, node: node)
    }
}
