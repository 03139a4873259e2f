import AnimationCore

/// Resident memory of live sessions: RSS (/proc/self/statm) before and after creating 100,000
/// sessions through the router (a quarter of each control), then after posting 10 pool events to
/// each (one POST per event). Goal (issue 16): 100,000 sessions with 10 events each fit in 150 MB
/// of resident memory (the whole process; issue 7 asked for 300 MB).
///
/// Run it first or alone (`Bench memory`) for a clean figure: memory other groups freed stays
/// mapped in the allocator and shows up in the "before" reading.
enum MemoryBench {
    static let target = 100_000
    static let eventsPerSession = 10
    static let budgetBytes = 150.0 * 1_000_000

    static func run() {
        let count = BenchScale.scaled(target, minimum: 100)
        let mib = 1_048_576.0
        let harness = Harness(maxSessions: count + 1)
        let before = Memory.residentBytes()
        let heapBefore = Memory.heapInUse()
        // Ids are recomputed from the sequence, not kept, so the bench adds nothing per session.
        let createStart = Measure.now()
        for i in 0..<count {
            let id = harness.create(BenchControl.all[i % 4].name)
            precondition(id == Harness.id(ofSequence: i), "unexpected id \(id)")
        }
        let createSeconds = Double(Measure.now() - createStart) / 1e9
        let idle = Memory.residentBytes()
        let heapIdle = Memory.heapInUse()
        var failures = 0
        var inputs = 0
        let postStart = Measure.now()
        for e in 0..<eventsPerSession {
            let t = 0.2 + Double(e) * BenchControl.eventSpacing
            for i in 0..<count {
                let id = Harness.id(ofSequence: i)
                let control = BenchControl.all[i % 4]
                // Each session walks the pool from its own offset, so the store holds a mix.
                let index = e + i / 4
                if harness.post(id, control.body(index, at: t)) != 200 { failures += 1 }
                if i < 4 { inputs += control.pool[index % control.pool.count].inputs.count }
            }
        }
        let postSeconds = Double(Measure.now() - postStart) / 1e9
        let loaded = Memory.residentBytes()
        let heapLoaded = Memory.heapInUse()
        let idleBytes = Double(idle - before) / Double(count)
        let loadedBytes = Double(loaded - before) / Double(count)
        let projected = Double(before) + loadedBytes * Double(target)
        let inputsPerSession = (Double(inputs) / 4).formatted(1)
        print("memory: \(count.grouped) sessions through the router (\(createSeconds.formatted(2)) s), then"
              + " \(eventsPerSession) event POSTs each (\(postSeconds.formatted(2)) s, non-200: \(failures);"
              + " ≈\(inputsPerSession) inputs per session after shorthand expansion)")
        var table = TextTable(["stage", "RSS MiB", "Δ MiB", "bytes/session", "heap in use/session"])
        func mebibytes(_ bytes: Int) -> String { (Double(bytes) / mib).formatted(1) }
        func perSession(_ bytes: Int) -> String { (Double(bytes) / Double(count)).grouped }
        table.add(["before", mebibytes(before), "", "", ""])
        table.add(["\(count.grouped) idle sessions", mebibytes(idle), mebibytes(idle - before), idleBytes.grouped,
                   perSession(heapIdle - heapBefore)])
        table.add(["+ \(eventsPerSession) events each", mebibytes(loaded), mebibytes(loaded - before), loadedBytes.grouped,
                   perSession(heapLoaded - heapBefore)])
        table.print()
        let scaled = count == target ? "" : " (projected from \(count.grouped) sessions)"
        // Inline sizes: what a session costs before any event, whichever control it holds.
        print("  inline sizes (MemoryLayout): Session \(MemoryLayout<Session>.size) B, DefinedControl \(MemoryLayout<DefinedControl>.size) B"
              + " (its state is one buffer, shared with the instance's initial state until it changes; sessions of one configuration share one ControlInstance),"
              + " TimedInput stride \(MemoryLayout<TimedInput>.stride) B (the log keeps inputs encoded, ≈9–25 B each),"
              + " Field stride \(MemoryLayout<Field>.stride) B, PropertyAnimator stride \(MemoryLayout<PropertyAnimator>.stride) B")
        let verdict = projected <= budgetBytes ? "PASS" : "MISS"
        print("  goal 100,000 sessions × \(eventsPerSession) events within 150 MB RSS: \(verdict) — \((projected / 1e6).formatted(1)) MB total\(scaled)")
    }
}
