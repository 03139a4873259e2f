import Testing
@testable import AnimationCore

/// The session model (docs/architecture.md): the event log in non-decreasing time, batches all or nothing, frames a pure function
/// of (configuration, events with t' ≤ t, t), checkpoints for the past, determinism on replay,
/// and frame times by index (`t_k = from + k/fps`).
@Suite("Session: event log, past frames, replay, frame rates")
struct SessionTests {
    /// A long generated event log for one control.
    struct Script: Sendable, CustomTestStringConvertible {
        let name: String
        let configuration: ControlInstance
        let events: [TimedInput]

        var testDescription: String { "\(name) (\(events.count) events)" }
        var end: Double { events.last?.t ?? 0 }

        /// 120 taps 0.07 s apart: every one toggles mid-flight.
        static let switchTaps = Script(
            name: "switch", configuration: Self.control("switch"),
            events: (0..<120).flatMap { tap(25, 15, at: Double($0) * 0.07, duration: 0.03) })

        /// 60 presses that leave the slop and come back, with selection toggling on each tap.
        static let buttonPresses = Script(
            name: "button",
            configuration: Self.control("button", ["changesSelectionAsPrimaryAction": true,
                                                   "effects": [["type": "scale"], ["type": "background", "color": "systemOrange"]]]),
            events: (0..<60).flatMap { i -> [TimedInput] in
                let t = Double(i) * 0.13
                return [.down(100, 25, at: t), .move(100, 130, at: t + 0.03), .move(100, 40, at: t + 0.06),
                        .up(100, 25, at: t + 0.09)]
            })

        /// 50 countdowns: started (restarting the last), paused, resumed, and tapped away; every
        /// tenth left to complete.
        static let countdowns: Script = {
            var t = 0.0
            var events: [TimedInput] = []
            for i in 0..<50 {
                events += [.command(.start(startRatio: Double(i % 5) * 0.2), at: t), .command(.pause, at: t + 0.1),
                           .command(.resume, at: t + 0.15)]
                events += i % 10 == 9 ? [.command(.cancel, at: t + 3.5), .command(.cancel, at: t + 3.6)] : tap(16, 16, at: t + 0.2)
                t += i % 10 == 9 ? 3.7 : 0.3
            }
            return Script(name: "progressButton", configuration: Self.control("progressButton"), events: events)
        }()

        /// 26 rounds of: a pan on the handle that expands the card, a toggle back, a tap on the
        /// moving handle reversing that (at 0.2 s the card is at 569, p_C(0.2) = 0.608), and a
        /// collapse; each round starts with the card at rest.
        static let cardRounds = Script(
            name: "card", configuration: Self.control("card"),
            events: (0..<26).flatMap { i -> [TimedInput] in
                let t = Double(i) * 3.2
                return verticalDrag(x: 195, [(t, 800), (t + 0.05, 770), (t + 0.1, 600), (t + 0.15, 600)])
                    + [.command(.toggle, at: t + 1)] + tap(195, 600, at: t + 1.2) + [.command(.collapse, at: t + 2)]
            })

        static let all = [switchTaps, buttonPresses, countdowns, cardRounds]

        /// A built-in control; its definition loading is checked by the definition tests.
        static func control(_ name: String, _ config: JSON = [:]) -> ControlInstance {
            // swiftlint:disable:next force_try
            try! builtIn(name, config)
        }

        /// The session that only saw the events up to `t`.
        func prefix(through t: Double) throws -> Session {
            try Session(configuration, events.filter { $0.t <= t })
        }
    }

    // MARK: The log

    @Test("An event older than the latest is rejected and changes nothing")
    func outOfOrderRejected() throws {
        var session = try Session(builtIn("switch"), tap(25, 15, at: 0) + [.down(25, 15, at: 1)])
        let before = (events: session.events, emitted: session.emitted, state: session.state,
                      frames: session.frames(from: 0, to: 2, fps: 30))
        #expect(throws: SessionError.outOfOrder(index: 0, t: 0.5, latest: 1)) {
            try session.post(.up(25, 15, at: 0.5))
        }
        #expect(throws: SessionError.outOfOrder(index: 1, t: 1.9, latest: 2)) {
            try session.apply([.up(25, 15, at: 2), .down(25, 15, at: 1.9)])
        }
        #expect(throws: SessionError.invalidTime(index: 0)) { try session.post(.up(25, 15, at: -1)) }
        #expect(throws: SessionError.invalidTime(index: 0)) { try session.post(.up(25, 15, at: .nan)) }
        #expect(session.events == before.events)
        #expect(session.emitted == before.emitted)
        #expect(session.state == before.state)
        #expect(session.time == 1)
        #expect(session.frames(from: 0, to: 2, fps: 30) == before.frames)
        // An event at the latest time is in order.
        #expect(try session.post(.up(25, 15, at: 1)).isEmpty)
    }

    @Test("A batch is applied all or nothing: a bad third event leaves no trace of the first two", arguments: [
        (TimedInput.command(.expand, at: 0.1), SessionError.rejected(index: 2, .unsupportedCommand("expand", control: "switch"))),
        (TimedInput.down(25, 15, at: 0.01), SessionError.outOfOrder(index: 2, t: 0.01, latest: 0.05)),
    ])
    func batchAllOrNothing(third: TimedInput, error: SessionError) throws {
        var session = try Session(builtIn("switch"))
        let fresh = session.frames(from: 0, to: 1, fps: 60)
        #expect(throws: error) { try session.apply(tap(25, 15, at: 0) + [third]) }
        #expect(session.events.isEmpty)
        #expect(session.emitted.isEmpty)
        #expect(session.state == [.bool("isOn", false)])
        #expect(session.time == 0)
        #expect(session.frames(from: 0, to: 1, fps: 60) == fresh)
        // The first two alone are fine.
        #expect(try session.apply(tap(25, 15, at: 0)) == [Emission(t: 0, name: "valueChanged", fields: [.bool("isOn", true)])])
    }

    // MARK: The past

    @Test("A frame before the latest event is the frame the session showed then")
    func pastFramesMatchWhatWasShown() throws {
        var session = try Session(builtIn("button"), [.down(100, 25, at: 0)])
        let shownThen = (early: session.frame(at: 0.05), late: session.frame(at: 0.35))
        // case A at 0.05: 1 − 0.1·1.131421; case B at 0.05 after the return at 0.3: 0.9 + 0.1·0.899070
        expectClose(shownThen.early.number("scale"), 0.8868579, within: 1e-6)
        expectClose(shownThen.late.number("scale"), 0.989907, within: 1e-6)
        try session.apply([.move(100, 200, at: 0.4), .up(100, 25, at: 0.5), .down(100, 25, at: 0.6)])
        #expect(session.frame(at: 0.05) == shownThen.early)
        #expect(session.frame(at: 0.35) == shownThen.late)
        #expect(session.emissions(from: 0, to: 0.35) == [
            Emission(t: 0, name: "stateChanged", fields: ButtonTests.state(highlighted: true)),
            Emission(t: 0, name: "touchDown"),
        ])
    }

    @Test("With 200+ events, frames early, in the middle and late equal a session rebuilt from the prefix",
          arguments: Script.all)
    func checkpointsMatchPrefix(script: Script) throws {
        #expect(script.events.count >= 200)
        let session = try Session(script.configuration, script.events)
        // Times between events (a prime step keeps them off the event grid), plus one after the last.
        let times = [0.013, 0.517, script.end * 0.25 + 0.0071, script.end * 0.5 + 0.0093, script.end * 0.75 + 0.0037,
                     script.end - 0.011, script.end + 0.5]
        for t in times {
            let prefix = try script.prefix(through: t)
            #expect(session.frame(at: t) == prefix.frame(at: t), "frame at \(t)")
            #expect(session.emissions(from: 0, to: t) == prefix.emissions(from: 0, to: t), "emissions up to \(t)")
        }
    }

    // MARK: Determinism

    @Test("Replaying a recorded log event by event gives byte-identical frames", arguments: Script.all)
    func replayIsIdentical(script: Script) throws {
        let recorded = try Session(script.configuration, script.events)
        var replayed = Session(configuration: recorded.configuration)
        for event in recorded.events { try replayed.post(event) }
        let original = recorded.frames(from: 0, to: script.end + 1, fps: 60)
        let again = replayed.frames(from: 0, to: script.end + 1, fps: 60)
        #expect(original.count == Session.frameCount(from: 0, to: script.end + 1, fps: 60))
        #expect(again == original)
        // Printed too (the first 10 s; describing is slow in debug builds).
        let printed = 0..<min(original.count, 601)
        #expect(again[printed].map { String(describing: $0) } == original[printed].map { String(describing: $0) })
        #expect(replayed.emitted == recorded.emitted)
    }

    @Test("Frames at 60, 120 and 240 fps agree exactly at their common times", arguments: Script.all)
    func frameRatesAgree(script: Script) throws {
        let session = try Session(script.configuration, script.events)
        let from = 0.1
        let to = from + min(script.end, 6)
        let f60 = session.frames(from: from, to: to, fps: 60)
        let f120 = session.frames(from: from, to: to, fps: 120)
        let f240 = session.frames(from: from, to: to, fps: 240)
        #expect(f120.count == 2 * f60.count - 1)
        #expect(f240.count == 4 * f60.count - 3)
        for k in f60.indices {
            // 0.1 s is frame 6 of the 60 fps grid: frame k is whole frame 6 + k over 60 (FrameGrid).
            #expect(f60[k].t == Double(6 + k) / 60, "t_k by index, on the grid")
            #expect(f60[k] == f120[2 * k], "60 fps frame \(k) = 120 fps frame \(2 * k)")
            #expect(f60[k] == f240[4 * k], "60 fps frame \(k) = 240 fps frame \(4 * k)")
        }
    }

    @Test("A frame range equals the frames sampled one at a time", arguments: Script.all)
    func rangeEqualsSingleFrames(script: Script) throws {
        let session = try Session(script.configuration, script.events)
        let frames = session.frames(from: 0, to: script.end + 0.5, fps: 24)
        for frame in frames {
            #expect(frame == session.frame(at: frame.t), "frame at \(frame.t)")
        }
    }

    @Test("An empty window (to before from) has no emissions")
    func reversedWindowIsEmpty() throws {
        let session = try Session(builtIn("switch"), tap(25, 15, at: 0) + tap(25, 15, at: 1.5) + tap(25, 15, at: 3))
        #expect(session.emissions(from: 2, to: 1).isEmpty)
    }

    @Test("Emissions after the last event are predicted, and the same once time has moved on")
    func predictedEmissions() throws {
        var session = try Session(builtIn("progressButton"), [.command(.start(startRatio: 0), at: 0)])
        let predicted = session.emissions(from: 0, to: 10)
        try session.post(.command(.cancel, at: 5))
        #expect(session.emissions(from: 0, to: 10) == predicted)
        #expect(session.emitted == predicted, "nothing to cancel at 5: the countdown completed at 3")
    }
}
