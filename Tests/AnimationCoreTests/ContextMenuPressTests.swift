import Testing
@testable import AnimationCore

/// UIContextMenuInteraction's press and hold, the built-in definition `contextMenuPress`
/// (Sources/BuiltIns/Controls/13-contextMenuPress.json, docs/fidelity.md#context-menu-press): the
/// long-press click driver's 0.15 s, 0.4 s and highlight progress p / ((1 − p)^3.4 + p). Literals from
/// oracle §31.
@Suite("Context-menu press (UIContextMenuInteraction)")
struct ContextMenuPressTests {
    static func press(_ config: JSON = [:]) throws -> ControlInstance {
        try builtIn("contextMenuPress", config)
    }

    @Test("A touch lifted before 0.15 s is a tap: tapped, no highlight; a wobble under 10 pt before then is still one")
    func tapStaysATap() throws {
        var session = try Session(Self.press())
        expectEmissions(try session.apply(tap(80, 50, at: 0, duration: 0.1)), [Emission(t: 0.1, name: "tapped")])
        expectFrame(session.frame(at: 0.05), [.string("phase", "idle"), .number("highlightProgress", 0), .number("scale", 1), .number("shadowOpacity", 0)])
        let wobble = try session.apply([.down(80, 50, at: 1), .move(92, 50, at: 1.05), .up(92, 50, at: 1.1)])
        expectEmissions(wobble, [Emission(t: 1.1, name: "tapped")])
    }

    @Test("Held still, the press begins at 0.15 s and the view shrinks with the highlight p / ((1 − p)^3.4 + p), p = t / 0.4")
    func highlight() throws {
        var session = try Session(Self.press())
        #expect(try session.apply([.down(80, 50, at: 0)]).isEmpty)
        #expect(session.frame(at: 0.1)["phase"] == .string("idle"), "before 0.15 s nothing shows")
        for (t, h) in [(0.2, 0.840714415), (0.25, 0.946079503), (0.3, 0.988175877)] {
            let frame = session.frame(at: t)
            #expect(frame["phase"] == .string("pressing"))
            expectClose(frame.number("highlightProgress"), h, within: 1e-6, "at \(t)")
            expectClose(frame.number("scale"), 1 - 0.05 * h, within: 1e-6, "at \(t)")
        }
    }

    @Test("At 0.4 s the menu's moment: menuWillDisplay, the view lifts from 0.95 to 1.05 on its spring (response 0.35, ζ 0.75); the lift ends it")
    func lift() throws {
        var session = try Session(Self.press())
        try session.apply([.down(80, 50, at: 0)])
        expectEmissions(try session.apply([.move(80, 50, at: 0.5)]), [Emission(t: 0.4, name: "menuWillDisplay")])
        for (dt, scale) in [(0.05, 0.975365163), (0.1, 1.012908282), (0.2, 1.049549465)] {
            expectClose(session.frame(at: 0.4 + dt).number("scale"), scale, within: 1e-6, "at 0.4 + \(dt)")
        }
        #expect(session.frame(at: 0.5)["phase"] == .string("menu"))
        #expect(session.frame(at: 0.9).number("shadowOpacity") > 0.24)
        expectEmissions(try session.apply([.up(80, 50, at: 1)]), [Emission(t: 1, name: "menuDidEnd")])
        expectFrame(session.frame(at: 3), [.string("phase", "idle"), .number("highlightProgress", 0), .number("scale", 1), .number("shadowOpacity", 0)],
                    within: 1e-9)
    }

    @Test("Moving more than 10 pt during the press cancels it: no menu, no tap, the view springs back")
    func moveCancels() throws {
        var session = try Session(Self.press())
        let emitted = try session.apply([.down(80, 50, at: 0), .move(80, 58, at: 0.2), .move(80, 62, at: 0.25), .up(80, 62, at: 0.6)])
        #expect(emitted.isEmpty, "8 pt keeps it, 12 cancels it; the lift is no tap")
        let cancelled = session.frame(at: 0.25)
        #expect(cancelled["phase"] == .string("idle"))
        // It springs back from the highlight sampled last (at 0.15 + 5/60 or 6/60 s: 0.954 or 0.953).
        #expect(cancelled.number("scale") > 0.9525 && cancelled.number("scale") < 0.9541)
        expectClose(session.frame(at: 2).number("scale"), 1, within: 1e-6)
    }
}
