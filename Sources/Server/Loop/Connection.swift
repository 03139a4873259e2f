/// One client socket's HTTP conversation: bytes in, answers out, and which timeout applies now.
/// Confined to its loop thread; the loop performs the syscalls and asks it what to do next.
/// A streamed response (`stream`) appends to `output` each time the loop's timer polls it; until it
/// ends, requests pipelined after it wait unparsed (`Connection+Streaming.swift`). So do requests
/// after one whose response is not ready yet (`parked`, `Connection+Parking.swift`).
final class Connection {
    enum Phase: Equatable {
        /// Reading requests and answering them in order.
        case open
        /// The last response is queued: write it, then close.
        case closingAfterFlush
        /// Write side shut after the last response; discard input until end of stream or the linger timeout,
        /// so the client reads our answer instead of a reset.
        case lingering(since: Double)
        case closed
    }

    /// Which limit a connection ran into.
    enum Timeout: Equatable { case idle, header, body, write, linger, response }

    let fd: Int32
    /// The epoll token: descriptor and a serial, so a stale event never reaches a reused descriptor.
    let token: UInt64
    let configuration: Configuration
    var input = ByteBuffer()
    private(set) var output = ByteBuffer()
    var phase = Phase.open
    /// Close with a reset rather than a FIN: set when the client stopped reading, so the kernel
    /// drops the response it still holds instead of keeping it for a client that is gone.
    var closesAbortively = false
    private(set) var peerFinished = false
    /// Set when the server drains: answer what is in flight with `Connection: close`, take nothing new.
    var isDraining = false
    /// The epoll interest last registered, so the loop calls epoll_ctl only on change.
    var registeredInterest: UInt32 = 0
    var parser: HTTPParser
    var requestStartedAt: Double?
    var bodyStartedAt: Double?
    var idleSince: Double
    var servedRequests = 0
    /// The streamed response being written, if any; nothing else is parsed or answered meanwhile.
    var stream: OpenStream?
    /// Changes whenever the pending stream poll does: a timer entry with another generation is stale.
    var timerGeneration: UInt64 = 0
    /// The request whose response is awaited, if any; nothing else is parsed or answered meanwhile.
    var parked: ParkedRequest?
    /// Counts this connection's parked requests; a delivery names the one it answers.
    var parkSerial: UInt64 = 0
    private var lastWriteProgress: Double

    init(fd: Int32, token: UInt64, configuration: Configuration, now: Double) {
        self.fd = fd
        self.token = token
        self.configuration = configuration
        parser = HTTPParser(limits: configuration.limits)
        idleSince = now
        lastWriteProgress = now
    }

    /// Bytes from the socket; ignored while lingering.
    func received(_ bytes: UnsafeRawBufferPointer) {
        if case .lingering = phase { return }
        input.append(contentsOf: bytes)
    }

    /// The client finished sending (read returned 0): answer what is complete, then close.
    func peerClosed() {
        peerFinished = true
        if case .lingering = phase { phase = .closed }
    }

    func enqueue(_ bytes: [UInt8], now: Double) {
        if output.isEmpty { lastWriteProgress = now }
        output.append(contentsOf: bytes)
    }

    /// Streamed body bytes: one chunk each when chunked, appended in place (no buffer per chunk).
    func enqueueBody(_ bytes: [UInt8], chunked: Bool, now: Double) {
        if output.isEmpty { lastWriteProgress = now }
        if chunked {
            ResponseEncoder.appendChunk(bytes, to: &output)
        } else {
            output.append(contentsOf: bytes)
        }
    }

    func wrote(_ count: Int, now: Double) {
        output.moveReaderIndex(forwardBy: count)
        lastWriteProgress = now
    }

    /// Called when the output is empty; true when the loop must now half-close the socket.
    func outputFlushed(now: Double) -> Bool {
        guard phase == .closingAfterFlush else { return false }
        phase = peerFinished ? .closed : .lingering(since: now)
        return !peerFinished
    }

    /// While a stream is open or a response awaited, the connection reads only to notice the peer
    /// leaving, keeping at most a request head's worth of what the client pipelines after it.
    var wantsRead: Bool {
        switch phase {
        case .open where stream != nil || parked != nil: !peerFinished && input.readableBytes < configuration.limits.maxHeadBytes
        case .open: !peerFinished && output.readableBytes < configuration.maxPendingOutputBytes
        case .lingering: true
        case .closingAfterFlush, .closed: false
        }
    }

    /// EPOLLRDHUP only while streaming: a stream must learn that its client left even when not reading.
    /// A parked request need not: a client that only half-closed still gets its answer, and one that
    /// reset the connection is reported by EPOLLERR/EPOLLHUP, which epoll always reports.
    var interest: UInt32 {
        (wantsRead ? LinuxAPI.epollIn : 0) | (output.isEmpty ? 0 : LinuxAPI.epollOut) | (stream == nil ? 0 : LinuxAPI.epollRdHup)
    }

    /// Nothing in flight: no partial request, no awaited response, no pending output, no open stream.
    /// Safe to close when draining.
    var isIdle: Bool {
        phase == .open && stream == nil && parked == nil && input.isEmpty && !parser.hasPartialRequest && output.isEmpty
    }

    /// When this connection must give up, and why; nil once closed, and while an open stream is
    /// waiting for its next poll (only the write timeout applies to a stream). A parked request has
    /// the response timeout instead of the idle, header and body ones.
    func deadline() -> (at: Double, timeout: Timeout)? {
        let timeouts = configuration.timeouts
        switch phase {
        case .closed: return nil
        case .lingering(let since): return (since + timeouts.linger, .linger)
        case .open, .closingAfterFlush: break
        }
        if !output.isEmpty { return (lastWriteProgress + timeouts.write, .write) }
        if stream != nil { return nil }
        if let parked { return (parked.since + timeouts.response, .response) }
        if let bodyStartedAt { return (bodyStartedAt + timeouts.body, .body) }
        if let requestStartedAt { return (requestStartedAt + timeouts.header, .header) }
        return (idleSince + (servedRequests == 0 ? timeouts.header : timeouts.idle), .idle)
    }
}
