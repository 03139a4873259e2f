import AnimationCore

/// Where a session's bytes go, per control: live heap (allocator bytes in use, `Memory.heapInUse`)
/// per session of `count` sessions built in AnimationCore alone — before any event (a fresh
/// control shares its instance's initial state), and after the same 10 posted events `Bench memory` sends through the router. The router's figure less the
/// engine's is the store's: slot, id, table, shorthands as posted.
enum MemoryPartsBench {
    static func run() {
        let count = BenchScale.scaled(25_000, minimum: 100)
        print("memory-parts: live heap per session of \(count.grouped) sessions per control (AnimationCore only; the events of Bench memory)")
        var table = TextTable(["control", "idle Session", "after 10 posts", "inputs", "encoded log bytes"])
        for control in BenchControl.all {
            let instance = control.configuration
            var sessions: [Session] = []
            sessions.reserveCapacity(count)
            let before = Memory.heapInUse()
            for _ in 0..<count { sessions.append(Session(configuration: instance)) }
            let idle = Memory.heapInUse()
            for e in 0..<MemoryBench.eventsPerSession {
                let t = 0.2 + Double(e) * BenchControl.eventSpacing
                for i in sessions.indices {
                    // The same pool offsets as Bench memory (there session i holds control i % 4).
                    do { try sessions[i].apply(control.inputs(e + i, at: t)) } catch { fatalError("\(control.name): \(error)") }
                }
            }
            let loaded = Memory.heapInUse()
            let inputs = sessions.reduce(0) { $0 + $1.events.count }
            let encoded = sessions.reduce(0) { $0 + $1.events.encodedBytes }
            let n = Double(count)
            table.add([control.name, (Double(idle - before) / n).grouped, (Double(loaded - before) / n).grouped,
                       (Double(inputs) / n).formatted(1), (Double(encoded) / n).grouped])
            withExtendedLifetime(sessions) {}
        }
        table.print()
    }
}
