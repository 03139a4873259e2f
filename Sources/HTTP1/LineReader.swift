/// Finds CRLF-terminated lines across calls, remembering how far it already looked, so input fed
/// byte by byte costs linear time. Bare CR and bare LF are rejected (RFC 9112 §2.2, strict choice).
public struct LineReader {
    private var scanned = 0

    /// The length of the next line without its CRLF, left unread at the front of `buffer` for the
    /// caller to parse in place and then consume (`length + 2` bytes); nil until the LF has arrived.
    /// `limit` counts the CRLF; a line that cannot fit in it throws `tooLong` without waiting for more.
    /// `tooLong` is made only when thrown: its message is text built per call, and every line of
    /// every request passes here.
    public mutating func nextLine(in buffer: ByteBuffer, limit: Int,
                                  tooLong: @autoclosure () -> HTTPParseError) throws(HTTPParseError) -> Int? {
        guard let lf = buffer.firstOffset(of: .lf, from: scanned) else {
            scanned = buffer.readableBytes
            if scanned >= limit { throw tooLong() }
            return nil
        }
        scanned = 0
        if lf + 1 > limit { throw tooLong() }
        guard lf > 0, buffer.byte(at: lf - 1) == .cr else { throw .badRequest("line ends with a bare LF") }
        if buffer.firstOffset(of: .cr, from: 0, before: lf - 1) != nil { throw .badRequest("bare CR inside a line") }
        return lf - 1
    }

    /// The next line without its CRLF, consumed from `buffer` (as `nextLine`, copied out).
    public mutating func readLine(from buffer: inout ByteBuffer, limit: Int,
                                  tooLong: @autoclosure () -> HTTPParseError) throws(HTTPParseError) -> [UInt8]? {
        guard let length = try nextLine(in: buffer, limit: limit, tooLong: tooLong()) else { return nil }
        let line = Array(buffer.readableView.prefix(length))
        buffer.moveReaderIndex(forwardBy: length + 2)
        return line
    }
}
