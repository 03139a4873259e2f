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
        var table = TextTable(["control", "body bytes", "requests/s", "µs/request", "MB/s", "goal ≥3,000/s"])
        var worst = Double.infinity
        for control in BenchControl.all {
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
            let perSecond = Double(requests) / Measure.median(seconds)
            worst = min(worst, perSecond)
            table.add([control.name, "\(probe.body.count)", perSecond.grouped, (1e6 / perSecond).formatted(1),
                       (perSecond * Double(probe.body.count) / 1e6).formatted(1), perSecond >= 3_000 ? "PASS" : "MISS"])
        }
        table.print()
        print("  goal ≥ 3,000 requests/s per control: \(worst >= 3_000 ? "PASS" : "MISS") (slowest \(worst.grouped)/s on one core)")
    }
}
