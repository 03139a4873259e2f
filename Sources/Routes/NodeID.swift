/// A node's name in a cluster. Session ids carry it as a prefix, `<node>-<32 hex>`, so a proxy
/// reads a session's owner from the request path and routing needs no shared state.
///
/// A node id is 1 to 32 lowercase ASCII letters and digits: it cannot contain the `-` that
/// ends it, and nginx matches it with `[a-z0-9]{1,32}`.
public enum NodeID {
    public static let maximumLength = 32

    /// Whether `text` may be a node id.
    public static func isValid(_ text: some StringProtocol) -> Bool {
        let bytes = text.utf8
        return (1 ... maximumLength).contains(bytes.count)
            && bytes.allSatisfy { (UInt8(ascii: "a") ... UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "0") ... UInt8(ascii: "9")).contains($0) }
    }

    /// The default for a node not told its id: `n` and 8 hex digits of the 32-bit FNV-1a hash of
    /// the UTF-8 text `host:port`. The same host and port give the same id after a restart.
    public static func derived(host: String, port: Int) -> String {
        var hash: UInt32 = 0x811C_9DC5
        for byte in "\(host):\(port)".utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 0x0100_0193
        }
        let digits = String(hash, radix: 16)
        return "n" + String(repeating: "0", count: 8 - digits.count) + digits
    }

    /// A session id owned by `node`: `<node>-<random>`.
    public static func sessionID(node: String, random: String) -> String {
        "\(node)-\(random)"
    }

    /// The node a session id names, or nil for an id without one (ids from before clusters,
    /// 32 hex digits, are still looked up as they are).
    public static func owner(ofSession id: some StringProtocol) -> Substring? {
        guard let dash = id.firstIndex(of: "-") else { return nil }
        let node = Substring(id[..<dash])
        return isValid(node) ? node : nil
    }
}
