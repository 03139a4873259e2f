import AnimationCore

/// What a replay found.
public struct RestoreReport: Sendable, Equatable {
    public var records = 0
    public var sessions = 0
    public var events = 0
    /// Records that could not be read or did not fit (a gap in a session's events, an unknown id).
    public var skipped: [String] = []
}

/// Why a journalled batch did not replay.
struct Replay: Error {
    var reason: String
    init(_ reason: String) { self.reason = reason }
}

extension SessionStore {
    /// Replays journal records in order, without journalling them again. Each batch applies
    /// exactly once: a record whose `base` shows the session already holds it is passed over.
    func restore(_ payloads: some Sequence<[UInt8]>, now: Double) -> RestoreReport {
        var report = RestoreReport()
        let nowEpoch = epoch()
        for payload in payloads {
            report.records += 1
            let record: JournalRecord
            do {
                record = try JournalRecord(parsing: payload)
            } catch {
                report.skipped.append("record \(report.records): unreadable (\(error))")
                continue
            }
            switch record {
            case let .create(id, clock, created, configuration):
                let origin = now - max(nowEpoch - created, 0)
                let inserted = insertRestored(id: id, clock: clock, createdAt: origin, now: now,
                                              session: Session(configuration: configuration, maximumEvents: limits.maxEventsPerSession))
                if inserted { report.sessions += 1 }
            case let .events(id, base, inputs):
                guard let slot = table.withLock({ $0.slots[id] }) else {
                    report.skipped.append("record \(report.records): events for unknown session \(id)")
                    continue
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
                case let .failure(problem): report.skipped.append("record \(report.records): \(problem.reason)")
                }
            case let .delete(id):
                if let removed = table.withLock({ $0.slots.removeValue(forKey: id) }) {
                    release(removed)
                    report.sessions -= 1
                }
            }
        }
        return report
    }

    private func insertRestored(id: String, clock: SessionClock, createdAt: Double, now: Double, session: Session) -> Bool {
        table.withLock { table in
            guard table.slots[id] == nil else { return false }
            table.slots[id] = SessionSlot(id: id, clock: clock, createdAt: createdAt, sequence: table.nextSequence,
                                          session: session, lastAccess: now)
            table.nextSequence += 1
            return true
        }
    }

    /// Records that rebuild every live session as it is now: a create and one events batch each,
    /// in creation order. What compaction writes in place of the history.
    func snapshot(now: Double) -> [[UInt8]] {
        let nowEpoch = epoch()
        var records: [[UInt8]] = []
        for slot in table.withLock({ $0.slots.values.sorted { $0.sequence < $1.sequence } }) {
            let session = slot.record.withLock { $0.session }
            let created = nowEpoch - (now - slot.createdAt)
            records.append(JournalRecord.create(id: slot.id, clock: slot.clock, created: created,
                                                configuration: session.configuration).bytes)
            if !session.events.isEmpty {
                records.append(JournalRecord.events(id: slot.id, base: 0, inputs: session.events).bytes)
            }
        }
        return records
    }
}
