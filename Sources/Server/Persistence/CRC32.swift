/// CRC-32 (IEEE 802.3, reflected, polynomial 0xEDB88320): detects torn and corrupt journal records.
enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { n -> UInt32 in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func checksum(_ bytes: some Collection<UInt8>) -> UInt32 {
        // Contiguous bytes (every caller's) are read through pointers: replay checks every byte.
        if let crc = bytes.withContiguousStorageIfAvailable(checksum(buffer:)) { return crc }
        return Array(bytes).withUnsafeBufferPointer(checksum(buffer:))
    }

    private static func checksum(buffer: UnsafeBufferPointer<UInt8>) -> UInt32 {
        table.withUnsafeBufferPointer { table in
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in buffer { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
            return crc ^ 0xFFFF_FFFF
        }
    }
}
