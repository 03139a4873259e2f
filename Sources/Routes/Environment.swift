/// Everything nondeterministic the application needs, injected by `main` or by a test.
public struct AppEnvironment: Sendable {
    /// Monotonic seconds from an arbitrary origin (wall-clock sessions measure from their creation).
    public var now: @Sendable () -> Double
    /// Fresh unguessable session ids.
    public var makeID: @Sendable () -> String
    /// One line of structured log per call.
    public var log: @Sendable (String) -> Void
    public var limits: Limits
    /// Origins browsers may call from (`*`: any, the default for local use).
    public var corsOrigins: [String]

    public init(now: @escaping @Sendable () -> Double,
                makeID: @escaping @Sendable () -> String,
                log: @escaping @Sendable (String) -> Void = { _ in },
                limits: Limits = Limits(),
                corsOrigins: [String] = ["*"]) {
        self.now = now
        self.makeID = makeID
        self.log = log
        self.limits = limits
        self.corsOrigins = corsOrigins
    }
}

/// Application limits (DESIGN.md §6); the HTTP framing limits live with the server.
public struct Limits: Sendable, Equatable {
    public var maxFramesPerRequest = 10_000
    public var maxSessions = 100_000
    public var sessionIdleTTL: Double = 3600
    public var maxEventsPerBatch = 10_000
    public var maxEventsPerSession = 100_000
    /// Highest frame rate a stream may ask for.
    public var maxStreamFPS = 240.0
    /// A stream with nothing else to say sends a comment this often.
    public var streamHeartbeat = 15.0
    public init() {}
}
