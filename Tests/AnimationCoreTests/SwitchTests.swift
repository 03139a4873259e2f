import Testing
@testable import AnimationCore

/// Seed 003's switch: toggles on touch down (or touch up, as UISwitch), the thumb centre travels
/// between `margin + thumb/2` = 2 + 13.5 = 15.5 and `width − margin − thumb/2` = 51 − 2 − 13.5 =
/// 35.5 (20 pt), the track colour follows it; easeInOut 0.25 s added additively, or UISwitch's
/// knob spring (docs/fidelity.md#springs) retargeted from the current position and velocity.
/// Driven through the built-in definition.
@Suite("Switch (UISwitch)")
struct SwitchTests {
    static func toggleSwitch(_ config: JSON = [:]) throws -> ControlInstance {
        try builtIn("switch", config)
    }

    /// UISwitch's knob position spring: response 0.3 s, ζ 0.75.
    static func knobSpring() throws -> SpringTiming {
        try SpringParameters.response(response: 0.3, dampingRatio: 0.75, initialVelocity: 0).resolve()
    }

    /// The knob spring as a configuration spells it.
    static func springSwitch() throws -> ControlInstance {
        try toggleSwitch(["animation": ["type": "spring", "spring": ["type": "response", "response": 0.3, "dampingRatio": 0.75]]])
    }

    static func valueChanged(at t: Double, isOn: Bool) -> Emission {
        Emission(t: t, name: "valueChanged", fields: [.bool("isOn", isOn)])
    }

    static func frame(thumb: Double, track: Color, isOn: Bool) -> [Field] {
        [.number("thumbCenterX", thumb), .color("trackColor", track), .bool("isOn", isOn)]
    }

    /// The thumb layer is placed by its centre: x + width/2 must be the reported thumbCenterX.
    static func expectThumbLayerCentered(_ frame: Frame, at expected: Double, within tolerance: Double,
                                         sourceLocation: SourceLocation = #_sourceLocation) {
        guard let thumb = frame.layer("thumb") else {
            Issue.record("no thumb layer", sourceLocation: sourceLocation)
            return
        }
        expectClose(thumb.frame.minX + thumb.frame.size.width / 2, expected, within: tolerance,
                    "thumb layer centre at \(frame.t)", sourceLocation: sourceLocation)
        expectClose(thumb.frame.minX + thumb.frame.size.width / 2, frame.number("thumbCenterX"), within: 1e-12,
                    "layer centre = thumbCenterX at \(frame.t)", sourceLocation: sourceLocation)
        #expect(thumb.frame.size == Size(width: 27, height: 27), sourceLocation: sourceLocation)
        #expect(thumb.frame.minY == 2, sourceLocation: sourceLocation)
    }

    @Test("At rest: thumb centre 15.5 off and 35.5 on, the layers placed by centre")
    func restPositions() throws {
        let off = try Session(Self.toggleSwitch()).frame(at: 0)
        expectFrame(off, Self.frame(thumb: 15.5, track: Palette.switchOff, isOn: false))
        #expect(off.layers == [
            Layer(id: "track", frame: Rect(x: 0, y: 0, width: 51, height: 31), backgroundColor: Palette.switchOff,
                  cornerRadius: 15.5),
            Layer(id: "thumb", frame: Rect(x: 2, y: 2, width: 27, height: 27), backgroundColor: Palette.white,
                  cornerRadius: 13.5),
        ])
        let on = try Session(Self.toggleSwitch(["isOn": true])).frame(at: 0)
        expectFrame(on, Self.frame(thumb: 35.5, track: Palette.systemGreen, isOn: true))
        Self.expectThumbLayerCentered(on, at: 35.5, within: 0)
    }

    @Test("touchDown toggles: valueChanged {isOn: true}, then the easeInOut 0.25 s travel")
    func touchDownToggles() throws {
        var session = try Session(Self.toggleSwitch())
        expectEmissions(try session.post(.down(25, 15, at: 0)), [Self.valueChanged(at: 0, isOn: true)])
        #expect(try session.post(.up(25, 15, at: 0.05)).isEmpty, "touch-up sends nothing")
        expectFields(session.state, [.bool("isOn", true)])
        let expected: [(t: Double, thumb: Double)] = [
            (0, 15.5),
            (0.075, 19.2479178),  // 15.5 + 20·easeInEaseOut(0.3) = 15.5 + 20·0.18739589
            (0.125, 25.5),  // easeInEaseOut(0.5) = 0.5: the midpoint
            (0.25, 35.5),
        ]
        for (t, thumb) in expected {
            let frame = session.frame(at: t)
            expectClose(frame.number("thumbCenterX"), thumb, within: 1e-6, "thumb at \(t)")
            Self.expectThumbLayerCentered(frame, at: thumb, within: 1e-6)
        }
        expectClose(session.frame(at: 0.125).number("thumbCenterX"), 25.5, within: 1e-12, "exactly the midpoint")
    }

    @Test("The track colour follows the thumb: the midpoint colour at 0.125 s")
    func trackColorMidpoint() throws {
        let session = try Session(Self.toggleSwitch(), [.down(25, 15, at: 0)])
        guard case let .color(track)? = session.frame(at: 0.125)["trackColor"] else {
            Issue.record("no trackColor")
            return
        }
        // Per channel between #e9e9ea (233, 233, 234) and #34c759 (52, 199, 89):
        // (142.5, 216, 161.5)/255, alpha 1; hex rounds half away from zero → 8f d8 a2 ff.
        expectClose(track.red, 142.5 / 255, within: 1e-12, "red")
        expectClose(track.green, 216 / 255, within: 1e-12, "green")
        expectClose(track.blue, 161.5 / 255, within: 1e-12, "blue")
        expectClose(track.alpha, 1, within: 1e-12, "alpha")
        #expect(track.hex == "#8fd8a2ff")
        expectFrame(session.frame(at: 0.25), Self.frame(thumb: 35.5, track: Palette.systemGreen, isOn: true), within: 1e-12)
        expectFrame(session.frame(at: 0), Self.frame(thumb: 15.5, track: Palette.switchOff, isOn: true), within: 1e-12)
    }

    @Test("toggleOn: touchUp toggles only on a touch-up inside")
    func toggleOnTouchUp() throws {
        var session = try Session(Self.toggleSwitch(["toggleOn": "touchUp"]))
        #expect(try session.post(.down(25, 15, at: 0)).isEmpty)
        expectFrame(session.frame(at: 0.1), Self.frame(thumb: 15.5, track: Palette.switchOff, isOn: false))
        expectEmissions(try session.post(.up(25, 15, at: 0.2)), [Self.valueChanged(at: 0.2, isOn: true)])
        expectClose(session.frame(at: 0.325).number("thumbCenterX"), 25.5, within: 1e-9, "midpoint 0.125 s later")
        // Lifted beyond the 70 pt slop (31 + 71 below the top): no toggle.
        #expect(try session.apply([.down(25, 15, at: 1), .up(25, 102, at: 1.1)]).isEmpty)
        expectFrame(session.frame(at: 2), Self.frame(thumb: 35.5, track: Palette.systemGreen, isOn: true))
    }

    @Test("setOn moves the thumb, animated or not, and sends no valueChanged")
    func setOnCommand() throws {
        var session = try Session(Self.toggleSwitch())
        #expect(try session.post(.command(.setOn(true, animated: false), at: 0.5)).isEmpty)
        expectFrame(session.frame(at: 0.5), Self.frame(thumb: 35.5, track: Palette.systemGreen, isOn: true))
        #expect(try session.post(.command(.setOn(false, animated: true), at: 1)).isEmpty)
        let halfway = session.frame(at: 1.125)
        expectClose(halfway.number("thumbCenterX"), 25.5, within: 1e-9)
        #expect(halfway["isOn"] == .bool(false))
        expectFrame(session.frame(at: 1.25), Self.frame(thumb: 15.5, track: Palette.switchOff, isOn: false))
        #expect(session.emitted.isEmpty)
    }

    @Test("Rapid toggles retarget smoothly: position and velocity continuous at the second toggle")
    func rapidTogglesRetarget() throws {
        let once = try Session(Self.toggleSwitch(), tap(25, 15, at: 0))
        let twice = try Session(Self.toggleSwitch(), tap(25, 15, at: 0) + [.down(25, 15, at: 0.1)])
        #expect(twice.emitted == [Self.valueChanged(at: 0, isOn: true), Self.valueChanged(at: 0.1, isOn: false)])
        // At 0.1: 15.5 + 20·easeInEaseOut(0.4) = 15.5 + 20·0.33188387 = 22.1376774 in both.
        expectClose(once.frame(at: 0.1).number("thumbCenterX"), 22.1376774, within: 1e-6)
        expectClose(twice.frame(at: 0.1).number("thumbCenterX"), 22.1376774, within: 1e-6)
        // Velocity at 0.1: 20·easeInEaseOut′(0.4)/0.25 = 127.773382 pt/s (the reference oracle's UnitBezier,
        // central difference; docs/fidelity.md#curves); the added animation starts with zero slope, so it carries on.
        let velocity = slopes(of: "thumbCenterX", in: twice, at: 0.1)
        expectClose(velocity.left, 127.773382, within: 0.01, "velocity just before")
        expectClose(velocity.right, 127.773382, within: 0.01, "velocity just after")
        // Additive sum: 15.5 − 20·(1 − e(t/0.25)) + 20·(1 − e((t − 0.1)/0.25)) (the reference oracle, docs/fidelity.md#curves):
        expectClose(twice.frame(at: 0.2).number("thumbCenterX"), 27.2291255, within: 1e-6)
        expectClose(twice.frame(at: 0.3).number("thumbCenterX"), 17.1331971, within: 1e-6)
        expectFrame(twice.frame(at: 0.35), Self.frame(thumb: 15.5, track: Palette.switchOff, isOn: false), within: 1e-12)
    }

    @Test("The knob spring (response 0.3, ζ 0.75) is the reference's UISwitch knob row")
    func knobSpringConstants() throws {
        let spring = try Self.knobSpring()
        // UISwitch's knob position (docs/fidelity.md#springs): m=1 k=438.649084 c=31.4159265, CA duration 0.488013841 s
        expectClose(spring.spring.stiffness, 438.649084, within: 1e-6)
        expectClose(spring.spring.damping, 31.4159265, within: 1e-7)
        expectClose(spring.duration, 0.488013841, within: 1e-9)
    }

    @Test("Spring: a toggle mid-flight continues from the current position and velocity")
    func springRetargetMidFlight() throws {
        let once = try Session(Self.springSwitch(), tap(25, 15, at: 0))
        // Knob spring from rest, 15.5 + 20·p(t) (the reference oracle's Spring(1, k, c).progress, docs/fidelity.md#springs):
        let out: [(t: Double, thumb: Double)] = [
            (0.05, 21.8798684),  // p = 0.318993421
            (0.10, 30.0998447),  // p = 0.729992233
            (0.20, 35.9502198),  // p = 1.022510988 (overshoot)
        ]
        for (t, thumb) in out {
            let frame = once.frame(at: t)
            expectClose(frame.number("thumbCenterX"), thumb, within: 1e-6, "out at \(t)")
            Self.expectThumbLayerCentered(frame, at: thumb, within: 1e-6)
        }
        #expect(once.frame(at: 0.5)["thumbCenterX"] == .number(35.5), "shown for 0.488 s, then the target")

        let back = try Session(Self.springSwitch(), tap(25, 15, at: 0) + [.down(25, 15, at: 0.1)])
        // At 0.1 the thumb is at 30.0998447 moving at 129.388999 pt/s (the oracle's central difference).
        expectClose(back.frame(at: 0.1).number("thumbCenterX"), 30.0998447, within: 1e-6)
        let velocity = slopes(of: "thumbCenterX", in: back, at: 0.1)
        expectClose(velocity.left, 129.388999, within: 0.01, "velocity just before")
        expectClose(velocity.right, 129.388999, within: 0.01, "velocity just after")
        // The same spring towards 15.5 from x0 = 14.5998447, v0 = 129.388999 pt/s (the reference oracle's
        // Spring.displacement with relative v0 = −129.388999/14.5998447, docs/fidelity.md#springs):
        let returning: [(t: Double, thumb: Double)] = [
            (0.15, 28.1619913),
            (0.20, 21.3503751),
            (0.30, 15.3176628),
        ]
        for (t, thumb) in returning {
            expectClose(back.frame(at: t).number("thumbCenterX"), thumb, within: 1e-5, "back at \(t)")
        }
        expectFrame(back.frame(at: 0.6), Self.frame(thumb: 15.5, track: Palette.switchOff, isOn: false))
    }

    @Test("Commands of other controls are refused")
    func unsupportedCommand() throws {
        var session = try Session(Self.toggleSwitch())
        #expect(throws: SessionError.rejected(index: 0, .unsupportedCommand("toggle", control: "switch"))) {
            try session.post(.command(.toggle, at: 0))
        }
        #expect(session.events.isEmpty)
    }
}
