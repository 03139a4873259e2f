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
    /// unknown session, a session of a definition the journal does not hold); each holds its
    /// session (or control name) apart as damaged.
    public var unusable: [String] = []
    /// Sessions held apart as damaged after the replay.
    public var damagedSessions = 0
    /// Intact records of damaged sessions, kept but not applied.
    public var notApplied = 0
    /// User-defined controls registered after the replay, and names held apart as damaged.
    public var controls = 0
    public var damagedControls = 0

    public init(records: Int = 0, sessions: Int = 0, events: Int = 0, damage: [JournalDamage] = [],
                unusable: [String] = [], damagedSessions: Int = 0, notApplied: Int = 0, controls: Int = 0,
                damagedControls: Int = 0) {
        self.records = records
        self.sessions = sessions
        self.events = events
        self.damage = damage
        self.unusable = unusable
        self.damagedSessions = damagedSessions
        self.notApplied = notApplied
        self.controls = controls
        self.damagedControls = damagedControls
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
    ///
    /// Definitions and control names are keyed apart from sessions (`JournalRecord.key`). A
    /// damaged record of one of this server's built-in definitions costs nothing (the server has
    /// it); of any other definition, it costs the sessions made with it (their creates then name
    /// a definition the journal does not hold); a damaged registration holds its name apart
    /// until a later intact registration or removal of it says what it is.
    func restore(_ items: some Sequence<JournalReplayItem>, now: Double) -> RestoreReport {
        var report = RestoreReport()
        var replay = ReplayState(now: now, nowEpoch: time.epoch())
        // The server's own built-ins need no record: a session made with one (by digest) replays
        // even when the journal's copy of the definition is damaged.
        // Journals written before digests were canonical name them by the digest of their JSON
        // as written: those digests find them too.
        for control in registry.all where control.builtIn {
            replay.versions[control.version.digest] = control.version
            replay.versions[control.version.compactDigest] = control.version
        }
        for item in items {
            switch item {
            case let .damage(damage):
                report.damage.append(damage)
                let span = SessionDamage.Span(file: damage.file, offset: damage.offset, length: damage.length, detail: damage.detail)
                var suspects = damage.sessions
                if !damage.attributed {
                    // What the span held cannot be named: any session alive here may have lost a
                    // record, and so may any registered name.
                    suspects += table.withLock { table in table.inCreationOrder(table.slots.values).map(\.id) + table.scenes.keys.sorted() }
                    suspects += registry.all.filter { !$0.builtIn }.map { JournalRecord.controlKey($0.name) }
                }
                for key in suspects where !key.isEmpty { markDamaged(key: key, span, &replay) }
            case let .entry(entry, position):
                report.records += 1
                self.replay(entry, at: position, &replay, into: &report)
            }
        }
        let kept = replay.versions.filter { replay.retainedDigests.contains($0.key) }
        table.withLock { $0.damagedDefinitions.merge(kept) { held, _ in held } }
        report.sessions = count
        report.damagedSessions = damagedCount
        report.controls = registry.userDefinedCount
        report.damagedControls = registry.damagedNames.count
        return report
    }

    /// What a replay carries from record to record.
    struct ReplayState {
        var now: Double
        var nowEpoch: Double
        /// Definition versions by digest, as the journal defines them.
        var versions: [String: DefinitionVersion] = [:]
        /// Why a digest is missing, when its record was damaged or did not load.
        var missing: [String: String] = [:]
        /// Digests that kept records of damaged sessions name.
        var retainedDigests: Set<String> = []
    }

    /// Damage to the records under `key`: a session's, a control name's, or a definition's.
    private func markDamaged(key: String, _ span: SessionDamage.Span, _ replay: inout ReplayState) {
        switch JournalRecord.Key(key) {
        case let .session(id): markDamaged(id, span, now: replay.now, nowEpoch: replay.nowEpoch)
        case let .control(name): registry.markDamaged(name, span)
        case let .definition(digest):
            replay.missing[digest] = "its record was damaged at \(span.file) offset \(span.offset)"
        }
    }

    private func replay(_ entry: JournalEntry, at position: JournalPosition, _ replay: inout ReplayState,
                        into report: inout RestoreReport) {
        let now = replay.now, nowEpoch = replay.nowEpoch
        func unusable(_ key: String, _ reason: String) {
            report.unusable.append("\(position.file) offset \(position.offset): \(reason)")
            let span = SessionDamage.Span(file: position.file, offset: position.offset, length: position.length, detail: reason)
            if key.isEmpty {
                // Nothing names the session: as with damage that cannot be attributed.
                for slot in table.withLock({ Array($0.slots.values) }) { markDamaged(slot.id, span, now: now, nowEpoch: nowEpoch) }
            } else {
                markDamaged(key: key, span, &replay)
            }
        }
        if entry.kind == .damageNote {
            do {
                for span in try SessionDamage(note: entry.payload).spans { markDamaged(key: entry.session, span, &replay) }
            } catch {
                unusable(entry.session, "unreadable damage note (\(error))")
            }
            return
        }
        // A definition the replay already holds (a built-in's, or one defined again): its record is
        // not parsed again.
        if case let .definition(digest) = JournalRecord.Key(entry.session), replay.versions[digest] != nil,
           JournalRecord.isDefine(entry.payload, of: digest) {
            journalled.withLock { _ = $0.insert(digest) }
            return
        }
        let record: JournalRecord
        do {
            record = try JournalRecord(parsing: entry.payload)
        } catch {
            return unusable(entry.session, "unreadable record (\(error))")
        }
        let key = record.key
        guard entry.session.isEmpty || entry.session == key else {
            let reason = "a record of \(JournalRecord.Key(key)) framed as \(JournalRecord.Key(entry.session))"
            unusable(entry.session, reason)
            return unusable(key, reason)
        }
        if case let .session(id) = JournalRecord.Key(key) {
            let deleting = if case .delete = record { true } else { false }
            if retainIfDamaged(id, entry.payload, deleting: deleting) {
                if case let .create(_, _, _, _, digest?, _) = record { replay.retainedDigests.insert(digest) }
                report.notApplied += 1
                return
            }
        }
        switch record {
        case let .define(digest, document):
            if replay.versions[digest] != nil {
                journalled.withLock { _ = $0.insert(digest) }
                return
            }
            let version: DefinitionVersion
            do {
                version = DefinitionVersion(document: document, definition: try ControlDefinition(document))
            } catch {
                replay.missing[digest] = "it does not load: \(error.message)"
                return unusable(key, "definition \(digest) does not load (\(error.path.pointer): \(error.message))")
            }
            guard version.isNamed(by: digest) else {
                replay.missing[digest] = "its record holds another definition"
                return unusable(key, "the definition recorded as \(digest) has the digest \(version.digest)")
            }
            // A record from before canonical digests names the version by its old digest: the
            // creates and registrations after it do too. Both find one version.
            let known = replay.versions[version.digest] ?? version
            replay.versions[digest] = known
            replay.versions[version.digest] = known
            replay.missing[digest] = nil
            journalled.withLock { _ = $0.insert(digest) }
        case let .register(name, digest):
            guard registry.named(name)?.builtIn != true else { return unusable(key, "a registration of the built-in \(name)") }
            guard let version = replay.versions[digest] else {
                return unusable(key, "\(name) is registered with definition \(digest), which the journal does not hold"
                                    + (replay.missing[digest].map { " (\($0))" } ?? ""))
            }
            do {
                registry.put(try RegisteredControl(name: name, builtIn: false, version: version))
            } catch {
                unusable(key, "\(name)'s definition has no default configuration (\(error.message))")
            }
        case let .unregister(name):
            registry.remove(name)
        case let .create(id, clock, created, control, digest, config):
            // Journals written before definitions carry no digest: the built-in of that name.
            let version: DefinitionVersion
            if let digest {
                guard let known = replay.versions[digest] else {
                    replay.retainedDigests.insert(digest)
                    return unusable(id, "session \(id) was made with definition \(digest), which the journal does not hold"
                                        + (replay.missing[digest].map { " (\($0))" } ?? ""))
                }
                version = known
            } else {
                guard let builtIn = registry.named(control), builtIn.builtIn else {
                    return unusable(id, "session \(id) names no definition and '\(control)' is not a built-in control")
                }
                version = builtIn.version
            }
            let instance: ControlInstance
            do {
                let named = registry.named(control)
                if let named, named.version === version {
                    instance = try named.instance(configuration: config)
                } else {
                    instance = try ControlInstance(version.definition, name: control, configuration: config)
                }
            } catch {
                return unusable(id, "session \(id)'s configuration is refused: \(error.message)")
            }
            let origin = now - max(nowEpoch - created, 0)
            insertRestored(id: id, clock: clock, version: version, createdAt: origin, now: now,
                           session: Session(configuration: instance, maximumEvents: limits.maxEventsPerSession))
        case let .scene(id, clock, created, document):
            let versions = replay.versions
            do throws(DocumentError) {
                let scene = try SceneDocument(document, at: TreePath("scene")) { view throws(DocumentError) in
                    try Self.resolveJournalled(&view, versions: versions)
                }
                insertRestored(id: id, clock: clock, createdAt: now - max(nowEpoch - created, 0), now: now, document: scene)
            } catch {
                return unusable(id, "scene \(id) does not load: \(error.field ?? ""): \(error.message)")
            }
        case let .events(id, base, items) where table.withLock({ $0.scenes[id] != nil }):
            switch replaySceneEvents(id, base: base, items) {
            case let .success(applied):
                report.events += applied
                totalEvents.add(applied, ordering: .relaxed)
            case let .failure(problem):
                unusable(id, problem.reason)
                if retainIfDamaged(id, entry.payload, deleting: false) { report.notApplied += 1 }
            }
        case let .events(id, base, items):
            guard let slot = table.withLock({ $0.slots[id] }) else {
                unusable(id, "events for unknown session \(id)")
                if retainIfDamaged(id, entry.payload, deleting: false) { report.notApplied += 1 }
                return
            }
            let outcome: Result<Int, Replay> = slot.record.withLock { record in
                let count = record.session.events.count
                if base + items.count <= count { return .success(0) }     // already held (a snapshot)
                guard base == count else { return .failure(Replay("events for \(id) start at \(base), the session has \(count)")) }
                var inputs: [TimedInput] = []
                do throws(DocumentError) {
                    let context = EventCodec.Context(definition: slot.version.definition, control: "")
                    for (index, item) in items.enumerated() {
                        // Every journalled input has its own t, so `now` is never used.
                        inputs += try EventCodec.decode(item, at: TreePath([.key("events"), .index(index)]), context: context, now: 0)
                    }
                } catch {
                    return .failure(Replay("events for \(id) unreadable: \(error.field ?? ""): \(error.message)"))
                }
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
            case let .failure(problem):
                unusable(id, problem.reason)
                if retainIfDamaged(id, entry.payload, deleting: false) { report.notApplied += 1 }
            }
        case let .delete(id):
            if let removed = table.withLock({ $0.slots.removeValue(forKey: id) }) { release(removed) }
            if let removed = table.withLock({ $0.scenes.removeValue(forKey: id) }) { release(removed) }
        }
    }

    /// A journalled view's control: the definition its `digest` names, configured by its `config`.
    private static func resolveJournalled(_ view: inout ObjectReader, versions: [String: DefinitionVersion])
        throws(DocumentError) -> (ControlInstance, DefinitionVersion)? {
        guard let name = try view.string("control") else { return nil }
        guard let digest = try view.string("digest") else { throw view.error("digest", "is required") }
        guard let version = versions[digest] else {
            throw view.error("digest", "definition \(digest) is not in the journal")
        }
        do {
            return (try ControlInstance(version.definition, name: name, configuration: view.raw("config")), version)
        } catch {
            var named = error
            named.path = view.field("config")
            throw named
        }
    }

    private func insertRestored(id: String, clock: SessionClock, createdAt: Double, now: Double, document: SceneDocument) {
        table.withLock { table in
            guard table.slots[id] == nil, table.scenes[id] == nil else { return }
            table.scenes[id] = SceneSlot(id: id, clock: clock, sequence: table.takeSequence(), createdAt: createdAt, document: document,
                                         timeline: SceneTimeline(scene: document.scene, maximumEvents: limits.maxEventsPerSession),
                                         lastAccess: now)
        }
    }

    /// Applies a journalled batch of a scene's inputs once (`base` as for a session's).
    private func replaySceneEvents(_ id: String, base: Int, _ items: [JSON]) -> Result<Int, Replay> {
        guard let slot = table.withLock({ $0.scenes[id] }) else { return .failure(Replay("events for unknown scene \(id)")) }
        return slot.record.withLock { record in
            let count = record.timeline.inputs.count
            if base + items.count <= count { return .success(0) }
            guard base == count else { return .failure(Replay("events for \(id) start at \(base), the scene has \(count)")) }
            let decoded: SceneEventCodec.Decoded
            do throws(DocumentError) {
                decoded = try SceneEventCodec.decodeList(items, at: TreePath([.key("events")]), scene: slot.document.scene)
            } catch {
                return .failure(Replay("events for \(id) unreadable: \(error.field ?? ""): \(error.message)"))
            }
            do {
                try record.timeline.apply(decoded.inputs)
                return .success(decoded.targets.count)
            } catch {
                return .failure(Replay("events for \(id) refused on replay: \(error)"))
            }
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
        var retained = removed.map { records(of: $0, now: now, nowEpoch: nowEpoch) } ?? []
        if let removed { release(removed) }
        if let scene = table.withLock({ $0.scenes.removeValue(forKey: id) }) {
            retained = records(of: scene, now: now, nowEpoch: nowEpoch)
            release(scene)
        }
        table.withLock { table in
            table.damaged[id, default: SessionDamage(spans: [])].spans.append(span)
            table.damaged[id]?.retained += retained
            if let removed { table.damagedDefinitions[removed.version.digest] = removed.version }
        }
    }

    private func insertRestored(id: String, clock: SessionClock, version: DefinitionVersion, createdAt: Double, now: Double,
                                session: Session) {
        table.withLock { table in
            guard table.slots[id] == nil else { return }
            let slot = SessionSlot(id: id, clock: clock, version: version, createdAt: createdAt, sequence: table.takeSequence(),
                                   session: session, lastAccess: now)
            table.slots.insert(slot)
        }
    }

    /// A create and (when it has events) one events batch: the session as it is now.
    private func records(of slot: SessionSlot, now: Double, nowEpoch: Double) -> [[UInt8]] {
        let session = slot.record.withLock { $0.session }
        let created = nowEpoch - (now - slot.createdAt)
        var records = [JournalRecord.create(id: slot.id, clock: slot.clock, created: created, control: session.kind,
                                            digest: slot.version.digest, config: session.configuration.echo).bytes]
        if !session.events.isEmpty {
            records.append(JournalRecord.events(id: slot.id, base: 0, inputs: session.events, definition: slot.version.definition))
        }
        return records
    }

    /// Entries that rebuild everything as it is now: the definitions in use (by a session, a
    /// registered name, or a damaged session's kept records), the registered names, each live
    /// session's create and events in creation order, each damaged name's note, then each
    /// damaged session's note and kept records. What compaction writes in place of the history.
    /// Taken under the lock that control changes hold, so none is half in it. Handed to `emit`
    /// one at a time, so that a compaction writes them as they come instead of holding them all.
    func snapshot<E: Error>(now: Double, into emit: (JournalEntry) throws(E) -> Void) throws(E) {
        try journalled.withLock { (digests: inout Set<String>) throws(E) in
            let nowEpoch = time.epoch()
            let (live, damaged, kept, scenes) = table.withLock { table in
                (table.inCreationOrder(table.slots.values), table.damaged.sorted { $0.key < $1.key },
                 table.damagedDefinitions, table.scenes.values.sorted { table.nextSequence &- $0.sequence > table.nextSequence &- $1.sequence })
            }
            let registered = registry.all.filter { !$0.builtIn }
            // Definitions the kept records of damaged sessions name (kept verbatim, so read back here).
            var keptVersions: [DefinitionVersion] = []
            for (_, damage) in damaged {
                for payload in damage.retained {
                    if case let .create(_, _, _, _, digest?, _) = try? JournalRecord(parsing: payload), let version = kept[digest] {
                        keptVersions.append(version)
                    }
                }
            }
            var defined: Set<String> = []
            let sceneVersions = scenes.flatMap { $0.document.versions.compactMap { $0 } }
            for version in registered.map(\.version) + live.map(\.version) + sceneVersions + keptVersions
            where !defined.contains(version.digest) {
                defined.insert(version.digest)
                try emit(JournalEntry(session: JournalRecord.definitionKey(version.digest), payload: JournalRecord.define(version)))
            }
            for control in registered {
                let record = JournalRecord.register(name: control.name, digest: control.version.digest)
                try emit(JournalEntry(session: record.key, payload: record.bytes))
            }
            for slot in live {
                for record in records(of: slot, now: now, nowEpoch: nowEpoch) { try emit(JournalEntry(session: slot.id, payload: record)) }
            }
            for slot in scenes {
                for record in records(of: slot, now: now, nowEpoch: nowEpoch) { try emit(JournalEntry(session: slot.id, payload: record)) }
            }
            for (name, damage) in registry.damagedNames {
                try emit(JournalEntry(kind: .damageNote, session: JournalRecord.controlKey(name), payload: damage.note))
            }
            for (id, damage) in damaged {
                try emit(JournalEntry(kind: .damageNote, session: id, payload: damage.note))
                for record in damage.retained { try emit(JournalEntry(session: id, payload: record)) }
            }
            digests = defined
            let stillKept = Set(keptVersions.map(\.digest))
            table.withLock { table in table.damagedDefinitions = table.damagedDefinitions.filter { stillKept.contains($0.key) } }
        }
    }

    /// The same entries, all at once.
    func snapshot(now: Double) -> [JournalEntry] {
        var entries: [JournalEntry] = []
        snapshot(now: now) { entries.append($0) }
        return entries
    }
}
