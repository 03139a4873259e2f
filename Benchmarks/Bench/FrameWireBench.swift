import Routes

/// `GET /v1/sessions/{id}/frame?t=0.1` from request bytes to response bytes in-process: the HTTP
/// parser, the app (middleware, routing, query, sampling one frame, JSON) and the response encoder,
/// everything the server's loop does per request but the socket calls and the access log line.
/// The request path of issue 16, for a switch frame and a card frame.
enum FrameWireBench {
    static let runs = 7

    static func run() {
        let requests = BenchScale.scaled(100_000, minimum: 1_000)
        print("frame-wire: GET /v1/sessions/{id}/frame?t=0.1, request bytes → response bytes, one thread;"
              + " \(requests) requests per run, median of \(runs) runs")
        let harness = Harness()
        var table = TextTable(["control", "response bytes", "requests/s", "ns/request"])
        for control in BenchControl.all where control.name == "switch" || control.name == "card" {
            let id = harness.create(control.name)
            precondition(harness.post(id, Array(control.kickoff.utf8)) == 200, "\(control.name): kickoff refused")
            let wire = Array("GET /v1/sessions/\(id)/frame?t=0.1 HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n\r\n".utf8)
            var server = WireServer(harness)
            func serve() -> Int { server.serve(wire, expecting: 200) }
            let bytes = serve()
            var seconds: [Double] = []
            for _ in 0..<runs {
                seconds.append(Measure.time {
                    var total = 0
                    for _ in 0..<requests { total &+= serve() }
                    return Double(total)
                }.seconds)
            }
            let perSecond = Double(requests) / Measure.median(seconds)
            table.add([control.name, "\(bytes)", perSecond.grouped, (1e9 / perSecond).formatted(0)])
        }
        table.print()
    }
}
