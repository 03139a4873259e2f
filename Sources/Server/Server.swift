import Routes
import Synchronization

/// A running HTTP server: `configuration.threads` event loops, each accepting from a listening
/// socket of its own on the same port (`ListeningSocket`). `init` binds (so a bad or busy
/// address fails at once) and starts the loops; `stop()` drains them.
final class Server: Sendable {
    /// The port actually bound (the answer to port 0).
    let port: Int
    private let listeners: [ListeningSocket]
    private let controls: [LoopControl]
    private let threads: [LoopThread]
    private let stopping = Atomic<Bool>(false)

    /// `counter` counts open connections across the loops (the metrics endpoint reads it); `clock`
    /// is where the loops read time; `passes` (the journal) is told of each loop's passes.
    init(configuration: Configuration, responder: any Responder, log: @escaping LogSink,
         counter: ConnectionCounter = ConnectionCounter(), clock: any TimeSource = SystemClock(),
         passes: (any PassObserver)? = nil) throws(SyscallError) {
        TerminationSignals.ignoreBrokenPipes()
        let loops = max(1, configuration.threads)
        let first = try ListeningSocket(address: configuration.address, backlog: configuration.backlog, shared: loops > 1)
        var listeners = [first]
        var controls: [LoopControl] = []
        var threads: [LoopThread] = []
        // At the cap, a loop with nothing of its own to close asks the others for room through it.
        let room = RoomBroker(counter: counter)
        do throws(SyscallError) {
            while listeners.count < loops {
                listeners.append(try ListeningSocket(joining: first, address: configuration.address, backlog: configuration.backlog))
            }
            for listener in listeners {
                let control = try LoopControl()
                let loop = try EventLoop(listener: listener.fd, poller: try SocketPoller(), clock: clock, control: control,
                                         configuration: configuration, counter: counter, responder: responder, log: log,
                                         passes: passes, room: loops > 1 ? room : nil)
                threads.append(try LoopThread.spawn { loop.run() })
                controls.append(control)
            }
        } catch {
            Self.drain(controls, threads, listeners)
            throw error
        }
        self.listeners = listeners
        self.controls = controls
        self.threads = threads
        port = first.port
    }

    /// Stops accepting on every listener, lets in-flight requests finish within the shutdown
    /// grace, closes every connection and the listeners, and returns when all loops have ended.
    /// Later calls return at once.
    func stop() {
        guard stopping.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else { return }
        Self.drain(controls, threads, listeners)
    }

    /// Every loop stops watching its listener before the listeners close, so no loop ever
    /// watches a closed (or reused) descriptor.
    private static func drain(_ controls: [LoopControl], _ threads: [LoopThread], _ listeners: [ListeningSocket]) {
        for control in controls { control.requestDrain() }
        for control in controls { control.listenerReleased.wait() }
        for listener in listeners { listener.close() }
        for thread in threads { thread.join() }
    }
}
