/// The application `makeApp` composes: the route table wrapped in its middleware, and the state
/// behind it that the process manages (the session store and its journal, readiness). What the
/// server talks to.
public struct Application: Responder {
    /// The route table, for the contract test against `openapi.yaml`.
    public var routes: [Router.Route] { router.routes }
    let router: Router
    /// The router inside its middleware.
    let responder: any RoutedResponder
    let store: SessionStore
    let readiness: Readiness
    let clock: any TimeSource

    public func respond(to request: HTTPRequest) -> HTTPResponse {
        responder.respond(to: request).response
    }

    /// Rebuilds the sessions a journal describes (records are not journalled again), counting its
    /// progress for `/readyz`, then reports ready, or degraded when the journal held damage. Until
    /// then `StartingMiddleware` keeps requests away from the sessions being rebuilt.
    public func restore(_ items: some Collection<JournalReplayItem>) -> RestoreReport {
        readiness.beginReplay(records: items.count)
        return replay(items)
    }

    /// Rebuilds the sessions from a journal read as it is replayed: how many records it holds is
    /// known only as it is read, so `/readyz`'s `records` grows meanwhile (`journalRecordsFound`).
    public func restore(reading items: some Sequence<JournalReplayItem>) -> RestoreReport {
        replay(items)
    }

    /// The journal read being replayed found `count` more records.
    public func journalRecordsFound(_ count: Int) { readiness.addRecords(count) }

    private func replay(_ items: some Sequence<JournalReplayItem>) -> RestoreReport {
        let report = store.restore(items.lazy.map { [readiness] item in
            readiness.noteReplayed()
            return item
        }, now: clock.now())
        readiness.markReady(JournalDamageSummary(report))
        return report
    }

    /// Rebuilds sessions from intact entries alone (a journal kept in memory).
    public func restore(entries: [JournalEntry]) -> RestoreReport {
        restore(entries.enumerated().map { index, entry in
            JournalReplayItem.entry(entry, at: JournalPosition(file: "memory", offset: index, length: entry.payload.count))
        })
    }

    /// Before the server listens with a journal still to replay: until `restore` has replayed it,
    /// everything under `/v1/` answers 503 `starting` (`StartingMiddleware`).
    public func markStarting() { readiness.markStarting() }

    /// True once the journal was replayed (`/readyz`).
    public var isReady: Bool { readiness.isReady }

    /// The entries that rebuild every session now: what a compacted journal holds.
    public func snapshot() -> [JournalEntry] {
        store.snapshot(now: clock.now())
    }

    /// The same entries handed to `emit` one at a time (a compaction writes them as they come).
    public func snapshot<E: Error>(into emit: (JournalEntry) throws(E) -> Void) throws(E) {
        try store.snapshot(now: clock.now(), into: emit)
    }}
