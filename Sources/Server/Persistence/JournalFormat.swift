/// The journal's on-disk framing. A file starts with an 8-byte magic; each record is
/// `length (u32 LE) · crc32 of payload (u32 LE) · payload`, written with one write(2), so a
/// crash can tear at most the last record, which the checksum then exposes.
enum JournalFormat {
    static let magic = Array("CSJRNL01".utf8)
    static let headerSize = 8
    /// Larger records are refused (a request body is at most 1 MiB; its record is smaller).
    static let maximumPayload = 64 << 20

    static func frame(_ payload: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(headerSize + payload.count)
        append(UInt32(payload.count), to: &bytes)
        append(CRC32.checksum(payload), to: &bytes)
        bytes += payload
        return bytes
    }

    private static func append(_ value: UInt32, to bytes: inout [UInt8]) {
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }

    private static func read32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << UInt32(8 * $1) }
    }

    /// The records of a file's contents, and where the intact part ends (the length to truncate
    /// to when something after it is torn or corrupt).
    struct Scan {
        var records: [[UInt8]] = []
        var validLength: Int
        /// Why reading stopped early, when it did.
        var damage: String?
    }

    static func scan(_ bytes: [UInt8]) -> Scan {
        guard bytes.count >= magic.count else {
            return Scan(validLength: 0, damage: bytes.isEmpty ? nil : "file shorter than its header")
        }
        guard Array(bytes[0..<magic.count]) == magic else {
            return Scan(validLength: 0, damage: "not a journal file (bad magic)")
        }
        var scan = Scan(validLength: magic.count)
        var offset = magic.count
        while offset < bytes.count {
            guard bytes.count - offset >= headerSize else {
                scan.damage = "torn record header at byte \(offset)"
                return scan
            }
            let length = Int(read32(bytes, at: offset))
            let crc = read32(bytes, at: offset + 4)
            guard length <= maximumPayload, bytes.count - offset - headerSize >= length else {
                scan.damage = "torn record at byte \(offset) (length \(length))"
                return scan
            }
            let payload = Array(bytes[(offset + headerSize)..<(offset + headerSize + length)])
            guard CRC32.checksum(payload) == crc else {
                scan.damage = "checksum mismatch in the record at byte \(offset)"
                return scan
            }
            scan.records.append(payload)
            offset += headerSize + length
            scan.validLength = offset
        }
        return scan
    }
}
