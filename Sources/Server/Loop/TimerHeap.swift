/// One loop's precise deadlines, earliest first: a binary min-heap of (time, connection, generation).
/// Entries are never searched for or removed early; a connection that reschedules or closes just moves
/// on to a new generation, and the loop skips an entry whose token or generation no longer matches.
struct TimerHeap {
    struct Entry: Equatable {
        var at: Double
        /// The connection's epoll token (descriptor and serial), so a reused descriptor never matches.
        var token: UInt64
        var generation: UInt64
    }

    private var entries: [Entry] = []

    var count: Int { entries.count }

    /// The earliest time anything is due, nil when empty (epoll_wait's timeout is computed from it).
    var earliest: Double? { entries.first?.at }

    mutating func push(_ entry: Entry) {
        entries.append(entry)
        siftUp(entries.count - 1)
    }

    /// Removes and returns the earliest entry if it is due at `now`.
    mutating func popDue(now: Double) -> Entry? {
        guard let first = entries.first, first.at <= now else { return nil }
        let last = entries.removeLast()
        if !entries.isEmpty {
            entries[0] = last
            siftDown(0)
        }
        return first
    }

    /// Drops the entries `isStale` rejects and rebuilds the heap in linear time, so entries of streams
    /// that ended long before their next poll cannot pile up.
    mutating func removeAll(where isStale: (Entry) -> Bool) {
        entries.removeAll(where: isStale)
        for index in stride(from: entries.count / 2 - 1, through: 0, by: -1) {
            siftDown(index)
        }
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        let moving = entries[child]
        while child > 0 {
            let parent = (child - 1) / 2
            guard moving.at < entries[parent].at else { break }
            entries[child] = entries[parent]
            child = parent
        }
        entries[child] = moving
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        let moving = entries[parent]
        while true {
            var child = 2 * parent + 1
            guard child < entries.count else { break }
            if child + 1 < entries.count, entries[child + 1].at < entries[child].at { child += 1 }
            guard entries[child].at < moving.at else { break }
            entries[parent] = entries[child]
            parent = child
        }
        entries[parent] = moving
    }
}
