#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AnimationCore

/// Frames sampled per second per control, mid-animation; then the same against the size of the
/// store (through the router's `GET /frame`) and the length of a session's log (through
/// `Session`), to show the cost does not grow with either (frames are computed from the event log at any
/// time, never stepped forward).
enum SamplingBench {
    static let runs = 7

    static func run() {
        print("sampling: median of \(runs) runs")
        // SAMPLING_ONLY=per-control|store|log runs one part (to profile it alone).
        let only = getenv("SAMPLING_ONLY").map { String(cString: $0) }
        if only == nil || only == "per-control" { perControl() }
        if only == nil || only == "store" { againstStoreSize() }
        if only == nil || only == "log" { againstLogLength() }
    }

    /// The 61 times of 1 s at 60 fps.
    static let times = (0...60).map { Double($0) / 60 }

    /// `Session.frame(at:)` at each time (random access, as `GET /frame`) and `forEachFrame`
    /// over the second (sequential, as `GET /frames`).
    private static func perControl() {
        let passes = BenchScale.scaled(2_000, minimum: 5)
        print("  per control, kickoff at t = 0, frames over [0, 1] s (\(passes) × 61 frames per run):")
        var table = TextTable(["control", "frame(at:) frames/s", "ns/frame", "forEachFrame frames/s", "ns/frame"])
        for control in BenchControl.all {
            let session = control.session(posted: 0)
            let medians = interleaved(runs, [
                { randomAccess(session, times, passes: passes) },
                { sequentialAccess(session, from: 0, passes: passes) },
            ])
            let (random, sequential) = (medians[0], medians[1])
            let frames = Double(passes * times.count)
            table.add([control.name, (frames / random).grouped, (random / frames * 1e9).formatted(0),
                       (frames / sequential).grouped, (sequential / frames * 1e9).formatted(0)])
        }
        table.print(indent: "    ")
    }

    /// `GET /v1/sessions/{id}/frame?t=…` for one mid-animation session of each control while 1,
    /// 1,000 and 100,000 other sessions are alive in the same store. One store per level, all
    /// alive at once, measured in turn within each run so drift in the machine hits every level.
    private static func againstStoreSize() {
        let requests = BenchScale.scaled(20_000, minimum: 50)
        let levels = [1, 1_000, 100_000].map { BenchScale.scaled($0) }
        print("  GET /frame through the router (t cycling over [0, 1] s, \(requests) requests per run) with other sessions alive"
              + " (one store per level, runs interleaved):")
        let stores = levels.map { level in
            let harness = Harness(maxSessions: level + 10)
            let paths = BenchControl.all.map { control in
                let id = harness.create(control.name)
                precondition(harness.post(id, Array(control.kickoff.utf8)) == 200)
                return times.map { "/v1/sessions/\(id)/frame?t=\($0.formatted(6))" }
            }
            for i in 0..<level { _ = harness.create(BenchControl.all[i % 4].name) }
            return (harness, paths)
        }
        let levelHeaders: [String] = levels.map { "\($0.grouped) others: frames/s" }
        var table = TextTable(["control"] + levelHeaders + ["cost largest/smallest"])
        for (index, control) in BenchControl.all.enumerated() {
            let medians = interleaved(runs, stores.map { store in
                {
                    let (harness, paths) = store
                    let targets = paths[index]
                    var total = 0
                    for i in 0..<requests { total &+= harness.respond("GET", targets[i % targets.count]).body.count }
                    Measure.consume(Double(total))
                }
            })
            let rates = medians.map { Double(requests) / $0 }
            table.add([control.name] + rates.map(\.grouped) + ["\((rates.first! / rates.last!).formatted(2))×"])
        }
        table.print(indent: "    ")
    }

    /// `Session.frame(at:)` with logs of 10, 1,000 and 10,000 posted events (pool events every
    /// 0.2 s, whole pool cycles so every log ends in the same state): after the last event (no
    /// replay) and at times spread over the log (nearest checkpoint, then replay).
    private static func againstLogLength() {
        let latestPasses = BenchScale.scaled(1_000, minimum: 5)
        let pastPasses = BenchScale.scaled(100, minimum: 2)
        let lengths = [10, 1_000, 10_000]
        print("  Session.frame(at:) against log length (\(latestPasses) × 61 frames per run after the log, \(pastPasses) × 61 within it);"
              + " 'past' = t spread over the whole log, replayed from the nearest checkpoint (every \(Session.checkpointInterval) inputs):")
        var headers = ["control"]
        for length in lengths { headers += ["\(length.grouped) ev: latest ns/frame", "past ns/frame"] }
        var table = TextTable(headers + ["latest 10k/10", "past 10k/10", "past 10k/1k"])
        for control in BenchControl.all {
            var bodies: [() -> Void] = []
            for length in lengths {
                let session = control.session(posted: length)
                let end = session.time
                let after = times.map { end + $0 }
                // 61 times spread over [0, end], offset so they fall between events.
                let spread = (0..<times.count).map { k in end * (Double(k) + 0.37) / Double(times.count) }
                bodies.append { randomAccess(session, after, passes: latestPasses) }
                bodies.append { randomAccess(session, spread, passes: pastPasses) }
            }
            let medians = interleaved(runs, bodies)
            let latest = lengths.indices.map { medians[2 * $0] / Double(latestPasses * times.count) * 1e9 }
            let past = lengths.indices.map { medians[2 * $0 + 1] / Double(pastPasses * times.count) * 1e9 }
            var row = [control.name]
            for i in lengths.indices { row += [latest[i].formatted(0), past[i].formatted(0)] }
            row += [(latest[2] / latest[0]).formatted(2) + "×", (past[2] / past[0]).formatted(2) + "×",
                    (past[2] / past[1]).formatted(2) + "×"]
            table.add(row)
        }
        table.print(indent: "    ")
        print("    (10 posted events are 12 inputs, all before the first checkpoint, so a past frame replays ≤ 12 of them; any longer"
              + " log replays ≤ \(Session.checkpointInterval - 1): the cost is bounded by the checkpoint interval, not the log length)")
    }

    // MARK: Loops

    /// Median seconds of each body over `runs` runs, the bodies taking turns within each run.
    private static func interleaved(_ runs: Int, _ bodies: [() -> Void]) -> [Double] {
        var seconds = Array(repeating: [Double](), count: bodies.count)
        for _ in 0..<runs {
            for (index, body) in bodies.enumerated() {
                seconds[index].append(Measure.time { body(); return 0 }.seconds)
            }
        }
        return seconds.map(Measure.median)
    }

    /// Reads values out of every layer so no part of the frame is dead code.
    @inline(__always)
    static func digest(_ frame: Frame) -> Double {
        var sum = frame.t + Double(frame.properties.count)
        for layer in frame.layers { sum += layer.frame.minX + layer.scale + layer.opacity + (layer.stroke?.strokeEnd ?? 0) }
        return sum
    }

    @inline(never)
    private static func randomAccess(_ session: Session, _ times: [Double], passes: Int) {
        var sum = 0.0
        for _ in 0..<passes {
            for t in times { sum += digest(session.frame(at: t)) }
        }
        Measure.consume(sum)
    }

    @inline(never)
    private static func sequentialAccess(_ session: Session, from: Double, passes: Int) {
        var sum = 0.0
        for _ in 0..<passes {
            session.forEachFrame(from: from, to: from + 1, fps: 60) { sum += digest($0) }
        }
        Measure.consume(sum)
    }
}
