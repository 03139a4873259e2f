import Foundation
import Testing
@testable import Server

@Suite("File journal: framing, torn tails, compaction, sync policies")
struct FileJournalTests {
    /// A fresh directory per test.
    static func directory() -> String {
        let path = NSTemporaryDirectory() + "journal-test-\(UUID().uuidString)"
        return path
    }

    static func payloads(_ count: Int, from start: Int = 0) -> [[UInt8]] {
        (start..<(start + count)).map { Array(#"{"op":"delete","id":"s\#($0)"}"#.utf8) }
    }

    @Test func appendedRecordsReadBackInOrderAfterReopening() throws {
        let dir = Self.directory()
        let first = try FileJournal.open(directory: dir, policy: .always, log: { _ in })
        #expect(first.records.isEmpty)
        for payload in Self.payloads(50) { try first.journal.append(payload) }
        first.journal.close()
        let second = try FileJournal.open(directory: dir, policy: .always, log: { _ in })
        #expect(second.records == Self.payloads(50))
        #expect(second.warnings.isEmpty)
        try second.journal.append(Self.payloads(1, from: 50)[0])
        second.journal.close()
        #expect(try FileJournal.open(directory: dir, policy: .always, log: { _ in }).records == Self.payloads(51))
    }

    @Test(arguments: [1, 3, 8, 20])
    func aTornTailIsCutOffAndEverythingBeforeSurvives(_ cut: Int) throws {
        let dir = Self.directory()
        let opened = try FileJournal.open(directory: dir, policy: .always, log: { _ in })
        for payload in Self.payloads(10) { try opened.journal.append(payload) }
        opened.journal.close()
        let file = dir + "/" + JournalFiles.name(JournalFiles.segmentPrefix, 1)
        var bytes = try JournalFiles.read(file)
        let intact = bytes.count
        // A crash in the middle of writing an eleventh record: only `cut` of its bytes arrived.
        let torn = JournalFormat.frame(Self.payloads(1, from: 10)[0])
        bytes += torn.prefix(cut)
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        let reopened = try FileJournal.open(directory: dir, policy: .always, log: { _ in })
        #expect(reopened.records == Self.payloads(10))
        #expect(reopened.warnings.count == 1)
        #expect(try JournalFiles.read(file).count == intact)
        // And the journal goes on from there.
        try reopened.journal.append(Self.payloads(1, from: 10)[0])
        reopened.journal.close()
        #expect(try FileJournal.open(directory: dir, policy: .always, log: { _ in }).records == Self.payloads(11))
    }

    @Test func aCorruptRecordEndsTheIntactPart() throws {
        let dir = Self.directory()
        let opened = try FileJournal.open(directory: dir, policy: .always, log: { _ in })
        for payload in Self.payloads(5) { try opened.journal.append(payload) }
        opened.journal.close()
        let file = dir + "/" + JournalFiles.name(JournalFiles.segmentPrefix, 1)
        var bytes = try JournalFiles.read(file)
        bytes[bytes.count - 3] ^= 0xFF               // flip a byte in the last record's payload
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        let reopened = try FileJournal.open(directory: dir, policy: .always, log: { _ in })
        #expect(reopened.records == Self.payloads(4))
        #expect(reopened.warnings.first?.contains("checksum mismatch") == true)
    }

    @Test func compactionReplacesTheHistoryWithTheSnapshotAndKeepsLaterRecords() throws {
        let dir = Self.directory()
        let opened = try FileJournal.open(directory: dir, policy: .always, log: { _ in })
        for payload in Self.payloads(100) { try opened.journal.append(payload) }
        let snapshot = Self.payloads(3, from: 1000)
        try opened.journal.compact { snapshot }
        try opened.journal.append(Self.payloads(1, from: 2000)[0])
        opened.journal.close()
        let names = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        #expect(names == [JournalFiles.name(JournalFiles.segmentPrefix, 2), JournalFiles.name(JournalFiles.snapshotPrefix, 2)])
        let reopened = try FileJournal.open(directory: dir, policy: .always, log: { _ in })
        #expect(reopened.records == snapshot + Self.payloads(1, from: 2000))
    }

    @Test func leftoversOfAnInterruptedCompactionAreIgnored() throws {
        let dir = Self.directory()
        let opened = try FileJournal.open(directory: dir, policy: .always, log: { _ in })
        for payload in Self.payloads(4) { try opened.journal.append(payload) }
        opened.journal.close()
        // A compaction that died before its rename leaves a temp file; it must not be read.
        let temp = dir + "/" + JournalFiles.name(JournalFiles.snapshotPrefix, 2) + ".tmp"
        try Data(JournalFormat.magic + JournalFormat.frame(Array("junk".utf8))).write(to: URL(fileURLWithPath: temp))
        let reopened = try FileJournal.open(directory: dir, policy: .always, log: { _ in })
        #expect(reopened.records == Self.payloads(4))
        #expect(!FileManager.default.fileExists(atPath: temp))
    }

    @Test func batchPolicySharesSyncsAcrossConcurrentWriters() throws {
        let dir = Self.directory()
        let opened = try FileJournal.open(directory: dir, policy: .batch(window: 0.005), log: { _ in })
        let journal = opened.journal
        // Real threads: the writers block in append, which must not starve the test pool.
        let done = DispatchGroup()
        for writer in 0..<8 {
            done.enter()
            Thread.detachNewThread {
                for payload in Self.payloads(25, from: writer * 100) { try? journal.append(payload) }
                done.leave()
            }
        }
        #expect(done.wait(timeout: .now() + 30) == .success)
        let stats = journal.statistics.snapshot
        #expect(stats.appends == 200)
        #expect(stats.syncs < 200)          // group commit: fewer syncs than appends
        journal.close()
        let records = try FileJournal.open(directory: dir, policy: .always, log: { _ in }).records
        #expect(Set(records) == Set((0..<8).flatMap { Self.payloads(25, from: $0 * 100) }))
    }

    @Test func crcMatchesTheStandardCheckValue() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
    }
}
