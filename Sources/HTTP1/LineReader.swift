/// Finds CRLF-terminated lines across calls, remembering how far it already looked, so input fed
/// byte by byte costs linear time. Bare CR and bare LF are rejected (RFC 9112 §2.2, strict choice).
public struct LineReader {
    private var scanned = 0

    /// The next line without its CRLF, consumed from `buffer`; nil until the LF has arrived.
    /// `limit` counts the CRLF; a line that cannot fit in it throws `tooLong` without waiting for more.
    /// `tooLong` is made only when thrown: its message is text built per call, and every line of
    /// every request passes here.
    public mutating func readLine(from buffer: inout ByteBuffer, limit: Int,
                                  tooLong: @autoclosure () -> HTTPParseError) throws(HTTPParseError) -> [UInt8]? {
        guard let lf = buffer.firstOffset(of: .lf, from: scanned) else {
            scanned = buffer.readableBytes
            if scanned >= limit { throw tooLong() }
            return nil
        }
        scanned = 0
        if lf + 1 > limit { throw tooLong() }
        guard lf > 0, buffer.byte(at: lf - 1) == .cr else { throw .badRequest("line ends with a bare LF") }
        let line = Array(buffer.readableView.prefix(lf - 1))
        if line.contains(.cr) { throw .badRequest("bare CR inside a line") }
        buffer.moveReaderIndex(forwardBy: lf + 1)
        return line
    }
}
