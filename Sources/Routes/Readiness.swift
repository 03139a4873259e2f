import Synchronization

/// Whether the journal has been replayed (`/readyz` answers 503 `starting` with the replay's
/// progress until then), and what damage the replay met: the server then still serves, degraded.
final class Readiness: Sendable {
    /// Nil until replayed.
    private let state: Mutex<JournalDamageSummary?>
    /// Journal records replayed so far, of how many: what `/readyz` says while starting, so an
    /// orchestrator can tell a slow start from a stuck one.
    private let replayed = Atomic<Int>(0)
    private let records = Atomic<Int>(0)
    /// Set by the server before it listens with a journal still to replay; cleared once replayed.
    private let starting = Atomic<Bool>(false)

    init(ready: Bool) { state = Mutex(ready ? JournalDamageSummary() : nil) }

    var isReady: Bool { damage != nil }
    var damage: JournalDamageSummary? { state.withLock { $0 } }

    /// Records replayed so far, and how many the journal holds.
    var progress: (replayed: Int, records: Int) {
        (replayed.load(ordering: .relaxed), records.load(ordering: .relaxed))
    }

    /// True from `markStarting` until the journal is replayed: `StartingMiddleware` refuses `/v1/`.
    var isStarting: Bool { starting.load(ordering: .acquiring) }

    func markStarting() { starting.store(true, ordering: .releasing) }

    func beginReplay(records count: Int) { records.store(count, ordering: .relaxed) }

    /// A journal read as it is replayed found `count` more records.
    func addRecords(_ count: Int) { records.add(count, ordering: .relaxed) }

    func noteReplayed() { replayed.add(1, ordering: .relaxed) }

    func markReady(_ damage: JournalDamageSummary = JournalDamageSummary()) {
        state.withLock { $0 = damage }
        starting.store(false, ordering: .releasing)
    }
}

/// Counts of the damage a replay met, for `/readyz` and `/metrics`.
struct JournalDamageSummary: Sendable, Equatable {
    /// Files with damage, and damaged spans in them.
    var files = 0
    var regions = 0
    /// Damaged records, and intact records that did not fit (each holds its session apart).
    var records = 0
    var bytes = 0
    /// Spans of noise (bytes after the last record that can be named that can be no record) and
    /// their bytes: reported apart, they cost no session.
    var noiseSpans = 0
    var noiseBytes = 0

    var isEmpty: Bool { regions == 0 && records == 0 && noiseSpans == 0 }

    init() {}

    init(_ report: RestoreReport) {
        let damage = report.damage.filter { !$0.noise }
        let noise = report.damage.filter(\.noise)
        files = Set(damage.map(\.file)).count
        regions = damage.count
        records = damage.reduce(0) { $0 + $1.records } + report.unusable.count
        bytes = damage.reduce(0) { $0 + $1.length }
        noiseSpans = noise.count
        noiseBytes = noise.reduce(0) { $0 + $1.length }
    }

    /// `{"files","regions","records","bytes","sessions"}`; `sessions` is how many are held apart now.
    func encode(damagedSessions: Int, into w: inout JSONWriter) {
        w.beginObject()
        w.member("files", files)
        w.member("regions", regions)
        w.member("records", records)
        w.member("bytes", bytes)
        w.member("sessions", damagedSessions)
        if noiseSpans > 0 {
            w.key("noise")
            w.beginObject()
            w.member("spans", noiseSpans)
            w.member("bytes", noiseBytes)
            w.endObject()
        }
        w.endObject()
    }
}
