import Testing
@testable import AnimationCore

/// `settledAt`: when every animation has finished and nothing is pending, if no event comes. The
/// expected times are the controls' own durations (docs/fidelity.md#controls), added by hand.
@Suite("Settling: when a session comes to rest")
struct SettlingTests {
    @Test("A session that never moved is at rest from 0; one whose motion ended, from its last event")
    func atRestFromTheLastEvent() throws {
        #expect(Session(configuration: try builtIn("switch")).settledAt == 0)
        // The 0.25 s toggle ends at 0.25; a touch outside the switch at 5 moves nothing.
        let session = try Session(builtIn("switch"), tap(25, 15, at: 0) + [.down(400, 400, at: 5), .up(400, 400, at: 5.1)])
        #expect(session.settledAt == 5.1)
    }

    @Test("An animated value: the switch's 0.25 s toggle")
    func animatedValue() throws {
        #expect(try Session(builtIn("switch"), tap(25, 15, at: 0, duration: 0.1)).settledAt == 0.25)
        // Toggled again half-way: additive, the second 0.25 s animation ends at 0.375.
        #expect(try Session(builtIn("switch"), tap(25, 15, at: 0, duration: 0.1) + tap(25, 15, at: 0.125)).settledAt == 0.375)
    }

    @Test("A timer whose reaction animates: the button's pulse returns 0.3 s after the press, for 0.3 s")
    func timerThenAnimation() throws {
        // Held down: the press spring (0.3 s), then pulseReturn fires and the release spring runs 0.3 s.
        let held = try Session(builtIn("button"), [.down(100, 25, at: 1)])
        #expect(held.settledAt == 1.6)
    }

    @Test("A basic animation: the countdown ring; paused it does not finish, resumed it ends later")
    func basicAnimation() throws {
        var session = try Session(builtIn("progressButton"), [.command(.start(startRatio: 0), at: 0)])
        #expect(session.settledAt == 3)
        try session.post(.command(Command("pause", []), at: 1))
        #expect(session.settledAt == nil)
        try session.post(.command(Command("resume", []), at: 2.5))
        #expect(session.settledAt == 4.5)
    }

    @Test("An animator group: the card's 0.9 s transition; grabbed by a pan it is held")
    func animatorGroup() throws {
        var session = try Session(builtIn("card"), [.command(.expand, at: 0.5)])
        #expect(session.settledAt == 1.4)
        // A finger on the expanded card's handle (y 244…309), 30 pt down, past the 10 pt hysteresis:
        // the animators heading for collapsed are paused under it.
        try session.apply([.down(195, 270, at: 2), .move(195, 300, at: 2.1)])
        #expect(session.settledAt == nil)
        // Released: continued with (nil, 0) from 20/600, the rest taking (1 − 20/600)·0.9.
        try session.post(.up(195, 300, at: 2.2))
        let settled = try #require(session.settledAt)
        expectClose(settled, 2.2 + (1 - 20.0 / 600.0) * 0.9, within: 1e-9, "settledAt")
    }

    /// A timer that schedules itself again ticks for ever once started; one that stops after a few
    /// settles when its last tick has fired.
    static let ticking = #"""
    {"parameters": {"ticks": {"type": "number", "default": 5, "minimum": 0, "maximum": 100000}},
     "variables": {"left": {"type": "number", "initial": 0}},
     "timers": {"tick": {"do": [{"set": "left", "to": "left - 1"}, {"if": "left != 0", "then": [{"schedule": "tick", "after": 0.1}]}]}},
     "commands": {"go": {"do": [{"set": "left", "to": "ticks"}, {"schedule": "tick", "after": 0.1}]}},
     "state": {"left": "left"}}
    """#

    @Test("Timers: the last of a few ticks settles; ticks past the firing bound do not")
    func timers() throws {
        func session(ticks: Int) throws -> Session {
            let definition = try DefinitionTests.load(Self.ticking)
            let instance = try ControlInstance(definition, name: "ticking", configuration: DefinitionTests.tree(#"{"ticks": \#(ticks)}"#))
            return try Session(instance, [.command(Command("go", []), at: 1)])
        }
        // Five ticks 0.1 s apart from 1.1: the last at 1.5 (added one at a time, as the timers are).
        #expect(try session(ticks: 5).settledAt == 1 + 0.1 + 0.1 + 0.1 + 0.1 + 0.1)
        #expect(try session(ticks: DefinedControl.settlingFirings).settledAt != nil)
        #expect(try session(ticks: DefinedControl.settlingFirings + 1).settledAt == nil)
        // 0 never stops (left goes −1, −2, …).
        #expect(try session(ticks: 0).settledAt == nil)
    }

    @Test("Rests combine: the later end; held when either is held")
    func restsCombine() {
        #expect(MotionRest.still.combined(with: .still) == .still)
        #expect(MotionRest.still.combined(with: .until(2)) == .until(2))
        #expect(MotionRest.until(3).combined(with: .until(2)) == .until(3))
        #expect(MotionRest.until(3).combined(with: .held) == .held)
        #expect(MotionRest.held.combined(with: .still) == .held)
    }
}

/// The catalogue's closed-form motions (`AnimatedMotion`) settle where they end.
@Suite("Settling: scroll view motion")
struct MotionSettlingTests {
    @Test("A 1000 pt/s flick of the scroll view rests when its deceleration stops, 2.4252817 s (oracle §25)")
    func deceleration() throws {
        let session = try Session(ScrollViewTests.scrollView(), ScrollViewTests.flick)
        expectClose(try #require(session.settledAt), 2.4252817, within: 1e-7, "settledAt")
    }

    @Test("setContentOffset(animated:) rests 0.3 s after it starts (its sin² move, oracle §21)")
    func sineMove() throws {
        let session = try Session(ScrollViewTests.scrollView(), [ScrollViewTests.setContentOffset(x: 0, y: 300, animated: true, at: 2)])
        #expect(session.settledAt == 2.3)
    }
}
