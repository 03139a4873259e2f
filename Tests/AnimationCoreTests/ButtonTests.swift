import Testing
@testable import AnimationCore

/// Seed 000's button, its built-in definition through a Session: UIControl touch tracking
/// (docs/fidelity.md#control-tracking), the scale pulse (springs cases A and B of
/// docs/fidelity.md#springs), and the background, hold and opacity effects.
///
/// Scale literals: the press spring shows `1 + (ratio − 1)·p_A(t)` (case A: 0.3 s, ζ 0.4, v 1);
/// the way back, started when the press completes at 0.3 s, `ratio + (1 − ratio)·p_B(t − 0.3)`
/// (case B: 0.3 s, ζ 0.5, v 0.5). Case values are printed to 6 decimals, hence 1e-6.
@Suite("Button (UIButton with per-state effects)")
struct ButtonTests {
    static func button(_ config: JSON = [:]) throws -> ControlInstance {
        try builtIn("button", config)
    }

    /// The `stateChanged` payload (and the session `state`).
    static func state(highlighted: Bool, selected: Bool = false, enabled: Bool = true) -> [Field] {
        [.bool("highlighted", highlighted), .bool("selected", selected), .bool("enabled", enabled)]
    }

    static func stateChanged(at t: Double, highlighted: Bool, selected: Bool = false, enabled: Bool = true) -> Emission {
        Emission(t: t, name: "stateChanged", fields: state(highlighted: highlighted, selected: selected, enabled: enabled))
    }

    /// The whole frame property list.
    static func frame(scale: Double, background: Color = Palette.systemBlue, highlighted: Bool,
                      selected: Bool = false, enabled: Bool = true, opacity: Double = 1) -> [Field] {
        [.number("scale", scale), .color("backgroundColor", background), .bool("highlighted", highlighted),
         .bool("selected", selected), .bool("enabled", enabled), .number("opacity", opacity)]
    }

    static let center = (x: 100.0, y: 25.0)

    // MARK: Configuration

    @Test("Defaults: 200×50 systemBlue, one scale pulse to 0.9 with the seed's two springs")
    func defaults() throws {
        let configuration = try Self.button().echo
        #expect(configuration["width"] == 200)
        #expect(configuration["height"] == 50)
        #expect(configuration["backgroundColor"] == .string(Palette.systemBlue.hex))
        guard case let .array(effects)? = configuration["effects"], effects.count == 1 else {
            Issue.record("expected one effect, got \(String(describing: configuration["effects"]))")
            return
        }
        let scale = effects[0]
        #expect(scale["type"] == "scale")
        #expect(scale["ratio"] == 0.9)
        #expect(scale["mode"] == "pulse")
        let press = try #require(scale["press"]), release = try #require(scale["release"])
        #expect([press["type"], press["duration"], press["dampingRatio"], press["initialVelocity"]] == ["uikit", 0.3, 0.4, 1])
        #expect([release["type"], release["duration"], release["dampingRatio"], release["initialVelocity"]] == ["uikit", 0.3, 0.5, 0.5])
    }

    @Test("A second effect of one type fails validation naming it", arguments: [
        ([["type": "scale"], ["type": "scale", "ratio": 0.95]] as JSON, "effects/1"),
        ([["type": "background", "color": "systemOrange"], ["type": "opacity", "opacity": 0.5],
          ["type": "background", "color": "systemRed"]] as JSON, "effects/2"),
    ])
    func duplicateEffect(effects: JSON, named: String) {
        let error = #expect(throws: DocumentError.self) { try Self.button(["effects": effects]) }
        #expect(error?.path.pointer == "/config/" + named)
        #expect(error?.code == .duplicateEffect)
    }

    // MARK: Touch tracking and the pulse

    @Test("touchDown highlights: stateChanged then touchDown; the press follows case A")
    func touchDownPulse() throws {
        var session = try Session(Self.button())
        let emitted = try session.post(.down(Self.center.x, Self.center.y, at: 0))
        expectEmissions(emitted, [Self.stateChanged(at: 0, highlighted: true), Emission(t: 0, name: "touchDown")])
        expectFields(session.state, Self.state(highlighted: true))
        // case A at 0.05: p = 1.131421 → scale = 1 + (0.9 − 1)·1.131421 = 0.8868579
        expectFrame(session.frame(at: 0.05), Self.frame(scale: 0.8868579, highlighted: true), within: 1e-6)
        // case A at 0.10: p = 1.069836 → 1 − 0.1·1.069836 = 0.8930164
        expectClose(session.frame(at: 0.10).number("scale"), 0.8930164, within: 1e-6)
        let layer = try #require(session.frame(at: 0.05).layer("button"))
        #expect(layer.frame == Rect(x: 0, y: 0, width: 200, height: 50))
        expectClose(layer.scale, 0.8868579, within: 1e-6, "the layer carries the scale")
    }

    @Test("The pulse springs back from 0.9 when the press completes at 0.3 s (case B), even while held")
    func pulseReturn() throws {
        let session = try Session(Self.button(), [.down(Self.center.x, Self.center.y, at: 0)])
        let expected: [(t: Double, scale: Double)] = [
            (0.20, 0.8984051),  // case A at 0.20: 1 − 0.1·1.015949
            (0.30, 0.9),  // press shown until 0.3 then its target; the return starts at p_B(0) = 0
            (0.35, 0.989907),  // case B at 0.05: 0.9 + 0.1·0.899070
            (0.40, 1.0138964),  // case B at 0.10: 0.9 + 0.1·1.138964
            (0.50, 0.9985384),  // case B at 0.20: 0.9 + 0.1·0.985384
            (0.60, 1),  // case B shown until 0.3 s after its start
        ]
        for (t, scale) in expected {
            expectClose(session.frame(at: t).number("scale"), scale, within: 1e-6, "scale at \(t)")
            #expect(session.frame(at: t)["highlighted"] == .bool(true))
        }
    }

    @Test("A ratio of 0.95 (the seed's usage) pulses with the same springs")
    func customRatio() throws {
        let session = try Session(Self.button(["effects": [["type": "scale", "ratio": 0.95]]]),
                                  [.down(Self.center.x, Self.center.y, at: 0)])
        // case A at 0.05: 1 + (0.95 − 1)·1.131421 = 0.94342895
        expectClose(session.frame(at: 0.05).number("scale"), 0.94342895, within: 1e-6)
        // case B at 0.05: 0.95 + 0.05·0.899070 = 0.9949535
        expectClose(session.frame(at: 0.35).number("scale"), 0.9949535, within: 1e-6)
    }

    @Test("touchUp inside: stateChanged (un-highlighted), then touchUpInside and primaryActionTriggered")
    func touchUpInside() throws {
        var session = try Session(Self.button(), [.down(Self.center.x, Self.center.y, at: 0)])
        let emitted = try session.post(.up(Self.center.x, Self.center.y, at: 0.5))
        expectEmissions(emitted, [
            Self.stateChanged(at: 0.5, highlighted: false),
            Emission(t: 0.5, name: "touchUpInside"),
            Emission(t: 0.5, name: "primaryActionTriggered"),
        ])
        // The return spring started at 0.3 keeps going: case B at 0.20 → 0.9 + 0.1·0.985384
        expectFrame(session.frame(at: 0.5), Self.frame(scale: 0.9985384, highlighted: false), within: 1e-6)
    }

    @Test("Leaving the bounds grown by 70 pt sends touchDragExit; coming back, touchDragEnter and a new pulse")
    func dragExitAndEnter() throws {
        var session = try Session(Self.button(), [.down(Self.center.x, Self.center.y, at: 0)])
        // y = 50 + 69 is still "mostly inside".
        expectEmissions(try session.post(.move(100, 119, at: 1.0)), [Emission(t: 1.0, name: "touchDragInside")])
        // y = 50 + 71 is outside.
        expectEmissions(try session.post(.move(100, 121, at: 1.1)), [
            Self.stateChanged(at: 1.1, highlighted: false),
            Emission(t: 1.1, name: "touchDragExit"),
            Emission(t: 1.1, name: "touchDragOutside"),
        ])
        expectEmissions(try session.post(.move(100, 200, at: 1.2)), [Emission(t: 1.2, name: "touchDragOutside")])
        expectFrame(session.frame(at: 1.2), Self.frame(scale: 1, highlighted: false))
        expectEmissions(try session.post(.move(100, 60, at: 1.5)), [
            Self.stateChanged(at: 1.5, highlighted: true),
            Emission(t: 1.5, name: "touchDragEnter"),
            Emission(t: 1.5, name: "touchDragInside"),
        ])
        // Re-highlighted: the pulse runs again, case A at 0.05 → 0.8868579
        expectFrame(session.frame(at: 1.55), Self.frame(scale: 0.8868579, highlighted: true), within: 1e-6)
    }

    @Test("The 70 pt slop applies on every side", arguments: [
        (-71.0, 25.0, true), (-69.0, 25.0, false), (271.0, 25.0, true), (269.0, 25.0, false),
        (100.0, -71.0, true), (100.0, -69.0, false), (100.0, 121.0, true), (100.0, 119.0, false),
    ])
    func slopOnEverySide(x: Double, y: Double, exits: Bool) throws {
        var session = try Session(Self.button(), [.down(Self.center.x, Self.center.y, at: 0)])
        let names = try session.post(.move(x, y, at: 1)).map(\.name)
        #expect(names == (exits ? ["stateChanged", "touchDragExit", "touchDragOutside"] : ["touchDragInside"]))
    }

    @Test("touchUp outside: touchUpOutside, with no primary action")
    func touchUpOutside() throws {
        var session = try Session(Self.button(), [.down(Self.center.x, Self.center.y, at: 0), .move(100, 121, at: 0.1)])
        expectEmissions(try session.post(.up(100, 121, at: 0.2)), [Emission(t: 0.2, name: "touchUpOutside")])
        // Lifted far away without a move first: the exit is reported at touch-up.
        var direct = try Session(Self.button(), [.down(Self.center.x, Self.center.y, at: 0)])
        expectEmissions(try direct.post(.up(100, 200, at: 0.1)), [
            Self.stateChanged(at: 0.1, highlighted: false),
            Emission(t: 0.1, name: "touchDragExit"),
            Emission(t: 0.1, name: "touchUpOutside"),
        ])
    }

    @Test("touchCancel un-highlights and sends touchCancel")
    func touchCancel() throws {
        var session = try Session(Self.button(), [.down(Self.center.x, Self.center.y, at: 0)])
        expectEmissions(try session.post(.cancel(at: 0.1)), [
            Self.stateChanged(at: 0.1, highlighted: false),
            Emission(t: 0.1, name: "touchCancel"),
        ])
        expectFields(session.state, Self.state(highlighted: false))
    }

    @Test("A touch that left and ends back inside flashes the highlight for 0.12 s")
    func minimumHighlight() throws {
        var session = try Session(Self.button(), [
            .down(Self.center.x, Self.center.y, at: 0), .move(100, 121, at: 0.2),
        ])
        expectEmissions(try session.post(.up(Self.center.x, Self.center.y, at: 0.3)), [
            Self.stateChanged(at: 0.3, highlighted: true),
            Emission(t: 0.3, name: "touchDragEnter"),
            Emission(t: 0.3, name: "touchUpInside"),
            Emission(t: 0.3, name: "primaryActionTriggered"),
        ])
        // Un-highlighted 0.12 s after the touch-up (docs/fidelity.md#control-tracking).
        expectEmissions(session.emissions(from: 0.31, to: 2), [Self.stateChanged(at: 0.42, highlighted: false)])
        #expect(session.frame(at: 0.419)["highlighted"] == .bool(true))
        #expect(session.frame(at: 0.42)["highlighted"] == .bool(false))
    }

    @Test("A new touch during the 0.12 s flash keeps the highlight while it is tracked")
    func touchDuringFlash() throws {
        var session = try Session(Self.button(), [
            .down(Self.center.x, Self.center.y, at: 0), .move(100, 121, at: 0.2), .up(Self.center.x, Self.center.y, at: 0.3),
        ])
        // Still highlighted by the flash: touchDown changes no state.
        expectEmissions(try session.post(.down(Self.center.x, Self.center.y, at: 0.35)), [Emission(t: 0.35, name: "touchDown")])
        // The finger is down and inside at 0.42: the flash's un-highlight must not apply (docs/fidelity.md#control-tracking:
        // while tracking, isHighlighted = inside).
        #expect(session.emissions(from: 0.36, to: 1).isEmpty)
        #expect(session.frame(at: 0.5)["highlighted"] == .bool(true))
        expectEmissions(try session.post(.up(Self.center.x, Self.center.y, at: 0.6)), [
            Self.stateChanged(at: 0.6, highlighted: false),
            Emission(t: 0.6, name: "touchUpInside"),
            Emission(t: 0.6, name: "primaryActionTriggered"),
        ])
    }

    // MARK: Selection and enabling

    @Test("changesSelectionAsPrimaryAction toggles selected on each tap, the state change before touchUpInside")
    func changesSelectionAsPrimaryAction() throws {
        var session = try Session(Self.button(["changesSelectionAsPrimaryAction": true]))
        expectEmissions(try session.apply(tap(Self.center.x, Self.center.y, at: 0, duration: 0.1)), [
            Self.stateChanged(at: 0, highlighted: true),
            Emission(t: 0, name: "touchDown"),
            Self.stateChanged(at: 0.1, highlighted: false, selected: true),
            Emission(t: 0.1, name: "touchUpInside"),
            Emission(t: 0.1, name: "primaryActionTriggered"),
        ])
        #expect(session.frame(at: 0.5)["selected"] == .bool(true))
        expectEmissions(try session.apply(tap(Self.center.x, Self.center.y, at: 1, duration: 0.1)), [
            Self.stateChanged(at: 1, highlighted: true, selected: true),
            Emission(t: 1, name: "touchDown"),
            Self.stateChanged(at: 1.1, highlighted: false, selected: false),
            Emission(t: 1.1, name: "touchUpInside"),
            Emission(t: 1.1, name: "primaryActionTriggered"),
        ])
        #expect(session.frame(at: 2)["selected"] == .bool(false))
    }

    @Test("setSelected and setEnabled change the state once; a disabled button ignores touches")
    func selectAndEnableCommands() throws {
        var session = try Session(Self.button())
        expectEmissions(try session.post(.command(.setSelected(true), at: 0)),
                        [Self.stateChanged(at: 0, highlighted: false, selected: true)])
        // Entering selected runs the pulse (the seed's handler treats selected like highlighted).
        expectFrame(session.frame(at: 0.05), Self.frame(scale: 0.8868579, highlighted: false, selected: true), within: 1e-6)
        #expect(try session.post(.command(.setSelected(true), at: 0.5)).isEmpty, "no change, no event")
        expectEmissions(try session.post(.command(.setEnabled(false), at: 1)),
                        [Self.stateChanged(at: 1, highlighted: false, selected: true, enabled: false)])
        #expect(try session.apply(tap(Self.center.x, Self.center.y, at: 2)).isEmpty)
        expectFrame(session.frame(at: 2.02), Self.frame(scale: 1, highlighted: false, selected: true, enabled: false))
        expectEmissions(try session.post(.command(.setEnabled(true), at: 3)),
                        [Self.stateChanged(at: 3, highlighted: false, selected: true, enabled: true)])
    }

    @Test("Disabling drops the highlight and the touch being tracked")
    func disableWhileTracking() throws {
        var session = try Session(Self.button(), [.down(Self.center.x, Self.center.y, at: 0)])
        expectEmissions(try session.post(.command(.setEnabled(false), at: 0.1)),
                        [Self.stateChanged(at: 0.1, highlighted: false, enabled: false)])
        #expect(try session.post(.up(Self.center.x, Self.center.y, at: 0.2)).isEmpty)
    }

    @Test("A button created disabled sends nothing and shows no effect")
    func disabledIgnoresTouches() throws {
        let session = try Session(Self.button(["enabled": false]), [
            .down(Self.center.x, Self.center.y, at: 0), .move(100, 200, at: 0.1), .up(Self.center.x, Self.center.y, at: 0.2),
        ])
        #expect(session.emitted.isEmpty)
        expectFrame(session.frame(at: 0.05), Self.frame(scale: 1, highlighted: false, enabled: false))
    }

    // MARK: Other effects

    @Test("background: the effect colour while highlighted or selected, the original otherwise")
    func backgroundEffect() throws {
        var session = try Session(Self.button(["effects": [["type": "background", "color": "systemOrange"]]]))
        try session.post(.down(Self.center.x, Self.center.y, at: 0))
        expectFrame(session.frame(at: 0.1), Self.frame(scale: 1, background: Palette.systemOrange, highlighted: true))
        #expect(session.frame(at: 0.1).layer("button")?.backgroundColor == Palette.systemOrange)
        try session.post(.up(Self.center.x, Self.center.y, at: 0.2))
        expectFrame(session.frame(at: 0.2), Self.frame(scale: 1, highlighted: false))
        try session.post(.command(.setSelected(true), at: 0.3))
        expectFrame(session.frame(at: 0.3), Self.frame(scale: 1, background: Palette.systemOrange, highlighted: false, selected: true))
        // Selected but disabled is neither of the seed's states: the original colour.
        try session.post(.command(.setEnabled(false), at: 0.4))
        expectFrame(session.frame(at: 0.4), Self.frame(scale: 1, highlighted: false, selected: true, enabled: false))
    }

    @Test("hold: pressed in while highlighted, sprung back on release")
    func holdMode() throws {
        var session = try Session(Self.button(["effects": [["type": "scale", "ratio": 0.9, "mode": "hold"]]]),
                                  [.down(Self.center.x, Self.center.y, at: 0)])
        let pressed: [(t: Double, scale: Double)] = [
            (0.05, 0.8868579),  // case A at 0.05: 1 − 0.1·1.131421
            (0.20, 0.8984051),  // case A at 0.20: 1 − 0.1·1.015949
            (0.50, 0.9),  // held: no spring back while highlighted
            (0.90, 0.9),
        ]
        for (t, scale) in pressed {
            expectClose(session.frame(at: t).number("scale"), scale, within: 1e-6, "held at \(t)")
        }
        try session.post(.up(Self.center.x, Self.center.y, at: 1))
        let released: [(t: Double, scale: Double)] = [
            (1.00, 0.9),  // case B starts at p = 0
            (1.05, 0.989907),  // case B at 0.05: 0.9 + 0.1·0.899070
            (1.10, 1.0138964),  // case B at 0.10: 0.9 + 0.1·1.138964
            (1.30, 1),  // shown for 0.3 s
        ]
        for (t, scale) in released {
            expectClose(session.frame(at: t).number("scale"), scale, within: 1e-6, "released at \(t)")
        }
    }

    @Test("opacity: the effect value while highlighted, 1 otherwise, on the frame and the layer")
    func opacityEffect() throws {
        var session = try Session(Self.button(["effects": [["type": "opacity", "opacity": 0.5]]]), [.down(Self.center.x, Self.center.y, at: 0)])
        expectFrame(session.frame(at: 0.1), Self.frame(scale: 1, highlighted: true, opacity: 0.5))
        #expect(session.frame(at: 0.1).layer("button")?.opacity == 0.5)
        try session.post(.up(Self.center.x, Self.center.y, at: 0.2))
        expectFrame(session.frame(at: 0.2), Self.frame(scale: 1, highlighted: false, opacity: 1))
    }

    // MARK: Refusals

    @Test("A command of another control throws unsupportedCommand and changes nothing")
    func unsupportedCommand() throws {
        var button = DefinedControl(configuration: try Self.button())
        let fresh = button
        var emitted: [Emission] = []
        #expect(throws: ControlError.unsupportedCommand("start", control: "button")) {
            try button.handle(.command(.start(startRatio: 0)), at: 0, emit: &emitted)
        }
        #expect(button == fresh)
        #expect(emitted.isEmpty)

        var session = try Session(Self.button(), [.down(Self.center.x, Self.center.y, at: 0)])
        let before = (events: session.events, emitted: session.emitted, frame: session.frame(at: 0.5))
        #expect(throws: SessionError.rejected(index: 0, .unsupportedCommand("expand", control: "button"))) {
            try session.post(.command(.expand, at: 0.5))
        }
        #expect(session.events == before.events)
        #expect(session.emitted == before.emitted)
        #expect(session.time == 0)
        #expect(session.frame(at: 0.5) == before.frame)
    }
}
