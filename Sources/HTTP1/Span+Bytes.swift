/// What the parsers ask of a run of bytes they read in place. Every parser reads through a
/// `Span<UInt8>`: the buffer's own bytes (`ByteBuffer.withReadableBytes`) or a string's UTF-8
/// (`utf8.span`), bounds-checked, and unable to outlive what it views. This file holds the one
/// raw-memory step they need: decoding a span's bytes into a `String` (one copy, no validation
/// pass of our own).
extension Span where Element == UInt8 {
    /// The first index of `byte` at or after `start`.
    func firstIndex(of byte: UInt8, from start: Int = 0) -> Int? {
        var index = start
        while index < count {
            if self[index] == byte { return index }
            index += 1
        }
        return nil
    }

    func allSatisfy(_ predicate: (UInt8) -> Bool) -> Bool {
        var index = 0
        while index < count {
            if !predicate(self[index]) { return false }
            index += 1
        }
        return true
    }

    func contains(_ byte: UInt8) -> Bool { firstIndex(of: byte) != nil }

    /// The bytes are exactly `literal`'s.
    func matches(_ literal: StaticString) -> Bool {
        count == literal.utf8CodeUnitCount && starts(with: literal)
    }

    func starts(with literal: StaticString) -> Bool {
        guard count >= literal.utf8CodeUnitCount else { return false }
        let text = literal.utf8Start
        for index in 0 ..< literal.utf8CodeUnitCount where self[index] != text[index] { return false }
        return true
    }

    /// The bytes are equal to `other`'s.
    func elementsEqual(_ other: Span<UInt8>) -> Bool {
        guard count == other.count else { return false }
        for index in 0 ..< count where self[index] != other[index] { return false }
        return true
    }

    /// The bytes as UTF-8 text (ill-formed sequences repaired, as `String(decoding:as:)` does).
    var decoded: String {
        withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
    }

    /// The bytes as text with ASCII letters in lower case.
    var asciiLowercased: String {
        withUnsafeBufferPointer { bytes in
            String(unsafeUninitializedCapacity: bytes.count) { out in
                for (index, byte) in bytes.enumerated() { out[index] = HTTPSyntax.asciiLowercased(byte) }
                return bytes.count
            }
        }
    }

    /// A copy of the bytes.
    var array: [UInt8] {
        withUnsafeBufferPointer { Array($0) }
    }
}
