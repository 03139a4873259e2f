import Glibc

/// Reading a file of the current format: records, damaged spans, a torn tail (`JournalScan`).
extension JournalFormat {
    /// Reads a file's contents. `allowsTornTail` is false for snapshots, which are written
    /// atomically: an incomplete last record there is damage, not a crash, and is kept. A
    /// version-3 file's zeros after its data are cut off `bytes` (in place: no copy of the file),
    /// and its records' payloads are slices of `bytes` (no copy either, until the replay takes one).
    static func scan(_ bytes: inout [UInt8], allowsTornTail: Bool = true) -> JournalScan {
        guard bytes.count >= fileHeaderSize else { return scanShort(bytes, allowsTornTail: allowsTornTail) }
        let head = Array(bytes[0..<fileHeaderSize])
        var scan = JournalScan(version: 2)
        let recordFollows = if case .valid = header(bytes, at: fileHeaderSize) { true } else { false }
        var presized = false
        if head == fileHeader {
            // Records only.
        } else if head == presizedFileHeader {
            presized = true
            scan.version = 3
        } else if head == legacyFileHeader, !recordFollows {
            scan.version = 1
        } else if let version = laterVersion(head), !recordFollows {
            scan.newerVersion = version
            return scan
        } else {
            // The header is damaged: the content says which format it is.
            scan.version = !recordFollows && legacyFrame(bytes, at: fileHeaderSize) != nil ? 1 : 2
            scan.items.append(.damage(.init(offset: 0, length: fileHeaderSize, sessions: [], attributed: true, records: 0,
                                            detail: "damaged file header")))
            // A segment may be version 3: zeros after its records are its fill, not damage.
            presized = scan.version == 2 && allowsTornTail
        }
        if scan.version == 1 {
            scanLegacy(bytes, into: &scan, allowsTornTail: allowsTornTail)
        } else if presized {
            // The data ends where the zeros to the end of the file begin (a record ends with its
            // end marker, never with a zero byte); before that it reads as version 2, so an
            // incomplete record followed by zeros is a torn tail, and zeros followed by anything
            // else are damage.
            let end = dataEnd(bytes)
            bytes.removeSubrange(end...)
            scanRecords(bytes, into: &scan, allowsTornTail: allowsTornTail)
            scan.end = end
        } else {
            scanRecords(bytes, into: &scan, allowsTornTail: allowsTornTail)
        }
        return scan
    }

    /// Where the zeros that run to the end of `bytes` begin (never inside the file header).
    static func dataEnd(_ bytes: [UInt8]) -> Int {
        var end = bytes.count
        while end - zeroBlock.count >= fileHeaderSize && allZero(bytes, in: (end - zeroBlock.count)..<end) { end -= zeroBlock.count }
        while end > fileHeaderSize && bytes[end - 1] == 0 { end -= 1 }
        return end
    }

    /// Zeros to compare with: a segment's zeros filled ahead are most of its file, and a
    /// byte-by-byte loop over them was most of a damage test's time in a debug build.
    static let zeroBlock = [UInt8](repeating: 0, count: 4096)

    /// Whether `bytes[range]` are all zero (`memcmp` against `zeroBlock`, a block at a time).
    static func allZero(_ bytes: [UInt8], in range: Range<Int>) -> Bool {
        bytes.withUnsafeBytes { raw in
            zeroBlock.withUnsafeBytes { block in
                var position = range.lowerBound
                while position < range.upperBound {
                    let length = min(block.count, range.upperBound - position)
                    if memcmp(raw.baseAddress! + position, block.baseAddress!, length) != 0 { return false }
                    position += length
                }
                return true
            }
        }
    }

    /// The version a `CSJRNLnn` header names when it is later than this server's.
    private static func laterVersion(_ head: [UInt8]) -> Int? {
        guard matches(head, Array(fileHeader.prefix(6)), at: 0),
              let version = Int(String(decoding: head[6...], as: UTF8.self)), version > 3, head[6...].allSatisfy({ (0x30...0x39).contains($0) })
        else { return nil }
        return version
    }

    /// A file shorter than its header: torn while it was created, or damage.
    private static func scanShort(_ bytes: [UInt8], allowsTornTail: Bool) -> JournalScan {
        var scan = JournalScan(version: 2)
        let prefix = matches(fileHeader, bytes, at: 0) || matches(presizedFileHeader, bytes, at: 0) || matches(legacyFileHeader, bytes, at: 0)
        if allowsTornTail && prefix {
            if !bytes.isEmpty { scan.tornTail = 0 }
        } else {
            scan.items.append(.damage(.init(offset: 0, length: bytes.count, sessions: [], attributed: true, records: 0,
                                            detail: "file shorter than its header")))
        }
        return scan
    }

    private static func scanRecords(_ bytes: [UInt8], into scan: inout JournalScan, allowsTornTail: Bool) {
        let n = bytes.count
        var offset = fileHeaderSize
        while offset < n {
            if case let .valid(head) = header(bytes, at: offset), offset + head.recordSize <= n {
                let key = String(decoding: head.key, as: UTF8.self)
                if let failure = check(bytes, at: offset, head) {
                    scan.items.append(.damage(.init(offset: offset, length: head.recordSize, sessions: [key], attributed: true,
                                                    records: 1, detail: failure)))
                } else {
                    let payload = offset + headerSize(key: head.key.count)
                    scan.items.append(.record(.init(offset: offset, length: head.recordSize, kind: head.kind, key: key,
                                                    payload: bytes[payload..<(payload + head.payloadLength)])))
                }
                offset += head.recordSize
                continue
            }
            // No whole record with an intact header here: the span runs to the next intact header.
            let next = nextHeader(bytes, after: offset) ?? n
            let region = identify(bytes, from: offset, to: next)
            if next == n, !region.pieces.contains(where: { $0.start > region.covered }) {
                // Past the last record that can be named (by its header or its trailer).
                if region.covered > offset {
                    scan.items.append(.damage(region.damage(from: offset, to: region.covered)))
                }
                if region.covered < n { scanTail(bytes, from: region.covered, into: &scan, allowsTornTail: allowsTornTail) }
                return
            }
            scan.items.append(.damage(region.damage(from: offset, to: next)))
            offset = next
        }
    }

    /// What follows the last record that can be named, up to the end of the data: the beginning
    /// of a record (a crash mid-write: a torn tail, cut; in a snapshot, written atomically, damage),
    /// or bytes that cannot be any record (no start marker, no header, no trailer): noise, reported
    /// and costing no session. An acknowledged record there would have lost both its header and
    /// its trailer, which a wipe to zeros (read as the end of the data) does without a word too.
    private static func scanTail(_ bytes: [UInt8], from start: Int, into scan: inout JournalScan, allowsTornTail: Bool) {
        let n = bytes.count
        if isRecordPrefix(bytes, at: start) {
            if allowsTornTail {
                scan.tornTail = start
            } else {
                let session: [String] = if case let .valid(head) = header(bytes, at: start) {
                    [String(decoding: head.key, as: UTF8.self)]
                } else { [] }
                scan.items.append(.damage(.init(offset: start, length: n - start, sessions: session,
                                                attributed: !session.isEmpty, records: 1, detail: "incomplete last record")))
            }
            return
        }
        // Reported from its first byte that is not zero (zeros after the data are no news).
        let first = bytes[start...].firstIndex { $0 != 0 } ?? start
        scan.items.append(.damage(.init(offset: first, length: n - first, sessions: [], attributed: true, records: 0,
                                        detail: "bytes after the last record that can be no record (no start marker, header or trailer)",
                                        noise: true)))
    }

    // MARK: Record pieces

    struct Header {
        var kind: UInt8
        var key: [UInt8]
        var payloadLength: Int
        var recordSize: Int { JournalFormat.recordSize(key: key.count, payload: payloadLength) }
    }

    enum HeaderCheck {
        case valid(Header)
        /// Too few bytes to check it, and those there agree with a header.
        case incomplete
        case invalid
    }

    static func header(_ bytes: [UInt8], at offset: Int) -> HeaderCheck {
        let available = bytes.count - offset
        for index in 0..<min(4, available) where bytes[offset + index] != startMarker[index] { return .invalid }
        guard available >= 10 else { return .incomplete }
        let keyLength = Int(bytes[offset + 5])
        guard available >= headerSize(key: keyLength) else { return .incomplete }
        let covered = offset + 10 + keyLength
        guard CRC32.checksum(bytes[offset..<covered]) == read32(bytes, at: covered) else { return .invalid }
        let length = Int(read32(bytes, at: offset + 6))
        guard length <= maximumPayload else { return .invalid }
        return .valid(Header(kind: bytes[offset + 4], key: Array(bytes[(offset + 10)..<covered]), payloadLength: length))
    }

    /// Why a record with an intact header that fits in the file fails, or nil when it is intact.
    static func check(_ bytes: [UInt8], at offset: Int, _ head: Header) -> String? {
        let payload = offset + headerSize(key: head.key.count)
        let payloadEnd = payload + head.payloadLength
        guard CRC32.checksum(bytes[payload..<payloadEnd]) == read32(bytes, at: payloadEnd) else {
            return "payload checksum mismatch"
        }
        guard let tail = trailer(bytes, endingAt: offset + head.recordSize, notBefore: payloadEnd + 4),
              tail.start == offset, tail.key == head.key, tail.kind == head.kind, tail.payloadLength == head.payloadLength else {
            return "damaged record trailer"
        }
        return nil
    }

    struct Trailer {
        var kind: UInt8
        var key: [UInt8]
        var payloadLength: Int
        /// Where the record it ends begins.
        var start: Int
    }

    /// The intact trailer ending at `end`, if there is one that starts at or after `lower`.
    static func trailer(_ bytes: [UInt8], endingAt end: Int, notBefore lower: Int) -> Trailer? {
        guard end - lower >= 14, end <= bytes.count, matches(bytes, endMarker, at: end - 4) else { return nil }
        let keyLength = Int(bytes[end - 9])
        let start = end - trailerSize(key: keyLength)
        guard start >= lower, CRC32.checksum(bytes[start..<(end - 8)]) == read32(bytes, at: end - 8) else { return nil }
        let length = Int(read32(bytes, at: start))
        guard length <= maximumPayload else { return nil }
        return Trailer(kind: bytes[start + 4], key: Array(bytes[(start + 5)..<(start + 5 + keyLength)]), payloadLength: length,
                       start: end - recordSize(key: keyLength, payload: length))
    }

    /// The next offset after `offset` where an intact record header begins.
    private static func nextHeader(_ bytes: [UInt8], after offset: Int) -> Int? {
        var position = offset + 1
        while position + 4 <= bytes.count {
            if bytes[position] == startMarker[0], case .valid = header(bytes, at: position) { return position }
            position += 1
        }
        return nil
    }

    /// The bytes at `offset` could be the start of a record cut short by the end of the file.
    private static func isRecordPrefix(_ bytes: [UInt8], at offset: Int) -> Bool {
        switch header(bytes, at: offset) {
        case .incomplete: true
        case let .valid(head): offset + head.recordSize > bytes.count
        case .invalid: false
        }
    }

    /// The records of a damaged span that can be named: from an intact header at its start (the
    /// rest of that record is damaged), and from every intact trailer within it.
    struct Region {
        struct Piece {
            var start: Int
            var end: Int
            var key: String
        }

        var pieces: [Piece]
        /// Where the pieces, laid end to end from the span's start, stop covering it.
        var covered: Int
        var detail: String

        func damage(from start: Int, to end: Int) -> JournalScan.Damage {
            let inside = pieces.filter { $0.start >= start && $0.end <= end }
            var sessions: [String] = []
            for piece in inside where !sessions.contains(piece.key) { sessions.append(piece.key) }
            let attributed = covered >= end
            let starts = Set(inside.map(\.start)).count
            return JournalScan.Damage(offset: start, length: end - start, sessions: sessions, attributed: attributed,
                                      records: starts + (attributed ? 0 : 1), detail: detail)
        }
    }

    private static func identify(_ bytes: [UInt8], from start: Int, to end: Int) -> Region {
        var pieces: [Region.Piece] = []
        var detail = "damaged record header; the record is named by its trailer"
        if case let .valid(head) = header(bytes, at: start), start + head.recordSize <= end {
            pieces.append(.init(start: start, end: start + head.recordSize, key: String(decoding: head.key, as: UTF8.self)))
        } else if case let .valid(head) = header(bytes, at: start), end < bytes.count {
            // Cut short by the next record: a write that failed half-way.
            pieces.append(.init(start: start, end: end, key: String(decoding: head.key, as: UTF8.self)))
            detail = "record cut short by the next record"
        }
        var position = start + 14
        while position <= end {
            if bytes[position - 1] == endMarker[3], let tail = trailer(bytes, endingAt: position, notBefore: start), tail.start >= start {
                pieces.append(.init(start: tail.start, end: position, key: String(decoding: tail.key, as: UTF8.self)))
            }
            position += 1
        }
        pieces.sort { ($0.start, $0.end) < ($1.start, $1.end) }
        var covered = start
        for piece in pieces where piece.start <= covered { covered = max(covered, piece.end) }
        if pieces.isEmpty { detail = "bytes that are no intact record (no header or trailer could be read)" }
        else if covered < end { detail = "damaged records, some of them not nameable" }
        return Region(pieces: pieces, covered: covered, detail: detail)
    }
}
