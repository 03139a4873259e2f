import AnimationCore

/// The interpreter's cost against the hand-written controls it replaces, in one run: frames
/// sampled (random access and sequential) and events applied, per control, the same inputs for
/// both. Target: interpreted ≤ 1.5× hand-written per frame and per event.
enum DefinitionsBench {
    static let runs = 9

    static func run() {
        let passes = BenchScale.scaled(2_000, minimum: 5)
        let applies = BenchScale.scaled(50_000, minimum: 100)
        print("definitions: median of \(runs) interleaved runs; \(passes) × 61 frames and \(applies) Session.apply calls per run")
        var table = TextTable(["control", "frame(at:) ns hand", "interp", "×", "forEachFrame ns hand", "interp", "×",
                               "event ns hand", "interp", "×"])
        for control in BenchControl.all {
            let hand = control.session(posted: 0, interpreted: false)
            let interpreted = control.session(posted: 0, interpreted: true)
            let batches = (0..<applies).map { control.inputs($0, at: 0.2 + Double($0) * BenchControl.eventSpacing) }
            let medians = interleaved([
                { randomAccess(hand, passes: passes) }, { randomAccess(interpreted, passes: passes) },
                { sequential(hand, passes: passes) }, { sequential(interpreted, passes: passes) },
                { apply(control, interpreted: false, batches) }, { apply(control, interpreted: true, batches) },
            ])
            let frames = Double(passes * SamplingBench.times.count)
            let events = Double(applies)
            func ns(_ seconds: Double, _ count: Double) -> String { (seconds / count * 1e9).formatted(0) }
            table.add([control.name,
                       ns(medians[0], frames), ns(medians[1], frames), (medians[1] / medians[0]).formatted(2),
                       ns(medians[2], frames), ns(medians[3], frames), (medians[3] / medians[2]).formatted(2),
                       ns(medians[4], events), ns(medians[5], events), (medians[5] / medians[4]).formatted(2)])
        }
        table.print(indent: "    ")
    }

    private static func interleaved(_ bodies: [() -> Void]) -> [Double] {
        var seconds = Array(repeating: [Double](), count: bodies.count)
        for _ in 0..<runs {
            for (index, body) in bodies.enumerated() { seconds[index].append(Measure.time { body(); return 0 }.seconds) }
        }
        return seconds.map(Measure.median)
    }

    @inline(never)
    private static func randomAccess(_ session: Session, passes: Int) {
        var sum = 0.0
        for _ in 0..<passes {
            for t in SamplingBench.times { sum += SamplingBench.digest(session.frame(at: t)) }
        }
        Measure.consume(sum)
    }

    @inline(never)
    private static func sequential(_ session: Session, passes: Int) {
        var sum = 0.0
        for _ in 0..<passes { session.forEachFrame(from: 0, to: 1, fps: 60) { sum += SamplingBench.digest($0) } }
        Measure.consume(sum)
    }

    @inline(never)
    private static func apply(_ control: BenchControl, interpreted: Bool, _ batches: [[TimedInput]]) {
        var session = control.session(posted: 0, interpreted: interpreted)
        for batch in batches {
            do { try session.apply(batch) } catch { fatalError("\(control.name): apply refused \(error)") }
        }
        Measure.consume(Double(session.events.count))
    }
}
