import Routes

/// The journal directory's files: names, listing, and the few durable file operations.
struct JournalFiles {
    let fileSystem: any JournalFileSystem
    let directory: String
    /// The newest snapshot's file name, if any.
    let snapshot: String?
    /// Segment file names at or after the snapshot, oldest first.
    let segments: [String]
    /// Everything older than the snapshot, and temp files: what an interrupted compaction left.
    let leftovers: [String]

    static let snapshotPrefix = "snapshot-"
    static let segmentPrefix = "journal-"
    static let suffix = ".log"
    /// Where damaged files are kept, inside the journal's directory.
    static let quarantine = "quarantine"

    static func name(_ prefix: String, _ number: Int) -> String {
        let digits = String(number)
        return prefix + String(repeating: "0", count: max(0, 12 - digits.count)) + digits + suffix
    }

    static func number(_ name: String, _ prefix: String) -> Int? {
        guard name.hasPrefix(prefix), name.hasSuffix(suffix) else { return nil }
        return Int(name.dropFirst(prefix.count).dropLast(suffix.count))
    }

    init(directory: String, fileSystem: any JournalFileSystem) throws {
        self.fileSystem = fileSystem
        self.directory = directory
        let names = try fileSystem.contents(ofDirectory: directory)
        let snapshots = names.compactMap { name in Self.number(name, Self.snapshotPrefix).map { ($0, name) } }.sorted { $0.0 < $1.0 }
        let segments = names.compactMap { name in Self.number(name, Self.segmentPrefix).map { ($0, name) } }.sorted { $0.0 < $1.0 }
        let base = snapshots.last?.0 ?? 0
        snapshot = snapshots.last?.1
        self.segments = segments.filter { $0.0 >= base }.map(\.1)
        leftovers = snapshots.dropLast().map(\.1) + segments.filter { $0.0 < base }.map(\.1)
            + names.filter { $0.hasSuffix(".tmp") }
    }

    func path(_ name: String) -> String { directory + "/" + name }

    func removeLeftovers() {
        for name in leftovers { fileSystem.remove(path(name)) }
    }

    /// Deletes snapshots and segments older than `segment` (after a new snapshot replaced them;
    /// damaged ones have their bytes in the quarantine already).
    func removeHistory(before segment: Int) {
        for name in (try? fileSystem.contents(ofDirectory: directory)) ?? [] {
            let number = Self.number(name, Self.snapshotPrefix) ?? Self.number(name, Self.segmentPrefix)
            if let number, number < segment { fileSystem.remove(path(name)) }
        }
        try? fileSystem.syncDirectory(directory)
    }

    /// The last segment opened for writing when `continuing` it is safe (its records end at
    /// `dataEnd`), else a new segment after it (or a first one); with its number, where its
    /// records end and its size (zeros after the records, if any, included).
    func openSegment(continuing: Bool, dataEnd: Int) throws -> (handle: Int32, segment: Int, end: Int, size: Int) {
        let last = segments.last.flatMap { Self.number($0, Self.segmentPrefix) }
        guard continuing, let last, let name = segments.last else {
            let next = last.map { $0 + 1 } ?? snapshot.flatMap { Self.number($0, Self.snapshotPrefix) } ?? 1
            let (handle, number) = try createSegment(next)
            return (handle, number, JournalFormat.fileHeaderSize, JournalFormat.fileHeaderSize)
        }
        let handle = try fileSystem.openForWriting(path(name), create: false)
        let size = try fileSystem.size(handle)
        if size < JournalFormat.fileHeaderSize || dataEnd < JournalFormat.fileHeaderSize {
            // Torn before its header was whole: start the file over.
            try fileSystem.truncate(handle, to: 0)
            try fileSystem.write(handle, JournalFormat.presizedFileHeader, at: 0)
            try fileSystem.sync(handle)
            return (handle, last, JournalFormat.fileHeaderSize, JournalFormat.fileHeaderSize)
        }
        return (handle, last, min(dataEnd, size), size)
    }

    /// A new, empty segment with its header (version 3: it is filled with zeros as it grows),
    /// durable in the directory.
    func createSegment(_ number: Int) throws -> (Int32, Int) {
        let handle = try fileSystem.openForWriting(path(Self.name(Self.segmentPrefix, number)), create: true)
        try fileSystem.write(handle, JournalFormat.presizedFileHeader, at: 0)
        try fileSystem.sync(handle)
        try fileSystem.syncDirectory(directory)
        return (handle, number)
    }

    /// Writes `snapshot-<segment>.log` atomically, with the entries `produce` hands over as it
    /// makes them (framed into a buffer written out a MiB at a time); returns its size and how
    /// many records it holds.
    func writeSnapshot(segment: Int, _ produce: ((JournalEntry) throws -> Void) throws -> Void) throws -> (size: Int, records: Int) {
        var size = 0, records = 0
        try fileSystem.writeAtomically(path(Self.name(Self.snapshotPrefix, segment)), directory: directory) { handle in
            var buffer = JournalFormat.fileHeader
            try produce { entry in
                buffer += JournalFormat.frame(entry)
                records += 1
                if buffer.count >= 1 << 20 {
                    try fileSystem.append(handle, buffer)
                    size += buffer.count
                    buffer.removeAll(keepingCapacity: true)
                }
            }
            try fileSystem.append(handle, buffer)
            size += buffer.count
        }
        return (size, records)
    }

    /// Cuts an incomplete last record off a segment, durably.
    func cut(_ name: String, to length: Int) throws {
        let handle = try fileSystem.openForAppend(path(name), create: false)
        defer { fileSystem.close(handle) }
        try fileSystem.truncate(handle, to: length)
        try fileSystem.sync(handle)
    }

    /// Keeps a damaged file's bytes in `quarantine/` under its own name (a hard link, so no copy
    /// and no window in which they exist nowhere), where no compaction deletes them. Returns the
    /// kept file's path relative to the journal's directory. A file quarantined before with the
    /// same bytes is not kept twice.
    func quarantine(_ name: String, bytes: [UInt8]) throws -> String {
        let folder = path(Self.quarantine)
        try fileSystem.makeDirectory(folder)
        var candidate = Self.quarantine + "/" + name
        var attempt = 1
        while fileSystem.exists(path(candidate)) {
            if (try? fileSystem.read(path(candidate))) == bytes { return candidate }
            attempt += 1
            candidate = Self.quarantine + "/" + name + ".\(attempt)"
        }
        do {
            try fileSystem.link(path(name), as: path(candidate))
        } catch {
            // A file system without hard links: a copy, written atomically.
            try fileSystem.writeAtomically(path(candidate), directory: folder) { handle in try fileSystem.append(handle, bytes) }
        }
        try fileSystem.syncDirectory(folder)
        try fileSystem.syncDirectory(directory)
        return candidate
    }
}
