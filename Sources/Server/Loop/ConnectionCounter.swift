import Synchronization

/// Open connections across all loops, so the connection cap holds for the whole server.
final class ConnectionCounter: Sendable {
    private let open = Atomic<Int>(0)

    /// Counts one more connection unless that would exceed `limit`.
    func tryAcquire(limit: Int) -> Bool {
        if open.add(1, ordering: .relaxed).newValue <= limit { return true }
        open.subtract(1, ordering: .relaxed)
        return false
    }

    func release(_ count: Int = 1) {
        open.subtract(count, ordering: .relaxed)
    }

    var current: Int { open.load(ordering: .relaxed) }
}
