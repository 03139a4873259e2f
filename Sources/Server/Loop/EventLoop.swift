import Glibc
import Routes

/// One event-loop thread: a poller over its own listener, its own connections and a wake-up fd,
/// on a clock it is given. It only drives: each connection (`Connection`) decides, the loop
/// performs what it is told (`EventLoop+Actions.swift`). Everything here runs on that thread;
/// other threads reach it only through `LoopControl`.
final class EventLoop {
    static let wakeToken = UInt64.max
    static let listenerToken = UInt64.max - 1

    /// A connection and what the loop keeps beside it: its descriptor, poller token and registration.
    final class Slot {
        let fd: Int32
        /// The poller token: descriptor and a serial, so a stale event never reaches a reused descriptor.
        let token: UInt64
        /// The interest last registered, so the loop tells the poller only of a change.
        var registeredInterest: UInt32
        /// Its output waits in `batched` for the end of the batch.
        var isBatched = false
        /// What it holds under the connection cap, and so what closing it gives back.
        var place: Place
        var connection: Connection

        init(fd: Int32, token: UInt64, interest: UInt32, place: Place = .counted, connection: Connection) {
            self.fd = fd
            self.token = token
            registeredInterest = interest
            self.place = place
            self.connection = connection
        }
    }

    enum Place {
        /// A place under the cap, released when it closes.
        case counted
        /// None: refused (answered 503 and lingering until the client has read it).
        case refusal
        /// Its place was given to another loop's new client as it closed (`RoomExchange`).
        case given
    }

    let poller: any Poller
    let clock: any TimeSource
    let listener: Int32
    let control: LoopControl
    let configuration: Configuration
    let counter: ConnectionCounter
    let log: LogSink
    var handler: ExchangeHandler
    var connections: [Int32: Slot] = [:]
    /// Where room at the cap is asked of the other loops, and this loop's number there; nil for a loop on its own.
    let room: (broker: RoomBroker, loop: Int)?
    /// Accepted clients waiting for a place another loop frees (`EventLoop+Room.swift`), oldest first.
    var awaitingRoom: [Int32] = []
    var hasLeftRoom = false
    /// Refused connections still open (answered 503, lingering): at most `maxLingeringRefusals`.
    var lingeringRefusals = 0
    var nextSerial: UInt64 = 0
    /// One read buffer for the loop; bytes are copied into the connection that sent them.
    let readBuffer = ReadBuffer()
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
    /// While the loop serves what one wait reported (or one take of deliveries), answers are queued
    /// and sent after the whole batch, so the batch's log lines go out first in one write.
    var isBatching = false
    /// The connections whose output waits for the end of the batch.
    var batched: [Slot] = []
    /// Told of each pass that serves something (the journal gathers a pass's changes into one sync).
    let passes: (observer: any PassObserver, loop: Int)?
    private(set) var isFinished = false

    init(listener: Int32, poller: any Poller, clock: any TimeSource, control: LoopControl, configuration: Configuration,
         counter: ConnectionCounter, responder: any Responder, log: @escaping LogSink,
         passes: (any PassObserver)? = nil, room: RoomBroker? = nil) throws(SyscallError) {
        self.poller = poller
        self.passes = passes.map { ($0, $0.joinLoop()) }
        self.room = room.map { ($0, $0.join(control)) }
        self.clock = clock
        self.listener = listener
        self.control = control
        self.configuration = configuration
        self.counter = counter
        self.log = log
        handler = ExchangeHandler(responder: responder, log: log, clock: clock,
                                  isServerStopping: { control.isDrainRequested })
        nextSweep = clock.now() + configuration.timeouts.sweepInterval
        try poller.add(control.wakeup.fd, interest: LinuxAPI.epollIn, token: Self.wakeToken)
        try watchListener()
    }

    /// Runs until the server drains and the last connection is gone (or the poller itself fails).
    func run() {
        while !isFinished {
            runOnce()
        }
    }

    /// One pass: wait for readiness until the earliest stream poll or the next sweep (rounded up to
    /// whole milliseconds), serve what is ready, fire due polls, sweep deadlines, and send the
    /// responses delivered meanwhile, so one asked for during the pass and delivered at once never
    /// waits for a wake-up.
    func runOnce() {
        guard !isFinished else { return }
        let wakeAt = min(nextSweep, timers.earliest ?? nextSweep)
        let wait = max(0, min(1000, ((wakeAt - clock.now()) * 1000).rounded(.up)))
        isBatching = true
        var serving = false
        do throws(SyscallError) {
            try poller.wait(timeoutMilliseconds: Int32(wait)) { token, events in
                if !serving, let passes {
                    serving = true
                    passes.observer.passBegan(passes.loop)
                }
                dispatch(token, events, now: clock.now())
            }
        } catch {
            // The journal is told first, so its sync can run while this loop sends.
            if serving, let passes { passes.observer.passEnded(passes.loop) }
            sendBatched(now: clock.now())
            log(LogLine(level: "error", "event loop failed").field("error", error.description).description)
            finish()
            return
        }
        if serving, let passes { passes.observer.passEnded(passes.loop) }
        let now = clock.now()
        sendBatched(now: now)
        if control.isDrainRequested, drainDeadline == nil { beginDrain(now: now) }
        fireDueTimers(now: now)
        if now >= nextSweep {
            sweep(now: now)
            nextSweep = now + configuration.timeouts.sweepInterval
        }
        deliverArrivedResponses()
        serveRoom(now: now)
        if drainDeadline != nil, connections.isEmpty { finish() }
    }

    /// Ends a batch: writes its log lines, then the output of each connection that queued some.
    private func sendBatched(now: Double) {
        isBatching = false
        handler.writeLog()
        for slot in batched {
            slot.isBatched = false
            guard connections[slot.fd] === slot else { continue }
            send(slot, now: now)
        }
        batched.removeAll(keepingCapacity: true)
    }

    private func finish() {
        leaveRoom()
        closeEverything()
        handler.writeLog()
        control.deliveries.close()
        isFinished = true
    }

    private func dispatch(_ token: UInt64, _ events: UInt32, now: Double) {
        switch token {
        case Self.wakeToken:
            control.wakeup.reset()
        case Self.listenerToken:
            acceptConnections(now: now)
        default:
            guard let slot = connections[Int32(truncatingIfNeeded: token)], slot.token == token else { return }
            serve(slot, events: events, now: now)
        }
    }

    /// A hang-up first (it may end a stream or a wait at once), then one read (level-triggered
    /// readiness brings us back if more is waiting), then whatever the connection wants written.
    private func serve(_ slot: Slot, events: UInt32, now: Double) {
        let reset = LinuxAPI.epollHup | LinuxAPI.epollErr
        if events & (reset | LinuxAPI.epollRdHup) != 0 {
            handle(slot, .hungUp(reset: events & reset != 0), now: now)
            guard !slot.connection.isClosed else { return }
        }
        if events & (LinuxAPI.epollIn | reset) != 0, slot.connection.wantsRead {
            readOnce(slot, now: now)
        } else if events & LinuxAPI.epollOut != 0 {
            perform([], on: slot, now: now)
        }
    }

    private func readOnce(_ slot: Slot, now: Double) {
        let count: Int?
        do throws(SyscallError) {
            count = try readBuffer.read(slot.fd, with: poller)
        } catch {
            handle(slot, .failed, now: now)
            return
        }
        switch count {
        case nil: perform([], on: slot, now: now)
        case 0: handle(slot, .peerFinished, now: now)
        case .some: handle(slot, .received(readBuffer), now: now)
        }
    }

    /// Polls every stream whose time has come. Entries are collected first, so a stream that asks for
    /// a time already past is polled on the next pass, after the loop has looked at the network again.
    private func fireDueTimers(now: Double) {
        while let entry = timers.popDue(now: now) {
            dueTimers.append(entry)
        }
        for entry in dueTimers {
            guard let slot = pendingPoll(entry), let stream = slot.connection.openStream else { continue }
            handle(slot, .polled(stream.source.poll(now: now)), now: now)
        }
        dueTimers.removeAll(keepingCapacity: true)
    }

    /// The connection whose pending poll `entry` still is; nil for a stale entry (the connection
    /// closed, its descriptor was reused, or its stream moved on).
    private func pendingPoll(_ entry: TimerHeap.Entry) -> Slot? {
        guard let slot = connections[Int32(truncatingIfNeeded: entry.token)], slot.token == entry.token,
              slot.connection.timerGeneration == entry.generation, slot.connection.openStream != nil else { return nil }
        return slot
    }

    /// Every `Timeouts.sweepInterval`: act on overdue deadlines, end the drain when its grace is
    /// over, resume a paused accept, and drop timer entries of streams long gone.
    private func sweep(now: Double) {
        resumeAcceptingIfDue(now: now)
        if let deadline = drainDeadline, now >= deadline {
            closeEverything()
            return
        }
        for slot in Array(connections.values) {
            guard let due = slot.connection.deadline, due.at <= now else { continue }
            handle(slot, .tick, now: now)
        }
        if timers.count > 2 * connections.count + 64 {
            timers.removeAll { pendingPoll($0) == nil }
        }
    }

    /// Sends every response delivered so far, and those delivered while sending them (a pipelined
    /// request after a delivered one may be answered at once too). A delivery for a connection
    /// that closed, or that gave up waiting, is dropped.
    private func deliverArrivedResponses() {
        while control.deliveries.take(into: &arrived) {
            let now = clock.now()
            isBatching = true
            for delivery in arrived {
                guard let slot = connections[Int32(truncatingIfNeeded: delivery.token)], slot.token == delivery.token else { continue }
                handle(slot, .delivered(serial: delivery.serial, delivery.answer), now: now)
            }
            sendBatched(now: now)
            arrived.removeAll(keepingCapacity: true)
        }
    }

    /// Stop accepting; tell every connection (idle ones close, streams end with their last words,
    /// the rest finish what is in flight with `Connection: close` within the shutdown grace).
    private func beginDrain(now: Double) {
        drainDeadline = now + configuration.timeouts.shutdownGrace
        releaseListener()
        leaveRoom()
        for slot in Array(connections.values) {
            handle(slot, .drain, now: now)
        }
    }

    private func closeEverything() {
        releaseListener()
        let now = clock.now()
        for slot in Array(connections.values) {
            handle(slot, .abort(.shutdown), now: now)
        }
    }
}
