import Routes

/// Reads a journal's files in order for `FileJournal.open`: cuts an incomplete last record off
/// a segment, keeps every damaged file in the quarantine, logs each damaged span once (file and
/// offset), and gathers what the replay takes.
struct JournalReader {
    let files: JournalFiles
    let log: LogSink
    private(set) var replay: [JournalReplayItem] = []
    private(set) var damage: [JournalDamage] = []
    private(set) var tornTails: [String] = []
    private(set) var bytesRead = 0
    private(set) var tornBytes = 0
    private(set) var legacy = false

    init(files: JournalFiles, log: @escaping LogSink) {
        self.files = files
        self.log = log
    }

    /// Reads one file; returns how many bytes of data it holds as kept (after any cut; a
    /// version-3 segment's zeros after its records not counted) and what they hold.
    @discardableResult
    mutating func read(_ name: String, isSnapshot: Bool) throws -> (count: Int, version: Int, damage: [JournalScan.Damage]) {
        var bytes = try files.fileSystem.read(files.path(name))
        var scan = JournalFormat.scan(bytes, allowsTornTail: !isSnapshot)
        if let newer = scan.newerVersion {
            // Read as damage it would be quarantined and its sessions held apart: refuse instead.
            throw JournalError("\(name) is in journal format \(newer), written by a later ControlSim; this one reads formats 1 to 3")
        }
        var dataEnd = min(scan.end ?? bytes.count, bytes.count)
        if let torn = scan.tornTail {
            // Cut to the last whole record (a version-3 segment's zeros after it go too: they are
            // filled again as it grows).
            try files.cut(name, to: torn)
            let line = "\(name): an incomplete last record (a crash mid-write) cut off at offset \(torn), \(dataEnd - torn) bytes"
            tornTails.append(line)
            tornBytes += dataEnd - torn
            log(LogLine(level: "warn", "journal_torn_tail").field("file", name).field("offset", torn)
                .field("cut_bytes", dataEnd - torn).description)
            bytes.removeSubrange(torn...)
            dataEnd = torn
        }
        // A record of a kind this server does not know is kept like damage, never dropped.
        scan.items = scan.items.map { item in
            guard case let .record(record) = item, JournalEntry.Kind(rawValue: record.kind) == nil else { return item }
            return .damage(.init(offset: record.offset, length: record.length, sessions: [record.key], attributed: true,
                                 records: 1, detail: "a record of unknown kind \(record.kind)"))
        }
        let damaged = scan.damage
        let kept = damaged.isEmpty ? name : try files.quarantine(name, bytes: bytes)
        for item in scan.items {
            switch item {
            case let .record(record):
                let entry = JournalEntry(kind: JournalEntry.Kind(rawValue: record.kind) ?? .change, session: record.key,
                                         payload: record.payload)
                replay.append(.entry(entry, at: JournalPosition(file: name, offset: record.offset, length: record.length)))
            case let .damage(span):
                let found = JournalDamage(file: kept, offset: span.offset, length: span.length, sessions: span.sessions,
                                          attributed: span.attributed, records: span.records, detail: span.detail, noise: span.noise)
                damage.append(found)
                replay.append(.damage(found))
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
        }
        bytesRead += dataEnd
        legacy = legacy || scan.version == 1
        return (dataEnd, scan.version, damaged)
    }
}
