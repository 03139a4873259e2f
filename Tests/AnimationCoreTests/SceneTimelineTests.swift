import Testing
@testable import AnimationCore

/// A scene's timeline: batches applied in place (only the views they reach copied, taken back
/// whole by `revert`), and the past read from checkpoints, the same as a replay from the start.
@Suite("Scenes: the timeline (batches, revert, checkpoints)")
struct SceneTimelineTests {
    /// The arbitration tests' list: a button at content (95, 100), a plain panel, a slider at (45, 600).
    static func scene() throws -> Scene {
        try Scene([sceneView("list", try builtIn("scrollView"), 0, 0, 390, 844, [
            sceneView("button", try builtIn("button"), 95, 100, 200, 50),
            sceneView("panel", nil, 0, 400, 390, 100),
            sceneView("slider", try builtIn("slider"), 45, 600, 300, 31),
        ])])
    }

    static func touch(_ id: Int, _ touch: Touch, at t: Double) -> (t: Double, input: SceneInput) {
        (t, .touch(id: id, touch))
    }

    /// Batch `k` (from t = k/2): a tap on the button, a drag of the slider's thumb, or a flick of the list.
    static func batch(_ k: Int) -> [(t: Double, input: SceneInput)] {
        let t0 = Double(k) / 2
        switch k % 3 {
        case 0:
            return [touch(1, .down(Point(x: 195, y: 125)), at: t0), touch(1, .up(Point(x: 195, y: 125)), at: t0 + 0.0625)]
        case 1:
            var batch = [touch(2, .down(Point(x: 195, y: 615)), at: t0)]
            for step in 1...6 { batch.append(touch(2, .move(Point(x: 195 + Double(step) * 8, y: 615)), at: t0 + Double(step) / 64)) }
            batch.append(touch(2, .up(Point(x: 243, y: 615)), at: t0 + 7.0 / 64))
            return batch
        default:
            var batch = [touch(3, .down(Point(x: 20, y: 500)), at: t0)]
            for step in 1...4 { batch.append(touch(3, .move(Point(x: 20, y: 500 - Double(step) * 15)), at: t0 + Double(step) / 64)) }
            batch.append(touch(3, .up(Point(x: 20, y: 440)), at: t0 + 5.0 / 64))
            return batch
        }
    }

    /// 24 batches (128 inputs) through a timeline keeping checkpoints every `interval` inputs.
    static func driven(interval: Int) throws -> SceneTimeline {
        var timeline = SceneTimeline(scene: try scene(), checkpointInterval: interval)
        for k in 0..<24 { try timeline.apply(batch(k)) }
        return timeline
    }

    @Test("Frames, emissions and properties of the past are the same from checkpoints as replayed from the start")
    func checkpointsReplayTheSame() throws {
        let replayed = try Self.driven(interval: .max)
        #expect(replayed.inputs.count == 128)
        for interval in [1, 5, 32] {
            let checkpointed = try Self.driven(interval: interval)
            #expect(checkpointed.frames(from: 0, to: 12.5, fps: 30) == replayed.frames(from: 0, to: 12.5, fps: 30))
            #expect(checkpointed.frames(from: 7.25, to: 8, fps: 64) == replayed.frames(from: 7.25, to: 8, fps: 64))
            for t in [0, 0.03125, 1.5, 3.0625, 5.5, 9.109375, 11.75, 13] {
                #expect(checkpointed.frame(at: t) == replayed.frame(at: t), "interval \(interval), t \(t)")
                #expect(checkpointed.properties(at: t) == replayed.properties(at: t), "interval \(interval), t \(t)")
            }
            for (from, to) in [(0.0, 13.0), (3.0, 3.0625), (4.5, 6.0), (11.5, 20.0), (12.0, 12.0)] {
                #expect(checkpointed.emissions(from: from, to: to) == replayed.emissions(from: from, to: to), "interval \(interval), \(from)…\(to)")
            }
        }
        // Something happened: taps, slides and scrolls emitted, the slider moved.
        #expect(replayed.emissions(from: 0, to: 13).count > 40)
        #expect(replayed.emissions(from: 0, to: 13).contains { $0.view == "button" && $0.emission.name == "touchUpInside" })
        #expect(replayed.frame(at: 13).properties(of: "slider")?.first { $0.name == "value" }?.value != .number(0.5))
    }

    @Test("A batch reaches only the views it changes; revert takes it back whole, checkpoints too")
    func revertTakesABatchBack() throws {
        var timeline = try Self.driven(interval: 5)
        let before = timeline
        // The list set back to its top, then a tap on the button: the list and the button, not the slider.
        let tap: [(t: Double, input: SceneInput)] = [
            (14.5, .command(view: 0, Command("setContentOffset", [.number(0), .number(0), .bool(false)]))),
            Self.touch(1, .down(Point(x: 195, y: 125)), at: 15), Self.touch(1, .up(Point(x: 195, y: 125)), at: 15.0625),
        ]
        let changes = try timeline.apply(tap)
        #expect(changes.views == [0, 1])
        #expect(changes.count == 3)
        #expect(timeline.inputs.count == 131)
        #expect(Scenes.log(changes.emitted).contains("button touchUpInside @15.0625"), "\(Scenes.log(changes.emitted))")
        timeline.revert(changes)
        #expect(timeline.inputs.count == 128)
        #expect(timeline.time == before.time)
        #expect(timeline.frame(at: 12.5) == before.frame(at: 12.5))
        #expect(timeline.frames(from: 11, to: 13, fps: 30) == before.frames(from: 11, to: 13, fps: 30))
        #expect(timeline.emissions(from: 11, to: 14) == before.emissions(from: 11, to: 14))
        // Applied again, it does the same.
        let again = try timeline.apply(tap)
        #expect(again.emitted == changes.emitted)
    }

    @Test("A refused batch changes nothing: not the views it reached before the refusal, not the touches")
    func aRefusedBatchChangesNothing() throws {
        var timeline = try Self.driven(interval: 5)
        let before = timeline
        var batch = Self.batch(25)
        batch.append(Self.touch(2, .down(Point(x: 10, y: 10)), at: 13))
        batch.append(Self.touch(2, .down(Point(x: 10, y: 10)), at: 13))
        #expect(throws: SceneTimeline.BatchError.input(index: 9, .touchIdInUse(2))) { try timeline.apply(batch) }
        #expect(timeline.inputs.count == before.inputs.count)
        #expect(timeline.latest.touchIds == [])
        #expect(timeline.frame(at: 14) == before.frame(at: 14))
        #expect(timeline.emissions(from: 12, to: 14) == before.emissions(from: 12, to: 14))
    }

    @Test("A batch a control refuses part-way, past a checkpoint inside it, leaves the scene as a timeline that never saw it")
    func aBatchRefusedByAControlIsReplayedAway() throws {
        var timeline = try Self.driven(interval: 5)
        let never = timeline
        // A flick of the list (6 inputs, a checkpoint after the second: 130 inputs), then a
        // command the list refuses (one argument of three): the list has scrolled by then.
        var batch = Self.batch(26)
        batch.append((13.5, .command(view: 0, Command("setContentOffset", [.number(0)]))))
        do {
            try timeline.apply(batch)
            Issue.record("the batch was accepted")
        } catch let .input(index, .rejected(view, _)) {
            #expect(index == 6)
            #expect(view == "list")
        }
        #expect(timeline.inputs.count == 128)
        #expect(timeline.time == never.time)
        #expect(timeline.latest.touchIds == [])
        for t in [12.0, 13.0, 14.0] {
            #expect(timeline.frame(at: t) == never.frame(at: t), "t \(t)")
            #expect(timeline.properties(at: t) == never.properties(at: t), "t \(t)")
        }
        #expect(timeline.emissions(from: 11, to: 15) == never.emissions(from: 11, to: 15))
        // The same flick alone, on both: the same emissions, frames and checkpoints' past.
        var again = never
        let flick = Self.batch(26)
        #expect(try timeline.apply(flick).emitted == (try again.apply(flick).emitted))
        #expect(timeline.frames(from: 12.5, to: 14, fps: 30) == again.frames(from: 12.5, to: 14, fps: 30))
        #expect(timeline.properties(at: 13.03125) == again.properties(at: 13.03125))
    }
}
