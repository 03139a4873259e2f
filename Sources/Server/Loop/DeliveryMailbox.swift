import Routes
import Synchronization

/// Where responses delivered for parked connections wait for their loop. Any thread posts (the
/// journal's flusher, usually); the loop takes everything at the end of each pass. A post wakes the
/// loop through its eventfd only when the mailbox turns non-empty while the loop is not going to
/// look anyway, so a batch of deliveries costs one eventfd write and one wake-up.
final class DeliveryMailbox: Sendable {
    /// One response for the exchange `serial` of the connection `token` (the epoll token: descriptor
    /// and serial, so a delivery for a connection that has since closed never reaches a new one).
    struct Delivery: Sendable {
        let token: UInt64
        let serial: UInt64
        let answer: HTTPAnswer
    }

    private struct State {
        var deliveries: [Delivery] = []
        /// Set from the loop's first park in a pass until a take finds nothing: the loop will take
        /// before it sleeps, so a post needs no wake-up.
        var loopWillLook = false
        /// The loop has ended; posts are dropped.
        var isClosed = false
    }

    private let state = Mutex(State())
    private let wakeup: Wakeup

    init(wakeup: Wakeup) {
        self.wakeup = wakeup
    }

    /// Safe from any thread, including the loop's own (a response delivered inside `onReady`).
    func post(_ delivery: Delivery) {
        let mustWake = state.withLock { state in
            guard !state.isClosed else { return false }
            state.deliveries.append(delivery)
            return state.deliveries.count == 1 && !state.loopWillLook
        }
        if mustWake { wakeup.signal() }
    }

    /// Called by the loop before it asks for a delivery: it takes before it sleeps.
    func expectTake() {
        state.withLock { $0.loopWillLook = true }
    }

    /// Swaps what has arrived into the empty `batch` (its capacity is reused); false when nothing
    /// has, and from then on a post wakes the loop.
    func take(into batch: inout [Delivery]) -> Bool {
        state.withLock { state in
            guard !state.deliveries.isEmpty else {
                state.loopWillLook = false
                return false
            }
            swap(&batch, &state.deliveries)
            return true
        }
    }

    /// The loop has ended: drop what waits and whatever comes later.
    func close() {
        state.withLock { state in
            state.isClosed = true
            state.deliveries.removeAll()
        }
    }
}
