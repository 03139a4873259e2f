import Foundation
import Glibc
import Routes

/// The append-only journal on disk: `snapshot-N.log` (every live session as of a compaction)
/// followed by `journal-M.log` segments (M ≥ N) of the changes since, each in `JournalFormat`.
///
/// An append returns once its record is durable per the `SyncPolicy`; if anything fails, the
/// partial record is cut off again and the append throws, so the change is refused. Compaction
/// rotates to a new segment, writes a snapshot beside it atomically (temp file, fsync, rename,
/// directory fsync) and deletes what the snapshot replaces.
final class FileJournal: SessionJournal, @unchecked Sendable {
    let directory: String
    let policy: SyncPolicy
    private let log: @Sendable (String) -> Void
    /// Guards everything below; `synced` changes are broadcast on it.
    private let condition = NSCondition()
    private var fd: Int32
    private var segment: Int
    private var segmentBytes: Int
    private var written: UInt64 = 0
    private var synced: UInt64 = 0
    private var syncFailure: SyscallError?
    /// Writers waiting for their record to be synced, in sequence order.
    private var waiters: [(sequence: UInt64, action: @Sendable ((any Error)?) -> Void)] = []
    /// The flusher is in fdatasync on the current descriptor (rotation must wait for it).
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

    private init(directory: String, policy: SyncPolicy, log: @escaping @Sendable (String) -> Void,
                 fd: Int32, segment: Int, segmentBytes: Int) {
        self.directory = directory
        self.policy = policy
        self.log = log
        self.fd = fd
        self.segment = segment
        self.segmentBytes = segmentBytes
    }

    /// What opening a journal found.
    struct Opened {
        var journal: FileJournal
        /// Every intact record, snapshot first, in order.
        var records: [[UInt8]]
        var bytesRead: Int
        /// One line per damaged file that was cut back.
        var warnings: [String]
    }

    /// Opens (creating) the journal in `directory`, reads every intact record, cuts any torn or
    /// corrupt tail off its file (logging a warning), and makes the journal ready for appends.
    static func open(directory: String, policy: SyncPolicy, log: @escaping @Sendable (String) -> Void) throws -> Opened {
        try JournalFiles.makeDirectory(directory)
        let files = try JournalFiles(directory: directory)
        files.removeLeftovers()
        var records: [[UInt8]] = []
        var warnings: [String] = []
        var bytesRead = 0
        var snapshotBytes = 0
        if let snapshot = files.snapshot {
            let bytes = try JournalFiles.read(files.path(snapshot))
            let scan = JournalFormat.scan(bytes)
            if let damage = scan.damage {
                throw JournalError("snapshot \(files.path(snapshot)) is damaged: \(damage); it was written atomically, so the disk is at fault")
            }
            records += scan.records
            bytesRead += bytes.count
            snapshotBytes = bytes.count
        }
        for name in files.segments {
            let path = files.path(name)
            let bytes = try JournalFiles.read(path)
            let scan = JournalFormat.scan(bytes)
            records += scan.records
            bytesRead += scan.validLength
            if let damage = scan.damage {
                let warning = "\(path): \(damage); cut back from \(bytes.count) to \(scan.validLength) bytes, \(scan.records.count) intact records kept"
                warnings.append(warning)
                log("level=warn msg=journal_truncated file=\(path) detail=\"\(damage)\" kept_records=\(scan.records.count)")
                try JournalFiles.truncate(path, to: scan.validLength)
            }
        }
        let (fd, segment, size) = try files.openForAppend()
        let journal = FileJournal(directory: directory, policy: policy, log: log, fd: fd, segment: segment, segmentBytes: size)
        journal.snapshotBytes = snapshotBytes
        journal.bytesSinceSnapshot = bytesRead - snapshotBytes
        journal.statistics.setBytes(bytesRead)
        journal.startFlusher()
        return Opened(journal: journal, records: records, bytesRead: bytesRead, warnings: warnings)
    }

    // MARK: Appending

    /// Writes a record and returns its sequence number at once; it is durable once
    /// `whenDurable` says so. Records are written in sequence order.
    func write(_ payload: [UInt8]) throws -> UInt64 {
        guard payload.count <= JournalFormat.maximumPayload else { throw JournalError("record of \(payload.count) bytes is too large") }
        let framed = JournalFormat.frame(payload)
        condition.lock()
        defer { condition.unlock() }
        guard !closed else { throw JournalError("the journal is closed") }
        if let syncFailure { throw syncFailure }
        do {
            try JournalFiles.writeAll(fd, framed)
        } catch {
            // Cut the partial record off so the file stays a sequence of whole records.
            _ = ftruncate(fd, off_t(segmentBytes))
            throw error
        }
        segmentBytes += framed.count
        bytesSinceSnapshot += framed.count
        written += 1
        statistics.recordAppend(bytes: framed.count)
        condition.broadcast()              // wakes the flusher
        if !compacting, bytesSinceSnapshot >= max(Self.minimumCompactionBytes, 2 * snapshotBytes), let compactionNeeded {
            compacting = true
            DispatchQueue.global().async { compactionNeeded() }
        }
        return written
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
        condition.lock()
        defer { condition.unlock() }
        return synced >= sequence
    }

    /// Writes a record and waits until it is durable.
    func append(_ payload: [UInt8]) throws {
        let sequence = try write(payload)
        condition.lock()
        defer { condition.unlock() }
        while synced < sequence && syncFailure == nil && !closed { condition.wait() }
        if synced < sequence { throw (syncFailure as (any Error)?) ?? JournalError("the journal is closed") }
    }

    private func timedSync(_ fd: Int32) throws(SyscallError) {
        let started = MonotonicClock.now()
        try Syscall.call("fdatasync") { fdatasync(fd) }
        statistics.recordSync(seconds: MonotonicClock.now() - started)
    }

    /// Group commit: whenever records are written but not synced, one fdatasync (outside the
    /// lock, so writers keep writing) covers all of them, and every writer it covered is
    /// released. With `.batch` it first waits the window so more writers can share the sync.
    private func startFlusher() {
        let window: Double
        if case let .batch(w) = policy { window = w } else { window = 0 }
        let thread = Thread { [self] in
            condition.lock()
            while !closed {
                while written == synced && !closed && syncFailure == nil { condition.wait() }
                if closed || syncFailure != nil { break }
                if window > 0 {
                    condition.unlock()
                    Thread.sleep(forTimeInterval: window)
                    condition.lock()
                }
                let target = written
                let descriptor = fd
                syncing = true
                condition.unlock()
                var failure: SyscallError?
                do throws(SyscallError) { try timedSync(descriptor) } catch { failure = error }
                condition.lock()
                syncing = false
                if let failure {
                    syncFailure = failure
                    log("level=error msg=journal_sync_failed error=\"\(failure)\"")
                }
                let released = markSynced(failure == nil ? target : synced)
                condition.broadcast()
                condition.unlock()
                for waiter in released { waiter.action(failure) }
                condition.lock()
            }
            let remaining = waiters
            waiters.removeAll()
            condition.broadcast()
            condition.unlock()
            let failure: any Error = (syncFailure as (any Error)?) ?? JournalError("the journal is closed")
            for waiter in remaining { waiter.action(failure) }
        }
        thread.name = "journal-flusher"
        flusher = thread
        thread.start()
    }

    /// Records everything up to `sequence` as synced; returns the waiters it releases (or, after
    /// a failure, every waiter). Called with the lock held.
    private func markSynced(_ sequence: UInt64) -> [(sequence: UInt64, action: @Sendable ((any Error)?) -> Void)] {
        synced = max(synced, sequence)
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
    func compact(snapshot: () -> [[UInt8]]) throws {
        defer {
            condition.lock()
            compacting = false
            condition.unlock()
        }
        let started = MonotonicClock.now()
        let newSegment = try rotate()
        let records = snapshot()
        let files = try JournalFiles(directory: directory)
        let size = try files.writeSnapshot(records, segment: newSegment)
        files.removeHistory(before: newSegment)
        condition.lock()
        snapshotBytes = size
        bytesSinceSnapshot = segmentBytes
        condition.unlock()
        statistics.setBytes(size + segmentBytes)
        log("level=info msg=journal_compacted segment=\(newSegment) records=\(records.count) snapshot_bytes=\(size) ms=\(Int((MonotonicClock.now() - started) * 1000))")
    }

    /// Syncs and closes the current segment and continues in a new one; returns its number.
    private func rotate() throws -> Int {
        condition.lock()
        while syncing { condition.wait() }
        try timedSync(fd)
        let released = markSynced(written)
        condition.broadcast()
        condition.unlock()
        for waiter in released { waiter.action(nil) }
        condition.lock()
        defer { condition.unlock() }
        while syncing { condition.wait() }
        let files = try JournalFiles(directory: directory)
        let (newFD, number) = try files.createSegment(segment + 1)
        Syscall.close(fd)
        fd = newFD
        segment = number
        segmentBytes = JournalFormat.magic.count
        return number
    }

    /// Syncs what is written and closes the file; later appends throw.
    func close() {
        condition.lock()
        guard !closed else { return condition.unlock() }
        while syncing { condition.wait() }
        let ok = fdatasync(fd) == 0
        let released = ok ? markSynced(written) : []
        closed = true
        Syscall.close(fd)
        condition.broadcast()
        condition.unlock()
        for waiter in released { waiter.action(nil) }
    }
}

struct JournalError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
