import Testing
@testable import AnimationCore

/// A frames window's emissions come from the pass that renders its frames
/// (`Session.forEachFrameValuesEmitting`) where that is provably the list the separate replay
/// (`Session.emissions(from:to:)`) gives, and from that replay where it is not: at the bound of
/// 10,000 deadlines one advance fires, the two differ, and the replay's list is the answer.
@Suite("Session: a window's emissions from its frames pass")
struct EmissionFoldTests {
    /// The frames and the emissions of one window, through the folded pass.
    static func folded(_ session: Session, from: Double, to: Double, fps: Double) -> (frames: [Frame], emitted: [Emission]) {
        var frames: [Frame] = []
        let shape = session.frameShape
        let emitted = session.forEachFrameValuesEmitting(from: from, to: to, fps: fps) { t, values in
            frames.append(Frame(t: t, shape: shape, values: values))
        }
        return (frames, emitted)
    }

    static func expectSameAsReplay(_ session: Session, from: Double, to: Double, fps: Double,
                                   sourceLocation: SourceLocation = #_sourceLocation) {
        let (frames, emitted) = folded(session, from: from, to: to, fps: fps)
        #expect(emitted == session.emissions(from: from, to: to), "emissions of \(from)…\(to) at \(fps) fps",
                sourceLocation: sourceLocation)
        #expect(frames == session.frames(from: from, to: to, fps: fps), "frames of \(from)…\(to) at \(fps) fps",
                sourceLocation: sourceLocation)
    }

    @Test("Windows on and off the grid, from an event's own time, and after the last event",
          arguments: SessionTests.Script.all)
    func windowsMatchTheReplay(script: SessionTests.Script) throws {
        let session = try Session(script.configuration, script.events)
        let end = script.end
        let atEvent = script.events[script.events.count / 2].t
        let windows: [(Double, Double, Double)] = [
            (0, end + 1, 60), (0.1, end * 0.5, 60), (0.013, end * 0.5 + 0.0071, 24), (end * 0.75, end + 0.5, 30),
            (atEvent, atEvent + 0.7, 60), (atEvent, atEvent, 60), (end, end + 3, 60), (end + 0.5, end + 2, 120),
            (0, end + 1, 0.5),
        ]
        for (from, to, fps) in windows {
            Self.expectSameAsReplay(session, from: from, to: to, fps: fps)
        }
    }

    // MARK: At the bound

    /// A timer that fires every 1/512 s (a binary fraction, so its times are exact) once started.
    static let tickingDefinition = #"""
    {"timers": {"tick": {"do": [{"emit": "tick"}, {"schedule": "tick", "after": "0.001953125"}]}},
     "commands": {"start": {"do": [{"schedule": "tick", "after": "0.001953125"}]}}}
    """#

    static func tickingSession() throws -> Session {
        let instance = try ControlInstance(DefinitionTests.load(Self.tickingDefinition), name: "ticking", configuration: nil)
        var session = Session(configuration: instance)
        try session.apply([DefinitionTests.command("start", [], at: 0)])
        return session
    }

    @Test("10,000 ticks due after the start: one advance fires them all, the fold gives the same list")
    func exactlyAtTheBound() throws {
        let session = try Self.tickingSession()
        let (_, emitted) = Self.folded(session, from: 0, to: 10_000.0 / 512, fps: 1)
        #expect(emitted.count == 10_000)
        #expect(emitted.first?.t == 0.001953125)
        #expect(emitted.last?.t == 19.53125)
        Self.expectSameAsReplay(session, from: 0, to: 10_000.0 / 512, fps: 1)
    }

    @Test("10,001 ticks due: the replay's last advance stops at 10,000, and so does the answer")
    func oneBeyondTheBound() throws {
        let session = try Self.tickingSession()
        // The frames pass alone fires every tick (no advance between two frames meets 10,000):
        // the replay's single advance to `to` stops one short, and its list is the answer.
        let (_, emitted) = Self.folded(session, from: 0, to: 10_001.0 / 512, fps: 1)
        #expect(emitted.count == 10_000)
        #expect(emitted.last?.t == 19.53125)
        Self.expectSameAsReplay(session, from: 0, to: 10_001.0 / 512, fps: 1)
    }

    @Test("An advance of the frames pass itself stops at the bound: the replay answers")
    func framesPassAtTheBound() throws {
        let session = try Self.tickingSession()
        // Frames at 0 and 20 s: the advance to 20 s meets 10,240 due ticks and stops at 10,000.
        let (frames, emitted) = Self.folded(session, from: 0, to: 30, fps: 0.05)
        #expect(frames.count == 2)
        #expect(emitted.count == 10_000)
        #expect(emitted.last?.t == 19.53125)
        Self.expectSameAsReplay(session, from: 0, to: 30, fps: 0.05)
        // Later windows start after a long run of ticks the replay advances through on its own.
        Self.expectSameAsReplay(session, from: 25, to: 26, fps: 60)
        Self.expectSameAsReplay(session, from: 0.5, to: 12, fps: 60)
    }
}
