/// What reading one journal file found, in file order: intact records, the damaged spans
/// between them, and where an incomplete last record begins.
struct JournalScan: Equatable {
    struct Record: Equatable {
        var offset: Int
        var length: Int
        var kind: UInt8
        var key: String
        /// A slice of the file's bytes.
        var payload: ArraySlice<UInt8>
    }

    /// A span that failed its checks.
    struct Damage: Equatable {
        var offset: Int
        var length: Int
        /// The sessions its records belong to, as their intact header or trailer names them.
        var sessions: [String]
        /// Every byte of the span is in a record named above (or is a file header).
        var attributed: Bool
        var records: Int
        var detail: String
        /// After the last record that can be named, bytes that cannot be any record: reported,
        /// costing no session (`sessions` empty, `attributed`).
        var noise = false
    }

    enum Item: Equatable {
        case record(Record)
        case damage(Damage)
    }

    /// 2 or 3, or 1 for the first format.
    var version: Int
    /// Version 3: where the zeros that run to the end of the file begin (the data, a torn tail
    /// included, is before).
    var end: Int?
    /// An intact header of a later format than this server reads, over content it cannot read.
    var newerVersion: Int?
    var items: [Item] = []
    /// Where an incomplete last record (a crash mid-write) begins: the length to cut the file to.
    var tornTail: Int?

    var records: [Record] {
        items.compactMap { if case let .record(record) = $0 { record } else { nil } }
    }

    var damage: [Damage] {
        items.compactMap { if case let .damage(damage) = $0 { damage } else { nil } }
    }
}
