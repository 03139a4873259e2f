/// One record as the journal frames it: its kind, the session it belongs to, and its bytes.
/// The session is framed apart from the payload (twice: before and after it) so that damage
/// anywhere in a record can still be pinned to the session it belongs to.
public struct JournalEntry: Sendable, Equatable {
    public enum Kind: UInt8, Sendable {
        /// A `JournalRecord`: a create, an events batch or a delete.
        case change = 1
        /// `SessionDamage` carried over by compaction: the session's history was found damaged,
        /// so it stays unserved after the damaged file has left the journal.
        case damageNote = 2
    }

    public var kind: Kind
    /// The session's id; empty in records of the first format, which framed no session.
    public var session: String
    public var payload: [UInt8]

    public init(kind: Kind = .change, session: String, payload: [UInt8]) {
        self.kind = kind
        self.session = session
        self.payload = payload
    }
}

/// Where a replayed entry was read: to name it when it does not fit.
public struct JournalPosition: Sendable, Equatable {
    /// Relative to the journal's directory.
    public var file: String
    public var offset: Int
    /// The framed record's length in the file.
    public var length: Int

    public init(file: String, offset: Int, length: Int) {
        self.file = file
        self.offset = offset
        self.length = length
    }
}

/// A span of a journal file that failed its checks (anything but an incomplete last record,
/// which is a crash mid-write and is cut off).
public struct JournalDamage: Sendable, Equatable {
    /// Where the damaged bytes are kept, relative to the journal's directory.
    public var file: String
    public var offset: Int
    public var length: Int
    /// The sessions whose records the span held, as the framing tells them.
    public var sessions: [String]
    /// False when part of the span belongs to no record the framing can name: then every session
    /// that exists at that point of the replay may have lost something.
    public var attributed: Bool
    /// Damaged records in the span (none when it is a file header).
    public var records: Int
    /// What failed, for people.
    public var detail: String
    /// Bytes after the last record that can be named that cannot be any record (no start marker,
    /// header or trailer): reported, costing no session (`sessions` empty, `attributed` true).
    public var noise: Bool

    public init(file: String, offset: Int, length: Int, sessions: [String], attributed: Bool, records: Int, detail: String,
                noise: Bool = false) {
        self.file = file
        self.offset = offset
        self.length = length
        self.sessions = sessions
        self.attributed = attributed
        self.records = records
        self.detail = detail
        self.noise = noise
    }
}

/// What reading a journal gives the store, in file order: intact entries, and the damage between them.
public enum JournalReplayItem: Sendable, Equatable {
    case entry(JournalEntry, at: JournalPosition)
    case damage(JournalDamage)
}
