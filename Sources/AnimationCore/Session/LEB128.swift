/// Unsigned LEB128 lengths (seven bits a byte, low bits first, high bit set on all but the
/// last), as the event log and the store's shorthand log write them.
public enum LEB128 {
    public static func append(_ value: Int, to bytes: inout [UInt8]) {
        var rest = UInt(value)
        while rest >= 0x80 {
            bytes.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// The value at `offset`, which moves past it.
    public static func read(_ base: Span<UInt8>, at offset: inout Int) -> Int {
        var value = 0, shift = 0
        while true {
            let byte = base[offset]
            offset += 1
            value |= Int(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }
}
