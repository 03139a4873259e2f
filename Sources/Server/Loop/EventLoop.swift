import Glibc
import Routes

/// One event-loop thread: epoll over the shared listener, its own connections and a wake-up fd.
/// Everything here runs on that thread; other threads reach it only through `LoopControl`.
final class EventLoop {
    static let wakeToken = UInt64.max
    static let listenerToken = UInt64.max - 1

    let epoll: Epoll
    let listener: ListeningSocket
    let control: LoopControl
    let configuration: Configuration
    let counter: ConnectionCounter
    let log: LogSink
    var handler: ExchangeHandler
    var connections: [Int32: Connection] = [:]
    var nextSerial: UInt64 = 0
    /// One read buffer for the loop; bytes are copied into the connection that sent them.
    let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)
    var isWatchingListener = false
    var hasReleasedListener = false
    var acceptResumesAt: Double?
    var drainDeadline: Double?
    var nextSweep: Double
    /// Stream polls, to the millisecond; the coarse connection timeouts stay with the sweep.
    var timers = TimerHeap()
    /// The entries due in one pass, kept between passes so firing them allocates nothing.
    var dueTimers: [TimerHeap.Entry] = []
    /// Responses taken from the mailbox in one pass; swapped with the mailbox's array, so taking
    /// allocates nothing either.
    var arrived: [DeliveryMailbox.Delivery] = []

    init(listener: ListeningSocket, control: LoopControl, configuration: Configuration,
         counter: ConnectionCounter, responder: any Responder, log: @escaping LogSink) throws(SyscallError) {
        epoll = try Epoll()
        self.listener = listener
        self.control = control
        self.configuration = configuration
        self.counter = counter
        self.log = log
        handler = ExchangeHandler(responder: responder, log: log, isServerStopping: { control.isDrainRequested })
        nextSweep = MonotonicClock.now() + configuration.timeouts.sweepInterval
        try epoll.add(control.wakeup.fd, events: LinuxAPI.epollIn, token: Self.wakeToken)
        try watchListener()
    }

    deinit {
        readBuffer.deallocate()
    }

    /// Runs until the server drains and the last connection is gone (or epoll itself fails).
    /// epoll_wait sleeps until the earliest stream poll or the next sweep, rounded up to whole milliseconds.
    /// Each pass ends by sending the responses delivered meanwhile, so one asked for during the pass
    /// and delivered at once never waits for a wake-up.
    func run() {
        defer {
            closeEverything()
            control.deliveries.close()
        }
        while drainDeadline == nil || !connections.isEmpty {
            let wakeAt = min(nextSweep, timers.earliest ?? nextSweep)
            let wait = max(0, min(1000, ((wakeAt - MonotonicClock.now()) * 1000).rounded(.up)))
            do throws(SyscallError) {
                try epoll.wait(timeoutMilliseconds: Int32(wait)) { token, events in
                    dispatch(token, events, now: MonotonicClock.now())
                }
            } catch {
                log(LogLine(level: "error", "event loop failed").field("error", error.description).description)
                return
            }
            let now = MonotonicClock.now()
            fireDueTimers(now: now)
            if now >= nextSweep {
                sweep(now: now)
                nextSweep = now + configuration.timeouts.sweepInterval
            }
            deliverArrivedResponses()
        }
    }

    private func dispatch(_ token: UInt64, _ events: UInt32, now: Double) {
        switch token {
        case Self.wakeToken:
            control.wakeup.reset()
            if control.isDrainRequested, drainDeadline == nil { beginDrain(now: now) }
        case Self.listenerToken:
            acceptConnections(now: now)
        default:
            guard let connection = connections[Int32(truncatingIfNeeded: token)], connection.token == token else { return }
            serve(connection, events: events, now: now)
        }
    }
}
