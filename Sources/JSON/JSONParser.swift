/// A strict RFC 8259 parser for request bodies.
///
/// Strict means: no comments, no trailing commas, no NaN/Infinity, no leading zeros, no
/// unescaped control characters, no invalid UTF-8 or lone surrogates, no duplicate keys and no
/// number that would overflow to infinity. Whitespace is exactly space, tab, LF and CR. The body
/// size limit is the caller's business; nesting is limited here, which also bounds recursion.
public struct JSONParser: Sendable {
    public static let defaultMaxDepth = 64
    /// Largest `maxDepth` accepted: recursion depth must stay far from any thread's stack size.
    public static let maxDepthCeiling = 1_000

    /// How many arrays and objects may be nested; a scalar at the top is depth 0.
    public let maxDepth: Int

    public init(maxDepth: Int = JSONParser.defaultMaxDepth) {
        precondition((0...Self.maxDepthCeiling).contains(maxDepth), "maxDepth must be in 0...\(Self.maxDepthCeiling)")
        self.maxDepth = maxDepth
    }

    /// Parses one complete JSON text; whitespace may surround it, nothing else may follow it.
    public func parse<Bytes: Collection<UInt8>>(_ bytes: Bytes) throws(JSONParseError) -> JSON {
        let result = bytes.withContiguousStorageIfAvailable { buffer in
            Result { () throws(JSONParseError) in try parse(UnsafeRawBufferPointer(buffer)) }
        }
        if let result { return try result.get() }
        return try parse(Array(bytes))
    }

    /// Parses one complete JSON text held in `buffer`, which must stay valid for the call.
    public func parse(_ buffer: UnsafeRawBufferPointer) throws(JSONParseError) -> JSON {
        guard buffer.baseAddress != nil, buffer.count > 0 else {
            throw .unexpected(nil, at: 0)
        }
        var reader = JSONReader(bytes: ByteScan(buffer), maxDepth: maxDepth)
        return try reader.parseDocument()
    }
}
