import Routes

/// The whole `GET /v1/sessions/{id}/frames?from=0&to=1&fps=60` handler in-process (routing,
/// store lookup, query parsing, sampling 61 frames, JSON, emissions), no sockets.
/// Goal (issue 7): a 1 s / 60 fps frames request for any control served at least 3,000 times
/// per second (here on one thread; the server runs one loop per core).
enum FramesRequestBench {
    static let runs = 7

    static func run() {
        let requests = BenchScale.scaled(1_500, minimum: 10)
        print("frames-request: GET /v1/sessions/{id}/frames?from=0&to=1&fps=60 through the router, one thread;"
              + " \(requests) requests per run, median of \(runs) runs")
        let harness = Harness()
        let cachedHarness = Harness(framesCacheBytes: Limits().framesCacheBytes)
        var table = TextTable(["control", "body bytes", "requests/s", "µs/request", "MB/s", "goal ≥3,000/s",
                               "cached req/s", "cached µs"])
        var worst = Double.infinity
        for control in BenchControl.all {
            let computed = measure(harness, control, runs: runs, requests: requests)
            let cached = measure(cachedHarness, control, runs: runs, requests: requests)
            let perSecond = computed.perSecond
            worst = min(worst, perSecond)
            table.add([control.name, "\(computed.bytes)", perSecond.grouped, (1e6 / perSecond).formatted(1),
                       (perSecond * Double(computed.bytes) / 1e6).formatted(1), perSecond >= 3_000 ? "PASS" : "MISS",
                       cached.perSecond.grouped, (1e6 / cached.perSecond).formatted(1)])
        }
        table.print()
        print("  goal ≥ 3,000 requests/s per control: \(worst >= 3_000 ? "PASS" : "MISS") (slowest \(worst.grouped)/s on one core);"
              + " cached: the same window asked again with the frames cache on (the server's default)")
    }

    /// Requests per second for one control's window (median of `runs`), and its body's size.
    private static func measure(_ harness: Harness, _ control: BenchControl, runs: Int, requests: Int) -> (perSecond: Double, bytes: Int) {
        let id = harness.create(control.name)
        precondition(harness.post(id, Array(control.kickoff.utf8)) == 200, "\(control.name): kickoff refused")
        let target = "/v1/sessions/\(id)/frames?from=0&to=1&fps=60"
        let probe = harness.respond("GET", target)
        precondition(probe.status == 200, "\(control.name): frames answered \(probe.status)")
        var seconds: [Double] = []
        for _ in 0..<runs {
            seconds.append(Measure.time {
                var total = 0
                for _ in 0..<requests { total &+= harness.respond("GET", target).body.count }
                return Double(total)
            }.seconds)
        }
        return (Double(requests) / Measure.median(seconds), probe.body.count)
    }
}
