import Routes

/// The records of one journal file read a chunk at a time, for as long as each is an intact
/// record of a kind this server knows: what almost every file holds, read without holding the
/// file. At anything else (damage, an incomplete last record, bytes after the zeros, a record of
/// an unknown kind, a file of the first format or with a damaged header) it stops and says where,
/// and the whole file is read as `JournalFormat.scan` reads it; from that offset on, that reading
/// finds what this one would have (the scan goes record by record from the header, as this does).
struct JournalRecordStream {
    enum Step {
        case record(JournalScan.Record)
        /// The data ends here (a version-3 file's zeros after it, checked to the end of the file).
        case end(dataEnd: Int)
        /// Something other than an intact record begins here: read the whole file.
        case other(at: Int)
    }

    static let chunk = 1 << 20

    let fileSystem: any JournalFileSystem
    let path: String
    /// 2 or 3 (zeros may follow the records).
    let version: Int
    /// Bytes from `start` on, as far as read.
    private var buffer: [UInt8]
    private var start = 0
    /// Where the next record begins.
    private var offset = JournalFormat.fileHeaderSize
    private var atEnd: Bool

    /// Nil when the file does not begin with the header of a snapshot or a segment of version 2
    /// or 3 (the whole file is read then).
    init?(fileSystem: any JournalFileSystem, path: String) throws {
        let first = try fileSystem.read(path, from: 0, count: Self.chunk)
        guard first.count >= JournalFormat.fileHeaderSize else { return nil }
        let head = Array(first[0..<JournalFormat.fileHeaderSize])
        if head == JournalFormat.fileHeader {
            version = 2
        } else if head == JournalFormat.presizedFileHeader {
            version = 3
        } else {
            return nil
        }
        self.fileSystem = fileSystem
        self.path = path
        buffer = first
        atEnd = first.count < Self.chunk
    }

    mutating func next() throws -> Step {
        while true {
            let at = offset - start
            if at == buffer.count && atEnd { return .end(dataEnd: offset) }
            switch JournalFormat.header(buffer, at: at) {
            case .invalid:
                if version == 3, buffer[at] == 0, try zerosToTheEnd() { return .end(dataEnd: offset) }
                return .other(at: offset)
            case .incomplete:
                if atEnd { return .other(at: offset) }
                try readMore(through: offset + JournalFormat.headerSize(key: JournalFormat.maximumKey))
            case let .valid(head):
                let end = offset + head.recordSize
                if end > start + buffer.count {
                    if atEnd { return .other(at: offset) }
                    try readMore(through: end)
                    continue
                }
                guard JournalEntry.Kind(rawValue: head.kind) != nil, JournalFormat.check(buffer, at: at, head) == nil else {
                    return .other(at: offset)
                }
                let payload = at + JournalFormat.headerSize(key: head.key.count)
                let record = JournalScan.Record(offset: offset, length: head.recordSize, kind: head.kind,
                                                key: String(decoding: head.key, as: UTF8.self),
                                                payload: buffer[payload..<(payload + head.payloadLength)])
                offset = end
                return .record(record)
            }
        }
    }

    /// Lets go of what is behind `offset` and reads on until `end` is in the buffer, or the file ends.
    private mutating func readMore(through end: Int) throws {
        buffer.removeFirst(offset - start)
        start = offset
        while start + buffer.count < end && !atEnd {
            let wanted = max(Self.chunk, end - (start + buffer.count))
            let more = try fileSystem.read(path, from: start + buffer.count, count: wanted)
            atEnd = more.count < wanted
            buffer += more
        }
    }

    /// Whether only zeros follow `offset`, to the end of the file.
    private mutating func zerosToTheEnd() throws -> Bool {
        var position = offset
        while true {
            if !JournalFormat.allZero(buffer, in: (position - start)..<buffer.count) { return false }
            if atEnd { return true }
            position = start + buffer.count
            buffer = try fileSystem.read(path, from: position, count: Self.chunk)
            start = position
            atEnd = buffer.count < Self.chunk
            if buffer.isEmpty { return true }
        }
    }
}
