import AnimationCore

/// What a replay found.
public struct RestoreReport: Sendable, Equatable {
    /// Intact entries read.
    public var records = 0
    /// Live sessions after the replay.
    public var sessions = 0
    public var events = 0
    /// The damage the journal found in its files, as it found it.
    public var damage: [JournalDamage] = []
    /// Intact records that did not fit (unreadable, a gap in a session's events, events for an
    /// unknown session); each holds its session apart as damaged.
    public var unusable: [String] = []
    /// Sessions held apart as damaged after the replay.
    public var damagedSessions = 0
    /// Intact records of damaged sessions, kept but not applied.
    public var notApplied = 0

    public init(records: Int = 0, sessions: Int = 0, events: Int = 0, damage: [JournalDamage] = [],
                unusable: [String] = [], damagedSessions: Int = 0, notApplied: Int = 0) {
        self.records = records
        self.sessions = sessions
        self.events = events
        self.damage = damage
        self.unusable = unusable
        self.damagedSessions = damagedSessions
        self.notApplied = notApplied
    }
}

/// Why a journalled batch did not replay.
struct Replay: Error {
    var reason: String
    init(_ reason: String) { self.reason = reason }
}

extension SessionStore {
    /// Replays a journal in order, without journalling anything again. Each batch applies
    /// exactly once: a record whose `base` shows the session already holds it is passed over.
    /// Damage, and any intact record that does not fit, holds its session apart as damaged
    /// (with what it had so far kept as records); every other session replays as if nothing happened.
    func restore(_ items: some Sequence<JournalReplayItem>, now: Double) -> RestoreReport {
        var report = RestoreReport()
        let nowEpoch = epoch()
        for item in items {
            switch item {
            case let .damage(damage):
                report.damage.append(damage)
                let span = SessionDamage.Span(file: damage.file, offset: damage.offset, length: damage.length, detail: damage.detail)
                var suspects = damage.sessions
                if !damage.attributed {
                    // What the span held cannot be named: any session alive here may have lost a record.
                    suspects += table.withLock { table in table.slots.values.sorted { $0.sequence < $1.sequence }.map(\.id) }
                }
                for id in suspects where !id.isEmpty { markDamaged(id, span, now: now, nowEpoch: nowEpoch) }
            case let .entry(entry, position):
                report.records += 1
                replay(entry, at: position, now: now, nowEpoch: nowEpoch, into: &report)
            }
        }
        report.sessions = count
        report.damagedSessions = damagedCount
        return report
    }

    private func replay(_ entry: JournalEntry, at position: JournalPosition, now: Double, nowEpoch: Double,
                        into report: inout RestoreReport) {
        func unusable(_ id: String, _ reason: String) {
            report.unusable.append("\(position.file) offset \(position.offset): \(reason)")
            let span = SessionDamage.Span(file: position.file, offset: position.offset, length: position.length, detail: reason)
            if id.isEmpty {
                // Nothing names the session: as with damage that cannot be attributed.
                for slot in table.withLock({ Array($0.slots.values) }) { markDamaged(slot.id, span, now: now, nowEpoch: nowEpoch) }
            } else {
                markDamaged(id, span, now: now, nowEpoch: nowEpoch)
            }
        }
        if entry.kind == .damageNote {
            do {
                for span in try SessionDamage(note: entry.payload).spans { markDamaged(entry.session, span, now: now, nowEpoch: nowEpoch) }
            } catch {
                unusable(entry.session, "unreadable damage note (\(error))")
            }
            return
        }
        let record: JournalRecord
        do {
            record = try JournalRecord(parsing: entry.payload)
        } catch {
            return unusable(entry.session, "unreadable record (\(error))")
        }
        let id: String
        switch record {
        case let .create(created, _, _, _): id = created
        case let .events(owner, _, _): id = owner
        case let .delete(deleted): id = deleted
        }
        guard entry.session.isEmpty || entry.session == id else {
            unusable(entry.session, "a record of session \(id) framed as session \(entry.session)")
            return unusable(id, "a record of session \(id) framed as session \(entry.session)")
        }
        if retainIfDamaged(id, entry.payload, deleting: { if case .delete = record { true } else { false } }()) {
            report.notApplied += 1
            return
        }
        switch record {
        case let .create(id, clock, created, configuration):
            let origin = now - max(nowEpoch - created, 0)
            insertRestored(id: id, clock: clock, createdAt: origin, now: now,
                           session: Session(configuration: configuration, maximumEvents: limits.maxEventsPerSession))
        case let .events(id, base, inputs):
            guard let slot = table.withLock({ $0.slots[id] }) else {
                unusable(id, "events for unknown session \(id)")
                if retainIfDamaged(id, entry.payload, deleting: false) { report.notApplied += 1 }
                return
            }
            let outcome: Result<Int, Replay> = slot.record.withLock { record in
                let count = record.session.events.count
                if base + inputs.count <= count { return .success(0) }     // already held (a snapshot)
                guard base == count else { return .failure(Replay("events for \(id) start at \(base), the session has \(count)")) }
                do {
                    try record.session.apply(inputs)
                    return .success(inputs.count)
                } catch {
                    return .failure(Replay("events for \(id) refused on replay: \(error)"))
                }
            }
            switch outcome {
            case let .success(applied):
                report.events += applied
                totalEvents.add(applied, ordering: .relaxed)
            case let .failure(problem):
                unusable(id, problem.reason)
                if retainIfDamaged(id, entry.payload, deleting: false) { report.notApplied += 1 }
            }
        case let .delete(id):
            if let removed = table.withLock({ $0.slots.removeValue(forKey: id) }) { release(removed) }
        }
    }

    /// When the session is held apart as damaged: keeps the record (or, for its delete, lets the
    /// session go, as the client discarded it) and says so.
    private func retainIfDamaged(_ id: String, _ payload: [UInt8], deleting: Bool) -> Bool {
        table.withLock { table in
            guard table.damaged[id] != nil else { return false }
            if deleting {
                table.damaged.removeValue(forKey: id)
            } else {
                table.damaged[id]?.retained.append(payload)
            }
            return true
        }
    }

    /// Holds a session apart as damaged: a live one leaves the table, what it held kept as records.
    private func markDamaged(_ id: String, _ span: SessionDamage.Span, now: Double, nowEpoch: Double) {
        let removed = table.withLock { $0.slots.removeValue(forKey: id) }
        let retained = removed.map { records(of: $0, now: now, nowEpoch: nowEpoch) } ?? []
        if let removed { release(removed) }
        table.withLock { table in
            table.damaged[id, default: SessionDamage(spans: [])].spans.append(span)
            table.damaged[id]?.retained += retained
        }
    }

    private func insertRestored(id: String, clock: SessionClock, createdAt: Double, now: Double, session: Session) {
        table.withLock { table in
            guard table.slots[id] == nil else { return }
            table.slots[id] = SessionSlot(id: id, clock: clock, createdAt: createdAt, sequence: table.nextSequence,
                                          session: session, lastAccess: now)
            table.nextSequence += 1
        }
    }

    /// A create and (when it has events) one events batch: the session as it is now.
    private func records(of slot: SessionSlot, now: Double, nowEpoch: Double) -> [[UInt8]] {
        let session = slot.record.withLock { $0.session }
        let created = nowEpoch - (now - slot.createdAt)
        var records = [JournalRecord.create(id: slot.id, clock: slot.clock, created: created,
                                            configuration: session.configuration).bytes]
        if !session.events.isEmpty {
            records.append(JournalRecord.events(id: slot.id, base: 0, inputs: session.events).bytes)
        }
        return records
    }

    /// Entries that rebuild every session as it is now: each live session's create and events
    /// in creation order, then each damaged session's note and kept records. What compaction
    /// writes in place of the history.
    func snapshot(now: Double) -> [JournalEntry] {
        let nowEpoch = epoch()
        let (live, damaged) = table.withLock { table in
            (table.slots.values.sorted { $0.sequence < $1.sequence }, table.damaged.sorted { $0.key < $1.key })
        }
        var entries: [JournalEntry] = []
        for slot in live {
            entries += records(of: slot, now: now, nowEpoch: nowEpoch).map { JournalEntry(session: slot.id, payload: $0) }
        }
        for (id, damage) in damaged {
            entries.append(JournalEntry(kind: .damageNote, session: id, payload: damage.note))
            entries += damage.retained.map { JournalEntry(session: id, payload: $0) }
        }
        return entries
    }
}
