import Routes

/// The journal's on-disk format, versions 2 and 3 (`docs/journal.md`). A file starts with the
/// 8-byte header `CSJRNL02` (a snapshot) or `CSJRNL03` (a segment); each record after it is framed so that every byte of it is checked, a
/// reader can find the next record after a damaged one, and a damaged record can still be
/// pinned to its session from whichever end of it is intact:
///
///     start marker    F8 C1 FE C0
///     kind            u8          `JournalEntry.Kind`
///     key length      u8          K
///     payload length  u32 LE      L
///     key             K bytes     the session id
///     header CRC      u32 LE      CRC-32 of the 10 + K bytes above
///     payload         L bytes     the record's JSON
///     payload CRC     u32 LE
///     payload length  u32 LE      the trailer repeats length, kind and key, so the record
///     kind            u8          can be named from its end
///     key             K bytes
///     key length      u8
///     trailer CRC     u32 LE      CRC-32 of the 6 + K trailer bytes above
///     end marker      C0 FE C1 F8
///
/// The markers are bytes that never occur in UTF-8, so no payload can imitate them. A batch of
/// records is written with one write(2), so a crash can tear at most the last one.
///
/// Version 3 is version 2 whose records may be followed by zeros to the end of the file: a
/// segment is filled with zeros ahead of its records and synced (`FileJournal`), so that a write
/// overwrites zeros in place and its fdatasync has no size or extent of the file to make durable.
/// A record never begins with a zero byte (its start marker), so the zeros after the last record
/// are the end of the data.
enum JournalFormat {
    /// Records only: snapshots (written once, atomically).
    static let fileHeader = Array("CSJRNL02".utf8)
    /// Records, then possibly zeros to the end of the file: segments.
    static let presizedFileHeader = Array("CSJRNL03".utf8)
    /// The first format: `length (u32 LE) · CRC-32 of payload (u32 LE) · payload`, read for migration.
    static let legacyFileHeader = Array("CSJRNL01".utf8)
    static let fileHeaderSize = 8
    static let startMarker: [UInt8] = [0xF8, 0xC1, 0xFE, 0xC0]
    static let endMarker: [UInt8] = [0xC0, 0xFE, 0xC1, 0xF8]
    /// Larger records are refused (a request body is at most 1 MiB; its record is smaller).
    static let maximumPayload = 64 << 20
    static let maximumKey = 255

    static func headerSize(key: Int) -> Int { 14 + key }
    static func trailerSize(key: Int) -> Int { 14 + key }
    static func recordSize(key: Int, payload: Int) -> Int { headerSize(key: key) + payload + 4 + trailerSize(key: key) }

    static func frame(_ entry: JournalEntry) -> [UInt8] {
        let key = Array(entry.session.utf8)
        precondition(key.count <= maximumKey, "a journal key is at most \(maximumKey) bytes")
        var bytes: [UInt8] = []
        bytes.reserveCapacity(recordSize(key: key.count, payload: entry.payload.count))
        bytes += startMarker
        bytes.append(entry.kind.rawValue)
        bytes.append(UInt8(key.count))
        append(UInt32(entry.payload.count), to: &bytes)
        bytes += key
        append(CRC32.checksum(bytes), to: &bytes)
        bytes += entry.payload
        append(CRC32.checksum(entry.payload), to: &bytes)
        let trailerStart = bytes.count
        append(UInt32(entry.payload.count), to: &bytes)
        bytes.append(entry.kind.rawValue)
        bytes += key
        bytes.append(UInt8(key.count))
        append(CRC32.checksum(bytes[trailerStart...]), to: &bytes)
        bytes += endMarker
        return bytes
    }

    static func append(_ value: UInt32, to bytes: inout [UInt8]) {
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }

    static func read32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << UInt32(8 * $1) }
    }

    static func matches(_ bytes: [UInt8], _ expected: [UInt8], at offset: Int) -> Bool {
        guard offset >= 0, offset + expected.count <= bytes.count else { return false }
        for index in expected.indices where bytes[offset + index] != expected[index] { return false }
        return true
    }
}
