import Foundation
import Routes
import Synchronization
import Testing
@testable import Server
import TestSupport

extension FileJournal {
    /// Writes an entry and waits until it is durable (tests only: the server never waits).
    func appendAndWait(_ entry: JournalEntry) throws {
        let sequence = try write(entry)
        let done = DispatchSemaphore(value: 0)
        let failure = Mutex<(any Error)?>(nil)
        whenDurable(sequence) { error in
            failure.withLock { $0 = error }
            done.signal()
        }
        done.wait()
        if let error = failure.withLock({ $0 }) { throw error }
    }

    /// Opens on the real file system with the system's clock: a flusher thread waits `.batch`'s
    /// window on it (tests only).
    static func open(directory: String, policy: SyncPolicy = .always) throws -> Opened {
        try open(directory: directory, policy: policy, clock: SystemClock(), log: { _ in })
    }
}

@Suite("File journal: framing, torn tails, damage kept, compaction, sync policies")
struct FileJournalTests {
    /// A fresh directory per test.
    static func directory() -> String {
        NSTemporaryDirectory() + "journal-test-\(UUID().uuidString)"
    }

    static func entries(_ count: Int, from start: Int = 0) -> [JournalEntry] {
        (start..<(start + count)).map { JournalEntry(session: "s\($0)", payload: Array(#"{"op":"delete","id":"s\#($0)"}"#.utf8)) }
    }

    static func segment(_ dir: String, _ number: Int = 1) -> String {
        dir + "/" + JournalFiles.name(JournalFiles.segmentPrefix, number)
    }

    static func write(_ bytes: [UInt8], to path: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    /// A segment's bytes without the zeros filled ahead of its records (format version 3).
    static func records(_ path: String) throws -> [UInt8] {
        var bytes = try LiveFileSystem().read(path)
        while bytes.last == 0 { bytes.removeLast() }
        return bytes
    }

    static func populated(_ count: Int) throws -> String {
        let dir = directory()
        let opened = try FileJournal.open(directory: dir)
        for entry in entries(count) { try opened.journal.appendAndWait(entry) }
        opened.journal.close()
        return dir
    }

    @Test func theFrameIsWhatTheFormatSays() {
        let framed = JournalFormat.frame(JournalEntry(kind: .change, session: "ab", payload: Array("{}".utf8)))
        // Literal bytes: markers, kind 1, key length 2, payload length 2, "ab", CRCs as computed by
        // zlib.crc32 over the same ranges (python3 -c "import zlib; ...").
        #expect(framed == [
            0xF8, 0xC1, 0xFE, 0xC0, 0x01, 0x02, 0x02, 0x00, 0x00, 0x00, 0x61, 0x62,   // header
            0x79, 0xF8, 0x96, 0x26,                                                    // header CRC
            0x7B, 0x7D,                                                                // payload "{}"
            0x43, 0xBF, 0xA6, 0xA3,                                                    // payload CRC
            0x02, 0x00, 0x00, 0x00, 0x01, 0x61, 0x62, 0x02,                            // trailer
            0x6F, 0x76, 0x6B, 0x6F,                                                    // trailer CRC
            0xC0, 0xFE, 0xC1, 0xF8,                                                    // end marker
        ])
        #expect(framed.count == JournalFormat.recordSize(key: 2, payload: 2))
    }

    @Test func appendedRecordsReadBackInOrderAfterReopening() throws {
        let dir = try Self.populated(50)
        let second = try FileJournal.open(directory: dir)
        #expect(second.entries == Self.entries(50))
        #expect(second.tornTails.isEmpty && second.damage.isEmpty && !second.legacy)
        try second.journal.appendAndWait(Self.entries(1, from: 50)[0])
        second.journal.close()
        #expect(try FileJournal.open(directory: dir).entries == Self.entries(51))
        #expect(try JournalFiles.segmentNames(dir) == [JournalFiles.name(JournalFiles.segmentPrefix, 1)])
    }

    /// A crash in the middle of writing an eleventh record: only `cut` of its bytes arrived,
    /// whether inside its header, its payload or its trailer; at the end of the file (appended),
    /// or followed by the zeros filled ahead (written in place).
    @Test(arguments: [1, 3, 8, 15, 20, 40, 55, 63], [0, 4096])
    func aTornTailIsCutOffAndEverythingBeforeSurvives(_ cut: Int, zerosAfter: Int) throws {
        let dir = try Self.populated(10)
        let file = Self.segment(dir)
        let filled = try LiveFileSystem().read(file)
        let intact = try Self.records(file)
        #expect(filled.count == FileJournal.fillChunk && intact.count < filled.count)   // filled ahead, and synced
        #expect(intact.prefix(8) == ArraySlice(JournalFormat.presizedFileHeader))
        let torn = JournalFormat.frame(Self.entries(1, from: 10)[0])
        #expect(cut < torn.count)
        try Self.write(intact + torn.prefix(cut) + [UInt8](repeating: 0, count: zerosAfter), to: file)
        // The data ends where the zeros to the end of the file begin: a prefix ending in zero
        // bytes (inside a length, say) is counted without them, whether or not more zeros follow.
        let counted = torn.prefix(cut).reversed().drop { $0 == 0 }.count
        let reopened = try FileJournal.open(directory: dir)
        #expect(reopened.entries == Self.entries(10))
        #expect(reopened.tornTails == ["\(JournalFiles.name(JournalFiles.segmentPrefix, 1)): an incomplete last record (a crash mid-write) cut off at offset \(intact.count), \(counted) bytes"])
        #expect(reopened.damage.isEmpty)
        #expect(try LiveFileSystem().read(file) == intact)
        #expect(reopened.journal.statistics.snapshot.tornBytes == counted)
        // And the journal goes on from there, in the same file.
        try reopened.journal.appendAndWait(Self.entries(1, from: 10)[0])
        reopened.journal.close()
        #expect(try FileJournal.open(directory: dir).entries == Self.entries(11))
    }

    /// The zeros filled ahead end the data only when nothing but zeros follows; bytes after them
    /// that can be no record (no start marker, header or trailer) are noise: reported, costing no
    /// record, kept (quarantined, appends go to a new segment), never cut.
    @Test func bytesAfterTheZerosAreNoiseNotTheEnd() throws {
        let dir = try Self.populated(4)
        let file = Self.segment(dir)
        let intact = try Self.records(file)
        let bytes = intact + [UInt8](repeating: 0, count: 100) + [UInt8](repeating: 0x55, count: 20) + [UInt8](repeating: 0, count: 50)
        try Self.write(bytes, to: file)
        let reopened = try FileJournal.open(directory: dir)
        #expect(reopened.entries == Self.entries(4))
        #expect(reopened.tornTails.isEmpty)
        let quarantined = "quarantine/" + JournalFiles.name(JournalFiles.segmentPrefix, 1)
        #expect(reopened.damage == [JournalDamage(file: quarantined, offset: intact.count + 100, length: 20, sessions: [], attributed: true,
                                                  records: 0, detail: "bytes after the last record that can be no record (no start marker, header or trailer)",
                                                  noise: true)])
        #expect(try LiveFileSystem().read(file) == bytes)
        try reopened.journal.appendAndWait(Self.entries(1, from: 4)[0])
        reopened.journal.close()
        #expect(try JournalFiles.segmentNames(dir) == [1, 2].map { JournalFiles.name(JournalFiles.segmentPrefix, $0) })
    }

    /// The power went while the zeros were being filled ahead: the file ends somewhere in them.
    /// Nothing is damaged or cut, the journal goes on in the same file, and fills it again.
    @Test func aPowerLossWhileFillingLeavesTheRecordsAndTheJournalGoesOn() throws {
        let files = SimulatedFileSystem(seed: 7)
        let opened = try FileJournal.open(directory: "data", policy: .always, clock: TestClock(at: 0), log: { _ in }, fileSystem: files,
                                          flushing: .manual)
        let path = "data/" + JournalFiles.name(JournalFiles.segmentPrefix, 1)
        _ = try opened.journal.write(Self.entries(1)[0])
        opened.journal.flush()                                          // the first batch, then the fill
        let recordsEnd = 8 + JournalFormat.frame(Self.entries(1)[0]).count
        #expect(files.contents(path)?.count == FileJournal.fillChunk)
        // The second batch's write and sync (operations 1 and 2), then the power goes in the
        // fill's write (3): the fill is due again only past `fillAhead`, so make it due by
        // writing a batch that big.
        let big = JournalEntry(session: "big", payload: Array(("{\"op\":\"delete\",\"id\":\"big\",\"pad\":\"" + String(repeating: "x", count: FileJournal.fillAhead) + "\"}").utf8))
        _ = try opened.journal.write(big)
        let before = files.operations
        files.fail(at: before + 3)
        opened.journal.flush()
        #expect(files.poweredOff)
        let restarted = files.restarted(failAt: nil)
        let size = try #require(restarted.contents(path)?.count)
        let bigEnd = recordsEnd + JournalFormat.frame(big).count
        #expect(size >= bigEnd && size < 2 * FileJournal.fillChunk)     // the big batch synced, the fill torn
        let reopened = try FileJournal.open(directory: "data", policy: .always, clock: TestClock(at: 0), log: { _ in }, fileSystem: restarted,
                                            flushing: .manual)
        #expect(reopened.entries == [Self.entries(1)[0], big])
        #expect(reopened.damage.isEmpty && reopened.tornTails.isEmpty)
        _ = try reopened.journal.write(Self.entries(1, from: 1)[0])
        reopened.journal.flush()
        #expect(try restarted.contents(ofDirectory: "data") == [JournalFiles.name(JournalFiles.segmentPrefix, 1)])
        #expect(restarted.contents(path)?.count == size)                 // written in place, over the zeros left
        var second = big
        second.session = "big2"
        _ = try reopened.journal.write(second)
        reopened.journal.flush()
        #expect(restarted.contents(path)?.count == 2 * FileJournal.fillChunk)   // filled again, ahead of the records
        reopened.journal.close()
        let again = try FileJournal.open(directory: "data", policy: .always, clock: TestClock(at: 0), log: { _ in },
                                         fileSystem: restarted.restarted(failAt: nil), flushing: .manual)
        #expect(again.entries == [Self.entries(1)[0], big, Self.entries(1, from: 1)[0], second])
        #expect(again.damage.isEmpty && again.tornTails.isEmpty)
    }

    /// A segment of format version 2 (records appended, no zeros after them: an earlier server's)
    /// is read as it is; appends go to a new segment of version 3, filled ahead.
    @Test func aSegmentOfVersion2IsReadAndAppendsGoToANewPresizedSegment() throws {
        let dir = Self.directory()
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try Self.write(JournalFormat.fileHeader + Self.entries(3).flatMap(JournalFormat.frame), to: Self.segment(dir))
        let opened = try FileJournal.open(directory: dir)
        #expect(opened.entries == Self.entries(3))
        #expect(opened.damage.isEmpty && opened.tornTails.isEmpty && !opened.legacy)
        try opened.journal.appendAndWait(Self.entries(1, from: 3)[0])
        opened.journal.close()
        #expect(try JournalFiles.segmentNames(dir) == [1, 2].map { JournalFiles.name(JournalFiles.segmentPrefix, $0) })
        #expect(try LiveFileSystem().read(Self.segment(dir, 2)).prefix(8) == ArraySlice(JournalFormat.presizedFileHeader))
        #expect(try LiveFileSystem().read(Self.segment(dir, 2)).count == FileJournal.fillChunk)
        #expect(try FileJournal.open(directory: dir).entries == Self.entries(4))
    }

    /// A crash while the first segment's header was being written: the bytes are cut, the file
    /// is started over with a whole header and the journal goes on in it.
    @Test(arguments: [Array("CSJRN".utf8), Array("CSJ".utf8)])
    func aSegmentTornInsideItsHeaderIsStartedOver(_ written: [UInt8]) throws {
        let dir = Self.directory()
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try Self.write(written, to: Self.segment(dir))
        let opened = try FileJournal.open(directory: dir)
        #expect(opened.entries.isEmpty && opened.damage.isEmpty)
        #expect(opened.tornTails.count == 1)
        try opened.journal.appendAndWait(Self.entries(1)[0])
        opened.journal.close()
        #expect(try JournalFiles.segmentNames(dir) == [JournalFiles.name(JournalFiles.segmentPrefix, 1)])
        #expect(try LiveFileSystem().read(Self.segment(dir)).prefix(8) == ArraySlice(JournalFormat.presizedFileHeader))
        #expect(try FileJournal.open(directory: dir).entries == Self.entries(1))
    }

    /// In a version-2 file zeros after the records are no fill, but they can be no record either:
    /// noise, reported (not the end of the data), costing no record.
    @Test func zerosAfterTheRecordsOfAVersion2SegmentAreNoise() throws {
        let dir = Self.directory()
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let records = JournalFormat.fileHeader + Self.entries(2).flatMap(JournalFormat.frame)
        try Self.write(records + [UInt8](repeating: 0, count: 30), to: Self.segment(dir))
        let opened = try FileJournal.open(directory: dir)
        #expect(opened.entries == Self.entries(2))
        #expect(opened.damage.map(\.offset) == [records.count] && opened.damage.map(\.length) == [30])
        #expect(opened.damage.map(\.noise) == [true] && opened.damage.map(\.sessions) == [[]])
        opened.journal.close()
    }

    @Test func aDamagedRecordCostsOnlyItselfAndIsKept() throws {
        let dir = try Self.populated(5)
        let file = Self.segment(dir)
        var bytes = try LiveFileSystem().read(file)
        let second = 8 + JournalFormat.frame(Self.entries(1)[0]).count    // the second record's offset
        bytes[second + 20] ^= 0xFF                                       // in its payload
        try Self.write(bytes, to: file)
        let logged = Mutex<[String]>([])
        let reopened = try FileJournal.open(directory: dir, policy: .always, clock: TestClock(at: 0), log: { line in logged.withLock { $0.append(line) } })
        // Every other record is still there, and nothing was cut.
        #expect(reopened.entries == Self.entries(5).enumerated().filter { $0.offset != 1 }.map(\.element))
        let quarantined = "quarantine/" + JournalFiles.name(JournalFiles.segmentPrefix, 1)
        #expect(reopened.damage == [JournalDamage(file: quarantined, offset: second, length: JournalFormat.frame(Self.entries(1, from: 1)[0]).count,
                                                  sessions: ["s1"], attributed: true, records: 1, detail: "payload checksum mismatch")])
        #expect(try LiveFileSystem().read(file) == bytes)
        #expect(try LiveFileSystem().read(dir + "/" + quarantined) == bytes)
        #expect(logged.withLock { $0 } == ["level=error msg=journal_damaged file=\(quarantined) offset=\(second) length=\(reopened.damage[0].length) sessions=s1 attributed=yes detail=\"payload checksum mismatch\""])
        // Appends go to a new segment; the damaged one is left as it is.
        try reopened.journal.appendAndWait(Self.entries(1, from: 5)[0])
        reopened.journal.close()
        #expect(try JournalFiles.segmentNames(dir) == [1, 2].map { JournalFiles.name(JournalFiles.segmentPrefix, $0) })
        let again = try FileJournal.open(directory: dir)
        #expect(again.entries.count == 5 && again.damage.count == 1)
        // Opened again, the same damage is not quarantined twice.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/quarantine") == [JournalFiles.name(JournalFiles.segmentPrefix, 1)])
        again.journal.close()
    }

    @Test func aDamagedFileHeaderCostsNoRecord() throws {
        let dir = try Self.populated(3)
        let file = Self.segment(dir)
        var bytes = try LiveFileSystem().read(file)
        bytes[2] ^= 0xFF
        try Self.write(bytes, to: file)
        let reopened = try FileJournal.open(directory: dir)
        #expect(reopened.entries == Self.entries(3))
        #expect(reopened.damage.map(\.detail) == ["damaged file header"])
        #expect(reopened.damage.first?.sessions == [] && reopened.damage.first?.attributed == true)
        reopened.journal.close()
    }

    @Test func aDamagedSnapshotCostsOnlyTheRecordsItTouched() throws {
        let dir = Self.directory()
        let opened = try FileJournal.open(directory: dir)
        for entry in Self.entries(10) { try opened.journal.appendAndWait(entry) }
        try opened.journal.compact { Self.entries(4, from: 100) }
        opened.journal.close()
        let snapshot = dir + "/" + JournalFiles.name(JournalFiles.snapshotPrefix, 2)
        var bytes = try LiveFileSystem().read(snapshot)
        bytes[bytes.count - 2] ^= 0xFF                                   // the last record's end marker
        try Self.write(bytes, to: snapshot)
        let reopened = try FileJournal.open(directory: dir)
        #expect(reopened.entries == Self.entries(3, from: 100))
        #expect(reopened.damage.map(\.sessions) == [["s103"]])
        #expect(reopened.damage.map(\.detail) == ["damaged record trailer"])
        #expect(try LiveFileSystem().read(snapshot) == bytes)           // snapshots are never cut
        reopened.journal.close()
    }

    @Test func compactionReplacesTheHistoryKeepsLaterRecordsAndLeavesTheQuarantine() throws {
        let dir = Self.directory()
        let opened = try FileJournal.open(directory: dir)
        for entry in Self.entries(100) { try opened.journal.appendAndWait(entry) }
        opened.journal.close()
        var bytes = try LiveFileSystem().read(Self.segment(dir))
        bytes[12] ^= 0x01                                               // the first record's header
        try Self.write(bytes, to: Self.segment(dir))
        let damaged = try FileJournal.open(directory: dir)
        #expect(damaged.damage.map(\.sessions) == [["s0"]])
        let snapshot = Self.entries(3, from: 1000)
        try damaged.journal.compact { snapshot }
        try damaged.journal.appendAndWait(Self.entries(1, from: 2000)[0])
        damaged.journal.close()
        let names = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        #expect(names == [JournalFiles.name(JournalFiles.segmentPrefix, 3), "quarantine", JournalFiles.name(JournalFiles.snapshotPrefix, 3)])
        #expect(try LiveFileSystem().read(dir + "/quarantine/" + JournalFiles.name(JournalFiles.segmentPrefix, 1)) == bytes)
        let reopened = try FileJournal.open(directory: dir)
        #expect(reopened.entries == snapshot + Self.entries(1, from: 2000))
        #expect(reopened.damage.isEmpty)
        reopened.journal.close()
    }

    @Test func leftoversOfAnInterruptedCompactionAreIgnored() throws {
        let dir = try Self.populated(4)
        // A compaction that died before its rename leaves a temp file; it must not be read.
        let temp = dir + "/" + JournalFiles.name(JournalFiles.snapshotPrefix, 2) + ".tmp"
        try Self.write(JournalFormat.fileHeader + JournalFormat.frame(JournalEntry(session: "x", payload: Array("junk".utf8))), to: temp)
        let reopened = try FileJournal.open(directory: dir)
        #expect(reopened.entries == Self.entries(4))
        #expect(!FileManager.default.fileExists(atPath: temp))
        reopened.journal.close()
    }

    @Test func aJournalOfTheFirstFormatIsReadAndAppendsGoToANewSegment() throws {
        let dir = Self.directory()
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let payloads = Self.entries(3).map(\.payload)
        try Self.write(JournalFormat.legacyFileHeader + payloads.flatMap(Self.legacyFrame), to: Self.segment(dir))
        let opened = try FileJournal.open(directory: dir)
        #expect(opened.legacy)
        #expect(opened.entries == payloads.map { JournalEntry(session: "", payload: $0) })
        try opened.journal.appendAndWait(Self.entries(1, from: 3)[0])
        opened.journal.close()
        #expect(try JournalFiles.segmentNames(dir) == [1, 2].map { JournalFiles.name(JournalFiles.segmentPrefix, $0) })
        #expect(try LiveFileSystem().read(Self.segment(dir, 2)).prefix(8) == ArraySlice(JournalFormat.presizedFileHeader))
    }

    @Test func damageInTheFirstFormatIsFoundButNotAttributed() throws {
        let dir = Self.directory()
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let payloads = Self.entries(3).map(\.payload)
        var bytes = JournalFormat.legacyFileHeader + payloads.flatMap(Self.legacyFrame)
        bytes[8 + 8 + payloads[0].count + 8 + 3] ^= 0xFF                // inside the second payload
        try Self.write(bytes, to: Self.segment(dir))
        let opened = try FileJournal.open(directory: dir)
        #expect(opened.entries.map(\.payload) == [payloads[0], payloads[2]])
        #expect(opened.damage.count == 1)
        #expect(opened.damage.first?.attributed == false)
        #expect(opened.damage.first?.sessions == ["s1"])               // named where the bytes still say so
        opened.journal.close()
    }

    /// A later format is not guessed at: the server refuses to start and changes nothing.
    @Test func aJournalOfALaterFormatIsRefusedAndLeftAlone() throws {
        let dir = Self.directory()
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let bytes = Array("CSJRNL04".utf8) + Array(repeating: 0x55, count: 40)
        try Self.write(bytes, to: Self.segment(dir))
        #expect(throws: JournalError.self) { try FileJournal.open(directory: dir) }
        #expect(try LiveFileSystem().read(Self.segment(dir)) == bytes)
        #expect(!FileManager.default.fileExists(atPath: dir + "/quarantine"))
    }

    static func legacyFrame(_ payload: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        JournalFormat.append(UInt32(payload.count), to: &bytes)
        JournalFormat.append(CRC32.checksum(payload), to: &bytes)
        return bytes + payload
    }

    @Test func batchPolicySharesSyncsAcrossConcurrentWriters() throws {
        let dir = Self.directory()
        let opened = try FileJournal.open(directory: dir, policy: .batch(window: 0.005))
        let journal = opened.journal
        // Real threads: the writers wait for durability, which must not starve the test pool.
        let done = DispatchGroup()
        for writer in 0..<8 {
            done.enter()
            Thread.detachNewThread {
                for entry in Self.entries(25, from: writer * 100) { try? journal.appendAndWait(entry) }
                done.leave()
            }
        }
        #expect(done.wait(timeout: .now() + 30) == .success)
        let stats = journal.statistics.snapshot
        #expect(stats.appends == 200)
        #expect(stats.syncs < 200)          // group commit: fewer syncs than appends
        journal.close()
        let entries = try FileJournal.open(directory: dir).entries
        #expect(Set(entries.map(\.payload)) == Set((0..<8).flatMap { Self.entries(25, from: $0 * 100) }.map(\.payload)))
    }

    /// Sync timings come from the clock the journal was given, not from the system's.
    @Test func syncTimingsReadTheInjectedClock() throws {
        let clock = TickingClock(step: 0.25)
        let files = SimulatedFileSystem(seed: 1)
        let opened = try FileJournal.open(directory: "data", policy: .always, clock: clock, log: { _ in }, fileSystem: files,
                                          flushing: .manual)
        for entry in Self.entries(3) {
            _ = try opened.journal.write(entry)
            opened.journal.flush()
        }
        let stats = opened.journal.statistics.snapshot
        #expect(stats.syncs == 3)
        #expect(stats.syncSeconds == 0.75)                              // each sync: two reads, 0.25 apart
        #expect(stats.syncBuckets == [0, 0, 0, 0, 0, 0, 0, 0, 3, 0])    // 0.25 s is in the ≤ 0.5 s bucket
    }

    /// A compaction's rotation syncs the old segment outside the journal's lock: a writer (a
    /// loop thread, in the server) goes on while that sync takes its time.
    @Test func writersDoNotWaitForARotationsSync() throws {
        let files = GatedFileSystem(SimulatedFileSystem(seed: 2))
        let opened = try FileJournal.open(directory: "data", policy: .always, clock: TestClock(at: 0), log: { _ in }, fileSystem: files,
                                          flushing: .manual)
        let journal = opened.journal
        // What the store would hold: every entry written so far (a snapshot reads it after rotating).
        let held = Mutex<[JournalEntry]>([])
        _ = try journal.write(Self.entries(1)[0])
        held.withLock { $0 = Self.entries(1) }
        files.close()
        let compacted = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            try? journal.compact { held.withLock { $0 } }
            compacted.signal()
        }
        #expect(files.syncStarted.wait(timeout: .now() + 10) == .success)   // the rotation is in a sync now
        let wrote = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            _ = try? journal.write(Self.entries(1, from: 1)[0])
            held.withLock { $0 += Self.entries(1, from: 1) }
            wrote.signal()
        }
        #expect(wrote.wait(timeout: .now() + 10) == .success, "the write waited for the sync")
        files.open()
        #expect(compacted.wait(timeout: .now() + 10) == .success)
        journal.flush()
        journal.close()
        let reopened = try FileJournal.open(directory: "data", policy: .always, clock: TestClock(at: 0), log: { _ in },
                                            fileSystem: files.inner.restarted(failAt: nil), flushing: .manual)
        // Both, once or twice (in the snapshot, and in the new segment if written after the switch).
        #expect(Set(reopened.entries.map(\.payload)) == Set(Self.entries(2).map(\.payload)))
    }

    /// A write does no I/O: records wait in a batch that the flusher writes with one append and
    /// syncs with one sync, then every record of it is durable.
    @Test func writesWaitInABatchThatOneAppendAndOneSyncCover() throws {
        let files = GatedFileSystem(SimulatedFileSystem(seed: 3))
        let opened = try FileJournal.open(directory: "data", policy: .always, clock: TestClock(at: 0), log: { _ in }, fileSystem: files,
                                          flushing: .manual)
        let journal = opened.journal
        let before = files.appends
        let sequences = try Self.entries(5).map { try journal.write($0) }
        #expect(sequences == [1, 2, 3, 4, 5])
        #expect(files.appends == before, "a write touched the file")
        #expect(!journal.isDurable(1))
        journal.flush()
        #expect(files.appends == before + 1)
        #expect(journal.isDurable(5))
        #expect(journal.statistics.snapshot.appends == 5 && journal.statistics.snapshot.syncs == 1)
        journal.close()
        let reopened = try FileJournal.open(directory: "data", policy: .always, clock: TestClock(at: 0), log: { _ in },
                                            fileSystem: files.inner.restarted(failAt: nil), flushing: .manual)
        #expect(reopened.entries.map(\.payload) == Self.entries(5).map(\.payload))
        #expect(reopened.tornTails.isEmpty && reopened.damage.isEmpty)
    }

    /// A batch that cannot be written is cut back off the file, fails every answer waiting on
    /// it, and is final: later writes are refused, as after a failed sync.
    @Test func aFailedBatchWriteFailsItsWritersAndIsFinal() throws {
        let files = GatedFileSystem(SimulatedFileSystem(seed: 4))
        let lines = Mutex<[String]>([])
        let opened = try FileJournal.open(directory: "data", policy: .always, clock: TestClock(at: 0),
                                          log: { line in lines.withLock { $0.append(line) } }, fileSystem: files, flushing: .manual)
        let journal = opened.journal
        _ = try journal.write(Self.entries(1)[0])
        journal.flush()
        files.failAppends()
        let outcomes = Mutex<[String]>([])
        for entry in Self.entries(2, from: 1) {
            journal.whenDurable(try journal.write(entry)) { error in outcomes.withLock { $0.append(error.map { "\($0)" } ?? "durable") } }
        }
        journal.flush()
        #expect(outcomes.withLock { $0 } == ["write: No space left on device", "write: No space left on device"])
        #expect(throws: SyscallError.self) { try journal.write(Self.entries(1, from: 3)[0]) }
        #expect(lines.withLock { $0 }.contains { $0.hasPrefix("level=error msg=journal_write_failed") })
        journal.close()
        let reopened = try FileJournal.open(directory: "data", policy: .always, clock: TestClock(at: 0), log: { _ in },
                                            fileSystem: files.inner.restarted(failAt: nil), flushing: .manual)
        #expect(reopened.entries.map(\.payload) == Self.entries(1).map(\.payload))
        #expect(reopened.tornTails.isEmpty && reopened.damage.isEmpty)
    }

    @Test func crcMatchesTheStandardCheckValue() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum(Array("The quick brown fox jumps over the lazy dog".utf8)) == 0x414F_A339)
        #expect(CRC32.checksum([UInt8]()) == 0)
    }

    /// Eight bytes a step and the byte-wise rest agree with the bitwise definition at every length
    /// and alignment (slices of a buffer, so the eight-byte steps start at every offset).
    @Test func crcEqualsTheBitwiseDefinitionAtEveryLengthAndOffset() {
        func bitwise(_ bytes: ArraySlice<UInt8>) -> UInt32 {
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in bytes {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            }
            return ~crc
        }
        var random = SplitMix64(seed: 5)
        let bytes = (0..<300).map { _ in UInt8(truncatingIfNeeded: random.next(upTo: 256)) }
        for start in 0..<9 {
            for end in start...(start + 70) {
                #expect(CRC32.checksum(bytes[start..<end]) == bitwise(bytes[start..<end]), "\(start)..<\(end)")
            }
        }
        #expect(CRC32.checksum(bytes) == bitwise(bytes[...]))
    }
}

extension JournalFiles {
    /// The segment files in a directory on the real file system, in order.
    static func segmentNames(_ directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).filter { number($0, segmentPrefix) != nil }.sorted()
    }
}

/// A file system whose syncs wait at a gate while it is closed (and say when one does), which
/// counts appends and can be told to fail them.
final class GatedFileSystem: JournalFileSystem, @unchecked Sendable {
    let inner: SimulatedFileSystem
    let syncStarted = DispatchSemaphore(value: 0)
    private let condition = NSCondition()
    private var closed = false
    private let appendState = Mutex((count: 0, failing: false))

    var appends: Int { appendState.withLock { $0.count } }
    func failAppends() { appendState.withLock { $0.failing = true } }

    init(_ inner: SimulatedFileSystem) { self.inner = inner }

    func close() { condition.lock(); closed = true; condition.unlock() }

    func open() {
        condition.lock()
        closed = false
        condition.broadcast()
        condition.unlock()
    }

    func sync(_ handle: Int32) throws(SyscallError) {
        condition.lock()
        if closed { syncStarted.signal() }
        while closed { condition.wait() }
        condition.unlock()
        try inner.sync(handle)
    }

    func makeDirectory(_ path: String) throws { try inner.makeDirectory(path) }
    func contents(ofDirectory path: String) throws -> [String] { try inner.contents(ofDirectory: path) }
    func exists(_ path: String) -> Bool { inner.exists(path) }
    func read(_ path: String) throws -> [UInt8] { try inner.read(path) }
    func openForAppend(_ path: String, create: Bool) throws(SyscallError) -> Int32 { try inner.openForAppend(path, create: create) }
    func append(_ handle: Int32, _ bytes: [UInt8]) throws(SyscallError) {
        let failing = appendState.withLock { state in
            state.count += 1
            return state.failing
        }
        if failing {
            // What a full disk does: part of the bytes, then an error.
            try inner.append(handle, Array(bytes.prefix(bytes.count / 2)))
            throw SyscallError("write", errno: ENOSPC)
        }
        try inner.append(handle, bytes)
    }
    func openForWriting(_ path: String, create: Bool) throws(SyscallError) -> Int32 { try inner.openForWriting(path, create: create) }
    func write(_ handle: Int32, _ bytes: [UInt8], at offset: Int) throws(SyscallError) {
        let failing = appendState.withLock { state in
            state.count += 1
            return state.failing
        }
        if failing {
            try inner.write(handle, Array(bytes.prefix(bytes.count / 2)), at: offset)
            throw SyscallError("write", errno: ENOSPC)
        }
        try inner.write(handle, bytes, at: offset)
    }
    func fill(_ handle: Int32, from offset: Int, to end: Int) throws(SyscallError) { try inner.fill(handle, from: offset, to: end) }
    func size(_ handle: Int32) throws(SyscallError) -> Int { try inner.size(handle) }
    func truncate(_ handle: Int32, to length: Int) throws(SyscallError) { try inner.truncate(handle, to: length) }
    func close(_ handle: Int32) { inner.close(handle) }
    func rename(_ from: String, to: String) throws(SyscallError) { try inner.rename(from, to: to) }
    func link(_ existing: String, as new: String) throws(SyscallError) { try inner.link(existing, as: new) }
    func remove(_ path: String) { inner.remove(path) }
    func syncDirectory(_ path: String) throws(SyscallError) { try inner.syncDirectory(path) }
}

/// A clock that moves `step` seconds every time it is read.
final class TickingClock: TimeSource {
    private let seconds = Mutex(0.0)
    let step: Double

    init(step: Double) { self.step = step }

    func now() -> Double { seconds.withLock { $0 += step; return $0 } }
    func epoch() -> Double { 1_700_000_000 }
}
