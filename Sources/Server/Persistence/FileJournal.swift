import Dispatch
import Foundation
import Glibc
import Routes
import Synchronization

/// The append-only journal on disk: `snapshot-N.log` (every session as of a compaction)
/// followed by `journal-M.log` segments (M ≥ N) of the changes since, each in `JournalFormat`.
///
/// A write frames the record into an in-memory batch and returns at once; the flusher writes the
/// batch to the file with one write(2) and syncs it with one fdatasync (group commit), and the
/// record is durable once that sync covers it (`whenDurable`). A segment is filled with zeros
/// ahead of its records (format version 3), in chunks synced apart from the batches, so that a
/// batch overwrites zeros in place and its fdatasync has only data to write (appending, every
/// sync also had the file's size, and per new block its extent, to make durable). Opening reads every intact
/// record, cuts off only an incomplete last record (a crash mid-write), and keeps anything
/// damaged: the damaged file stays in place and is linked into `quarantine/`, and the damage
/// is reported to the replay. Compaction rotates to a new segment, writes a snapshot beside it
/// atomically (temp file, fsync, rename, directory fsync) and deletes what the snapshot replaces.
///
/// What to write and sync when is decided by `GroupCommit`, a value; this class only drives it:
/// it calls its events under one lock, performs the actions it returns outside the lock (on the
/// flusher's thread, the fill queue, or the thread of the compaction or the close), and reports
/// how each went.
final class FileJournal: SessionJournal, PassObserver, @unchecked Sendable {
    /// Who syncs: a thread of the journal's own, or the caller of `flush()` (tests, step by step).
    enum Flushing: Sendable {
        case thread
        case manual
    }

    /// Writers waiting for their record to be synced, in sequence order.
    private struct Waiter {
        var sequence: UInt64
        var action: @Sendable ((any Error)?) -> Void
    }

    /// How much history has piled up since the last snapshot, and whether a compaction is under way.
    private struct History {
        var bytesSinceSnapshot = 0
        var snapshotBytes = 0
        var compacting = false

        /// Counts `bytes` appended; true when a compaction is due now (and marks it under way).
        mutating func appended(_ bytes: Int, compacts: Bool) -> Bool {
            bytesSinceSnapshot += bytes
            guard compacts, !compacting, bytesSinceSnapshot >= max(FileJournal.minimumCompactionBytes, 2 * snapshotBytes) else { return false }
            compacting = true
            return true
        }
    }

    let directory: String
    let policy: SyncPolicy
    private let fileSystem: any JournalFileSystem
    /// For the gather's bound, sync timings and compaction logs.
    private let clock: any TimeSource
    private let log: LogSink
    private let flushing: Flushing
    /// The files as found when the journal was created, for `replay`.
    private let files: JournalFiles
    private let fillQueue = DispatchQueue(label: "journal-fill")
    /// Guards everything below; the flusher, a rotation and the close wait on it.
    private let condition = NSCondition()
    private var machine: GroupCommit
    private var waiters: [Waiter] = []
    private var history = History()
    /// `machine.synced`, also readable without the lock (`isDurable`, asked once by every durable
    /// answer; it only ever grows, and is stored under the lock as writers are released).
    private let syncedMark = Atomic<UInt64>(0)
    /// Called (off the request path) when enough history has piled up to be worth compacting.
    var compactionNeeded: (@Sendable () -> Void)? {
        get { locked { compactionHandler } }
        set { locked { compactionHandler = newValue } }
    }
    private var compactionHandler: (@Sendable () -> Void)?
    let statistics = JournalStatistics()

    /// Compaction starts once this much history has been appended (and at least twice the last snapshot).
    static let minimumCompactionBytes = 64 << 20
    /// A segment is filled with zeros to the next multiple of this…
    static let fillChunk = 1 << 20
    /// … once fewer than this many zeros are left after its records.
    static let fillAhead = 1 << 19
    /// The longest the flusher waits for other loops' passes in progress before it syncs a batch it has
    /// found (`.always`; a change written in a pass is found when that pass ends). By default it does
    /// not wait: on the machine measured, idle, no wait gave the most durable POSTs per second and
    /// the least CPU per POST at 64 connections (37.1k req/s against 31.4k at 0.5 ms, though batches
    /// were half as large) and no fewer at 16 (`scripts/bench/gather-ab.sh`, docs/journal.md).
    static let maximumGather = 0.0

    /// The journal in `directory` (created if need be; what an interrupted compaction left is
    /// removed), not read yet: `replay` reads it, then opens it for appending. Meanwhile event
    /// loops may join and pass, and writes are refused.
    init(directory: String, policy: SyncPolicy, clock: any TimeSource, log: @escaping LogSink,
         fileSystem: any JournalFileSystem = LiveFileSystem(), flushing: Flushing = .thread,
         maximumGather: Double = FileJournal.maximumGather) throws {
        self.directory = directory
        self.policy = policy
        self.fileSystem = fileSystem
        self.clock = clock
        self.log = log
        self.flushing = flushing
        let gather: GroupCommit.Gather = switch (policy, flushing) {
        case let (.batch(window), .thread) where window > 0: .window(window)
        case (.batch, _): .none
        case (.always, _): maximumGather > 0 ? .passes(atMost: maximumGather) : .none
        }
        machine = GroupCommit(gather: gather, fillPolicy: .init(chunk: Self.fillChunk, ahead: Self.fillAhead))
        try fileSystem.makeDirectory(directory)
        files = try JournalFiles(directory: directory, fileSystem: fileSystem)
        files.removeLeftovers()
    }

    /// What opening a journal found.
    struct Opened {
        var journal: FileJournal
        /// Every intact entry and every damaged span, snapshot first, in file order: what the replay takes.
        var replay: [JournalReplayItem]
        var bytesRead: Int
        /// The damaged spans, as logged (once each).
        var damage: [JournalDamage]
        /// One line per incomplete last record that was cut off.
        var tornTails: [String]
        /// Some file is in the first format: a compaction rewrites it in the current one.
        var legacy: Bool

        /// The intact entries alone.
        var entries: [JournalEntry] {
            replay.compactMap { if case let .entry(entry, _) = $0 { entry } else { nil } }
        }
    }

    /// Opens (creating) the journal in `directory` and reads it whole (see the type's summary);
    /// appends go on in the last segment, or in a new one when that one is damaged or of an
    /// earlier format. The server replays as it reads instead (`replay`).
    static func open(directory: String, policy: SyncPolicy, clock: any TimeSource,
                     log: @escaping LogSink, fileSystem: any JournalFileSystem = LiveFileSystem(),
                     flushing: Flushing = .thread, maximumGather: Double = FileJournal.maximumGather) throws -> Opened {
        let journal = try FileJournal(directory: directory, policy: policy, clock: clock, log: log, fileSystem: fileSystem,
                                      flushing: flushing, maximumGather: maximumGather)
        let replay = journal.replay()
        let items = Array(replay)
        let recovery = try replay.finish()
        return Opened(journal: journal, replay: items, bytesRead: recovery.bytesRead, damage: recovery.damage,
                      tornTails: recovery.tornTails, legacy: recovery.legacy)
    }

    /// The journal's entries and damaged spans, read as the replay takes them; `found` is told
    /// how many records each step of the reading found. Its `finish` opens the journal for appending.
    func replay(found: @escaping (Int) -> Void = { _ in }) -> JournalReplay {
        JournalReplay(journal: self, files: files, log: log, found: found)
    }

    /// Once read (`JournalReplay.finish`): appends go on in the last segment when `continuing`
    /// it is safe (its data ends at `dataEnd`), else in a new one; the flusher starts.
    func openForAppending(continuing: Bool, dataEnd: Int, snapshotBytes: Int, bytesRead: Int, tornBytes: Int) throws {
        let (fd, segment, end, size) = try files.openSegment(continuing: continuing, dataEnd: dataEnd)
        locked {
            machine.opened(.init(number: segment, descriptor: fd, end: end, allocated: size))
            history.snapshotBytes = snapshotBytes
            history.bytesSinceSnapshot = bytesRead - snapshotBytes
        }
        statistics.setBytes(bytesRead)
        statistics.setTornBytes(tornBytes)
        if flushing == .thread { startFlusher() }
    }

    /// Bytes appended since the last snapshot, and the last snapshot's size.
    var bytesSinceSnapshot: Int { locked { history.bytesSinceSnapshot } }
    var snapshotBytes: Int { locked { history.snapshotBytes } }

    // MARK: Appending

    /// Takes a record into the next batch and returns its sequence number at once (no I/O: the
    /// flusher writes the batch); it is durable once `whenDurable` says so. Records are written,
    /// and become durable, in sequence order. Throws, taking nothing, once the journal is closed
    /// or a write or sync of it has failed.
    func write(_ entry: JournalEntry) throws -> UInt64 {
        guard entry.payload.count <= JournalFormat.maximumPayload else { throw JournalError("record of \(entry.payload.count) bytes is too large") }
        guard entry.session.utf8.count <= JournalFormat.maximumKey else { throw JournalError("a session id of more than \(JournalFormat.maximumKey) bytes") }
        let framed = JournalFormat.frame(entry)
        condition.lock()
        let appended: (sequence: UInt64, actions: [GroupCommit.Action])
        do throws(GroupCommit.Failure) {
            appended = try machine.appended(framed)
        } catch {
            condition.unlock()
            throw Self.error(error)
        }
        let compaction = history.appended(framed.count, compacts: compactionHandler != nil) ? compactionHandler : nil
        condition.unlock()
        perform(appended.actions)
        if let compaction { DispatchQueue.global().async { compaction() } }
        return appended.sequence
    }

    /// Runs `action` once record `sequence` is synced (nil) or the sync failed (the error);
    /// on the thread that synced it, or at once when it already is.
    func whenDurable(_ sequence: UInt64, _ action: @escaping @Sendable ((any Error)?) -> Void) {
        condition.lock()
        guard let outcome = machine.outcome(of: sequence) else {
            waiters.append(Waiter(sequence: sequence, action: action))
            return condition.unlock()
        }
        condition.unlock()
        switch outcome {
        case .success: action(nil)
        case let .failure(failure): action(Self.error(failure))
        }
    }

    func isDurable(_ sequence: UInt64) -> Bool {
        syncedMark.load(ordering: .acquiring) >= sequence
    }

    private static func error(_ failure: GroupCommit.Failure) -> any Error {
        switch failure {
        case let .syscall(error): error
        case .closed: JournalError("the journal is closed")
        case .opening: JournalError("the journal is being read: it takes no writes yet")
        }
    }

    // MARK: Driving the group commit

    /// The flusher: ticks the group commit (at the injected clock's time), performs what it says,
    /// and waits for a wake-up, or until the gather's end, when it says nothing.
    private func startFlusher() {
        let thread = Thread { [self] in
            condition.lock()
            while true {
                let actions = machine.tick(now: clock.now())
                if !actions.isEmpty {
                    condition.unlock()
                    perform(actions)
                    condition.lock()
                } else if machine.isFinished {
                    break
                } else if let deadline = machine.deadline {
                    _ = condition.wait(until: Date(timeIntervalSinceNow: max(0, deadline - clock.now())))
                } else {
                    condition.wait()
                }
            }
            condition.unlock()
        }
        thread.name = "journal-flusher"
        thread.start()
    }

    /// With `Flushing.manual`: the flusher's step, now (one group commit if a batch waits and
    /// its gather is over, and the fill after it, if due; `.batch`'s window is not waited here).
    func flush() {
        condition.lock()
        let actions = machine.tick(now: clock.now())
        condition.unlock()
        perform(actions)
    }

    /// Performs `actions` in order, outside the lock, reporting the outcome of each write, sync
    /// and fill back to the group commit and performing what that returns in turn (a fill on the
    /// fill queue when a thread flushes, so that batches go on meanwhile).
    private func perform(_ actions: [GroupCommit.Action]) {
        var queue = actions
        var next = 0
        while next < queue.count {
            let action = queue[next]
            next += 1
            switch action {
            case .wake:
                condition.broadcast()
            case let .write(write):
                if let failure = writeOut(write) {
                    queue += report { $0.failed(failure) }
                } else {
                    queue += report { $0.wrote() }
                }
            case let .sync(descriptor):
                let started = clock.now()
                do throws(SyscallError) {
                    try fileSystem.sync(descriptor)
                    statistics.recordSync(seconds: clock.now() - started)
                    queue += report { $0.synced() }
                } catch {
                    log(LogLine(level: "error", "journal_sync_failed").field("error", "\(error)").description)
                    queue += report { $0.failed(error) }
                }
            case let .fill(descriptor, start, end):
                switch flushing {
                case .thread: fillQueue.async { [self] in perform(fill(descriptor, from: start, to: end)) }
                case .manual: queue += fill(descriptor, from: start, to: end)
                }
            case let .durable(through):
                release(durable: through)
            case let .fail(failure):
                release(failing: Self.error(failure))
            case let .close(descriptor):
                fileSystem.close(descriptor)
            }
        }
    }

    /// Feeds an outcome to the group commit; wakes whoever waits on its state (a rotation or a
    /// close waits for the flight or the fill to end).
    private func report(_ event: (inout GroupCommit) -> [GroupCommit.Action]) -> [GroupCommit.Action] {
        condition.lock()
        defer { condition.unlock() }
        let actions = event(&machine)
        condition.broadcast()
        return actions
    }

    /// One write(2) of a batch; a failed write is cut back off the file, so it stays a sequence
    /// of whole records.
    private func writeOut(_ write: GroupCommit.Write) -> SyscallError? {
        do throws(SyscallError) {
            try fileSystem.write(write.descriptor, write.bytes, at: write.offset)
        } catch {
            try? fileSystem.truncate(write.descriptor, to: write.offset)
            log(LogLine(level: "error", "journal_write_failed").field("error", "\(error)").description)
            return error
        }
        statistics.recordAppends(write.records, bytes: write.bytes.count)
        return nil
    }

    /// Writes and syncs zeros over `start ..< end`; returns what the group commit says to that.
    private func fill(_ descriptor: Int32, from start: Int, to end: Int) -> [GroupCommit.Action] {
        do throws(SyscallError) {
            try fileSystem.fill(descriptor, from: start, to: end)
            try fileSystem.sync(descriptor)
        } catch {
            log(LogLine(level: "warn", "journal_fill_failed").field("error", "\(error)").description)
            return report { $0.fillFailed() }
        }
        return report { $0.filled(to: end) }
    }

    /// Answers the writers of records up to `sequence`: durable.
    private func release(durable sequence: UInt64) {
        condition.lock()
        if sequence > syncedMark.load(ordering: .relaxed) { syncedMark.store(sequence, ordering: .releasing) }
        let count = waiters.prefix { $0.sequence <= sequence }.count
        let released = waiters.prefix(count)
        waiters.removeFirst(count)
        condition.unlock()
        for waiter in released { waiter.action(nil) }
    }

    /// Answers every writer still waiting with `error`.
    private func release(failing error: any Error) {
        condition.lock()
        let released = waiters
        waiters.removeAll()
        condition.unlock()
        for waiter in released { waiter.action(error) }
    }

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        condition.lock()
        defer { condition.unlock() }
        return try body()
    }

    // MARK: Passes (PassObserver)

    func joinLoop() -> Int {
        locked { machine.loopJoined() }
    }

    func passBegan(_ loop: Int) {
        locked { machine.passBegan(loop) }
    }

    /// Wakes the flusher when it waits for this pass, or for a batch this pass has begun.
    func passEnded(_ loop: Int) {
        perform(locked { machine.passEnded(loop) })
    }

    // MARK: Compaction

    /// Replaces the history by a snapshot of the present, which `snapshot` hands over entry by
    /// entry (written as they come, never all held at once). It is taken after the journal has
    /// moved to a new segment, so every change is in the snapshot, the new segment, or both
    /// (replay applies each once).
    func compact(writing snapshot: ((JournalEntry) throws -> Void) throws -> Void) throws {
        defer { locked { history.compacting = false } }
        let started = clock.now()
        let newSegment = try rotate()
        let files = try JournalFiles(directory: directory, fileSystem: fileSystem)
        let (size, records) = try files.writeSnapshot(segment: newSegment, snapshot)
        files.removeHistory(before: newSegment)
        let segmentBytes = locked {
            history.snapshotBytes = size
            history.bytesSinceSnapshot = machine.segmentBytes
            return machine.segment.end
        }
        statistics.setBytes(size + segmentBytes)
        log(LogLine(level: "info", "journal_compacted").field("segment", newSegment).field("records", records)
            .field("snapshot_bytes", size).field("ms", milliseconds: clock.now() - started).description)
    }

    /// Continues in a new segment, then writes the waiting batch to the old one, syncs and closes
    /// it; returns the new one's number. No file operation runs under the lock, so writers never
    /// wait for one: their records go to the new segment while the old one syncs (the flusher
    /// waits for that sync first, so records become durable in order).
    private func rotate() throws -> Int {
        condition.lock()
        let next: Int
        do throws(GroupCommit.Failure) {
            while try !machine.rotationRequested() { condition.wait() }
            next = machine.segment.number + 1
        } catch {
            condition.unlock()
            throw Self.error(error)
        }
        condition.unlock()
        let created: (Int32, Int)
        do {
            created = try JournalFiles(directory: directory, fileSystem: fileSystem).createSegment(next)
        } catch {
            perform(report { $0.rotationFailed() })
            throw error
        }
        let header = JournalFormat.fileHeaderSize
        perform(report { $0.rotated(to: .init(number: created.1, descriptor: created.0, end: header, allocated: header)) })
        if let failure = locked({ machine.failure }) { throw failure }
        return created.1
    }

    /// Writes and syncs what waits and closes the file; later appends throw.
    func close() {
        condition.lock()
        var actions = machine.closeRequested()
        while actions == nil {
            condition.wait()
            actions = machine.closeRequested()
        }
        condition.unlock()
        perform(actions ?? [])
        condition.broadcast()
    }
}

struct JournalError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
