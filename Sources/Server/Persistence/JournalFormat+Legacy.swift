/// Reading the first format (`CSJRNL01`: `length · CRC-32 · payload` per record), kept so a
/// journal written by an older server is migrated rather than refused. Its records carry no
/// session key outside the payload and no marker, so damage is found by searching for the next
/// record whose checksum holds, and is never attributed: every session alive at that point of
/// the replay is held apart.
extension JournalFormat {
    static let legacyHeaderSize = 8

    /// The payload of an intact first-format record at `offset`, if there is one.
    static func legacyFrame(_ bytes: [UInt8], at offset: Int) -> [UInt8]? {
        guard bytes.count - offset >= legacyHeaderSize else { return nil }
        let length = Int(read32(bytes, at: offset))
        guard length <= maximumPayload, bytes.count - offset - legacyHeaderSize >= length else { return nil }
        let payload = Array(bytes[(offset + legacyHeaderSize)..<(offset + legacyHeaderSize + length)])
        return CRC32.checksum(payload) == read32(bytes, at: offset + 4) ? payload : nil
    }

    static func scanLegacy(_ bytes: [UInt8], into scan: inout JournalScan, allowsTornTail: Bool) {
        let n = bytes.count
        var offset = fileHeaderSize
        while offset < n {
            if let payload = legacyFrame(bytes, at: offset) {
                let length = legacyHeaderSize + payload.count
                scan.items.append(.record(.init(offset: offset, length: length, kind: 1, key: "", payload: payload[...])))
                offset += length
                continue
            }
            let next = nextLegacyFrame(bytes, after: offset)
            if next == nil, allowsTornTail, n - offset < legacyHeaderSize || Int(read32(bytes, at: offset)) > n - offset - legacyHeaderSize {
                // A record claiming more bytes than the file has, and nothing intact after it: torn.
                scan.tornTail = offset
                return
            }
            let end = next ?? n
            scan.items.append(.damage(.init(offset: offset, length: end - offset, sessions: sessionIDs(in: bytes[offset..<end]),
                                            attributed: false, records: 1,
                                            detail: "damaged record of the first format, which cannot name its session")))
            offset = end
        }
    }

    /// The next offset where an intact first-format record holding a JSON object begins.
    private static func nextLegacyFrame(_ bytes: [UInt8], after offset: Int) -> Int? {
        var position = offset + 1
        while position + legacyHeaderSize < bytes.count {
            let length = Int(read32(bytes, at: position))
            let end = position + legacyHeaderSize + length
            if length >= 2, end <= bytes.count, bytes[position + legacyHeaderSize] == UInt8(ascii: "{"),
               bytes[end - 1] == UInt8(ascii: "}"), legacyFrame(bytes, at: position) != nil {
                return position
            }
            position += 1
        }
        return nil
    }

    /// Every `"id":"…"` in damaged first-format bytes: sessions that surely lost something.
    private static func sessionIDs(in bytes: ArraySlice<UInt8>) -> [String] {
        let marker = Array(#""id":""#.utf8)
        let all = Array(bytes)
        var ids: [String] = []
        var position = 0
        while position + marker.count <= all.count {
            guard matches(all, marker, at: position) else {
                position += 1
                continue
            }
            let start = position + marker.count
            guard let end = all[start...].firstIndex(of: UInt8(ascii: "\"")) else { break }
            let id = String(decoding: all[start..<end], as: UTF8.self)
            if !id.isEmpty, !ids.contains(id) { ids.append(id) }
            position = end
        }
        return ids
    }
}
