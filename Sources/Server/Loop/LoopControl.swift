import Dispatch
import Synchronization

/// The thread-safe handle the server keeps for each loop: ask it to drain, learn when it has let go
/// of its listening socket (only once every loop has may the sockets be closed), and deliver responses that
/// were not ready when their request was answered.
final class LoopControl: Sendable {
    let wakeup: Wakeup
    let deliveries: DeliveryMailbox
    let listenerReleased = DispatchSemaphore(value: 0)
    private let drainRequested = Atomic<Bool>(false)

    init() throws(SyscallError) {
        wakeup = try Wakeup()
        deliveries = DeliveryMailbox(wakeup: wakeup)
    }

    func requestDrain() {
        drainRequested.store(true, ordering: .releasing)
        wakeup.signal()
    }

    var isDrainRequested: Bool {
        drainRequested.load(ordering: .acquiring)
    }
}
