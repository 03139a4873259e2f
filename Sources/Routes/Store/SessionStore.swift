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
    /// The id, as 128 bits and a short prefix where it ends in 32 hex digits (`SessionKey`);
    /// `clock` and `sequence` fill the word it ends in.
    let key: SessionKey
    let clock: SessionClock
    /// Creation order, for stable listings: 32 bits counted round (`Table.inCreationOrder`), to
    /// share a word with the key's end (the slot is 152 bytes, a 160-byte chunk, not 176).
    let sequence: UInt32
    /// The definition version the session was made with (kept whatever happens to its name).
    let version: DefinitionVersion
    /// `AppEnvironment.now()` at creation: a wall-clock session's time origin.
    let createdAt: Double
    let record: Mutex<Record>

    /// Its fields in this order: `visible` fills the word `session` ends with (8 bytes less).
    struct Record: Sendable {
        var session: Session
        /// False while its creation is being journalled: it holds a place, but nobody can use it yet.
        var visible: Bool
        var lastAccess: Double
        /// The shorthands among its events as they were posted (`first` indexes `session.events`),
        /// for the event log. Kept in memory only: the journal holds the expanded events, so
        /// after a restart the log shows those alone.
        var shorthands = ShorthandLog()
    }

    init(id: String, clock: SessionClock, version: DefinitionVersion, createdAt: Double, sequence: UInt32, session: Session,
         lastAccess: Double, visible: Bool = true) {
        key = SessionKey(id)
        self.clock = clock
        self.version = version
        self.createdAt = createdAt
        self.sequence = sequence
        record = Mutex(Record(session: session, visible: visible, lastAccess: lastAccess))
    }

    /// The id as it was given (made from `key` on each call: keep it rather than ask again).
    var id: String { key.string }

    /// Session time: the last event's time on a virtual clock, seconds since creation on a wall clock.
    func time(of session: Session, now: Double) -> Double {
        time(lastEvent: session.time, now: now)
    }

    func time(lastEvent: Double, now: Double) -> Double {
        clock == .virtual ? lastEvent : max(now - createdAt, lastEvent)
    }
}

/// Every live session by id. Idle sessions expire after the TTL; a full store refuses new ones.
/// With a journal, every change is written to it before it is made visible, and acknowledged
/// once it is durable (the caller's answer waits for the sequence number a change returns,
/// this store never does); a change the journal refuses to write is not made. Sessions whose
/// journal history was found damaged are held apart, unserved, until deleted.
final class SessionStore: Sendable {
    let table = Mutex(Table())
    let limits: Limits
    let journal: (any SessionJournal)?
    /// Seconds since 1970 (`epoch()`) stamp a creation, so a wall-clock session keeps its age across restarts.
    let time: any TimeSource
    let log: LogSink
    /// The controls by name; sessions are made of their definitions, registrations journalled here.
    let registry: ControlRegistry
    /// Digests of the definitions written to the journal since its last snapshot. Held while a
    /// definition record is written, and by the snapshot, so a record never refers to a
    /// definition the journal has lost.
    let journalled = Mutex<Set<String>>([])

    struct Table: Sendable {
        var slots = SlotTable()
        /// The next slot's `sequence`: it wraps after 2³² creations.
        var nextSequence: UInt32 = 0
        var createsSinceSweep = 0
        /// Sessions not served because their history is damaged; they never expire.
        var damaged: [String: SessionDamage] = [:]
        /// The definitions their kept records were made with, by digest: snapshots keep them.
        var damagedDefinitions: [String: DefinitionVersion] = [:]
        /// Scene sessions by id (`SessionStore+Scenes.swift`); they count against the same limit.
        var scenes: [String: SceneSlot] = [:]

        /// Live sessions and scenes.
        var count: Int { slots.count + scenes.count }

        /// `slots` oldest first. The sequence wraps, so slots are ordered by how many creations
        /// ago they were made (counted back from `nextSequence`), which is right as long as no
        /// live session is 2³² creations old.
        func inCreationOrder(_ slots: some Sequence<SessionSlot>) -> [SessionSlot] {
            let next = nextSequence
            return slots.sorted { next &- $0.sequence > next &- $1.sequence }
        }

        /// Takes the next creation's sequence.
        mutating func takeSequence() -> UInt32 {
            defer { nextSequence &+= 1 }
            return nextSequence
        }
    }

    enum StoreError: Error {
        case full(retryAfter: Int)
        /// The journal refused the change (`outOfSpace`: its disk is full).
        case journal(String, outOfSpace: Bool)
        /// All sessions together hold as many events as the server allows.
        case storageFull(limit: Int)
    }

    /// What a delete did: nothing (no such live session), or removed the session, durable once
    /// the journal record is (nil without a journal).
    enum Removal: Equatable {
        case notFound
        case removed(record: UInt64?)
    }

    /// Events held by every session together (bounded by `Limits.maxTotalEvents`).
    let totalEvents = Atomic<Int>(0)

    /// Built-in scenes as decoded the first time one was made, by name (`SessionsAPI.builtInScene`).
    let builtInScenes = Mutex<[String: SharedScene]>([:])

    init(limits: Limits, journal: (any SessionJournal)? = nil, registry: ControlRegistry = ControlRegistry(),
         time: any TimeSource = FunctionTimeSource(now: { 0 }), log: @escaping LogSink = { _ in }) {
        self.limits = limits
        self.registry = registry
        self.journal = journal
        self.time = time
        self.log = log
    }

    /// Writes a record without waiting for it to be durable; its sequence number, or nil without a
    /// journal. The record is built only when there is a journal to take it: encoding a batch's
    /// events was a measurable share of an ephemeral POST, for bytes nobody read.
    func write(_ record: @autoclosure () -> JournalRecord) throws(StoreError) -> UInt64? {
        guard journal != nil else { return nil }
        let record = record()
        return try write(record.bytes, key: record.key)
    }

    /// Writes the record `payload` makes of the slot's id, under that id: the id's text is made
    /// from its key once, and only when there is a journal.
    private func write(journalling slot: SessionSlot, _ payload: (String) -> [UInt8]) throws(StoreError) -> UInt64? {
        guard journal != nil else { return nil }
        let id = slot.id
        return try write(payload(id), key: id)
    }

    func write(_ payload: @autoclosure () -> [UInt8], key: @autoclosure () -> String) throws(StoreError) -> UInt64? {
        guard let journal else { return nil }
        do {
            return try journal.write(JournalEntry(kind: .change, session: key(), payload: payload()))
        } catch {
            log(LogLine(level: "error", "journal_write_failed").field("error", "\(error)").description)
            throw .journal("\(error)", outOfSpace: error.isJournalOutOfSpace)
        }
    }

    /// Adds a session under a fresh id; sweeps expired sessions from time to time and when full.
    /// The place is taken (invisibly) before the creation is written, so a compaction running
    /// meanwhile snapshots it, and two creates cannot both take the last place. Returns the
    /// session and the journal record to wait for before acknowledging it (its definition's
    /// record, when written, comes before it). A session made from a scenario holds events already:
    /// they are written as its first batch before it is visible (`shorthands` index them).
    func create(id: String, clock: SessionClock, version: DefinitionVersion, session: Session,
                shorthands: [EventCodec.Shorthand] = [], now: Double) throws(StoreError) -> (SessionSlot, UInt64?) {
        let events = session.events.count
        if events > 0 {
            guard totalEvents.add(events, ordering: .relaxed).newValue <= limits.maxTotalEvents else {
                totalEvents.subtract(events, ordering: .relaxed)
                throw .storageFull(limit: limits.maxTotalEvents)
            }
        }
        var expiredScenes: [SceneSlot] = []
        let (slot, expired) = table.withLock { table -> (SessionSlot?, [SessionSlot]) in
            table.createsSinceSweep += 1
            var expired: [SessionSlot] = []
            if table.count >= limits.maxSessions || table.createsSinceSweep >= 1024 {
                expired = sweep(&table, now: now)
                expiredScenes = sweepScenes(&table, now: now)
            }
            guard table.count < limits.maxSessions else { return (nil, expired) }
            let slot = SessionSlot(id: id, clock: clock, version: version, createdAt: now, sequence: table.takeSequence(),
                                   session: session, lastAccess: now, visible: false)
            table.slots.insert(slot)
            return (slot, expired)
        }
        journalExpiry(expired)
        journalExpiry(scenes: expiredScenes)
        guard let slot else {
            totalEvents.subtract(events, ordering: .relaxed)
            throw .full(retryAfter: 30)
        }
        var record: UInt64?
        var created = false
        do throws(StoreError) {
            try define(version)
            record = try write(.create(id: id, clock: clock, created: time.epoch(), control: session.kind, digest: version.digest,
                                       config: session.configuration.echo))
            created = true
            if events > 0 {
                record = try write(JournalRecord.events(id: id, base: 0, inputs: session.events, definition: version.definition),
                                   key: id)
            }
        } catch {
            // A create written without its events is taken back, so a replay does not bring it back empty.
            if created { _ = try? write(.delete(id: id)) }
            table.withLock { _ = $0.slots.removeValue(forKey: id) }
            totalEvents.subtract(events, ordering: .relaxed)
            throw error
        }
        slot.record.withLock {
            $0.shorthands = ShorthandLog(shorthands, of: session.events)
            $0.visible = true
        }
        return (slot, record)
    }

    /// Writes `version`'s definition record unless the journal holds it since its last snapshot.
    func define(_ version: DefinitionVersion) throws(StoreError) {
        guard journal != nil else { return }
        try journalled.withLock { (digests: inout Set<String>) throws(StoreError) in try define(version, &digests) }
    }

    private func define(_ version: DefinitionVersion, _ digests: inout Set<String>) throws(StoreError) {
        guard !digests.contains(version.digest) else { return }
        _ = try write(JournalRecord.define(version), key: JournalRecord.definitionKey(version.digest))
        digests.insert(version.digest)
    }

    /// What a registration or a removal did.
    enum RegistryWrite: Equatable {
        /// Made; durable once the journal record is (nil without a journal).
        case made(record: UInt64?)
        /// Not made: the name holds another definition than `If-Match` said (`current`, nil: none).
        case changed(current: String?)
        /// Not made: no user-defined control (nor damaged name) to remove.
        case notFound
    }

    /// Registers (or replaces) a user-defined control: its definition and its name written, then
    /// made visible, all under the lock a snapshot takes, so a compaction either sees the control
    /// or leaves both records to the segment after it. With `ifMatch`, only while the name holds
    /// the definition of that digest (checked under the same lock).
    func register(_ control: RegisteredControl, ifMatch: String? = nil) throws(StoreError) -> RegistryWrite {
        try journalled.withLock { (digests: inout Set<String>) throws(StoreError) -> RegistryWrite in
            if let ifMatch {
                let current = registry.named(control.name)?.version.digest
                guard current == ifMatch else { return .changed(current: current) }
            }
            if journal != nil { try define(control.version, &digests) }
            let record = try write(.register(name: control.name, digest: control.version.digest))
            registry.put(control)
            return .made(record: record)
        }
    }

    /// Removes a user-defined control, journalled first, under the snapshot's lock; its sessions
    /// keep their definition. With `ifMatch`, only while the name holds that digest.
    func unregister(_ name: String, ifMatch: String? = nil) throws(StoreError) -> RegistryWrite {
        try journalled.withLock { (_: inout Set<String>) throws(StoreError) -> RegistryWrite in
            guard registry.named(name).map({ !$0.builtIn }) == true || registry.damage(name) != nil else { return .notFound }
            if let ifMatch {
                let current = registry.named(name)?.version.digest
                guard current == ifMatch else { return .changed(current: current) }
            }
            let record = try write(.unregister(name: name))
            registry.remove(name)
            return .made(record: record)
        }
    }

    /// What an applied batch left: the last event's time, the semantic state, the emissions.
    struct Applied: Sendable {
        var time: Double
        var state: [Field]
        var emitted: [Emission]
        /// The journal record to wait for before acknowledging (nil without a journal).
        var record: UInt64?
        /// The session as this batch left it, for an answer that carries the frames that follow.
        var session: Session
    }

    /// A batch of inputs to apply, and the shorthands among them as posted (indexing `inputs`).
    struct Batch {
        var inputs: [TimedInput]
        var shorthands: [EventCodec.Shorthand] = []
    }

    /// Applies the batch `make` builds from the session's latest event time, all or nothing and
    /// journalled before it is visible, with
    /// `make` run under the session's lock: inputs without a time of their own are stamped in the
    /// same critical section that applies them, so no other batch can move the session on in
    /// between and make them out of order. `make` may refuse (its `Failure`); a store that refuses
    /// is reported as `storeFailure` says.
    func apply<Failure: Error>(to slot: SessionSlot, storeFailure: (StoreError) -> Failure,
                               _ make: (_ latest: Double) throws(Failure) -> Batch) throws(Failure) -> Result<Applied, SessionError> {
        let outcome: ApplyOutcome<Failure> = slot.record.withLock { record in
            let batch: Batch
            do throws(Failure) {
                batch = try make(record.session.time)
            } catch {
                return .failed(error)
            }
            let inputs = batch.inputs
            guard totalEvents.add(inputs.count, ordering: .relaxed).newValue <= limits.maxTotalEvents else {
                return .unavailable(.storageFull(limit: limits.maxTotalEvents), count: inputs.count)
            }
            // Prepare on the side, journal, then append in place: no copy of the log per batch.
            let prepared: Session.PreparedBatch
            do throws(SessionError) {
                prepared = try record.session.prepare(inputs)
            } catch {
                return .refused(error, count: inputs.count)
            }
            // Written now, synced by the journal's flusher: the answer waits for it, this lock does not.
            let sequence: UInt64?
            do throws(StoreError) {
                sequence = try write(journalling: slot) { id in
                    JournalRecord.events(id: id, base: record.session.events.count, inputs: inputs, definition: slot.version.definition)
                }
            } catch {
                return .unavailable(error, count: inputs.count)
            }
            record.shorthands.append(batch.shorthands, of: inputs, rebasedBy: record.session.events.count)
            record.session.commit(prepared)
            return .applied(Applied(time: record.session.time, state: record.session.state, emitted: prepared.emitted,
                                    record: sequence, session: record.session), count: inputs.count)
        }
        switch outcome {
        case let .applied(applied, _):
            return .success(applied)
        case let .refused(error, count):
            totalEvents.subtract(count, ordering: .relaxed)
            return .failure(error)
        case let .failed(failure):
            throw failure
        case let .unavailable(error, count):
            totalEvents.subtract(count, ordering: .relaxed)
            throw storeFailure(error)
        }
    }

    /// The live session with this id, its access time refreshed; nil when unknown, damaged or
    /// expired. An expired session found here is removed and its expiry written, not waited for.
    func slot(_ id: String, now: Double) -> SessionSlot? {
        let key = SessionKey(id)
        guard let slot = table.withLock({ $0.slots[key] }) else { return nil }
        let alive = slot.record.withLock { record -> Bool? in
            guard record.visible else { return nil }
            guard now - record.lastAccess <= limits.sessionIdleTTL else { return false }
            record.lastAccess = now
            return true
        }
        if alive == false { expire(slot) }
        return alive == true ? slot : nil
    }

    /// The live session with this id, or the problem to answer: 503 `session_damaged` when its
    /// history is damaged, `missing` otherwise. (Damage is looked up only on a miss.)
    func servable(_ id: String, now: Double, missing: () -> Problem) throws(Problem) -> SessionSlot {
        if let slot = slot(id, now: now) { return slot }
        throw damage(id)?.problem(id: id) ?? missing()
    }

    /// Why a session with this id is not served, when its history is damaged.
    func damage(_ id: String) -> SessionDamage? {
        table.withLock { $0.damaged[id] }
    }

    /// Sessions held apart because their history is damaged.
    var damagedCount: Int { table.withLock { $0.damaged.count } }

    /// Their ids, sorted.
    var damagedIDs: [String] { table.withLock { $0.damaged.keys.sorted() } }

    /// Removes an expired session (if it is still this slot) and writes its expiry.
    private func expire(_ slot: SessionSlot) {
        let removed = table.withLock { table -> Bool in
            guard table.slots[slot.key] === slot else { return false }
            table.slots.removeValue(forKey: slot.key)
            return true
        }
        if removed { journalExpiry([slot]) }
    }

    /// Whether this very slot is still in the store and not idle past the TTL; no access is recorded.
    func isLive(_ slot: SessionSlot, now: Double) -> Bool {
        guard table.withLock({ $0.slots[slot.key] === slot }) else { return false }
        return slot.record.withLock { now - $0.lastAccess <= limits.sessionIdleTTL }
    }

    /// Removes a session, then writes its deletion; a refused write puts it back. (In this order
    /// a compaction can never snapshot a session whose delete it then throws away.) A damaged
    /// session is removed the same way: the client has decided to discard it.
    func delete(_ id: String) throws(StoreError) -> Removal {
        enum Removed { case live(SessionSlot), scene(SceneSlot), damaged(SessionDamage) }
        let removed = table.withLock { table -> Removed? in
            if let slot = table.slots[id], slot.record.withLock({ $0.visible }) {
                table.slots.removeValue(forKey: id)
                return .live(slot)
            }
            if let slot = table.scenes[id], slot.record.withLock({ $0.visible }) {
                table.scenes[id] = nil
                return .scene(slot)
            }
            return table.damaged.removeValue(forKey: id).map(Removed.damaged)
        }
        guard let removed else { return .notFound }
        let record: UInt64?
        do throws(StoreError) {
            record = try write(.delete(id: id))
        } catch {
            table.withLock { table in
                switch removed {
                case let .live(slot): table.slots.insert(slot)
                case let .scene(slot): table.scenes[id] = slot
                case let .damaged(damage): table.damaged[id] = damage
                }
            }
            throw error
        }
        switch removed {
        case let .live(slot): release(slot)
        case let .scene(slot): release(slot)
        case .damaged: break
        }
        return .removed(record: record)
    }

    /// Live sessions in creation order.
    func list(now: Double) -> [SessionSlot] {
        let (live, expired) = table.withLock { table in
            let expired = sweep(&table, now: now)
            let visible = table.slots.values.filter { $0.record.withLock { $0.visible } }
            return (table.inCreationOrder(visible), expired)
        }
        journalExpiry(expired)
        return live
    }

    var count: Int { table.withLock { $0.count } }

    /// Removes expired sessions from the table and returns them (journalled by the caller, unlocked).
    func sweep(_ table: inout Table, now: Double) -> [SessionSlot] {
        table.createsSinceSweep = 0
        let ttl = limits.sessionIdleTTL
        return table.slots.removeAll { slot in slot.record.withLock { !(now - $0.lastAccess <= ttl) } }
    }

    /// Writes the deletion of sessions already removed for being idle. Nobody waits for these
    /// records: a create that swept them is acknowledged after its own record, which is durable
    /// only after them; a lost expiry brings back a session that then expires again.
    func journalExpiry(_ expired: [SessionSlot]) {
        for slot in expired {
            release(slot)
            _ = try? write(.delete(id: slot.id))
        }
    }

    /// A removed session's events no longer count against the total.
    func release(_ slot: SessionSlot) {
        totalEvents.subtract(slot.record.withLock { $0.session.events.count }, ordering: .relaxed)
    }
}

/// What `SessionStore.apply` came to under the session's lock; `count` inputs were counted
/// against the store's total, and are given back unless applied.
private enum ApplyOutcome<Failure: Error> {
    case applied(SessionStore.Applied, count: Int)
    case refused(SessionError, count: Int)
    case failed(Failure)
    case unavailable(SessionStore.StoreError, count: Int)
}

extension String {
    /// The same text in storage of exactly its size (a string made by appending or interpolation
    /// often has room to spare); a small string is inline already.
    var exactlySized: String {
        let count = utf8.count
        guard count > 15 else { return self }
        return String(unsafeUninitializedCapacity: count) { buffer in
            buffer.initialize(fromContentsOf: utf8)
        }
    }
}
