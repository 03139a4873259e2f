import Dispatch
import Synchronization

/// The thread-safe handle the server keeps for each loop: ask it to drain, and learn when it has
/// let go of the shared listening socket (only then may the socket be closed).
final class LoopControl: Sendable {
    let wakeup: Wakeup
    let listenerReleased = DispatchSemaphore(value: 0)
    private let drainRequested = Atomic<Bool>(false)

    init() throws(SyscallError) {
        wakeup = try Wakeup()
    }

    func requestDrain() {
        drainRequested.store(true, ordering: .releasing)
        wakeup.signal()
    }

    var isDrainRequested: Bool {
        drainRequested.load(ordering: .acquiring)
    }
}
