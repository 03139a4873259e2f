import AnimationCore
import Routes
import Synchronization

/// How long a restart's replay takes: 1,000,000 journalled events (10,000 sessions × 100,
/// posted in batches of 10 through the router) rebuilt into a fresh router from their records.
enum ReplayBench {
    /// Keeps every record a router journals, as the file journal would on disk.
    final class Recorder: SessionJournal {
        let records = Mutex<[JournalEntry]>([])
        func write(_ entry: JournalEntry) throws -> UInt64 {
            records.withLock { $0.append(entry); return UInt64($0.count) }
        }
        func isDurable(_ sequence: UInt64) -> Bool { true }
        func whenDurable(_ sequence: UInt64, _ action: @escaping @Sendable ((any Error)?) -> Void) { action(nil) }
    }

    static func run() {
        let sessions = BenchScale.scaled(10_000, minimum: 10)
        let batches = 10, perBatch = 10
        let recorder = Recorder()
        let ids = Mutex(0)
        let source = makeApp(AppEnvironment(now: { 0 }, makeID: { ids.withLock { $0 += 1; return "s\($0)" } },
                                               journal: recorder))
        let controls = ["switch", "button", "card", "progressButton"]
        let started = Measure.now()
        for n in 1...sessions {
            let control = controls[n % controls.count]
            _ = source.respond(to: HTTPRequest(method: "POST", target: "/v1/sessions", body: Array(#"{"control":"\#(control)"}"#.utf8)))
            for b in 0..<batches {
                let events = (0..<perBatch).map { i -> String in
                    let t = Double(b * perBatch + i) * 0.05
                    let (x, y) = control == "card" ? (100.0, 800.0 - Double(i) * 20) : (20.0, 15.0)
                    let type = i == 0 ? "touchDown" : i == perBatch - 1 ? "touchUp" : "touchMove"
                    return #"{"type":"\#(type)","t":\#(t),"x":\#(x),"y":\#(y)}"#
                }
                let body = Array(#"{"events":[\#(events.joined(separator: ","))]}"#.utf8)
                let status = source.respond(to: HTTPRequest(method: "POST", target: "/v1/sessions/s\(n)/events", body: body)).answer?.status
                precondition(status == 200, "posting answered \(status.map(String.init) ?? "later")")
            }
        }
        let built = Measure.now()
        let records = recorder.records.withLock { $0 }
        let bytes = records.reduce(0) { $0 + $1.payload.count }
        let events = sessions * batches * perBatch
        var timings: [Double] = []
        var report: RestoreReport?
        for _ in 0..<3 {
            let target = makeApp(AppEnvironment(now: { 0 }, makeID: { "unused" }))
            let t0 = Measure.now()
            report = target.restore(entries: records)
            timings.append(Double(Measure.now() - t0) / 1e9)
        }
        timings.sort()
        let median = timings[timings.count / 2]
        print("replay: \(events) events in \(sessions) sessions, \(records.count) records, "
              + "\((Double(bytes) / 1_048_576).formatted(1)) MiB of JSON (posting them took \((Double(built - started) / 1e9).formatted(1)) s)")
        print("  restore (parse + apply), median of 3: \(median.formatted(2)) s, \((Double(events) / median).formatted(0)) events/s; "
              + "restored \(report?.sessions ?? 0) sessions, \(report?.events ?? 0) events, \(report?.unusable.count ?? 0) unusable")
    }
}
