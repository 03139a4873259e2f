/// Decodes a chunked body (RFC 9112 §7.1) incrementally: sizes, extensions (validated, ignored),
/// data, and a bounded trailer section (validated, discarded). Sizes never overflow: past the body
/// limit is 413 at once, before any data of that chunk is buffered.
public struct ChunkedDecoder {
    private enum State {
        case size
        case data(remaining: Int)
        case dataEnd
        case trailers(bytes: Int, fields: Int)
    }

    private var state = State.size
    private var lines = LineReader()

    /// Appends decoded data to `body`; true once the last chunk and the trailer section are complete.
    public mutating func decode(_ buffer: inout ByteBuffer, into body: inout [UInt8],
                         limits: HTTPLimits) throws(HTTPParseError) -> Bool {
        while true {
            switch state {
            case .size:
                guard let line = try lines.readLine(from: &buffer, limit: limits.maxChunkLineBytes,
                                                    tooLong: .badRequest("chunk size line too long")) else { return false }
                let size = try ChunkSizeLine.parse(line, bodySoFar: body.count, limit: limits.maxBodyBytes)
                state = size == 0 ? .trailers(bytes: 0, fields: 0) : .data(remaining: size)
            case .data(let remaining):
                let moved = buffer.move(upTo: remaining, into: &body)
                guard moved == remaining else {
                    state = .data(remaining: remaining - moved)
                    return false
                }
                state = .dataEnd
            case .dataEnd:
                guard buffer.readableBytes >= 2 else {
                    if let first = buffer.byte(at: 0), first != .cr { throw .badRequest("chunk data not followed by CRLF") }
                    return false
                }
                guard buffer.byte(at: 0) == .cr, buffer.byte(at: 1) == .lf else {
                    throw .badRequest("chunk data not followed by CRLF")
                }
                buffer.moveReaderIndex(forwardBy: 2)
                state = .size
            case .trailers(let bytes, let fields):
                guard let line = try lines.readLine(from: &buffer, limit: limits.maxHeadBytes - bytes,
                                                    tooLong: .headerTooLarge("trailer section too large")) else { return false }
                if line.isEmpty { return true }
                guard fields < limits.maxHeaderCount else { throw .headerTooLarge("too many trailer fields") }
                _ = try HeaderField.parse(line)
                state = .trailers(bytes: bytes + line.count + 2, fields: fields + 1)
            }
        }
    }
}
