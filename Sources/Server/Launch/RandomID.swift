import Routes

/// Session ids: 128 bits from the system's secure generator as 32 lowercase hex digits, after
/// the owning node's id (`<node>-<32 hex>`) so a proxy can route by the path alone.
enum RandomID {
    static func make(node: String) -> String {
        NodeID.sessionID(node: node, random: make())
    }

    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        return hex(generator.next()) + hex(generator.next())
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
