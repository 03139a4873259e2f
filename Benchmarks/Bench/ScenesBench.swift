#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Routes

/// Scenes against single controls (issue 27), every request from its bytes to the response's
/// bytes in-process (the HTTP parser, the app, the response encoder), as `frame-wire` does:
/// - `GET …/frame?t=0.2` of the built-in Settings scene (45 views, 23 of them with a control)
///   against the standalone frames of the same 23 controls in the same states, and against one
///   switch's frame (targets: per view within 1.3× of the control's own frame);
/// - a touch POST (a tap on a row's switch) on the Settings scene against the same tap on a
///   switch's own session (target: within 1.5×);
/// - both against the number of views (1, 10, 50, 200 switches in a scroll view) and the nesting
///   depth (a switch under 0, 3, 7, 15 plain views or scroll views).
/// Every session had a tap on a switch at t = 0 (lifted at 0.1), so one switch is mid-animation
/// at 0.2 and the rest at rest, in the scene as in its standalone baseline.
enum ScenesBench {
    static let runs = 7
    /// Sessions a case's POSTs go to, round-robin, so each log stays short (`SCENES_TARGETS=n`
    /// to try another number: with 1, every POST finds its session warm in the cache).
    static let postTargets = getenv("SCENES_TARGETS").flatMap { Int(String(cString: $0)) }.map { max(1, $0) } ?? 100
    /// Each timed run lasts about this long (requests per run are calibrated per case).
    static let runSeconds = 0.15

    static func run() {
        print("scenes: request bytes → response bytes in-process, one thread; this thread's CPU time, median of \(runs) rounds of ≈\(runSeconds.formatted(2)) s per case, the cases of a table's comparison alternating within each round;"
              + " POSTs round-robin over \(postTargets) sessions")
        // SCENES_ONLY=frame|post|growth runs one part (to profile it alone).
        let only = getenv("SCENES_ONLY").map { String(cString: $0) }
        let harness = Harness()
        if only == nil || only == "frame" { settingsFrame(harness) }
        if only == nil || only == "post" { touchPosts() }
        if only == nil || only == "growth" { growth(harness) }
    }

    // MARK: The Settings scene's frame

    private static func settingsFrame(_ harness: Harness) {
        let costs = frameCosts(harness, [
            (#"{"scene":"settings"}"#, settingsTap),
            (#"{"control":"switch"}"#, switchTap),
            (#"{"control":"switch"}"#, nil),
            (#"{"control":"scrollView","config":{"contentHeight":968}}"#, nil),
            (#"{"control":"slider","config":{"width":358,"value":0.5}}"#, nil),
            (#"{"control":"stepper"}"#, nil),
        ])
        let (scene, switchOn, switchAtRest, list, slider, stepper) = (costs[0], costs[1], costs[2], costs[3], costs[4], costs[5])
        // The scene's 23 controls as standalone sessions in the same states: one switch moving,
        // 19 at rest, the list, the slider, the stepper.
        let standalone = switchOn.ns + 19 * switchAtRest.ns + list.ns + slider.ns + stepper.ns
        var table = TextTable(["GET …/frame?t=0.2", "response bytes", "ns/request"])
        table.add(["settings scene (45 views, 23 controls)", "\(scene.bytes)", scene.ns.formatted(0)])
        table.add(["switch, mid-animation", "\(switchOn.bytes)", switchOn.ns.formatted(0)])
        table.add(["switch, at rest", "\(switchAtRest.bytes)", switchAtRest.ns.formatted(0)])
        table.add(["scrollView (content 968)", "\(list.bytes)", list.ns.formatted(0)])
        table.add(["slider (width 358)", "\(slider.bytes)", slider.ns.formatted(0)])
        table.add(["stepper", "\(stepper.bytes)", stepper.ns.formatted(0)])
        table.add(["Σ the 23 controls' own frames", "—", standalone.formatted(0)])
        table.print()
        let perControl = scene.ns / 23, perView = scene.ns / 45
        print("  per view with a control: \(perControl.formatted(0)) ns; per view (plain rows included): \(perView.formatted(0)) ns")
        print("  scene / Σ the same controls' own frames: \((scene.ns / standalone).formatted(2))× (target ≤ 1.3×: \(scene.ns / standalone <= 1.3 ? "met" : "MISSED"))")
        print("  per view with a control / a switch's own frame (mid-animation): \((perControl / switchOn.ns).formatted(2))×;"
              + " per view / the same: \((perView / switchOn.ns).formatted(2))×")
    }

    // MARK: Touch POSTs

    private static func touchPosts() {
        let cases = [(name: "all", create: #"{"scene":"settings"}"#, tap: settingsTap, query: ""),
                     (name: "changed", create: #"{"scene":"settings"}"#, tap: settingsTap, query: "?state=changed"),
                     (name: "switch", create: #"{"control":"switch"}"#, tap: switchTap, query: "")]
        // SCENES_POST=all|changed|switch times that case alone (to count its instructions under callgrind).
        if let one = getenv("SCENES_POST").map({ String(cString: $0) }) {
            guard let item = cases.first(where: { $0.name == one }) else { fatalError("SCENES_POST is all, changed or switch") }
            let cost = postCosts([(item.create, item.tap, item.query)])[0]
            print("POST …/events, \(one): \(cost.ns.formatted(0)) ns/request, \(cost.bytes) B")
            return
        }
        let costs = postCosts(cases.map { ($0.create, $0.tap, $0.query) })
        let (scene, changed, single) = (costs[0], costs[1], costs[2])
        var table = TextTable(["POST …/events, a tap on a switch", "response bytes", "ns/request"])
        table.add(["settings scene (switch0 in row0 in the list), every view's state", "\(scene.bytes)", scene.ns.formatted(0)])
        table.add(["settings scene, ?state=changed (the client's)", "\(changed.bytes)", changed.ns.formatted(0)])
        table.add(["switch session", "\(single.bytes)", single.ns.formatted(0)])
        table.print()
        for (name, cost) in [("every view's state", scene), ("?state=changed", changed)] {
            let ratio = cost.ns / single.ns
            print("  scene (\(name)) / switch: \(ratio.formatted(2))× (target ≤ 1.5×: \(ratio <= 1.5 ? "met" : "MISSED"))")
        }
    }

    // MARK: Growth with views and depth

    private static func growth(_ harness: Harness) {
        var rows: [(name: String, views: Int, create: String)] = []
        for count in [1, 10, 50, 200] {
            rows.append(("\(count) switches in a scroll view", count + 1, switchesInList(count)))
        }
        for depth in [1, 4, 8, 16] {
            rows.append(("a switch \(depth) deep in plain views", depth, nested(depth, container: nil)))
        }
        for depth in [4, 8, 16] {
            rows.append(("a switch \(depth) deep in scroll views", depth, nested(depth, container: "scrollView")))
        }
        let creates = rows.map { #"{"scene":{"views":[\#($0.create)]}}"# }
        let frames = frameCosts(harness, creates.map { ($0, switchInListTap) })
        let posts = postCosts(creates.map { ($0, switchInListTap, "?state=changed") })
        var table = TextTable(["scene", "views", "GET bytes", "GET ns", "GET ns/view", "POST bytes", "POST ns", "POST ns/view"])
        for (index, row) in rows.enumerated() {
            let (frame, post) = (frames[index], posts[index])
            table.add([row.name, "\(row.views)", "\(frame.bytes)", frame.ns.formatted(0), (frame.ns / Double(row.views)).formatted(0),
                       "\(post.bytes)", post.ns.formatted(0), (post.ns / Double(row.views)).formatted(0)])
        }
        table.print()
        print("  every scene had a tap on its (innermost / first) switch at t = 0; POST: the same tap again, later, with ?state=changed")
    }

    /// A scroll view holding `count` switches, one every 44 pt (the first at the tap's point).
    static func switchesInList(_ count: Int) -> String {
        let switches = (0..<count).map { i in
            #"{"id":"s\#(i)","control":"switch","frame":{"x":323,"y":\#((Double(i) * 44 + 6.5).formatted(1)),"width":51,"height":31}}"#
        }
        let contentHeight = max(2_000, count * 44)
        return #"{"id":"list","control":"scrollView","config":{"contentHeight":\#(contentHeight)},"frame":{"x":0,"y":0,"width":390,"height":844},"children":[\#(switches.joined(separator: ","))]}"#
    }

    /// A switch at (323, 6.5) inside `depth - 1` views each covering the window (plain views, or
    /// a control's instances when `container` names one), so the switch is `depth` views deep.
    static func nested(_ depth: Int, container: String?) -> String {
        var view = #"{"id":"s0","control":"switch","frame":{"x":323,"y":6.5,"width":51,"height":31}}"#
        for level in stride(from: depth - 1, through: 1, by: -1) {
            let control = container.map { #""control":"\#($0)","# } ?? ""
            view = #"{"id":"v\#(level)",\#(control)"frame":{"x":0,"y":0,"width":390,"height":844},"children":[\#(view)]}"#
        }
        return view
    }

    // MARK: Measuring

    /// A tap's JSON at `t` on a switch where each case puts it.
    static let settingsTap = #"{"type":"tap","touch":1,"t":T,"x":348,"y":22}"#
    static let switchInListTap = settingsTap
    static let switchTap = #"{"type":"tap","t":T,"x":25,"y":15}"#

    private static func tap(_ template: String, at t: Double) -> [UInt8] {
        var text = ""
        for character in template { if character == "T" { text += t.formatted(3) } else { text.append(character) } }
        return Array(text.utf8)
    }

    /// A new session from `create`, with `tap` (if any) posted at t = 0; its id.
    private static func session(_ harness: Harness, _ create: String, tap template: String?) -> String {
        let response = harness.respond("POST", "/v1/sessions", body: Array(create.utf8))
        precondition(response.status == 201, "creating \(create) answered \(response.status): \(String(decoding: response.body, as: UTF8.self))")
        let id = String((response.headers["Location"] ?? "").split(separator: "/").last ?? "")
        if let template {
            let status = harness.post(id, tap(template, at: 0))
            precondition(status == 200, "the kickoff tap on \(create) answered \(status)")
        }
        return id
    }

    /// This thread's CPU time in nanoseconds: on a shared machine a run preempted by another
    /// process's work is not charged for the wait, so the ratios hold better than with wall time.
    static func cpuNow() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }

    /// CPU nanoseconds per request of each case, median of `runs` rounds; the cases alternate
    /// within each round (as `scripts/bench-http.sh` alternates its servers), so a slow moment of
    /// the machine falls on all of them. A case's `prepare` makes a run's requests (untimed) and
    /// returns the function that serves request `i` of them, with its response's byte count.
    private static func interleaved(_ cases: [(prepare: (_ count: Int) -> (Int) -> Int, calibrate: Int)]) -> [Double] {
        let counts = cases.map { item -> Int in
            let serve = item.prepare(item.calibrate)
            var sink = 0
            let start = cpuNow()
            for i in 0..<item.calibrate { sink &+= serve(i) }
            let each = Double(cpuNow() - start) / Double(item.calibrate) / 1e9
            Measure.consume(Double(sink) * 0)
            return max(20, BenchScale.scaled(Int(runSeconds / each)))
        }
        var samples = Array(repeating: [Double](), count: cases.count)
        for _ in 0..<runs {
            for (index, item) in cases.enumerated() {
                let serve = item.prepare(counts[index])
                var sink = 0
                let start = cpuNow()
                for i in 0..<counts[index] { sink &+= serve(i) }
                samples[index].append(Double(cpuNow() - start) / Double(counts[index]))
                Measure.consume(Double(sink) * 0)
            }
        }
        return samples.map(Measure.median)
    }

    /// A `GET …/frame?t=0.2` case on one session made from `create` (kicked off with `tap`), and
    /// its response's size.
    private static func frameCase(_ harness: Harness, create: String, tap template: String?) -> (case: (prepare: (Int) -> (Int) -> Int, calibrate: Int), bytes: Int) {
        let id = session(harness, create, tap: template)
        let wire = Array("GET /v1/sessions/\(id)/frame?t=0.2 HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n\r\n".utf8)
        var probe = WireServer(harness)
        let bytes = probe.serve(wire, expecting: 200)
        return ((prepare: { _ in
            var server = WireServer(harness)
            return { _ in server.serve(wire, expecting: 200) }
        }, calibrate: 20), bytes)
    }

    private static func frameCosts(_ harness: Harness, _ sessions: [(create: String, tap: String?)]) -> [(ns: Double, bytes: Int)] {
        let cases = sessions.map { frameCase(harness, create: $0.create, tap: $0.tap) }
        return zip(interleaved(cases.map(\.case)), cases).map { ($0, $1.bytes) }
    }


    /// A tap POST case: `count` POSTs on `postTargets` fresh sessions made from `create` (each
    /// kicked off with `tap`), round-robin, each tap 0.5 s after that session's last, on a
    /// harness of their own so logs stay short whatever the count.
    private static func postCase(create: String, tap template: String, query: String) -> (case: (prepare: (Int) -> (Int) -> Int, calibrate: Int), bytes: Int) {
        let prepare = { (count: Int) -> (Int) -> Int in
            let harness = Harness()
            let paths = (0..<postTargets).map { _ in "/v1/sessions/\(session(harness, create, tap: template))/events\(query)" }
            let wires = (0..<count).map { i -> [UInt8] in
                let body = tap(template, at: 0.5 * Double(1 + i / postTargets))
                let head = "POST \(paths[i % postTargets]) HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nContent-Length: \(body.count)\r\n\r\n"
                return Array(head.utf8) + body
            }
            var server = WireServer(harness)
            return { i in server.serve(wires[i], expecting: 200) }
        }
        let bytes = prepare(1)(0)
        return ((prepare: prepare, calibrate: 2 * postTargets), bytes)
    }

    private static func postCosts(_ sessions: [(create: String, tap: String, query: String)]) -> [(ns: Double, bytes: Int)] {
        let cases = sessions.map { postCase(create: $0.create, tap: $0.tap, query: $0.query) }
        return zip(interleaved(cases.map(\.case)), cases).map { ($0, $1.bytes) }
    }

}
