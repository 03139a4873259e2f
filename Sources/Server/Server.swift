import Routes
import Synchronization

/// A running HTTP server: one listening socket shared by `configuration.threads` event loops.
/// `init` binds (so a bad or busy address fails at once) and starts the loops; `stop()` drains them.
final class Server: Sendable {
    /// The port actually bound (the answer to port 0).
    let port: Int
    private let listener: ListeningSocket
    private let controls: [LoopControl]
    private let threads: [LoopThread]
    private let stopping = Atomic<Bool>(false)

    /// `counter` counts open connections across the loops (the metrics endpoint reads it); `clock`
    /// is where the loops read time.
    init(configuration: Configuration, responder: any Responder, log: @escaping LogSink,
         counter: ConnectionCounter = ConnectionCounter(), clock: any Clock = SystemClock()) throws(SyscallError) {
        TerminationSignals.ignoreBrokenPipes()
        let listener = try ListeningSocket(address: configuration.address, backlog: configuration.backlog)
        var controls: [LoopControl] = []
        var threads: [LoopThread] = []
        do throws(SyscallError) {
            for _ in 0 ..< max(1, configuration.threads) {
                let control = try LoopControl()
                let loop = try EventLoop(listener: listener.fd, poller: try SocketPoller(), clock: clock, control: control,
                                         configuration: configuration, counter: counter, responder: responder, log: log)
                threads.append(try LoopThread.spawn { loop.run() })
                controls.append(control)
            }
        } catch {
            Self.drain(controls, threads, listener)
            throw error
        }
        self.listener = listener
        self.controls = controls
        self.threads = threads
        port = listener.port
    }

    /// Stops accepting, lets in-flight requests finish within the shutdown grace, closes every
    /// connection and the listener, and returns when all loops have ended. Later calls return at once.
    func stop() {
        guard stopping.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else { return }
        Self.drain(controls, threads, listener)
    }

    private static func drain(_ controls: [LoopControl], _ threads: [LoopThread], _ listener: ListeningSocket) {
        for control in controls { control.requestDrain() }
        for control in controls { control.listenerReleased.wait() }
        listener.close()
        for thread in threads { thread.join() }
    }
}
