/// CRC-32 (IEEE 802.3, reflected, polynomial 0xEDB88320): detects torn and corrupt journal records.
/// Eight bytes a step (slicing-by-8: eight tables, table k advancing a byte's CRC by k more
/// zero bytes), the rest a byte at a time; the same value as the bitwise definition.
enum CRC32 {
    /// `tables[k * 256 + n]`: the CRC register after byte n followed by k zero bytes.
    private static let tables: [UInt32] = {
        var tables = [UInt32](repeating: 0, count: 8 * 256)
        for n in 0..<256 {
            var c = UInt32(n)
            for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
            tables[n] = c
        }
        for k in 1..<8 {
            for n in 0..<256 {
                let previous = tables[(k - 1) * 256 + n]
                tables[k * 256 + n] = (previous >> 8) ^ tables[Int(previous & 0xFF)]
            }
        }
        return tables
    }()

    static func checksum(_ bytes: some Collection<UInt8>) -> UInt32 {
        // Contiguous bytes (every caller's) are read through pointers: replay checks every byte.
        if let crc = bytes.withContiguousStorageIfAvailable(checksum(buffer:)) { return crc }
        return Array(bytes).withUnsafeBufferPointer(checksum(buffer:))
    }

    private static func checksum(buffer: UnsafeBufferPointer<UInt8>) -> UInt32 {
        tables.withUnsafeBufferPointer { t in
            var crc: UInt32 = 0xFFFF_FFFF
            guard var p = buffer.baseAddress else { return 0 }
            var remaining = buffer.count
            while remaining >= 8 {
                let low = crc ^ (UInt32(p[0]) | UInt32(p[1]) << 8 | UInt32(p[2]) << 16 | UInt32(p[3]) << 24)
                let high = UInt32(p[4]) | UInt32(p[5]) << 8 | UInt32(p[6]) << 16 | UInt32(p[7]) << 24
                crc = t[7 * 256 + Int(low & 0xFF)] ^ t[6 * 256 + Int((low >> 8) & 0xFF)]
                    ^ t[5 * 256 + Int((low >> 16) & 0xFF)] ^ t[4 * 256 + Int(low >> 24)]
                    ^ t[3 * 256 + Int(high & 0xFF)] ^ t[2 * 256 + Int((high >> 8) & 0xFF)]
                    ^ t[1 * 256 + Int((high >> 16) & 0xFF)] ^ t[Int(high >> 24)]
                p += 8
                remaining -= 8
            }
            for index in 0..<remaining { crc = t[Int((crc ^ UInt32(p[index])) & 0xFF)] ^ (crc >> 8) }
            return crc ^ 0xFFFF_FFFF
        }
    }
}
