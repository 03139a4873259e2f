import Glibc
import Routes
import Synchronization
@testable import Server

/// A clock the test moves (or the fake poller moves when the loop would sleep).
final class TestClock: TimeSource {
    private let seconds: Mutex<Double>

    init(at start: Double = 1000) {
        seconds = Mutex(start)
    }

    func now() -> Double { seconds.withLock { $0 } }

    /// A fixed wall clock: 2023-11-14 22:13:20 GMT.
    func epoch() -> Double { 1_700_000_000 }

    func advance(to time: Double) {
        seconds.withLock { $0 = max($0, time) }
    }
}

/// The poller and sockets of an event loop, in memory: clients are scripted (`Peer`), readiness is
/// level-triggered like epoll's, and a wait with nothing ready moves the test clock instead of
/// sleeping, up to `limit`.
final class FakePoller: Poller {
    static let listener: Int32 = 3

    /// One client's socket as the server sees it.
    final class Peer {
        let fd: Int32
        /// Bytes sent by the client and not yet read by the server.
        var unread: [UInt8] = []
        /// Everything the server wrote.
        var received: [UInt8] = []
        /// Each write the server made while the window was open: the lengths of the arrays it gathered.
        var writes: [[Int]] = []
        /// The client half-closed: once `unread` is read, a read returns end of stream.
        var finishedSending = false
        /// The client reset the connection: errors, hang-up, reads and writes fail.
        var isReset = false
        /// Bytes the server may still send before the socket is full (a client that stops reading).
        var window = Int.max
        var serverShutWrite = false
        /// Set when the server closed the socket: whether it reset it.
        var closed: Bool?

        init(fd: Int32) {
            self.fd = fd
        }

        func send(_ text: String) { unread += Array(text.utf8) }

        var text: String { String(decoding: received, as: UTF8.self) }
    }

    let clock: TestClock
    /// The wait never moves the clock past this.
    var limit: Double
    private(set) var peers: [Int32: Peer] = [:]
    private var waiting: [Peer] = []
    private var registrations: [Int32: (interest: UInt32, token: UInt64)] = [:]
    private var nextFD: Int32 = 10
    /// Whether the last wait found nothing ready.
    private(set) var lastWaitWasIdle = false

    init(clock: TestClock) {
        self.clock = clock
        limit = clock.now()
    }

    /// A new client, accepted on the loop's next pass.
    func connect() -> Peer {
        nextFD += 1
        let peer = Peer(fd: nextFD)
        peers[peer.fd] = peer
        waiting.append(peer)
        return peer
    }

    func interest(of peer: Peer) -> UInt32? { registrations[peer.fd]?.interest }

    func add(_ fd: Int32, interest: UInt32, token: UInt64) throws(SyscallError) {
        registrations[fd] = (interest, token)
    }

    func modify(_ fd: Int32, interest: UInt32, token: UInt64) throws(SyscallError) {
        registrations[fd] = (interest, token)
    }

    func remove(_ fd: Int32) {
        registrations[fd] = nil
    }

    func wait(timeoutMilliseconds: Int32, _ body: (UInt64, UInt32) -> Void) throws(SyscallError) {
        var ready: [(UInt64, UInt32)] = []
        for (fd, registration) in registrations.sorted(by: { $0.key < $1.key }) {
            let events = readiness(fd, registration.interest)
            if events != 0 { ready.append((registration.token, events)) }
        }
        lastWaitWasIdle = ready.isEmpty
        if ready.isEmpty {
            clock.advance(to: min(limit, clock.now() + Double(max(0, timeoutMilliseconds)) / 1000))
        }
        for (token, events) in ready { body(token, events) }
    }

    private func readiness(_ fd: Int32, _ interest: UInt32) -> UInt32 {
        if fd == Self.listener { return waiting.isEmpty ? 0 : LinuxAPI.epollIn }
        guard let peer = peers[fd] else {
            // The loop's wake-up eventfd is real: ask the kernel whether it was signalled.
            var probe = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            return poll(&probe, 1, 0) == 1 ? LinuxAPI.epollIn : 0
        }
        guard peer.closed == nil else { return 0 }
        var events: UInt32 = 0
        if peer.isReset { events |= LinuxAPI.epollErr | LinuxAPI.epollHup }
        if interest & LinuxAPI.epollIn != 0, !peer.unread.isEmpty || peer.finishedSending || peer.isReset { events |= LinuxAPI.epollIn }
        if interest & LinuxAPI.epollOut != 0, peer.window > 0 || peer.isReset { events |= LinuxAPI.epollOut }
        if interest & LinuxAPI.epollRdHup != 0, peer.finishedSending { events |= LinuxAPI.epollRdHup }
        return events
    }

    func accept(_ listener: Int32) throws(SyscallError) -> Int32? {
        waiting.isEmpty ? nil : waiting.removeFirst().fd
    }

    func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(SyscallError) -> Int? {
        guard let peer = peers[fd] else { throw SyscallError("read", errno: EBADF) }
        if peer.isReset { throw SyscallError("read", errno: ECONNRESET) }
        guard !peer.unread.isEmpty else { return peer.finishedSending ? 0 : nil }
        let count = min(buffer.count, peer.unread.count)
        buffer.copyBytes(from: peer.unread[..<count])
        peer.unread.removeFirst(count)
        return count
    }

    /// Takes what the vectors point at, in order, up to the peer's window (so a write can stop
    /// inside any of them), and records each call's vector lengths in `writes`.
    func send(_ fd: Int32, _ vectors: UnsafeBufferPointer<iovec>) throws(SyscallError) -> Int? {
        guard let peer = peers[fd] else { throw SyscallError("sendmsg", errno: EBADF) }
        if peer.isReset { throw SyscallError("sendmsg", errno: EPIPE) }
        guard peer.window > 0 else { return nil }
        peer.writes.append(vectors.map(\.iov_len))
        var count = 0
        for vector in vectors {
            let taken = min(vector.iov_len, peer.window - count)
            peer.received += UnsafeRawBufferPointer(start: vector.iov_base, count: taken)
            count += taken
            if count == peer.window { break }
        }
        if peer.window != .max { peer.window -= count }
        return count
    }

    func shutdownWrite(_ fd: Int32) {
        peers[fd]?.serverShutWrite = true
    }

    func close(_ fd: Int32, reset: Bool) {
        peers[fd]?.closed = reset
    }
}

/// Actions due at times of a test clock (deliveries that come later), run by `LoopHarness`.
final class TestScheduler: Sendable {
    let clock: TestClock
    private let entries = Mutex<[(at: Double, action: @Sendable () -> Void)]>([])

    init(clock: TestClock = TestClock()) {
        self.clock = clock
    }

    /// Runs `action` `seconds` from now on the test clock.
    func after(_ seconds: Double, _ action: @escaping @Sendable () -> Void) {
        let at = clock.now() + seconds
        entries.withLock { $0.append((at, action)) }
    }

    var earliest: Double? { entries.withLock { $0.map(\.at).min() } }

    /// Takes the actions that are due.
    func takeDue() -> [@Sendable () -> Void] {
        let now = clock.now()
        return entries.withLock { entries in
            let due = entries.filter { $0.at <= now }.map(\.action)
            entries.removeAll { $0.at <= now }
            return due
        }
    }
}

/// One event loop on a fake poller and a test clock: the tests feed clients and time, never sleep.
final class LoopHarness {
    let clock: TestClock
    let scheduler: TestScheduler
    let poller: FakePoller
    let control: LoopControl
    let counter: ConnectionCounter
    let loop: EventLoop
    let logs = LogCollector()

    /// `log`: where the loop's lines go instead of `logs`, for tests that look at each call.
    /// `counter` and `room`: shared with other harnesses, for loops of one server.
    init(_ configuration: Configuration = TestServer.configuration(), responder: any Responder = EchoResponder(),
         scheduler: TestScheduler = TestScheduler(), log: LogSink? = nil, passes: (any PassObserver)? = nil,
         counter: ConnectionCounter = ConnectionCounter(), room: RoomBroker? = nil) throws {
        self.scheduler = scheduler
        self.counter = counter
        clock = scheduler.clock
        poller = FakePoller(clock: clock)
        control = try LoopControl()
        loop = try EventLoop(listener: FakePoller.listener, poller: poller, clock: clock, control: control,
                             configuration: configuration, counter: counter, responder: responder, log: log ?? logs.sink,
                             passes: passes, room: room)
    }

    var now: Double { clock.now() }

    /// Runs the loop until the clock reaches `time` and nothing is left to do at it.
    func run(until time: Double) {
        for _ in 0 ..< 100_000 {
            let due = scheduler.takeDue()
            for action in due { action() }
            poller.limit = min(time, scheduler.earliest ?? time)
            loop.runOnce()
            let nothingDue = due.isEmpty && (scheduler.earliest.map { $0 > clock.now() } ?? true)
            if loop.isFinished || (poller.lastWaitWasIdle && clock.now() >= time && nothingDue) { return }
        }
        preconditionFailure("the loop did not settle")
    }

    /// Runs for `seconds` of test time.
    func run(for seconds: Double) {
        run(until: now + seconds)
    }

    /// Runs until nothing more happens now.
    func settle() {
        run(until: now)
    }

    /// A client that connected and sent `text`; the loop has accepted and served it.
    func connect(sending text: String = "") -> FakePoller.Peer {
        let peer = poller.connect()
        peer.send(text)
        settle()
        return peer
    }

    /// Asks the loop to drain, as `Server.stop()` does.
    func stop() {
        control.requestDrain()
    }
}
