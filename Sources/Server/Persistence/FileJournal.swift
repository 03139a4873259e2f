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
final class FileJournal: SessionJournal, PassObserver, @unchecked Sendable {
    /// Who syncs: a thread of the journal's own, or the caller of `flush()` (tests, step by step).
    enum Flushing: Sendable {
        case thread
        case manual
    }

    let directory: String
    let policy: SyncPolicy
    private let fileSystem: any JournalFileSystem
    /// Seconds from an arbitrary origin: for sync timings, compaction logs and, with `Flushing.manual`,
    /// the gather's bound (a flusher thread waits in real time: a test's clock may stand still).
    private let clock: @Sendable () -> Double
    private let log: @Sendable (String) -> Void
    /// Guards everything below; `synced` changes are broadcast on it.
    private let condition = NSCondition()
    private var fd: Int32
    private var segment: Int
    /// Where the current segment's records end: what the flusher (or a rotation) has written to it.
    private var segmentBytes: Int
    /// The current segment's size: its records, then zeros (filled ahead and synced) up to here.
    private var allocated: Int
    /// Zeros are being written past `allocated` (off the flusher's thread): a batch that would
    /// run past `allocated` waits for them, so that no record is ever overwritten by the fill.
    private var filling = false
    /// Filling failed for this segment (a full disk, say): batches are appended as they come.
    private var fillFailed = false
    private let fillQueue = DispatchQueue(label: "journal-fill")
    private let flushing: Flushing
    /// Sequence numbers handed out: every record framed into `batch` or written before it.
    private var appended: UInt64 = 0
    private var synced: UInt64 = 0
    /// `synced`, also readable without the lock (`isDurable`, asked once by every durable answer;
    /// it only ever grows, and is stored under the lock right after `synced`).
    private let syncedMark = Atomic<UInt64>(0)
    /// Framed records not yet written to the file, in sequence order (records `appended - batchCount + 1 … appended`).
    private var batch: [UInt8] = []
    private var batchCount = 0
    /// The buffer the flusher writes from while `batch` fills again (swapped, so neither reallocates).
    private var spare: [UInt8] = []
    /// The flusher waits on `condition` for a batch: the first write after that wakes it (or, while
    /// an event loop is in a pass, the end of the pass), later ones need not (one wake-up per
    /// batch, not per record).
    private var flusherIsWaiting = false
    /// Per event loop (`PassObserver`), how many times it began or ended a pass: odd while it is
    /// in one. `activePasses` counts the odd ones.
    private var passes: [UInt64] = []
    private var activePasses = 0
    /// The gather before a commit: the passes in progress when the flusher found the batch (loop
    /// and count), which it waits to end, until `gatherEnds` at the latest (seconds since the reference
    /// date for a flusher thread, on `clock` with `Flushing.manual`); `passEnded` wakes it.
    private var gathering = false
    private var gatherFor: [(loop: Int, pass: UInt64)] = []
    private var gatherEnds = 0.0
    private var flusherIsGathering = false
    /// `.always`: the flusher gathers the passes in progress (`.batch` waits its window instead),
    /// for `maximumGather` seconds at the longest.
    private let gathersPasses: Bool
    private let maximumGather: Double
    /// A write or a sync failed: final (see `finishSync`).
    private var syncFailure: SyscallError?
    /// Writers waiting for their record to be synced, in sequence order.
    private var waiters: [(sequence: UInt64, action: @Sendable ((any Error)?) -> Void)] = []
    /// A sync is running on the current descriptor (rotation must wait for it).
    private var syncing = false
    private var flusher: Thread?
    private var closed = false
    /// Bytes appended since the last snapshot, and the last snapshot's size.
    private(set) var bytesSinceSnapshot = 0
    private(set) var snapshotBytes = 0
    private var compacting = false
    /// Called (off the request path) when enough history has piled up to be worth compacting.
    var compactionNeeded: (@Sendable () -> Void)?
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

    private init(directory: String, policy: SyncPolicy, fileSystem: any JournalFileSystem, clock: @escaping @Sendable () -> Double,
                 log: @escaping @Sendable (String) -> Void, flushing: Flushing, maximumGather: Double, fd: Int32, segment: Int,
                 segmentBytes: Int, allocated: Int) {
        self.directory = directory
        self.policy = policy
        gathersPasses = policy == .always
        self.maximumGather = maximumGather
        self.fileSystem = fileSystem
        self.clock = clock
        self.log = log
        self.flushing = flushing
        self.fd = fd
        self.segment = segment
        self.segmentBytes = segmentBytes
        self.allocated = allocated
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

    /// Opens (creating) the journal in `directory` and reads it (see the type's summary); appends
    /// go on in the last segment, or in a new one when that one is damaged or of an earlier format.
    static func open(directory: String, policy: SyncPolicy, clock: @escaping @Sendable () -> Double,
                     log: @escaping @Sendable (String) -> Void, fileSystem: any JournalFileSystem = LiveFileSystem(),
                     flushing: Flushing = .thread, maximumGather: Double = FileJournal.maximumGather) throws -> Opened {
        try fileSystem.makeDirectory(directory)
        let files = try JournalFiles(directory: directory, fileSystem: fileSystem)
        files.removeLeftovers()
        var reader = JournalReader(files: files, log: log)
        var snapshotBytes = 0
        if let snapshot = files.snapshot {
            snapshotBytes = try reader.read(snapshot, isSnapshot: true).count
        }
        var continuing = true
        var dataEnd = 0
        for name in files.segments {
            let scan = try reader.read(name, isSnapshot: false)
            // A version-3 segment goes on; so does one torn before its header was whole (started over).
            continuing = (scan.version == 3 || scan.count < JournalFormat.fileHeaderSize) && scan.damage.isEmpty
            dataEnd = scan.count
        }
        let (fd, segment, end, size) = try files.openSegment(continuing: continuing, dataEnd: dataEnd)
        let journal = FileJournal(directory: directory, policy: policy, fileSystem: fileSystem, clock: clock, log: log,
                                  flushing: flushing, maximumGather: maximumGather, fd: fd, segment: segment, segmentBytes: end, allocated: size)
        journal.snapshotBytes = snapshotBytes
        journal.bytesSinceSnapshot = reader.bytesRead - snapshotBytes
        journal.statistics.setBytes(reader.bytesRead)
        journal.statistics.setTornBytes(reader.tornBytes)
        if flushing == .thread { journal.startFlusher() }
        return Opened(journal: journal, replay: reader.replay, bytesRead: reader.bytesRead, damage: reader.damage,
                      tornTails: reader.tornTails, legacy: reader.legacy)
    }

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
        defer { condition.unlock() }
        guard !closed else { throw JournalError("the journal is closed") }
        if let syncFailure { throw syncFailure }
        batch += framed
        batchCount += 1
        appended += 1
        bytesSinceSnapshot += framed.count
        // In a pass, its end wakes the flusher, so that the pass's other changes share the sync.
        if flusherIsWaiting && activePasses == 0 {
            flusherIsWaiting = false
            condition.broadcast()
        }
        if !compacting, bytesSinceSnapshot >= max(Self.minimumCompactionBytes, 2 * snapshotBytes), let compactionNeeded {
            compacting = true
            DispatchQueue.global().async { compactionNeeded() }
        }
        return appended
    }

    /// Runs `action` once record `sequence` is synced (nil) or the sync failed (the error);
    /// on the flusher's thread, or at once when it already is.
    func whenDurable(_ sequence: UInt64, _ action: @escaping @Sendable ((any Error)?) -> Void) {
        condition.lock()
        if synced >= sequence || syncFailure != nil || closed {
            let failure: (any Error)? = synced >= sequence ? nil : (syncFailure as (any Error)?) ?? JournalError("the journal is closed")
            condition.unlock()
            action(failure)
            return
        }
        waiters.append((sequence, action))
        condition.unlock()
    }

    func isDurable(_ sequence: UInt64) -> Bool {
        syncedMark.load(ordering: .acquiring) >= sequence
    }

    private func timedSync(_ fd: Int32) throws(SyscallError) {
        let started = clock()
        try fileSystem.sync(fd)
        statistics.recordSync(seconds: clock() - started)
    }

    /// Group commit: whenever a batch of records waits, one write(2) and one fdatasync (outside
    /// the lock, so writers keep adding to the next batch) put all of them on disk, and every
    /// writer they covered is released. With `.batch` it first waits the window so more writers
    /// can share the sync.
    private func startFlusher() {
        let window: Double
        if case let .batch(w) = policy { window = w } else { window = 0 }
        let thread = Thread { [self] in
            condition.lock()
            while !closed && syncFailure == nil {
                if batchCount == 0 || syncing || waitsForFill {
                    flusherIsWaiting = true
                    condition.wait()
                    flusherIsWaiting = false
                } else if let until = gatherDeadline(window: window, now: Date().timeIntervalSinceReferenceDate) {
                    flusherIsGathering = true
                    _ = condition.wait(until: Date(timeIntervalSinceReferenceDate: until))
                    flusherIsGathering = false
                } else {
                    commit()
                }
            }
            condition.unlock()
            failRemaining()
        }
        thread.name = "journal-flusher"
        flusher = thread
        thread.start()
    }

    /// Until when the flusher waits before it commits the waiting batch; nil: commit now. With
    /// `.batch`, the window from when it found the batch; with `.always`, until each pass in
    /// progress then has ended (their changes join the batch), `maximumGather` at the longest.
    /// `now` is the reading of the flusher's time (see `gatherEnds`). Called with the lock held.
    private func gatherDeadline(window: Double, now: Double) -> Double? {
        if !gathering {
            gatherFor.removeAll(keepingCapacity: true)
            if window == 0 {
                for (loop, pass) in passes.enumerated() where pass & 1 == 1 { gatherFor.append((loop, pass)) }
                if gatherFor.isEmpty || maximumGather == 0 { return nil }
            }
            gathering = true
            gatherEnds = now + (window > 0 ? window : maximumGather)
            return gatherEnds
        }
        if window == 0 && gatherFor.allSatisfy({ passes[$0.loop] != $0.pass }) { return nil }
        return now < gatherEnds ? gatherEnds : nil
    }

    // MARK: Passes (PassObserver)

    func joinLoop() -> Int {
        condition.lock()
        defer { condition.unlock() }
        passes.append(0)
        return passes.count - 1
    }

    func passBegan(_ loop: Int) {
        condition.lock()
        passes[loop] &+= 1
        activePasses += 1
        condition.unlock()
    }

    /// Wakes the flusher when it waits for this pass, or for a batch this pass has begun.
    func passEnded(_ loop: Int) {
        condition.lock()
        passes[loop] &+= 1
        activePasses -= 1
        if (flusherIsGathering && gathersPasses) || (flusherIsWaiting && batchCount > 0 && !syncing && !waitsForFill) {
            flusherIsWaiting = false
            condition.broadcast()
        }
        condition.unlock()
    }

    /// With `Flushing.manual`: one group commit now, if a batch waits (and the fill after it, if
    /// due), unless `--fsync always` gathers passes in progress and the bound has not passed on
    /// `clock` (the step a flusher thread would take; `.batch`'s window is not waited here).
    func flush() {
        condition.lock()
        if batchCount > 0 && !syncing && !waitsForFill && syncFailure == nil && !closed
            && (!gathersPasses || gatherDeadline(window: 0, now: clock()) == nil) {
            commit()
        }
        condition.unlock()
    }

    /// The waiting batch would run past the zeros while more are being written there.
    private var waitsForFill: Bool { filling && segmentBytes + batch.count > allocated }

    /// Writes the batch and syncs it (`finishSync` releases its writers, and fills the segment
    /// further if that is due). Called with the lock held; returns with it held.
    private func commit() {
        let target = appended
        let descriptor = fd
        let (offset, count) = takeBatch()
        syncing = true
        condition.unlock()
        var failure = writeOut(descriptor, at: offset, count: count)
        if failure == nil {
            do throws(SyscallError) { try timedSync(descriptor) } catch { failure = error }
        }
        condition.lock()
        spare.removeAll(keepingCapacity: true)
        finishSync(target, failure)
        condition.lock()
    }

    /// Zeros to write after the current segment's records: due when fewer than `fillAhead` are
    /// left, up to the next multiple of `fillChunk` past that. Marks them as being written (so a
    /// rotation or a close waits for them); `startFill` writes them. Called with the lock held.
    private func dueFill() -> (descriptor: Int32, start: Int, end: Int)? {
        guard !filling, !fillFailed, !closed, syncFailure == nil, allocated - segmentBytes < Self.fillAhead else { return nil }
        let start = max(allocated, segmentBytes)
        allocated = start
        filling = true
        return (fd, start, (segmentBytes + Self.fillAhead) / Self.fillChunk * Self.fillChunk + Self.fillChunk)
    }

    /// On a queue of its own (with the flusher's thread), or here (`Flushing.manual`, so that
    /// tests see the same files every time). Called without the lock.
    private func startFill(_ due: (descriptor: Int32, start: Int, end: Int)) {
        switch flushing {
        case .thread: fillQueue.async { [self] in fill(due.descriptor, from: due.start, to: due.end) }
        case .manual: fill(due.descriptor, from: due.start, to: due.end)
        }
    }

    /// Writes and syncs zeros over `start ..< end` of `descriptor`, outside the lock: no batch is
    /// written past `start` meanwhile (`waitsForFill`), and a rotation or a close waits for it.
    /// A failure costs only the speed: batches are appended past the end from then on.
    private func fill(_ descriptor: Int32, from start: Int, to end: Int) {
        var failure: SyscallError?
        do throws(SyscallError) {
            try fileSystem.fill(descriptor, from: start, to: end)
            try fileSystem.sync(descriptor)
        } catch {
            failure = error
        }
        condition.lock()
        filling = false
        if let failure {
            fillFailed = true
            log("level=warn msg=journal_fill_failed error=\"\(failure)\"")
        } else {
            allocated = max(allocated, end)
        }
        condition.broadcast()
        condition.unlock()
    }

    /// Moves the batch into `spare` for writing to the current segment, which grows by it; the
    /// segment's size before it, and how many records it holds. Called with the lock held, with
    /// `spare` empty.
    private func takeBatch() -> (offset: Int, count: Int) {
        swap(&batch, &spare)
        gathering = false
        let taken = (segmentBytes, batchCount)
        segmentBytes += spare.count
        allocated = max(allocated, segmentBytes)
        batchCount = 0
        return taken
    }

    /// Writes `spare` (taken by `takeBatch`) to `descriptor` at `offset` with one write(2),
    /// outside the lock; a failed write is cut back off the file, so it stays a sequence of
    /// whole records.
    private func writeOut(_ descriptor: Int32, at offset: Int, count: Int) -> SyscallError? {
        guard !spare.isEmpty else { return nil }
        do throws(SyscallError) {
            try fileSystem.write(descriptor, spare, at: offset)
        } catch {
            try? fileSystem.truncate(descriptor, to: offset)
            return error
        }
        statistics.recordAppends(count, bytes: spare.count)
        return nil
    }

    /// Ends a write and sync that covered records up to `target`, releasing the writers it
    /// covered, with the lock held on entry and released on return. A failed write or sync is
    /// final: what it covered may be lost (and a later sync would prove nothing about it), and
    /// the changes it held are in memory already, so every writer waiting gets the error and
    /// nothing is accepted after it (the restart replays what the disk holds).
    private func finishSync(_ target: UInt64, _ failure: SyscallError?) {
        syncing = false
        if let failure {
            syncFailure = failure
            log("level=error msg=\(failure.call == "write" ? "journal_write_failed" : "journal_sync_failed") error=\"\(failure)\"")
        }
        let released = markSynced(failure == nil ? target : synced)
        let fill = dueFill()
        condition.broadcast()
        condition.unlock()
        for waiter in released { waiter.action(failure) }
        if let fill { startFill(fill) }
    }

    /// Fails every writer still waiting (the journal closed or its sync failed).
    private func failRemaining() {
        condition.lock()
        let remaining = waiters
        waiters.removeAll()
        condition.broadcast()
        let failure: any Error = (syncFailure as (any Error)?) ?? JournalError("the journal is closed")
        condition.unlock()
        for waiter in remaining { waiter.action(failure) }
    }

    /// Records everything up to `sequence` as synced; returns the waiters it releases (or, after
    /// a failure, every waiter). Called with the lock held.
    private func markSynced(_ sequence: UInt64) -> [(sequence: UInt64, action: @Sendable ((any Error)?) -> Void)] {
        synced = max(synced, sequence)
        syncedMark.store(synced, ordering: .releasing)
        if syncFailure != nil {
            defer { waiters.removeAll() }
            return waiters
        }
        let count = waiters.prefix { $0.sequence <= synced }.count
        defer { waiters.removeFirst(count) }
        return Array(waiters.prefix(count))
    }

    // MARK: Compaction

    /// Replaces the history by a snapshot of the present. `snapshot` is read after the journal
    /// has moved to a new segment, so every change is in the snapshot, the new segment, or both
    /// (replay applies each once).
    func compact(snapshot: () -> [JournalEntry]) throws {
        defer {
            condition.lock()
            compacting = false
            condition.unlock()
        }
        let started = clock()
        let newSegment = try rotate()
        let records = snapshot()
        let files = try JournalFiles(directory: directory, fileSystem: fileSystem)
        let size = try files.writeSnapshot(records, segment: newSegment)
        files.removeHistory(before: newSegment)
        condition.lock()
        snapshotBytes = size
        bytesSinceSnapshot = segmentBytes + batch.count
        condition.unlock()
        statistics.setBytes(size + segmentBytes)
        log("level=info msg=journal_compacted segment=\(newSegment) records=\(records.count) snapshot_bytes=\(size) ms=\(Int((clock() - started) * 1000))")
    }

    /// Continues in a new segment, then writes the waiting batch to the old one, syncs and closes
    /// it; returns the new one's number. No file operation runs under the lock, so writers never
    /// wait for one: their records go to the new segment while the old one syncs (the flusher
    /// waits for that sync first, so records become durable in order).
    private func rotate() throws -> Int {
        condition.lock()
        while syncing || filling { condition.wait() }
        if let syncFailure {
            condition.unlock()
            throw syncFailure
        }
        syncing = true
        let next = segment + 1
        condition.unlock()
        let created: (Int32, Int)
        do {
            created = try JournalFiles(directory: directory, fileSystem: fileSystem).createSegment(next)
        } catch {
            condition.lock()
            syncing = false
            condition.broadcast()
            condition.unlock()
            throw error
        }
        condition.lock()
        let old = fd
        let target = appended                 // everything up to here goes to the old segment
        let (offset, count) = takeBatch()
        (fd, segment) = created
        segmentBytes = JournalFormat.fileHeaderSize
        allocated = segmentBytes
        fillFailed = false
        condition.unlock()
        var failure = writeOut(old, at: offset, count: count)
        if failure == nil {
            do throws(SyscallError) { try timedSync(old) } catch { failure = error }
        }
        fileSystem.close(old)
        condition.lock()
        spare.removeAll(keepingCapacity: true)
        finishSync(target, failure)
        if let failure { throw failure }
        return created.1
    }

    /// Writes and syncs what waits and closes the file; later appends throw.
    func close() {
        condition.lock()
        guard !closed else { return condition.unlock() }
        while syncing || filling { condition.wait() }
        let (offset, count) = takeBatch()
        let ok = syncFailure == nil && writeOut(fd, at: offset, count: count) == nil && (try? fileSystem.sync(fd)) != nil
        spare.removeAll(keepingCapacity: true)
        let released = ok ? markSynced(appended) : []
        closed = true
        fileSystem.close(fd)
        condition.broadcast()
        condition.unlock()
        for waiter in released { waiter.action(nil) }
        if flusher == nil { failRemaining() }
    }
}

struct JournalError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
