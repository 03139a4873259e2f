import Testing
@testable import AnimationCore

/// UISwitch as the system draws and moves it, the built-in definition `systemSwitch`
/// (Sources/BuiltIns/Controls/11-systemSwitch.json, docs/fidelity.md#system-switch). Literals from
/// oracle §29 (the springs of _UISwitchSettings, oracle §4).
@Suite("System switch (UISwitch)")
struct SystemSwitchTests {
    static func systemSwitch(_ config: JSON = [:]) throws -> ControlInstance {
        try builtIn("systemSwitch", config)
    }

    @Test("At rest: a 51 × 31 track of radius 15.5, the 27 pt knob 2 pt in from the left, off")
    func atRest() throws {
        let frame = try Session(Self.systemSwitch()).frame(at: 0)
        expectFrame(frame, [.bool("isOn", false), .number("knobX", 2), .number("knobWidth", 27),
                            .color("trackColor", Color(rgb: 0xE9E9EA)), .bool("pressed", false), .bool("enabled", true)])
        #expect(frame.layer("track")?.frame == Rect(x: 0, y: 0, width: 51, height: 31))
        #expect(frame.layer("track")?.cornerRadius == 15.5)
        #expect(frame.layer("thumb")?.frame == Rect(x: 2, y: 2, width: 27, height: 27))
        let on = try Session(Self.systemSwitch(["isOn": true])).frame(at: 0)
        #expect(on.layer("thumb")?.frame == Rect(x: 22, y: 2, width: 27, height: 27), "51 − 2 − 27")
    }

    @Test("Pressed, the knob stretches to 34 pt towards the middle on the touch-down spring (m 1.2, k 300, c 30; oracle §29)")
    func pressStretches() throws {
        var session = try Session(Self.systemSwitch())
        #expect(try session.apply([.down(15, 15, at: 0)]).isEmpty, "a touch-down sends nothing")
        for (t, width) in [(0.05, 28.432383124), (0.1, 30.730204732), (0.2, 33.512726715)] {
            expectClose(session.frame(at: t).number("knobWidth"), width, within: 1e-6, "at \(t)")
            #expect(session.frame(at: t).number("knobX") == 2, "off: the left edge stays")
        }
        #expect(session.frame(at: 0.1)["pressed"] == .bool(true))
    }

    @Test("A tap toggles at touch-up inside: valueChanged once, the knob across on its spring while it narrows (oracle §29)")
    func tapToggles() throws {
        var session = try Session(Self.systemSwitch())
        let emitted = try session.apply([.down(15, 15, at: 0), .up(15, 15, at: 1)])
        expectEmissions(emitted, [Emission(t: 1, name: "valueChanged", fields: [.bool("isOn", true)])])
        for (dt, width, x) in [(0.05, 32.058420893, 6.766265425), (0.1, 29.223187502, 14.976935045), (0.2, 26.750952995, 22.704873065)] {
            let frame = session.frame(at: 1 + dt)
            expectClose(frame.number("knobWidth"), width, within: 1e-6, "width at 1 + \(dt)")
            expectClose(frame.number("knobX"), x, within: 1e-6, "knobX at 1 + \(dt)")
        }
        let rest = session.frame(at: 3)
        // systemGreen, to the last bit of mix(off, on, 1).
        expectFrame(rest, [.bool("isOn", true), .number("knobX", 22), .number("knobWidth", 27),
                           .color("trackColor", Color(rgb: 0x34C759)), .bool("pressed", false), .bool("enabled", true)], within: 1e-12)
    }

    @Test("A drag past the 10 pt hysteresis and the middle shows on at once; the value changes at the lift (oracle §29)")
    func dragAcross() throws {
        var session = try Session(Self.systemSwitch())
        let moved = try session.apply([.down(10, 15, at: 0), .move(18, 15, at: 0.05), .move(30, 15, at: 0.1)])
        #expect(moved.isEmpty, "nothing sent while dragging")
        #expect(session.frame(at: 0.1)["isOn"] == .bool(false))
        expectClose(session.frame(at: 0.2).number("knobX"), 11.845604738, within: 1e-6)
        expectClose(session.frame(at: 0.3).number("knobX"), 15.180004261, within: 1e-6)
        expectClose(session.frame(at: 0.3).number("knobWidth"), 34.110158804, within: 1e-6, "still pressed")
        expectEmissions(try session.apply([.up(30, 15, at: 0.5)]), [Emission(t: 0.5, name: "valueChanged", fields: [.bool("isOn", true)])])
        // Dragged back before the lift, nothing changes and nothing is sent.
        var back = try Session(Self.systemSwitch())
        let none = try back.apply([.down(10, 15, at: 0), .move(40, 15, at: 0.05), .move(12, 15, at: 0.1), .up(12, 15, at: 0.2)])
        #expect(none.isEmpty)
        #expect(back.frame(at: 2).number("knobX") == 2)
    }

    @Test("A wobble under the hysteresis is a tap; setOn animates and sends nothing; disabled it ignores touches")
    func tapsCommandsAndDisabled() throws {
        var session = try Session(Self.systemSwitch())
        let emitted = try session.apply([.down(10, 15, at: 0), .move(19, 15, at: 0.05), .up(19, 15, at: 0.1)])
        #expect(emitted.map(\.name) == ["valueChanged"], "9 pt is under 10: still a tap")
        #expect(try session.apply([.command(.setOn(false, animated: true), at: 1)]).isEmpty)
        #expect(session.frame(at: 3).number("knobX") == 2)
        var disabled = try Session(Self.systemSwitch(["enabled": false]))
        #expect(try disabled.apply([.down(10, 15, at: 0), .up(10, 15, at: 0.1)]).isEmpty)
        #expect(disabled.frame(at: 1)["isOn"] == .bool(false))
    }
}
