import AnimationCore

/// Scene sessions in the store: kept beside the control sessions (the same ids, limits, expiry,
/// journal and creation order), each a `SceneSlot`.
extension SessionStore {
    /// Adds a scene session under a fresh id, as `create` adds a session: its place taken
    /// invisibly, its definitions, its creation and (from a scenario) its first inputs written,
    /// then made visible. Returns the journal record to wait for.
    func createScene(id: String, clock: SessionClock, document: SceneDocument, timeline: SceneTimeline,
                     now: Double) throws(StoreError) -> (SceneSlot, UInt64?) {
        let events = timeline.inputs.count
        if events > 0 {
            guard totalEvents.add(events, ordering: .relaxed).newValue <= limits.maxTotalEvents else {
                totalEvents.subtract(events, ordering: .relaxed)
                throw .storageFull(limit: limits.maxTotalEvents)
            }
        }
        let (slot, expired) = table.withLock { table -> (SceneSlot?, [SessionSlot]) in
            var expired: [SessionSlot] = []
            if table.count >= limits.maxSessions { expired = sweep(&table, now: now) }
            guard table.count < limits.maxSessions else { return (nil, expired) }
            let slot = SceneSlot(id: id, clock: clock, sequence: table.takeSequence(), createdAt: now, document: document,
                                 timeline: timeline, lastAccess: now, visible: false)
            table.scenes[id] = slot
            return (slot, expired)
        }
        journalExpiry(expired)
        guard let slot else {
            totalEvents.subtract(events, ordering: .relaxed)
            throw .full(retryAfter: 30)
        }
        var record: UInt64?
        var created = false
        do throws(StoreError) {
            for case let version? in document.versions { try define(version) }
            record = try write(.scene(id: id, clock: clock, created: time.epoch(), document: document.stored))
            created = true
            if events > 0 {
                record = try write(Self.sceneEvents(id: id, base: 0, timeline.inputs[...], scene: document.scene), key: id)
            }
        } catch {
            if created { _ = try? write(.delete(id: id)) }
            _ = table.withLock { $0.scenes.removeValue(forKey: id) }
            totalEvents.subtract(events, ordering: .relaxed)
            throw error
        }
        slot.record.withLock { $0.visible = true }
        return (slot, record)
    }

    /// The events record of a scene's inputs, each with its touch or view.
    static func sceneEvents(id: String, base: Int, _ inputs: ArraySlice<(t: Double, input: SceneInput)>, scene: Scene) -> [UInt8] {
        JournalRecord.events(id: id, base: base, count: inputs.count) { w in
            for (t, input) in inputs { SceneEventCodec.encode(t, input, scene: scene, into: &w) }
        }
    }

    /// The live scene with this id, its access time refreshed; nil when unknown or expired.
    func scene(_ id: String, now: Double) -> SceneSlot? {
        guard let slot = table.withLock({ $0.scenes[id] }) else { return nil }
        let alive = slot.record.withLock { record -> Bool? in
            guard record.visible else { return nil }
            guard now - record.lastAccess <= limits.sessionIdleTTL else { return false }
            record.lastAccess = now
            return true
        }
        if alive == false {
            let removed = table.withLock { table -> Bool in
                guard table.scenes[id] === slot else { return false }
                table.scenes[id] = nil
                return true
            }
            if removed { journalExpiry(scenes: [slot]) }
        }
        return alive == true ? slot : nil
    }

    /// Whether this very scene is still in the store and not idle past the TTL; no access is recorded.
    func isLive(_ slot: SceneSlot, now: Double) -> Bool {
        guard table.withLock({ $0.scenes[slot.id] === slot }) else { return false }
        return slot.record.withLock { now - $0.lastAccess <= limits.sessionIdleTTL }
    }

    /// What a scene's applied batch left, read under the scene's lock (as `Applied` is for a
    /// session): the answer's time and states, not the timeline, which a copy out of the lock
    /// would retain and release field by field on every POST.
    struct SceneApplied: Sendable {
        /// The scene's time after the batch (`SceneSlot.time`).
        var time: Double
        /// The views' semantic state at `time`: every view's with a control, or with `changedOnly`
        /// those the batch changed.
        var state: [SceneFrame.ViewProperties]
        var emitted: [SceneEmission]
        var record: UInt64?
        /// The timeline after the batch, only when asked for (an answer carrying the frames that follow).
        var timeline: SceneTimeline?
    }

    /// Applies the inputs `make` builds from the scene's latest input time, all or nothing and
    /// journalled before they are visible, `make` run under the scene's lock (as `apply` does
    /// for a session: untimed inputs are stamped in the critical section that applies them).
    /// The answer's state is read at the scene's time as of `now`; `keepingTimeline` copies the
    /// timeline out too.
    func applyScene<Failure: Error>(to slot: SceneSlot, now: Double, changedOnly: Bool, keepingTimeline: Bool,
                                    storeFailure: (StoreError) -> Failure,
                                    _ make: (_ latest: Double) throws(Failure) -> [(t: Double, input: SceneInput)])
        throws(Failure) -> Result<SceneApplied, SceneTimeline.BatchError> {
        var counted = 0
        let outcome: SceneApplyOutcome<Failure> = slot.record.withLock { record in
            let inputs: [(t: Double, input: SceneInput)]
            do throws(Failure) {
                inputs = try make(record.timeline.time)
            } catch {
                return .failed(error)
            }
            counted = inputs.count
            guard totalEvents.add(inputs.count, ordering: .relaxed).newValue <= limits.maxTotalEvents else {
                return .unavailable(.storageFull(limit: limits.maxTotalEvents))
            }
            // Applied in place, taken back (replayed from the checkpoint before) if the journal refuses it.
            let base = record.timeline.inputs.count
            let changes: SceneState.Changes
            do throws(SceneTimeline.BatchError) {
                changes = try record.timeline.apply(inputs)
            } catch {
                return .refused(error)
            }
            let sequence: UInt64?
            do throws(StoreError) {
                sequence = try write(Self.sceneEvents(id: slot.id, base: base, inputs[...], scene: slot.document.scene), key: slot.id)
            } catch {
                record.timeline.revert(changes)
                return .unavailable(error)
            }
            let time = slot.time(lastEvent: record.timeline.time, now: now)
            return .applied(SceneApplied(time: time, state: record.timeline.properties(at: time, of: changedOnly ? changes.views : nil),
                                         emitted: changes.emitted, record: sequence, timeline: keepingTimeline ? record.timeline : nil))
        }
        switch outcome {
        case let .applied(applied): return .success(applied)
        case let .refused(error):
            totalEvents.subtract(counted, ordering: .relaxed)
            return .failure(error)
        case let .failed(failure): throw failure
        case let .unavailable(error):
            totalEvents.subtract(counted, ordering: .relaxed)
            throw storeFailure(error)
        }
    }

    /// A scene's records as it is now: its creation and (when it has inputs) one events batch.
    func records(of slot: SceneSlot, now: Double, nowEpoch: Double) -> [[UInt8]] {
        let timeline = slot.record.withLock { $0.timeline }
        var records = [JournalRecord.scene(id: slot.id, clock: slot.clock, created: nowEpoch - (now - slot.createdAt),
                                           document: slot.document.stored).bytes]
        if !timeline.inputs.isEmpty {
            records.append(Self.sceneEvents(id: slot.id, base: 0, timeline.inputs[...], scene: slot.document.scene))
        }
        return records
    }

    /// Writes the deletion of scenes already removed for being idle (as `journalExpiry` does sessions').
    func journalExpiry(scenes: [SceneSlot]) {
        for slot in scenes {
            release(slot)
            _ = try? write(.delete(id: slot.id))
        }
    }

    /// A removed scene's inputs no longer count against the total.
    func release(_ slot: SceneSlot) {
        totalEvents.subtract(slot.record.withLock { $0.timeline.inputs.count }, ordering: .relaxed)
    }

    /// A session or a scene, as the listing shows them.
    enum Listed {
        case session(SessionSlot)
        case scene(SceneSlot)
    }

    /// Live sessions and scenes together, in creation order.
    func listing(now: Double) -> [Listed] {
        let sessions = list(now: now)
        let (scenes, expired, next) = table.withLock { table in
            let expired = sweepScenes(&table, now: now)
            return (table.scenes.values.filter { $0.record.withLock { $0.visible } }, expired, table.nextSequence)
        }
        journalExpiry(scenes: expired)
        func age(_ item: Listed) -> UInt32 {
            switch item {
            case let .session(slot): next &- slot.sequence
            case let .scene(slot): next &- slot.sequence
            }
        }
        return (sessions.map(Listed.session) + scenes.map(Listed.scene)).sorted { age($0) > age($1) }
    }

    /// Removes idle scenes from the table and returns them (journalled by the caller, unlocked).
    func sweepScenes(_ table: inout Table, now: Double) -> [SceneSlot] {
        let ttl = limits.sessionIdleTTL
        let expired = table.scenes.values.filter { slot in slot.record.withLock { !(now - $0.lastAccess <= ttl) } }
        for slot in expired { table.scenes[slot.id] = nil }
        return expired
    }
}

/// A scene decoded once and shared by every session made of the same document: the scene, its
/// definitions and control instances are immutable, and the timeline before any input is a
/// value whose arrays and control states a session copies only where its inputs change them.
struct SharedScene: Sendable {
    let document: SceneDocument
    let timeline: SceneTimeline
}

/// What `SessionStore.applyScene` came to under the scene's lock.
private enum SceneApplyOutcome<Failure: Error> {
    case applied(SessionStore.SceneApplied)
    case refused(SceneTimeline.BatchError)
    case failed(Failure)
    case unavailable(SessionStore.StoreError)
}
