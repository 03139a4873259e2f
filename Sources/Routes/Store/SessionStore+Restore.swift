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
        /// Definition versions by digest, as the journal defines them.
        var versions: [String: DefinitionVersion] = [:]
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
            case let .define(digest, document):
                guard versions[digest] == nil else { continue }
                do {
                    let version = DefinitionVersion(document: document, definition: try ControlDefinition(document))
                    guard version.digest == digest else {
                        report.skipped.append("record \(report.records): definition \(digest) has digest \(version.digest)")
                        continue
                    }
                    versions[digest] = version
                    journalled.withLock { _ = $0.insert(digest) }
                } catch {
                    report.skipped.append("record \(report.records): definition \(digest) does not load: \(error)")
                }
            case let .register(name, digest):
                guard let version = versions[digest], registry.named(name)?.builtIn != true,
                      let control = try? RegisteredControl(name: name, builtIn: false, version: version) else {
                    report.skipped.append("record \(report.records): registration of \(name) with unknown definition \(digest)")
                    continue
                }
                registry.put(control)
            case let .unregister(name):
                registry.remove(name)
            case let .create(id, clock, created, control, digest, config):
                // Journals written before definitions name a built-in and carry no digest.
                let version = digest.flatMap { versions[$0] } ?? (digest == nil ? registry.named(control)?.version : nil)
                guard let version else {
                    report.skipped.append("record \(report.records): session \(id) of an unknown definition \(digest ?? control)")
                    continue
                }
                let instance: ControlInstance
                do {
                    let named = registry.named(control)
                    if let named, named.version === version {
                        instance = try named.instance(configuration: JSON(config))
                    } else {
                        instance = try ControlInstance(version.definition, name: control, configuration: config)
                    }
                } catch {
                    report.skipped.append("record \(report.records): session \(id)'s configuration is refused: \(error)")
                    continue
                }
                let origin = now - max(nowEpoch - created, 0)
                let inserted = insertRestored(id: id, clock: clock, version: version, createdAt: origin, now: now,
                                              session: Session(configuration: instance, maximumEvents: limits.maxEventsPerSession))
                if inserted { report.sessions += 1 }
            case let .events(id, base, items):
                guard let slot = table.withLock({ $0.slots[id] }) else {
                    report.skipped.append("record \(report.records): events for unknown session \(id)")
                    continue
                }
                var inputs: [TimedInput] = []
                do throws(WireError) {
                    let context = EventCodec.Context(definition: slot.version.definition, control: "")
                    for (index, item) in items.enumerated() {
                        // Every journalled input has its own t, so `now` is never used.
                        inputs += try EventCodec.decode(item, at: TreePath([.key("events"), .index(index)]), context: context, now: 0)
                    }
                } catch {
                    report.skipped.append("record \(report.records): events for \(id) unreadable: \(error.field ?? ""): \(error.detail)")
                    continue
                }
                let outcome: Result<Int, Replay> = slot.record.withLock { record in
                    let count = record.session.events.count
                    if base + inputs.count <= count { return .success(0) }     // already held (a snapshot)
                    guard base == count else { return .failure(Replay("events for \(id) start at \(base), the session has \(count)")) }
                    do {
                        // Accepted once; a journal from before the touch-sequence rule may hold stray touches.
                        try record.session.apply(inputs, checkingTouches: false)
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

    private func insertRestored(id: String, clock: SessionClock, version: DefinitionVersion, createdAt: Double, now: Double,
                                session: Session) -> Bool {
        table.withLock { table in
            guard table.slots[id] == nil else { return false }
            table.slots[id] = SessionSlot(id: id, clock: clock, version: version, createdAt: createdAt, sequence: table.nextSequence,
                                          session: session, lastAccess: now)
            table.nextSequence += 1
            return true
        }
    }

    /// Records that rebuild every live session as it is now: a create and one events batch each,
    /// in creation order. What compaction writes in place of the history.
    /// The definitions in use (by sessions or names) come first, then the registrations.
    func snapshot(now: Double) -> [[UInt8]] {
        journalled.withLock { digests in
            let nowEpoch = epoch()
            let slots = table.withLock { $0.slots.values.sorted { $0.sequence < $1.sequence } }
            let registered = registry.all.filter { !$0.builtIn }
            var defined: [String] = []
            var records: [[UInt8]] = []
            for version in registered.map(\.version) + slots.map(\.version) where !defined.contains(version.digest) {
                defined.append(version.digest)
                records.append(JournalRecord.define(digest: version.digest, document: version.document).bytes)
            }
            for control in registered {
                records.append(JournalRecord.register(name: control.name, digest: control.version.digest).bytes)
            }
            for slot in slots {
                let session = slot.record.withLock { $0.session }
                let created = nowEpoch - (now - slot.createdAt)
                records.append(JournalRecord.create(id: slot.id, clock: slot.clock, created: created, control: session.kind,
                                                    digest: slot.version.digest, config: Self.echo(session.configuration)).bytes)
                if !session.events.isEmpty {
                    records.append(JournalRecord.events(id: slot.id, base: 0, inputs: session.events, definition: slot.version.definition))
                }
            }
            digests = Set(defined)
            return records
        }
    }
}
