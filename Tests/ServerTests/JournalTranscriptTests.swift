import Glibc
import Routes
import Synchronization
import Testing
@testable import Server

/// The journal's file operations and answers, step by step, for scripted runs with
/// `Flushing.manual`: recorded from the journal before its group commit became a value
/// (`GroupCommit`), so that the rewrite is held to what it did, call for call. One figure
/// changed on purpose, marked where it is: the close's fdatasync is now counted in the sync
/// statistics like every other.
@Suite("Journal transcripts: the file operations and answers of scripted runs, as recorded")
struct JournalTranscriptTests {
    static func entry(_ n: Int, pad: Int = 0) -> JournalEntry {
        JournalEntry(session: "s\(n)", payload: Array((#"{"op":"delete","id":"s\#(n)""# + (pad > 0 ? #","pad":""# + String(repeating: "x", count: pad) + "\"" : "") + "}").utf8))
    }

    /// A run: the journal on a traced simulated file system, its writers' outcomes in the same log.
    final class Run: @unchecked Sendable {
        let files: TracingFileSystem
        let clock = TestClock(at: 100)
        let journal: FileJournal

        init(policy: SyncPolicy = .always, maximumGather: Double = 0.0005) throws {
            files = TracingFileSystem(SimulatedFileSystem(seed: 7))
            journal = try FileJournal.open(directory: "data", policy: policy, clock: clock, log: { _ in },
                                           fileSystem: files, flushing: .manual, maximumGather: maximumGather).journal
            files.note("opened")
        }

        func write(_ n: Int, pad: Int = 0) {
            do {
                let sequence = try journal.write(JournalTranscriptTests.entry(n, pad: pad))
                files.note("wrote s\(n) as \(sequence)")
                journal.whenDurable(sequence) { [files] error in files.note("#\(sequence) " + (error.map { "failed: \($0)" } ?? "durable")) }
            } catch {
                files.note("write s\(n) refused: \(error)")
            }
        }

        func flush(at time: Double) {
            clock.advance(to: time)
            files.note("flush at \(time)")
            journal.flush()
        }

        var statistics: String {
            let values = journal.statistics.snapshot
            return "appends \(values.appends) syncs \(values.syncs) bytes \(values.bytes)"
        }
    }

    @Test func batchesFillsPassesAndTheBound() throws {
        let run = try Run()
        run.write(0)
        run.flush(at: 100)
        let first = run.journal.joinLoop(), second = run.journal.joinLoop()
        run.journal.passBegan(first)
        run.journal.passBegan(second)
        run.write(1)
        run.journal.passEnded(first)
        run.flush(at: 100.0001)                    // gathers the second loop's pass
        run.write(2)
        run.flush(at: 100.0003)                    // within the bound
        run.journal.passEnded(second)
        run.flush(at: 100.0004)                    // the pass ended: committed
        run.write(3, pad: FileJournal.fillAhead)   // due to fill again after it
        run.write(4)
        run.flush(at: 101)
        run.flush(at: 102)                         // nothing waits
        run.journal.close()
        run.write(5)
        run.files.note(run.statistics)
        #expect(run.files.lines == Self.batches, "\(run.files.lines)")
    }

    @Test func aCompactionRotatesAndACloseSyncsWhatWaits() throws {
        let run = try Run()
        run.write(0)
        run.flush(at: 100)
        run.write(1)
        run.write(2)
        try run.journal.compact { [JournalTranscriptTests.entry(1), JournalTranscriptTests.entry(2)] }
        run.files.note("compacted")
        run.write(3)
        run.flush(at: 101)
        run.write(4)
        run.journal.close()
        run.files.note(run.statistics)
        #expect(run.files.lines == Self.compaction, "\(run.files.lines)")
    }

    @Test func aFailedSyncIsFinal() throws {
        let run = try Run()
        run.write(0)
        run.flush(at: 100)
        run.files.inner.inject(.sync(errno: EIO))
        run.write(1)
        run.write(2)
        run.flush(at: 101)
        run.write(3)
        #expect(throws: SyscallError.self) { try run.journal.compact { [] } }
        run.journal.close()
        run.files.note(run.statistics)
        #expect(run.files.lines == Self.failure, "\(run.files.lines)")
    }

    static let batches: [String] = [
        "mkdir data",
        "list data",
        "open data/journal-000000000001.log write create=true",
        "write 3 @0 +8",
        "sync 3",
        "syncdir data",
        "opened",
        "wrote s0 as 1",
        "flush at 100.0",
        "write 3 @8 +61",
        "sync 3",
        "#1 durable",
        "fill 3 69..<1048576",
        "sync 3",
        "wrote s1 as 2",
        "flush at 100.0001",
        "wrote s2 as 3",
        "flush at 100.0003",
        "flush at 100.0004",
        "write 3 @69 +122",
        "sync 3",
        "#2 durable",
        "#3 durable",
        "wrote s3 as 4",
        "wrote s4 as 5",
        "flush at 101.0",
        "write 3 @191 +524419",
        "sync 3",
        "#4 durable",
        "#5 durable",
        "fill 3 1048576..<2097152",
        "sync 3",
        "flush at 102.0",
        "sync 3",
        "close 3",
        "write s5 refused: the journal is closed",
        "appends 5 syncs 4 bytes 524602",     // the close's sync counted since GroupCommit (recorded: 3)
    ]
    static let compaction: [String] = [
        "mkdir data",
        "list data",
        "open data/journal-000000000001.log write create=true",
        "write 3 @0 +8",
        "sync 3",
        "syncdir data",
        "opened",
        "wrote s0 as 1",
        "flush at 100.0",
        "write 3 @8 +61",
        "sync 3",
        "#1 durable",
        "fill 3 69..<1048576",
        "sync 3",
        "wrote s1 as 2",
        "wrote s2 as 3",
        "list data",
        "open data/journal-000000000002.log write create=true",
        "write 4 @0 +8",
        "sync 4",
        "syncdir data",
        "write 3 @69 +122",
        "sync 3",
        "close 3",
        "#2 durable",
        "#3 durable",
        "fill 4 8..<1048576",
        "sync 4",
        "list data",
        "open data/snapshot-000000000002.log.tmp append create=true",
        "append 5 +130",
        "sync 5",
        "close 5",
        "rename data/snapshot-000000000002.log.tmp data/snapshot-000000000002.log",
        "syncdir data",
        "list data",
        "remove data/journal-000000000001.log",
        "syncdir data",
        "compacted",
        "wrote s3 as 4",
        "flush at 101.0",
        "write 4 @8 +61",
        "sync 4",
        "#4 durable",
        "wrote s4 as 5",
        "write 4 @69 +61",
        "sync 4",
        "close 4",
        "#5 durable",
        "appends 5 syncs 4 bytes 260",        // the close's sync counted since GroupCommit (recorded: 3)
    ]
    static let failure: [String] = [
        "mkdir data",
        "list data",
        "open data/journal-000000000001.log write create=true",
        "write 3 @0 +8",
        "sync 3",
        "syncdir data",
        "opened",
        "wrote s0 as 1",
        "flush at 100.0",
        "write 3 @8 +61",
        "sync 3",
        "#1 durable",
        "fill 3 69..<1048576",
        "sync 3",
        "wrote s1 as 2",
        "wrote s2 as 3",
        "flush at 101.0",
        "write 3 @69 +122",
        "sync 3 failed: fdatasync: Input/output error",
        "#2 failed: fdatasync: Input/output error",
        "#3 failed: fdatasync: Input/output error",
        "write s3 refused: fdatasync: Input/output error",
        "close 3",
        "appends 3 syncs 1 bytes 183",
    ]
}

/// A file system that logs every call it forwards, with the test's notes in between.
final class TracingFileSystem: JournalFileSystem, @unchecked Sendable {
    let inner: SimulatedFileSystem
    private let log = Mutex<[String]>([])

    init(_ inner: SimulatedFileSystem) { self.inner = inner }

    var lines: [String] { log.withLock { $0 } }
    func note(_ line: String) { log.withLock { $0.append(line) } }

    private func traced<T>(_ line: String, _ body: () throws -> T) rethrows -> T {
        do {
            let result = try body()
            note(line)
            return result
        } catch {
            note(line + " failed: \(error)")
            throw error
        }
    }

    private func tracedSyscall<T>(_ line: String, _ body: () throws(SyscallError) -> T) throws(SyscallError) -> T {
        do throws(SyscallError) {
            let result = try body()
            note(line)
            return result
        } catch {
            note(line + " failed: \(error)")
            throw error
        }
    }

    func makeDirectory(_ path: String) throws { try traced("mkdir \(path)") { try inner.makeDirectory(path) } }
    func contents(ofDirectory path: String) throws -> [String] { try traced("list \(path)") { try inner.contents(ofDirectory: path) } }
    func exists(_ path: String) -> Bool { inner.exists(path) }
    func read(_ path: String) throws -> [UInt8] { try traced("read \(path)") { try inner.read(path) } }
    func openForAppend(_ path: String, create: Bool) throws(SyscallError) -> Int32 {
        try tracedSyscall("open \(path) append create=\(create)") { () throws(SyscallError) in try inner.openForAppend(path, create: create) }
    }
    func openForWriting(_ path: String, create: Bool) throws(SyscallError) -> Int32 {
        try tracedSyscall("open \(path) write create=\(create)") { () throws(SyscallError) in try inner.openForWriting(path, create: create) }
    }
    func append(_ handle: Int32, _ bytes: [UInt8]) throws(SyscallError) {
        try tracedSyscall("append \(handle) +\(bytes.count)") { () throws(SyscallError) in try inner.append(handle, bytes) }
    }
    func write(_ handle: Int32, _ bytes: [UInt8], at offset: Int) throws(SyscallError) {
        try tracedSyscall("write \(handle) @\(offset) +\(bytes.count)") { () throws(SyscallError) in try inner.write(handle, bytes, at: offset) }
    }
    func fill(_ handle: Int32, from offset: Int, to end: Int) throws(SyscallError) {
        try tracedSyscall("fill \(handle) \(offset)..<\(end)") { () throws(SyscallError) in try inner.fill(handle, from: offset, to: end) }
    }
    func size(_ handle: Int32) throws(SyscallError) -> Int {
        try tracedSyscall("size \(handle)") { () throws(SyscallError) in try inner.size(handle) }
    }
    func truncate(_ handle: Int32, to length: Int) throws(SyscallError) {
        try tracedSyscall("truncate \(handle) to \(length)") { () throws(SyscallError) in try inner.truncate(handle, to: length) }
    }
    func sync(_ handle: Int32) throws(SyscallError) {
        try tracedSyscall("sync \(handle)") { () throws(SyscallError) in try inner.sync(handle) }
    }
    func close(_ handle: Int32) {
        note("close \(handle)")
        inner.close(handle)
    }
    func rename(_ from: String, to: String) throws(SyscallError) {
        try tracedSyscall("rename \(from) \(to)") { () throws(SyscallError) in try inner.rename(from, to: to) }
    }
    func link(_ existing: String, as new: String) throws(SyscallError) {
        try tracedSyscall("link \(existing) \(new)") { () throws(SyscallError) in try inner.link(existing, as: new) }
    }
    func remove(_ path: String) {
        note("remove \(path)")
        inner.remove(path)
    }
    func syncDirectory(_ path: String) throws(SyscallError) {
        try tracedSyscall("syncdir \(path)") { () throws(SyscallError) in try inner.syncDirectory(path) }
    }
}
