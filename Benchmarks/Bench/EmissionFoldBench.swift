import AnimationCore

/// The two ways a frames window gets its `emitted` list, in AnimationCore alone: folded into
/// the pass that renders the frames (`Session.forEachFrameValuesEmitting`, what `GET …/frames`
/// does), or the frames rendered and the emissions replayed apart (`forEachFrameValues` then
/// `emissions(from:to:)`, what the fold replaced). Each session had its kickoff at t = 0 and
/// some pool events after it, so the window [0, 1] s holds inputs and emissions. Thread CPU
/// time, the two cases alternating within each run, medians.
enum EmissionFoldBench {
    static let runs = 9

    static func run() {
        let windows = BenchScale.scaled(2_000, minimum: 20)
        print("emission-fold: a 1 s window at 60 fps, frames and emissions, \(windows) windows per case and run,"
              + " median of \(runs) runs (thread CPU time)")
        var table = TextTable(["control", "emissions", "folded µs", "replayed µs", "replayed/folded", "saved µs"])
        for control in BenchControl.all {
            var session = control.session(posted: 0)
            // Three pool events inside the window, so the replay has inputs to step.
            for k in 0..<3 {
                let base = 0.25 + Double(k) * 0.25
                let inputs = control.pool[k % control.pool.count].inputs.map { TimedInput(t: base + $0.dt, input: $0.input) }
                do { try session.apply(inputs) } catch { fatalError("\(control.name): pool event refused \(error)") }
            }
            var sink = 0.0
            let folded = session.forEachFrameValuesEmitting(from: 0, to: 1, fps: 60) { _, values in sink += values[0] }
            let replayed = session.emissions(from: 0, to: 1)
            precondition(folded == replayed, "\(control.name): the fold and the replay disagree")
            var foldSeconds: [Double] = []
            var replaySeconds: [Double] = []
            for _ in 0..<runs {
                foldSeconds.append(Measure.time {
                    var total = 0.0
                    for _ in 0..<windows {
                        total += Double(session.forEachFrameValuesEmitting(from: 0, to: 1, fps: 60) { t, values in total += values[0] + t }.count)
                    }
                    return total
                }.seconds)
                replaySeconds.append(Measure.time {
                    var total = 0.0
                    for _ in 0..<windows {
                        session.forEachFrameValues(from: 0, to: 1, fps: 60) { t, values in total += values[0] + t }
                        total += Double(session.emissions(from: 0, to: 1).count)
                    }
                    return total
                }.seconds)
            }
            Measure.consume(sink)
            let fold = Measure.median(foldSeconds) / Double(windows) * 1e6
            let replay = Measure.median(replaySeconds) / Double(windows) * 1e6
            table.add([control.name, "\(folded.count)", fold.formatted(2), replay.formatted(2),
                       (replay / fold).formatted(3) + "×", (replay - fold).formatted(2)])
        }
        table.print()
    }
}
