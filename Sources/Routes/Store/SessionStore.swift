import AnimationCore
import Synchronization

/// How a session's time moves.
public enum SessionClock: String, Sendable, CaseIterable {
    /// Time moves only with the `t` of posted events.
    case virtual
    /// Monotonic seconds since creation; events without `t` are stamped on arrival.
    case wall
}

/// One live session: its own lock, so requests for different sessions never wait on each other.
final class SessionSlot: Sendable {
    let id: String
    let clock: SessionClock
    /// `AppEnvironment.now()` at creation: a wall-clock session's time origin.
    let createdAt: Double
    /// Creation order, for stable listings.
    let sequence: Int
    let record: Mutex<Record>

    struct Record: Sendable {
        var session: Session
        var lastAccess: Double
    }

    init(id: String, clock: SessionClock, createdAt: Double, sequence: Int, session: Session) {
        self.id = id
        self.clock = clock
        self.createdAt = createdAt
        self.sequence = sequence
        record = Mutex(Record(session: session, lastAccess: createdAt))
    }

    /// Session time: the last event's time on a virtual clock, seconds since creation on a wall clock.
    func time(of session: Session, now: Double) -> Double {
        clock == .virtual ? session.time : max(now - createdAt, session.time)
    }
}

/// Every live session by id. Idle sessions expire after the TTL; a full store refuses new ones.
final class SessionStore: Sendable {
    private let table = Mutex(Table())
    let limits: Limits

    struct Table: Sendable {
        var slots: [String: SessionSlot] = [:]
        var nextSequence = 0
        var createsSinceSweep = 0
    }

    enum StoreError: Error {
        case full(retryAfter: Int)
    }

    init(limits: Limits) {
        self.limits = limits
    }

    /// Adds a session under a fresh id; sweeps expired sessions from time to time and when full.
    func create(id: String, clock: SessionClock, session: Session, now: Double) throws(StoreError) -> SessionSlot {
        let result: Result<SessionSlot, StoreError> = table.withLock { table in
            table.createsSinceSweep += 1
            if table.slots.count >= limits.maxSessions || table.createsSinceSweep >= 1024 {
                sweep(&table, now: now)
            }
            guard table.slots.count < limits.maxSessions else {
                return .failure(.full(retryAfter: 30))
            }
            let slot = SessionSlot(id: id, clock: clock, createdAt: now, sequence: table.nextSequence, session: session)
            table.nextSequence += 1
            table.slots[id] = slot
            return .success(slot)
        }
        return try result.get()
    }

    /// The live session with this id, its access time refreshed; nil when unknown or expired.
    func slot(_ id: String, now: Double) -> SessionSlot? {
        guard let slot = table.withLock({ $0.slots[id] }) else { return nil }
        let alive = slot.record.withLock { record in
            guard now - record.lastAccess <= limits.sessionIdleTTL else { return false }
            record.lastAccess = now
            return true
        }
        if !alive { _ = delete(id) }
        return alive ? slot : nil
    }

    /// Whether this very slot is still in the store and not idle past the TTL; no access is recorded.
    func isLive(_ slot: SessionSlot, now: Double) -> Bool {
        guard table.withLock({ $0.slots[slot.id] === slot }) else { return false }
        return slot.record.withLock { now - $0.lastAccess <= limits.sessionIdleTTL }
    }

    @discardableResult
    func delete(_ id: String) -> Bool {
        table.withLock { $0.slots.removeValue(forKey: id) != nil }
    }

    /// Live sessions in creation order.
    func list(now: Double) -> [SessionSlot] {
        table.withLock { table in
            sweep(&table, now: now)
            return table.slots.values.sorted { $0.sequence < $1.sequence }
        }
    }

    var count: Int { table.withLock { $0.slots.count } }

    private func sweep(_ table: inout Table, now: Double) {
        table.createsSinceSweep = 0
        let ttl = limits.sessionIdleTTL
        table.slots = table.slots.filter { _, slot in
            slot.record.withLock { now - $0.lastAccess <= ttl }
        }
    }
}
