import AnimationCore

/// Sessions created per second through the router (`POST /v1/sessions`), and events applied per
/// second through `Session.apply` (the engine alone) and through the router's
/// `POST /v1/sessions/{id}/events` (JSON parsing, decoding, locking, the JSON answer).
enum SessionsBench {
    static let runs = 5
    /// Sessions per control that the router's events go to, round-robin, so each log stays short
    /// (the cost against log length is measured on its own below).
    static let targets = 1_000

    static func run() {
        let creates = BenchScale.scaled(20_000, minimum: 40)
        let applies = BenchScale.scaled(100_000, minimum: 100)
        let posts = BenchScale.scaled(20_000, minimum: 2_000)
        print("sessions: median of \(runs) runs; \(creates) creates/run; per control \(applies) Session.apply calls/run"
              + " (one pool event each) and \(posts) event POSTs/run (\(targets) sessions round-robin, so ≤ \(posts / targets) events each)")
        creationRate(creates)
        eventRates(applies: applies, posts: posts)
        postsAgainstLogLength(BenchScale.scaled(200, minimum: 20))
    }

    private static func creationRate(_ count: Int) {
        let bodies = BenchControl.all.map { Array(#"{"control":"\#($0.name)"}"#.utf8) }
        var seconds: [Double] = []
        var failures = 0
        for _ in 0..<runs {
            let harness = Harness(maxSessions: count + 1)
            seconds.append(Measure.time {
                for i in 0..<count where harness.respond("POST", "/v1/sessions", body: bodies[i % bodies.count]).status != 201 {
                    failures += 1
                }
                return 0
            }.seconds)
        }
        let perSecond = Double(count) / Measure.median(seconds)
        print("  POST /v1/sessions (4 controls round-robin): \(perSecond.grouped) sessions/s"
              + "  (\((1e6 / perSecond).formatted(2)) µs each; non-201: \(failures))")
    }

    private static func eventRates(applies: Int, posts: Int) {
        var table = TextTable(["control", "Session.apply events/s", "router POST events/s", "µs/POST", "POST/apply", "non-200"])
        for control in BenchControl.all {
            // The engine: one pool event per apply on one session, times increasing.
            let batches = (0..<applies).map { control.inputs($0, at: 0.2 + Double($0) * BenchControl.eventSpacing) }
            var applySeconds: [Double] = []
            for _ in 0..<runs {
                var session = control.session(posted: 0)
                applySeconds.append(Measure.time {
                    for batch in batches {
                        do { try session.apply(batch) } catch { fatalError("\(control.name): apply refused \(error)") }
                    }
                    return Double(session.events.count)
                }.seconds)
            }
            // The router: the same pool as wire JSON, bodies built before timing.
            let bodies = (0..<posts).map { i in control.body(i / targets, at: 0.2 + Double(i / targets) * BenchControl.eventSpacing) }
            var postSeconds: [Double] = []
            var failures = 0
            for _ in 0..<runs {
                let harness = Harness()
                let ids = (0..<targets).map { _ in harness.create(control.name) }
                let paths = ids.map { "/v1/sessions/\($0)/events" }
                postSeconds.append(Measure.time {
                    for (i, body) in bodies.enumerated()
                    where harness.respond("POST", paths[i % targets], body: body).status != 200 {
                        failures += 1
                    }
                    return 0
                }.seconds)
            }
            let applyRate = Double(applies) / Measure.median(applySeconds)
            let postRate = Double(posts) / Measure.median(postSeconds)
            table.add([control.name, applyRate.grouped, postRate.grouped, (1e6 / postRate).formatted(2),
                       (postRate / applyRate).formatted(3), "\(failures)"])
        }
        table.print()
    }

    /// One event POST to a session whose log already holds 10 or 10,000 inputs: the cost of an
    /// append should not depend on what came before it.
    private static func postsAgainstLogLength(_ posts: Int) {
        let lengths = [10, 10_000]
        print("  router POST events/s against the session's log length (\(posts) POSTs/run to one session):")
        var headers = ["control"]
        for length in lengths { headers += ["log of \(length.grouped) inputs: events/s"] }
        var table = TextTable(headers + ["cost 10k/10", "non-200"])
        for control in BenchControl.all {
            var rates: [Double] = []
            var failures = 0
            for length in lengths {
                var seconds: [Double] = []
                for _ in 0..<runs {
                    let harness = Harness()
                    let id = harness.create(control.name)
                    let (end, preloaded) = preload(harness, id, control, inputs: length)
                    precondition(preloaded, "\(control.name): preloading the log was refused")
                    let bodies = (0..<posts).map { control.body($0, at: end + Double($0 + 1) * BenchControl.eventSpacing) }
                    seconds.append(Measure.time {
                        for body in bodies where harness.post(id, body) != 200 { failures += 1 }
                        return 0
                    }.seconds)
                }
                rates.append(Double(posts) / Measure.median(seconds))
            }
            table.add([control.name] + rates.map(\.grouped) + [(rates[0] / rates[1]).formatted(2) + "×", "\(failures)"])
        }
        table.print(indent: "    ")
    }

    /// Posts pool events in batches until the log holds at least `inputs` inputs; the last time used.
    private static func preload(_ harness: Harness, _ id: String, _ control: BenchControl, inputs: Int) -> (Double, Bool) {
        var index = 0
        var t = 0.2
        var total = 0
        while total < inputs {
            var items: [String] = []
            while total < inputs && items.count < 1_000 {
                items.append(String(decoding: control.body(index, at: t), as: UTF8.self))
                total += control.pool[index % control.pool.count].inputs.count
                index += 1
                t += BenchControl.eventSpacing
            }
            let body = Array((#"{"events":["# + items.joined(separator: ",") + "]}").utf8)
            guard harness.post(id, body) == 200 else { return (t, false) }
        }
        return (t, true)
    }
}
