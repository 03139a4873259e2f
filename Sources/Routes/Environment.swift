/// Everything nondeterministic the application needs, injected by `main` or by a test.
public struct AppEnvironment: Sendable {
    /// Where time is read: monotonic seconds (wall-clock sessions measure from their creation) and
    /// seconds since 1970 (to carry a wall-clock session's age across restarts).
    public var clock: any TimeSource
    /// Fresh unguessable session ids.
    public var makeID: @Sendable () -> String
    /// One line of structured log per call.
    public var log: LogSink
    public var limits: Limits
    /// Origins browsers may call from (`*`: any, the default for local use).
    public var corsOrigins: [String]
    /// Where changes are made durable before they are acknowledged; nil keeps sessions in memory only.
    public var journal: (any SessionJournal)?
    /// When set, every endpoint but `/healthz` needs `Authorization: Bearer <token>`.
    public var token: String?
    /// More Prometheus text for `/metrics` (the server's connections and journal).
    public var extraMetrics: @Sendable () -> String = { "" }
    /// This node's id in a cluster (`NodeID`): shown by `/healthz`, `GET /v1/sessions` and the
    /// `X-Node` header, and the only value the list's `node` parameter accepts. Nil outside a cluster.
    public var node: String?
    /// The registry a cluster shares (etcd, `--registry`); nil keeps user-defined controls in
    /// this node's journal.
    public var registry: (any KeyValueStore)?
    /// Runs work that may block (a registry call) away from the event loops; the answer is
    /// delivered as a pending response's. Inline by default, so a test's answers are ready at once.
    public var offload: @Sendable (@escaping @Sendable () -> Void) -> Void = { $0() }

    public init(clock: any TimeSource,
                makeID: @escaping @Sendable () -> String,
                log: @escaping LogSink = { _ in },
                limits: Limits = Limits(),
                corsOrigins: [String] = ["*"],
                journal: (any SessionJournal)? = nil,
                node: String? = nil) {
        self.clock = clock
        self.makeID = makeID
        self.log = log
        self.limits = limits
        self.corsOrigins = corsOrigins
        self.journal = journal
        self.node = node
    }

    /// Times given as functions (`epoch` defaults to `now`): fixed or hand-moved in tests.
    public init(now: @escaping @Sendable () -> Double,
                makeID: @escaping @Sendable () -> String,
                log: @escaping LogSink = { _ in },
                limits: Limits = Limits(),
                corsOrigins: [String] = ["*"],
                epoch: (@Sendable () -> Double)? = nil,
                journal: (any SessionJournal)? = nil,
                node: String? = nil) {
        self.init(clock: FunctionTimeSource(now: now, epoch: epoch), makeID: makeID, log: log, limits: limits,
                  corsOrigins: corsOrigins, journal: journal, node: node)
    }

    /// Monotonic seconds now (`clock.now()`).
    public func now() -> Double { clock.now() }
}

/// Application limits (`docs/architecture.md`, limits); the HTTP framing limits live with the server.
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
    /// Events held by all sessions together: the bound on the memory sessions take.
    public var maxTotalEvents = 20_000_000
    /// A posted control definition's compact JSON, in bytes.
    public var maxDefinitionBytes = 256 << 10
    /// User-defined controls registered at once.
    public var maxUserControls = 1_000
    /// Bytes of frames answers kept to answer the same window again (`FramesCache`); 0 keeps none.
    public var framesCacheBytes = 8 << 20
    public init() {}
}
