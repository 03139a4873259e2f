// Release-built benchmark programs: `swift run -c release Bench [--quick] [group …]`.
// With no argument every group runs; each group lives in its own file and registers here.
// `--quick` (or BENCH_SCALE=0.1) shrinks every count tenfold for a fast look.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A named set of measurements that prints its own figures.
struct BenchGroup {
    let name: String
    let summary: String
    let run: () -> Void
}

// Memory runs early: what later groups free stays in the allocator and would inflate its RSS.
let groups: [BenchGroup] = [
    BenchGroup(name: "springs", summary: "spring samples per second against an exp+sin+cos baseline",
               run: SpringBench.run),
    BenchGroup(name: "memory", summary: "RSS of 100,000 sessions with 10 events each (goal ≤ 150 MB)",
               run: MemoryBench.run),
    BenchGroup(name: "memory-parts", summary: "live heap per session by part (state buffer, idle session, event log), per control",
               run: MemoryPartsBench.run),
    BenchGroup(name: "frames-json", summary: "FrameEncoder/JSONWriter MB/s against Foundation JSONEncoder (goal ≥ 3×)",
               run: FramesJSONBench.run),
    BenchGroup(name: "frames-request", summary: "in-process GET /frames (1 s at 60 fps) per second per control (goal ≥ 3,000)",
               run: FramesRequestBench.run),
    BenchGroup(name: "emission-fold", summary: "a frames window's emissions folded into its frame pass against replayed apart",
               run: EmissionFoldBench.run),
    BenchGroup(name: "frame-wire", summary: "GET /frame from request bytes to response bytes in-process (parser, app, encoder)",
               run: FrameWireBench.run),
    BenchGroup(name: "scenes", summary: "Settings scene frame GET and touch POST against single controls; cost against views and depth",
               run: ScenesBench.run),
    BenchGroup(name: "sessions", summary: "sessions created and events applied per second (Session.apply, router POST)",
               run: SessionsBench.run),
    BenchGroup(name: "sampling", summary: "frames sampled per second per control; against store size and log length",
               run: SamplingBench.run),
    BenchGroup(name: "layer-kinds", summary: "ns per layer per frame of each layer kind and optional part (synthetic definitions)",
               run: LayerKindsBench.run),
    BenchGroup(name: "replay", summary: "restart replay of 1,000,000 journalled events",
               run: ReplayBench.run),
]

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("--quick") {
    arguments.removeAll { $0 == "--quick" }
    BenchScale.factor = 0.1
}
let requested = arguments
if requested.contains(where: { $0 == "-h" || $0 == "--help" }) {
    print("usage: Bench [--quick] [group …]   (BENCH_SCALE=x scales every count; --quick is 0.1)\ngroups:")
    for group in groups { print("  \(group.name): \(group.summary)") }
} else {
    let unknown = requested.filter { name in !groups.contains { $0.name == name } }
    if !unknown.isEmpty {
        print("unknown group(s): \(unknown.joined(separator: ", ")); known: \(groups.map(\.name).joined(separator: ", "))")
        exit(2)
    }
    let start = Measure.now()
    for group in groups where requested.isEmpty || requested.contains(group.name) {
        let groupStart = Measure.now()
        group.run()
        print("  [\(group.name): \((Double(Measure.now() - groupStart) / 1e9).formatted(1)) s]\n")
    }
    print("total \((Double(Measure.now() - start) / 1e9).formatted(1)) s, scale \(BenchScale.factor.formatted(2)), checksum \(Measure.checksum.formatted(0))")
}
