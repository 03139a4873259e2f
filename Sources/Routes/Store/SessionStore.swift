import AnimationCore
import Synchronization

/// How a session's time moves.
public enum SessionClock: String, Sendable, CaseIterable {
    /// Time moves only with the `t` of posted events.
    case virtual
    /// Monotonic seconds since creation; events without `t` are stamped on arrival.
    case wall
}

/// One live session: its own lock, so requests for different sessions never wait on each other.
final class SessionSlot: Sendable {
    let id: String
    let clock: SessionClock
    /// The definition version the session was made with (kept whatever happens to its name).
    let version: DefinitionVersion
    /// `AppEnvironment.now()` at creation: a wall-clock session's time origin.
    let createdAt: Double
    /// Creation order, for stable listings.
    let sequence: Int
    let record: Mutex<Record>

    struct Record: Sendable {
        var session: Session
        var lastAccess: Double
        /// False while its creation is being journalled: it holds a place, but nobody can use it yet.
        var visible: Bool
    }

    init(id: String, clock: SessionClock, version: DefinitionVersion, createdAt: Double, sequence: Int, session: Session,
         lastAccess: Double, visible: Bool = true) {
        self.id = id
        self.clock = clock
        self.version = version
        self.createdAt = createdAt
        self.sequence = sequence
        record = Mutex(Record(session: session, lastAccess: lastAccess, visible: visible))
    }

    /// Session time: the last event's time on a virtual clock, seconds since creation on a wall clock.
    func time(of session: Session, now: Double) -> Double {
        time(lastEvent: session.time, now: now)
    }

    func time(lastEvent: Double, now: Double) -> Double {
        clock == .virtual ? lastEvent : max(now - createdAt, lastEvent)
    }
}

/// Every live session by id. Idle sessions expire after the TTL; a full store refuses new ones.
/// With a journal, every change is journalled before it is made visible, and a change the
/// journal refuses is not made.
final class SessionStore: Sendable {
    let table = Mutex(Table())
    let limits: Limits
    let journal: (any SessionJournal)?
    let epoch: @Sendable () -> Double
    let log: @Sendable (String) -> Void
    /// The controls by name; sessions are made of their definitions, registrations journalled here.
    let registry: ControlRegistry
    /// Digests of the definitions written to the journal since its last snapshot. Held while a
    /// definition record is written, and by the snapshot, so a record never refers to a
    /// definition the journal has lost.
    let journalled = Mutex<Set<String>>([])

    struct Table: Sendable {
        var slots: [String: SessionSlot] = [:]
        var nextSequence = 0
        var createsSinceSweep = 0
    }

    enum StoreError: Error {
        case full(retryAfter: Int)
        case journal(String)
        /// All sessions together hold as many events as the server allows.
        case storageFull(limit: Int)
    }

    /// Events held by every session together (bounded by `Limits.maxTotalEvents`).
    let totalEvents = Atomic<Int>(0)

    init(limits: Limits, journal: (any SessionJournal)? = nil, registry: ControlRegistry = ControlRegistry(),
         epoch: @escaping @Sendable () -> Double = { 0 }, log: @escaping @Sendable (String) -> Void = { _ in }) {
        self.limits = limits
        self.registry = registry
        self.journal = journal
        self.epoch = epoch
        self.log = log
    }

    func write(_ record: JournalRecord) throws(StoreError) {
        try write(bytes: record.bytes)
    }

    private func write(bytes: [UInt8]) throws(StoreError) {
        guard let journal else { return }
        do {
            try journal.append(bytes)
        } catch {
            log("level=error msg=journal_append_failed error=\"\(error)\"")
            throw .journal("\(error)")
        }
    }

    /// Writes a record without waiting for it to be durable; its sequence number, or nil without a journal.
    private func writeUnsynced(_ bytes: [UInt8]) throws(StoreError) -> UInt64? {
        guard let journal else { return nil }
        do {
            return try journal.write(bytes)
        } catch {
            log("level=error msg=journal_write_failed error=\"\(error)\"")
            throw .journal("\(error)")
        }
    }

    /// Adds a session under a fresh id; sweeps expired sessions from time to time and when full.
    /// The place is taken (invisibly) before the creation is journalled, so a compaction running
    /// meanwhile snapshots it, and two creates cannot both take the last place.
    func create(id: String, clock: SessionClock, version: DefinitionVersion, session: Session, now: Double) throws(StoreError) -> SessionSlot {
        let (slot, expired) = table.withLock { table -> (SessionSlot?, [SessionSlot]) in
            table.createsSinceSweep += 1
            var expired: [SessionSlot] = []
            if table.slots.count >= limits.maxSessions || table.createsSinceSweep >= 1024 {
                expired = sweep(&table, now: now)
            }
            guard table.slots.count < limits.maxSessions else { return (nil, expired) }
            let slot = SessionSlot(id: id, clock: clock, version: version, createdAt: now, sequence: table.nextSequence,
                                   session: session, lastAccess: now, visible: false)
            table.nextSequence += 1
            table.slots[id] = slot
            return (slot, expired)
        }
        journalExpiry(expired)
        guard let slot else { throw .full(retryAfter: 30) }
        do throws(StoreError) {
            try define(version)
            try write(.create(id: id, clock: clock, created: epoch(), control: session.kind, digest: version.digest,
                              config: Self.echo(session.configuration)))
        } catch {
            table.withLock { _ = $0.slots.removeValue(forKey: id) }
            throw error
        }
        slot.record.withLock { $0.visible = true }
        return slot
    }

    /// Writes `version`'s definition record unless the journal holds it since its last snapshot.
    func define(_ version: DefinitionVersion) throws(StoreError) {
        guard journal != nil else { return }
        try journalled.withLock { (digests: inout Set<String>) throws(StoreError) in
            guard !digests.contains(version.digest) else { return }
            try write(.define(digest: version.digest, document: version.document))
            digests.insert(version.digest)
        }
    }

    /// Registers (or replaces) a user-defined control, journalled first.
    func register(_ control: RegisteredControl) throws(StoreError) {
        try define(control.version)
        try write(.register(name: control.name, digest: control.version.digest))
        registry.put(control)
    }

    /// Removes a user-defined control, journalled first; its sessions keep their definition.
    func unregister(_ name: String) throws(StoreError) -> Bool {
        guard registry.named(name).map({ !$0.builtIn }) == true else { return false }
        try write(.unregister(name: name))
        return registry.remove(name) != nil
    }

    /// A configuration's echo as the journal keeps it.
    static func echo(_ configuration: ControlInstance) -> Tree {
        configuration.echo
    }

    /// What an applied batch left: the last event's time, the semantic state, the emissions.
    struct Applied: Sendable {
        var time: Double
        var state: [Field]
        var emitted: [Emission]
        /// The journal record to wait for before acknowledging (nil without a journal).
        var record: UInt64?
    }

    /// Applies a batch to a session all or nothing; journalled before it is visible.
    func apply(_ inputs: [TimedInput], to slot: SessionSlot) throws(StoreError) -> Result<Applied, SessionError> {
        let total = totalEvents.add(inputs.count, ordering: .relaxed).newValue
        guard total <= limits.maxTotalEvents else {
            totalEvents.subtract(inputs.count, ordering: .relaxed)
            throw .storageFull(limit: limits.maxTotalEvents)
        }
        let outcome: Result<Result<Applied, SessionError>, StoreError> = slot.record.withLock { record in
            // Prepare on the side, journal, then append in place: no copy of the log per batch.
            let prepared: Session.PreparedBatch
            do throws(SessionError) {
                prepared = try record.session.prepare(inputs)
            } catch {
                return .success(.failure(error))
            }
            // Written now, synced by the journal's flusher: the answer waits for it, this lock does not.
            let sequence: UInt64?
            do throws(StoreError) {
                sequence = try writeUnsynced(JournalRecord.events(id: slot.id, base: record.session.events.count, inputs: inputs,
                                                                  definition: slot.version.definition))
            } catch {
                return .failure(error)
            }
            record.session.commit(prepared)
            return .success(.success(Applied(time: record.session.time, state: record.session.state,
                                             emitted: prepared.emitted, record: sequence)))
        }
        if case .success(.success) = outcome {} else { totalEvents.subtract(inputs.count, ordering: .relaxed) }
        return try outcome.get()
    }

    /// The live session with this id, its access time refreshed; nil when unknown or expired.
    func slot(_ id: String, now: Double) -> SessionSlot? {
        guard let slot = table.withLock({ $0.slots[id] }) else { return nil }
        let alive = slot.record.withLock { record -> Bool? in
            guard record.visible else { return nil }
            guard now - record.lastAccess <= limits.sessionIdleTTL else { return false }
            record.lastAccess = now
            return true
        }
        if alive == false { _ = try? delete(id) }
        return alive == true ? slot : nil
    }

    /// Whether this very slot is still in the store and not idle past the TTL; no access is recorded.
    func isLive(_ slot: SessionSlot, now: Double) -> Bool {
        guard table.withLock({ $0.slots[slot.id] === slot }) else { return false }
        return slot.record.withLock { now - $0.lastAccess <= limits.sessionIdleTTL }
    }

    /// Removes a session, then journals it; a refused delete puts it back. (In this order a
    /// compaction can never snapshot a session whose delete it then throws away.)
    @discardableResult
    func delete(_ id: String) throws(StoreError) -> Bool {
        let removed = table.withLock { table -> SessionSlot? in
            guard let slot = table.slots[id], slot.record.withLock({ $0.visible }) else { return nil }
            return table.slots.removeValue(forKey: id)
        }
        guard let removed else { return false }
        do throws(StoreError) {
            try write(.delete(id: id))
        } catch {
            table.withLock { $0.slots[id] = removed }
            throw error
        }
        release(removed)
        return true
    }

    /// Live sessions in creation order.
    func list(now: Double) -> [SessionSlot] {
        let (live, expired) = table.withLock { table in
            let expired = sweep(&table, now: now)
            let visible = table.slots.values.filter { $0.record.withLock { $0.visible } }
            return (visible.sorted { $0.sequence < $1.sequence }, expired)
        }
        journalExpiry(expired)
        return live
    }

    var count: Int { table.withLock { $0.slots.count } }

    /// Removes expired sessions from the table and returns them (journalled by the caller, unlocked).
    private func sweep(_ table: inout Table, now: Double) -> [SessionSlot] {
        table.createsSinceSweep = 0
        let ttl = limits.sessionIdleTTL
        var expired: [SessionSlot] = []
        table.slots = table.slots.filter { _, slot in
            let alive = slot.record.withLock { now - $0.lastAccess <= ttl }
            if !alive { expired.append(slot) }
            return alive
        }
        return expired
    }

    private func journalExpiry(_ expired: [SessionSlot]) {
        for slot in expired {
            release(slot)
            try? write(.delete(id: slot.id))
        }
    }

    /// A removed session's events no longer count against the total.
    func release(_ slot: SessionSlot) {
        totalEvents.subtract(slot.record.withLock { $0.session.events.count }, ordering: .relaxed)
    }
}
