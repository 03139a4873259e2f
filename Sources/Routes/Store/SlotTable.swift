/// The live sessions by id: an open-addressing table (linear probing, at most four fifths full)
/// of the slots themselves, each found by the id it holds. A bucket is one pointer, where a
/// `[String: SessionSlot]` kept the id again beside each slot (24 bytes a bucket, at most three
/// quarters full): 100,000 sessions take 131,072 buckets here, 1 MiB instead of 6 (and of 2 at
/// three quarters). The price is the probe: at four fifths full a lookup visits ≈3 buckets
/// (each a slot's key read) and a miss, or a new id's insertion, ≈13, expected (Knuth's
/// (1 + 1/(1−α))/2 and (1 + 1/(1−α)²)/2), where three quarters gave ≈2.5 and ≈8.5.
///
/// Iteration order is the buckets' (as a Dictionary's, it depends on the per-process hash
/// seed): callers that list sessions sort them by creation sequence.
struct SlotTable: Sendable {
    private var buckets: [SessionSlot?] = []
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    /// The slot with this id.
    subscript(key: SessionKey) -> SessionSlot? {
        find(key).map { buckets[$0]! }
    }

    subscript(id: String) -> SessionSlot? { self[SessionKey(id)] }

    /// Every slot, in bucket order.
    var values: [SessionSlot] {
        var all: [SessionSlot] = []
        all.reserveCapacity(count)
        for case let slot? in buckets { all.append(slot) }
        return all
    }

    @discardableResult
    mutating func removeValue(forKey id: String) -> SessionSlot? { removeValue(forKey: SessionKey(id)) }

    @discardableResult
    mutating func removeValue(forKey key: SessionKey) -> SessionSlot? {
        guard let index = find(key) else { return nil }
        let removed = buckets[index]
        remove(at: index)
        return removed
    }

    /// Removes the slots `shouldRemove` picks and returns them, in bucket order.
    mutating func removeAll(where shouldRemove: (SessionSlot) -> Bool) -> [SessionSlot] {
        var kept: [SessionSlot] = [], removed: [SessionSlot] = []
        kept.reserveCapacity(count)
        for case let slot? in buckets {
            if shouldRemove(slot) { removed.append(slot) } else { kept.append(slot) }
        }
        if !removed.isEmpty { rebuild(kept) }
        return removed
    }

    // MARK: Internals

    private var mask: Int { buckets.count - 1 }

    private func home(_ key: SessionKey) -> Int { key.hashValue & mask }

    private func find(_ key: SessionKey) -> Int? {
        guard !buckets.isEmpty else { return nil }
        var index = home(key)
        while let slot = buckets[index] {
            if slot.key == key { return index }
            index = (index + 1) & mask
        }
        return nil
    }

    /// Adds a slot, or replaces the one with its id.
    mutating func insert(_ slot: SessionSlot) {
        if let index = find(slot.key) {
            buckets[index] = slot
            return
        }
        if (count + 1) * 5 > buckets.count * 4 { resize(to: max(16, buckets.count * 2)) }
        place(slot)
        count += 1
    }

    /// Puts a slot not in the table into the first free bucket from its home.
    private mutating func place(_ slot: SessionSlot) {
        var index = home(slot.key)
        while buckets[index] != nil { index = (index + 1) & mask }
        buckets[index] = slot
    }

    /// Empties bucket `index` and moves back the slots after it that its emptiness would cut
    /// off from their home (backward-shift deletion: no tombstones).
    private mutating func remove(at index: Int) {
        var hole = index
        var next = (index + 1) & mask
        while let slot = buckets[next] {
            let wanted = home(slot.key)
            // The slot may fill the hole when its home is not within (hole, next], cyclically.
            let reachable = hole <= next ? (wanted > hole && wanted <= next) : (wanted > hole || wanted <= next)
            if !reachable {
                buckets[hole] = slot
                hole = next
            }
            next = (next + 1) & mask
        }
        buckets[hole] = nil
        count -= 1
    }

    private mutating func resize(to capacity: Int) {
        let old = buckets
        buckets = Array(repeating: nil, count: capacity)
        for case let slot? in old { place(slot) }
    }

    /// The table of exactly `slots`, at the smallest size that keeps it four fifths full at most.
    private mutating func rebuild(_ slots: [SessionSlot]) {
        var capacity = 16
        while slots.count * 5 > capacity * 4 { capacity *= 2 }
        buckets = Array(repeating: nil, count: slots.isEmpty ? 0 : capacity)
        for slot in slots { place(slot) }
        count = slots.count
    }
}
