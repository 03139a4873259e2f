import Dispatch
import Synchronization

/// The thread-safe handle the server keeps for each loop: ask it to drain, learn when it has let go
/// of its listening socket (only once every loop has may the sockets be closed), and deliver responses that
/// were not ready when their request was answered, and tell it of room wanted or made at the
/// connection cap (`RoomBroker`).
final class LoopControl: Sendable {
    let wakeup: Wakeup
    let deliveries: DeliveryMailbox
    let listenerReleased = DispatchSemaphore(value: 0)
    private let drainRequested = Atomic<Bool>(false)
    private let roomNoticed = Atomic<Bool>(false)

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

    /// The room broker has posted to this loop's inbox: the loop looks at the end of its pass.
    func noteRoom() {
        roomNoticed.store(true, ordering: .releasing)
        wakeup.signal()
    }

    /// Whether the broker has posted since the last call.
    func takeRoomNotice() -> Bool {
        roomNoticed.load(ordering: .acquiring) && roomNoticed.exchange(false, ordering: .acquiringAndReleasing)
    }
}
