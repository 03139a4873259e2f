import Routes
import Testing
@testable import Server

/// The journal read as it is replayed: record by record, a chunk at a time, the whole file only
/// from the first thing that is not an intact record, and the same items either way.
@Suite("Journal replay: read record by record as it is taken")
struct JournalReplayTests {
    static let path = "data/" + JournalFiles.name(JournalFiles.segmentPrefix, 1)

    /// Records of `size` bytes of payload, for session `s<n>`.
    static func entry(_ n: Int, size: Int) -> JournalEntry {
        let prefix = #"{"op":"delete","id":"s\#(n)","pad":""#
        return JournalEntry(session: "s\(n)", payload: Array((prefix + String(repeating: "x", count: size - prefix.count - 2) + "\"}").utf8))
    }

    static func written(_ entries: [JournalEntry]) throws -> SimulatedFileSystem {
        let files = SimulatedFileSystem(seed: 3)
        let journal = try FileJournal.open(directory: "data", policy: .always, clock: TestClock(at: 0), log: { _ in },
                                           fileSystem: files, flushing: .manual).journal
        for entry in entries { _ = try journal.write(entry) }
        journal.flush()
        journal.close()
        return files.restarted(failAt: nil)
    }

    /// Five records of 300,000 bytes: a chunk and a half, records across its boundary, then
    /// the zeros filled ahead, checked to the end of the file.
    @Test func recordsAcrossChunksAreReadInOrderAndTheZerosEndTheData() throws {
        let entries = (1...5).map { Self.entry($0, size: 300_000) }
        let files = try Self.written(entries)
        var stream = try #require(try JournalRecordStream(fileSystem: files, path: Self.path))
        var offsets: [Int] = []
        var payloads: [[UInt8]] = []
        var end: Int?
        while end == nil {
            switch try stream.next() {
            case let .record(record):
                offsets.append(record.offset)
                payloads.append(Array(record.payload))
            case let .end(dataEnd): end = dataEnd
            case let .other(offset): Issue.record("not an intact record at \(offset)"); return
            }
        }
        let size = JournalFormat.frame(entries[0]).count
        #expect(offsets == [8, 8 + size, 8 + 2 * size, 8 + 3 * size, 8 + 4 * size])
        #expect(payloads == entries.map(\.payload))
        #expect(end == 8 + 5 * size)
        #expect(try #require(files.contents(Self.path)).count == 2 * FileJournal.fillChunk, "zeros after the records")
        let reopened = try FileJournal.open(directory: "data", policy: .always, clock: TestClock(at: 0), log: { _ in },
                                            fileSystem: files, flushing: .manual)
        #expect(reopened.entries == entries)
        #expect(reopened.damage.isEmpty && reopened.tornTails.isEmpty && reopened.bytesRead == 8 + 5 * size)
    }

    /// A damaged record after intact ones: the stream stops there, the file is read whole, and the
    /// replay gets the intact records once each, then the damage, then the records after it.
    @Test func damageAfterStreamedRecordsIsReadFromTheWholeFileWithoutRepeatingAnything() throws {
        let entries = (1...4).map { Self.entry($0, size: 100) }
        let files = try Self.written(entries)
        var bytes = try #require(files.contents(Self.path))
        let size = JournalFormat.frame(entries[0]).count
        bytes[8 + 2 * size + 40] ^= 0xFF                   // in the third record's payload
        files.replace(Self.path, with: bytes)
        var stream = try #require(try JournalRecordStream(fileSystem: files, path: Self.path))
        for _ in 0..<2 { if case .record = try stream.next() {} else { Issue.record("an intact record first") } }
        if case let .other(offset) = try stream.next() { #expect(offset == 8 + 2 * size) } else { Issue.record("the damage") }
        var found = 0
        let journal = try FileJournal(directory: "data", policy: .always, clock: TestClock(at: 0), log: { _ in },
                                      fileSystem: files, flushing: .manual)
        let replay = journal.replay { found += $0 }
        let items = Array(replay)
        _ = try replay.finish()
        let described = items.map { item in
            switch item {
            case let .entry(entry, position): "\(entry.session) at \(position.offset)"
            case let .damage(damage): "damage at \(damage.offset) of \(damage.sessions) in \(damage.file)"
            }
        }
        let kept = "quarantine/" + JournalFiles.name(JournalFiles.segmentPrefix, 1)
        #expect(described == ["s1 at 8", "s2 at \(8 + size)", "damage at \(8 + 2 * size) of [\"s3\"] in \(kept)", "s4 at \(8 + 3 * size)"])
        #expect(found == 4, "each item counted once for /readyz")
        #expect(throws: Never.self) { _ = try journal.write(Self.entry(5, size: 100)) }
    }
}
