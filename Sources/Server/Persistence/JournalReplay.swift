import Routes

/// A journal's entries and damaged spans, snapshot first, in file order, read as they are taken:
/// a file at a time, a chunk at a time (`JournalRecordStream`), each entry's payload copied out
/// as the replay takes it. So a replay holds the sessions
/// it has rebuilt plus a chunk of the file being read (a file with damage in it is read whole),
/// not the whole history as entries besides. Once every item has been taken, the journal is open
/// for appending (`FileJournal.replay`).
final class JournalReplay: Sequence, IteratorProtocol {
    /// What the reading found besides the items.
    struct Recovery {
        var bytesRead: Int
        /// The damaged spans, as logged (once each).
        var damage: [JournalDamage]
        /// One line per incomplete last record that was cut off.
        var tornTails: [String]
        /// Some file is in the first format: a compaction rewrites it in the current one.
        var legacy: Bool
    }

    private let journal: FileJournal
    private var reader: JournalReader
    /// Files still to read, in order.
    private var pending: [(name: String, isSnapshot: Bool)]
    /// The file being read record by record, and its name, while every record is intact…
    private var stream: JournalRecordStream?
    private var streamed: (name: String, isSnapshot: Bool) = ("", false)
    /// … or read whole: its items from `index` on are still to be taken.
    private var file: JournalReader.File?
    private var index = 0
    /// Told how many items each file holds, as it is read (`/readyz`'s progress).
    private let found: (Int) -> Void
    private var snapshotBytes = 0
    /// Whether appends go on in the last segment, and where its data ends.
    private var continuing = true
    private var dataEnd = 0
    private var opened = false
    /// What stopped the reading (a file that cannot be read, or of a later format).
    private var failure: (any Error)?

    init(journal: FileJournal, files: JournalFiles, log: @escaping LogSink, found: @escaping (Int) -> Void) {
        self.journal = journal
        reader = JournalReader(files: files, log: log)
        pending = (files.snapshot.map { [($0, true)] } ?? []) + files.segments.map { ($0, false) }
        self.found = found
    }

    func next() -> JournalReplayItem? {
        while failure == nil {
            do {
                if stream != nil {
                    if let item = try nextStreamed() { return item }
                    continue
                }
                if let file, index < file.items.count {
                    index += 1
                    return file.item(index - 1)
                }
                file = nil
                guard !pending.isEmpty else {
                    // Open for appending before the replay's consumer sees the end (it reports ready then).
                    if !opened {
                        opened = true
                        try journal.openForAppending(continuing: continuing, dataEnd: dataEnd, snapshotBytes: snapshotBytes,
                                                     bytesRead: reader.bytesRead, tornBytes: reader.tornBytes)
                    }
                    return nil
                }
                let (name, isSnapshot) = pending.removeFirst()
                if let opened = try JournalRecordStream(fileSystem: reader.files.fileSystem, path: reader.files.path(name)) {
                    stream = opened
                    streamed = (name, isSnapshot)
                } else {
                    readWhole(try reader.read(name, isSnapshot: isSnapshot), isSnapshot: isSnapshot, from: 0)
                }
            } catch {
                failure = error
            }
        }
        return nil
    }

    /// The stream's next record; nil when the file ended, or when it is to be read whole from here.
    private func nextStreamed() throws -> JournalReplayItem? {
        let (name, isSnapshot) = streamed
        switch try stream!.next() {
        case let .record(record):
            found(1)
            let entry = JournalEntry(kind: JournalEntry.Kind(rawValue: record.kind) ?? .change, session: record.key,
                                     payload: Array(record.payload))
            return .entry(entry, at: JournalPosition(file: name, offset: record.offset, length: record.length))
        case let .end(dataEnd):
            let version = stream!.version
            stream = nil
            reader.readIntact(dataEnd)
            finished(isSnapshot: isSnapshot, count: dataEnd, version: version, damaged: false)
            return nil
        case let .other(offset):
            stream = nil
            readWhole(try reader.read(name, isSnapshot: isSnapshot), isSnapshot: isSnapshot, from: offset)
            return nil
        }
    }

    /// A file read whole: its items from `offset` on are taken next (those before were streamed).
    private func readWhole(_ read: JournalReader.File, isSnapshot: Bool, from offset: Int) {
        finished(isSnapshot: isSnapshot, count: read.count, version: read.version, damaged: !read.damage.isEmpty)
        index = read.items.firstIndex { item in
            switch item {
            case let .record(record): record.offset >= offset
            case let .damage(span): span.offset >= offset
            }
        } ?? read.items.count
        file = read
        found(read.items.count - index)
    }

    private func finished(isSnapshot: Bool, count: Int, version: Int, damaged: Bool) {
        if isSnapshot {
            snapshotBytes = count
        } else {
            // A version-3 segment goes on; so does one torn before its header was whole (started over).
            continuing = (version == 3 || count < JournalFormat.fileHeaderSize) && !damaged
            dataEnd = count
        }
    }

    /// Takes what is left, and says what the reading found; by then the journal is open for
    /// appending, in the last segment or in a new one when that one is damaged or of an earlier
    /// format. Throws what stopped the reading (a file that cannot be read, or of a later format).
    func finish() throws -> Recovery {
        while next() != nil {}
        if let failure { throw failure }
        return Recovery(bytesRead: reader.bytesRead, damage: reader.damage, tornTails: reader.tornTails, legacy: reader.legacy)
    }
}
