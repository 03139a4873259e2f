import Synchronization

/// Frames windows answered lately, whole, so the same window of the same session asked again is
/// sent as it was instead of sampled and written again (a client polling a window, a page
/// replaying one). An answer is a pure function of the session's log and the window, so it is
/// kept under the session (its creation sequence, which comes round again only after 2³²
/// creations, and its id) and the length of its log: any event or command
/// makes a new key, and the old answer is never read again (it ages out). Only windows with an
/// explicit `from` are kept: without one the window starts at the session's present, which for a
/// wall-clock session moves with time. Bounded in bytes (`Limits.framesCacheBytes`, 0 turns it
/// off); the oldest answers go first.
final class FramesCache: Sendable {
    struct Key: Hashable {
        /// The slot's creation sequence, not its address: a deleted session's slot may be freed
        /// and another allocated at the same address.
        let sequence: UInt32
        let id: SessionKey
        let events: Int
        let from: UInt64
        let to: UInt64
        let fps: UInt64
    }

    private struct State {
        var bodies: [Key: [UInt8]] = [:]
        /// Keys in the order they were stored, from `head` on; the oldest first.
        var order: [Key] = []
        var head = 0
        var bytes = 0
    }

    let capacity: Int
    private let state = Mutex(State())

    init(capacity: Int) {
        self.capacity = max(capacity, 0)
    }

    static func key(_ slot: SessionSlot, events: Int, _ window: SampleWindow) -> Key {
        Key(sequence: slot.sequence, id: slot.key, events: events, from: window.from.bitPattern,
            to: window.to.bitPattern, fps: window.fps.bitPattern)
    }

    func body(for key: Key) -> [UInt8]? {
        guard capacity > 0 else { return nil }
        return state.withLock { $0.bodies[key] }
    }

    /// Keeps `body` unless it alone would take more than a quarter of the bound.
    func store(_ body: [UInt8], for key: Key) {
        guard capacity > 0, body.count <= capacity / 4 else { return }
        state.withLock { state in
            guard state.bodies[key] == nil else { return }
            while state.bytes + body.count > capacity, state.head < state.order.count {
                let oldest = state.order[state.head]
                state.head += 1
                state.bytes -= state.bodies.removeValue(forKey: oldest)?.count ?? 0
            }
            if state.head > 64, state.head * 2 > state.order.count {
                state.order.removeFirst(state.head)
                state.head = 0
            }
            state.bodies[key] = body
            state.order.append(key)
            state.bytes += body.count
        }
    }

    /// Bytes held, for tests and metrics.
    var bytes: Int { state.withLock { $0.bytes } }
}
