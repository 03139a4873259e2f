import AnimationCore
#if canImport(Glibc)
import Glibc
#endif

/// Temporary probe: one control's events only (PROBE_CONTROL, PROBE_HAND=1 for the hand-written), for profiling.
enum ProbeBench {
    static func run() {
        let name = getenv("PROBE_CONTROL").map { String(cString: $0) } ?? "switch"
        let hand = getenv("PROBE_HAND").map { String(cString: $0) } == "1"
        let control = BenchControl.all.first { $0.name == name }!
        let count = getenv("PROBE_COUNT").flatMap { Int(String(cString: $0)) } ?? 100_000
        let batches = (0..<count).map { control.inputs($0, at: 0.2 + Double($0) * BenchControl.eventSpacing) }
        var session = control.session(posted: 0, interpreted: !hand)
        for batch in batches { try! session.apply(batch) }
        Measure.consume(Double(session.events.count))
    }
}
