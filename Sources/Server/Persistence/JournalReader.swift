import Routes

/// Reads a journal's files in order for `JournalReplay`: cuts an incomplete last record off
/// a segment, keeps every damaged file in the quarantine, logs each damaged span once (file and
/// offset), and says what each file holds, for the replay to take one item at a time.
struct JournalReader {
    /// One file as read: its items refer to the file's bytes (`JournalScan.Record.payload`), so
    /// an entry's payload is copied out only when the replay takes it (`item(_:)`), and the
    /// file's bytes are let go with the last of them.
    struct File {
        var name: String
        /// Where damage in it is kept: its name in the quarantine, or its own name.
        var kept: String
        var items: [JournalScan.Item]
        /// Bytes of data it holds as kept (after any cut; a version-3 segment's zeros after its records not counted).
        var count: Int
        var version: Int
        var damage: [JournalScan.Damage]

        /// The replay's view of item `index`.
        func item(_ index: Int) -> JournalReplayItem {
            switch items[index] {
            case let .record(record):
                let entry = JournalEntry(kind: JournalEntry.Kind(rawValue: record.kind) ?? .change, session: record.key,
                                         payload: Array(record.payload))
                return .entry(entry, at: JournalPosition(file: name, offset: record.offset, length: record.length))
            case let .damage(span):
                return .damage(JournalDamage(file: kept, offset: span.offset, length: span.length, sessions: span.sessions,
                                             attributed: span.attributed, records: span.records, detail: span.detail, noise: span.noise))
            }
        }
    }

    let files: JournalFiles
    let log: LogSink
    private(set) var damage: [JournalDamage] = []
    private(set) var tornTails: [String] = []
    private(set) var bytesRead = 0
    private(set) var tornBytes = 0
    private(set) var legacy = false

    init(files: JournalFiles, log: @escaping LogSink) {
        self.files = files
        self.log = log
    }

    /// Reads one file: what it holds, in file order.
    mutating func read(_ name: String, isSnapshot: Bool) throws -> File {
        var bytes = try files.fileSystem.read(files.path(name))
        let size = bytes.count
        var scan = JournalFormat.scan(&bytes, allowsTornTail: !isSnapshot)
        if let newer = scan.newerVersion {
            // Read as damage it would be quarantined and its sessions held apart: refuse instead.
            throw JournalError("\(name) is in journal format \(newer), written by a later ControlSim; this one reads formats 1 to 3")
        }
        var dataEnd = min(scan.end ?? size, size)
        if let torn = scan.tornTail {
            // Cut to the last whole record (a version-3 segment's zeros after it go too: they are
            // filled again as it grows).
            try files.cut(name, to: torn)
            let line = "\(name): an incomplete last record (a crash mid-write) cut off at offset \(torn), \(dataEnd - torn) bytes"
            tornTails.append(line)
            tornBytes += dataEnd - torn
            log(LogLine(level: "warn", "journal_torn_tail").field("file", name).field("offset", torn)
                .field("cut_bytes", dataEnd - torn).description)
            dataEnd = torn
        }
        // A record of a kind this server does not know is kept like damage, never dropped.
        scan.items = scan.items.map { item in
            guard case let .record(record) = item, JournalEntry.Kind(rawValue: record.kind) == nil else { return item }
            return .damage(.init(offset: record.offset, length: record.length, sessions: [record.key], attributed: true,
                                 records: 1, detail: "a record of unknown kind \(record.kind)"))
        }
        let damaged = scan.damage
        // The file as it is now on disk (cut, if it was), read again only when it is damaged.
        let kept = damaged.isEmpty ? name : try files.quarantine(name, bytes: try files.fileSystem.read(files.path(name)))
        for case let .damage(span) in scan.items {
            let found = JournalDamage(file: kept, offset: span.offset, length: span.length, sessions: span.sessions,
                                      attributed: span.attributed, records: span.records, detail: span.detail, noise: span.noise)
            damage.append(found)
            if span.noise {
                log(LogLine(level: "warn", "journal_noise").field("file", kept).field("offset", span.offset)
                    .field("length", span.length).field("detail", span.detail).description)
                continue
            }
            log(LogLine(level: "error", "journal_damaged").field("file", kept).field("offset", span.offset)
                .field("length", span.length).field("sessions", span.sessions.joined(separator: ","))
                .field("attributed", span.attributed ? "yes" : "no")
                .field("detail", span.detail).description)
        }
        bytesRead += dataEnd
        legacy = legacy || scan.version == 1
        return File(name: name, kept: kept, items: scan.items, count: dataEnd, version: scan.version, damage: damaged)
    }
}

extension JournalReader {
    /// A file read record by record to its end, every record intact (`JournalRecordStream`).
    mutating func readIntact(_ count: Int) {
        bytesRead += count
    }
}
