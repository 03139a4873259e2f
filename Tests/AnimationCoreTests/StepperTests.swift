import Testing
@testable import AnimationCore

/// UIStepper (docs/fidelity.md#stepper, #autorepeat), driven through its built-in definition: 94 ×
/// 32, the − half 0…46.5, the + half 47.5…94 (x ≥ 47 presses +). The value does not change at
/// touch-down; a tap steps at touch-up; held, the timer steps 0.5 s after touch-down and every
/// 0.5 s while the repeat count n ≤ 3, then every 0.1 s and from n = 19 every 0.05 s (those two
/// intervals are this project's choice). Literals from oracle §18.
@Suite("Stepper (UIStepper)")
struct StepperTests {
    static func stepper(_ config: JSON = [:]) throws -> ControlInstance {
        try builtIn("stepper", config)
    }

    static let plus = (x: 70.0, y: 16.0)
    static let minus = (x: 23.0, y: 16.0)

    static func changed(_ value: Double, at t: Double) -> [Emission] {
        [Emission(t: t, name: "valueChanged", fields: [.number("value", value)]), Emission(t: t, name: "primaryActionTriggered")]
    }

    /// A hold on + from 0 until `until`.
    static func hold(_ point: (x: Double, y: Double) = plus, until: Double) -> [TimedInput] {
        [.down(point.x, point.y, at: 0), .up(point.x, point.y, at: until)]
    }

    static func value(_ session: Session, at t: Double) -> Double {
        session.frame(at: t).number("value")
    }

    @Test("At rest: the fill, the divider, both highlights inset 4 pt at alpha 0, and the − greyed at the minimum")
    func restLayout() throws {
        let frame = try Session(Self.stepper()).frame(at: 0)
        let glyph = Color(rgb: 0x000000), disabled = Color(rgb: 0x3C3C43, alpha: 0x4D / 255.0)
        let fill = Color(rgb: 0x767680, alpha: 0x1F / 255.0)
        #expect(frame.layers == [
            Layer(id: "background", frame: Rect(x: 0, y: 0, width: 94, height: 32), backgroundColor: fill, cornerRadius: 8),
            Layer(id: "divider", frame: Rect(x: 46.5, y: 7, width: 1, height: 18), backgroundColor: Color(rgb: 0x787880, alpha: 0.2),
                  cornerRadius: 0.5),
            Layer(id: "minusHighlight", frame: Rect(x: 4, y: 4, width: 39.5, height: 24), backgroundColor: fill, cornerRadius: 8, opacity: 0),
            Layer(id: "plusHighlight", frame: Rect(x: 50.5, y: 4, width: 39.5, height: 24), backgroundColor: fill, cornerRadius: 8, opacity: 0),
            Layer(id: "minus", frame: Rect(x: 16.25, y: 15, width: 14, height: 2), backgroundColor: disabled, cornerRadius: 1),
            Layer(id: "plusBar", frame: Rect(x: 63.75, y: 15, width: 14, height: 2), backgroundColor: glyph, cornerRadius: 1),
            Layer(id: "plusStem", frame: Rect(x: 69.75, y: 9, width: 2, height: 14), backgroundColor: glyph, cornerRadius: 1),
        ])
        expectFrame(frame, [
            .number("value", 0), .bool("minusHighlighted", false), .bool("plusHighlighted", false), .bool("minusEnabled", false),
            .bool("plusEnabled", true), .number("minusHighlightAlpha", 0), .number("plusHighlightAlpha", 0),
            .number("repeatCount", 0), .bool("enabled", true), .number("opacity", 1),
        ])
    }

    @Test("A tap steps at touch-up, not touch-down: 0 → 1 at 0.2 s, one valueChanged (oracle §18)")
    func tapStepsAtTouchUp() throws {
        var session = try Session(Self.stepper())
        expectEmissions(try session.post(.down(Self.plus.x, Self.plus.y, at: 0)), [Emission(t: 0, name: "touchDown")])
        #expect(Self.value(session, at: 0.1) == 0)
        expectEmissions(try session.post(.up(Self.plus.x, Self.plus.y, at: 0.2)),
                        Self.changed(1, at: 0.2) + [Emission(t: 0.2, name: "touchUpInside")])
        #expect(Self.value(session, at: 0.2) == 1)
        expectFields(session.state, [.number("value", 1), .bool("minusHighlighted", false), .bool("plusHighlighted", false),
                                     .bool("enabled", true)])
    }

    @Test("Which half: x ≥ midX (47) is +; a tap on − at the minimum does nothing but the control events")
    func halves() throws {
        let plus = try Session(Self.stepper(["value": 5]), tap(47, 16, at: 0))
        #expect(Self.value(plus, at: 1) == 6)
        let minus = try Session(Self.stepper(["value": 5]), tap(46.9, 16, at: 0))
        #expect(Self.value(minus, at: 1) == 4)
        let atMinimum = try Session(Self.stepper(), tap(Self.minus.x, Self.minus.y, at: 0))
        #expect(atMinimum.emitted.map(\.name) == ["touchDown", "touchUpInside"])
        #expect(Self.value(atMinimum, at: 1) == 0)
    }

    @Test("Held, autorepeat steps at 0.5, 1.0, 1.5, 2.0 s; a touch-up at a fire time comes after it (oracle §18)", arguments: [
        (0.2, 1.0), (0.5, 1), (1.99, 3), (2.0, 4), (2.2, 4), (2.5, 5),
    ] as [(Double, Double)])
    func autorepeat(until: Double, value: Double) throws {
        // The touch-up comes 1 ms after the time looked at, so a fire at that time has happened.
        let session = try Session(Self.stepper(), Self.hold(until: until + 0.001))
        #expect(Self.value(session, at: until) == (until < 0.5 ? 0 : value), "value at \(until)")
        #expect(Self.value(session, at: until + 0.001) == value, "value after touch-up")
        #expect(session.emitted.filter { $0.name == "valueChanged" }.count == Int(value))
    }

    @Test("Held longer, the chosen faster intervals: 10 at 3.0 s, 20 at 4.0 s, 24 at 4.2 s (oracle §18)", arguments: [
        (3.0, 10.0), (4.0, 20), (4.2, 24),
    ] as [(Double, Double)])
    func acceleration(until: Double, value: Double) throws {
        let session = try Session(Self.stepper(), Self.hold(until: until + 0.001))
        #expect(Self.value(session, at: until + 0.001) == value)
    }

    @Test("The steps come at the fire times: 2.5, 2.6, 2.7 after the four slow ones (oracle §18)")
    func fireTimes() throws {
        let session = try Session(Self.stepper(), Self.hold(until: 2.75))
        let times = session.emitted.filter { $0.name == "valueChanged" }.map(\.t)
        #expect(times.count == 7)
        for (t, expected) in zip(times, [0.5, 1.0, 1.5, 2.0, 2.5, 2.6, 2.7]) {
            expectClose(t, expected, within: 1e-9)
        }
    }

    @Test("Not continuous: a 1.2 s hold steps twice, with one valueChanged at touch-up (oracle §18)")
    func notContinuous() throws {
        let session = try Session(Self.stepper(["isContinuous": false]), Self.hold(until: 1.2))
        #expect(Self.value(session, at: 1.2) == 2)
        expectEmissions(session.emitted, [Emission(t: 0, name: "touchDown")] + Self.changed(2, at: 1.2)
                        + [Emission(t: 1.2, name: "touchUpInside")])
    }

    @Test("Off the control from 0.7 to 1.2 s: the fire at 1.0 steps nothing and the count drops to 1 (oracle §18)")
    func dragOffAndBack() throws {
        let events: [TimedInput] = [.down(70, 16, at: 0), .move(70, 200, at: 0.7), .move(70, 16, at: 1.2), .up(70, 16, at: 3.05)]
        let session = try Session(Self.stepper(), events)
        let times = session.emitted.filter { $0.name == "valueChanged" }.map(\.t)
        // 0.5 (n 0); 1.0 idle (n → 1); 1.5 (n 1), 2.0 (n 2), 2.5 (n 3): the interval is still 0.5 s; 3.0 (n 4).
        for (t, expected) in zip(times, [0.5, 1.5, 2.0, 2.5, 3.0]) { expectClose(t, expected, within: 1e-9) }
        #expect(times.count == 5)
        #expect(Self.value(session, at: 2.999) == 4)
        #expect(Self.value(session, at: 3.05) == 5)
        #expect(session.frame(at: 0.8)["plusHighlighted"] == .bool(false), "outside the slop nothing is pressed")
    }

    @Test("Released outside the slop after steps: no extra step, and no valueChanged even when not continuous")
    func releasedOutside() throws {
        let events: [TimedInput] = [.down(70, 16, at: 0), .move(70, 200, at: 0.7), .up(70, 200, at: 0.8)]
        let session = try Session(Self.stepper(["isContinuous": false]), events)
        #expect(Self.value(session, at: 1) == 1)
        #expect(session.emitted.map(\.name) == ["touchDown", "touchDragExit", "touchDragOutside", "touchUpOutside"])
    }

    @Test("wraps: 9 + 3 with maximum 10 is 0, not 2; 0 − 3 is 10; without wraps 10, and then + is disabled (oracle §18)")
    func wraps() throws {
        let config: JSON = ["maximumValue": 10, "stepValue": 3, "value": 9]
        var wrapping = try Session(Self.stepper(config.merging(["wraps": true])), tap(70, 16, at: 0))
        #expect(Self.value(wrapping, at: 0.1) == 0)
        try wrapping.apply(tap(23, 16, at: 0.5))
        #expect(Self.value(wrapping, at: 0.6) == 10)
        var clamped = try Session(Self.stepper(config), tap(70, 16, at: 0))
        let frame = clamped.frame(at: 0.1)
        #expect(frame.number("value") == 10)
        #expect(frame["plusEnabled"] == .bool(false))
        #expect(frame.layer("plusBar")?.backgroundColor == Color(rgb: 0x3C3C43, alpha: 0x4D / 255.0))
        #expect(try clamped.apply(tap(70, 16, at: 0.5)).map(\.name) == ["touchDown", "touchUpInside"], "a disabled half steps nothing")
    }

    @Test("Held at the limit: the value stops at the maximum, the + half disables and drops its highlight (oracle §18)")
    func limitDuringAutorepeat() throws {
        let session = try Session(Self.stepper(["maximumValue": 3]), Self.hold(until: 3))
        #expect(session.emitted.filter { $0.name == "valueChanged" }.count == 3)
        #expect(Self.value(session, at: 1.5) == 3)
        #expect(session.frame(at: 1.4)["plusHighlighted"] == .bool(true))
        #expect(session.frame(at: 1.5)["plusHighlighted"] == .bool(false))
        expectClose(session.frame(at: 1.6).number("plusHighlightAlpha"), 1, within: 1e-12, "the fade waits 0.1 s")
        #expect(session.frame(at: 1.8).number("plusHighlightAlpha") == 0)
    }

    @Test("Autorepeat off: a 2 s hold is one step, at touch-up")
    func autorepeatOff() throws {
        let session = try Session(Self.stepper(["autorepeat": false]), Self.hold(until: 2))
        #expect(Self.value(session, at: 1.99) == 0)
        expectEmissions(session.emitted, [Emission(t: 0, name: "touchDown")] + Self.changed(1, at: 2) + [Emission(t: 2, name: "touchUpInside")])
    }

    @Test("The pressed half grows from 4 pt inside to the whole half (ζ 1, response 0.28) and fades in (oracle §18)")
    func highlightIn() throws {
        let session = try Session(Self.stepper(), [.down(70, 16, at: 0)])
        for (t, alpha, x, y, width, height) in [
            (0.02, 0.281598, 50.199621, 3.699621, 40.100759, 24.600759),
            (0.05, 0.736071, 49.263933, 2.763933, 41.972133, 26.472133),
            (0.1, 0.966815, 47.875896, 1.375896, 44.748208, 29.248208),
        ] {
            let frame = session.frame(at: t)
            let layer = try #require(frame.layer("plusHighlight"))
            expectClose(layer.opacity, alpha, within: 1e-6, "alpha at \(t)")
            expectClose(layer.frame.minX, x, within: 1e-6, "x at \(t)")
            expectClose(layer.frame.minY, y, within: 1e-6, "y at \(t)")
            expectClose(layer.frame.size.width, width, within: 1e-6, "width at \(t)")
            expectClose(layer.frame.size.height, height, within: 1e-6, "height at \(t)")
            #expect(frame.layer("minusHighlight")?.opacity == 0)
        }
        #expect(session.frame(at: 0.5).layer("plusHighlight")?.frame == Rect(x: 46.5, y: 0, width: 47.5, height: 32))
    }

    @Test("On release the highlight fades 0.1 s later and returns to its inset at 0.576376 s (oracle §18)")
    func highlightOut() throws {
        let session = try Session(Self.stepper(), [.down(70, 16, at: 0), .up(70, 16, at: 0.3)])
        for (t, alpha) in [(0.35, 1.0), (0.42, 0.718402), (0.45, 0.263929)] {
            expectClose(try #require(session.frame(at: t).layer("plusHighlight")).opacity, alpha, within: 1e-5, "alpha at \(t)")
        }
        #expect(session.frame(at: 0.5763).layer("plusHighlight")?.frame == Rect(x: 46.5, y: 0, width: 47.5, height: 32))
        let rest = try #require(session.frame(at: 0.5764).layer("plusHighlight"))
        #expect(rest.frame == Rect(x: 50.5, y: 4, width: 39.5, height: 24))
        #expect(rest.opacity == 0)
    }

    @Test("Sliding from + to −: + lets go and − is pressed; releasing there steps −")
    func slideToTheOtherHalf() throws {
        let session = try Session(Self.stepper(["value": 5]), [.down(70, 16, at: 0), .move(23, 16, at: 0.2), .up(23, 16, at: 0.3)])
        #expect(session.frame(at: 0.25)["minusHighlighted"] == .bool(true))
        #expect(session.frame(at: 0.25)["plusHighlighted"] == .bool(false))
        #expect(Self.value(session, at: 0.3) == 4)
    }

    @Test("A cancelled touch steps nothing and sends touchCancel")
    func cancel() throws {
        let session = try Session(Self.stepper(), [.down(70, 16, at: 0), .cancel(at: 0.3)])
        #expect(session.emitted.map(\.name) == ["touchDown", "touchCancel"])
        #expect(Self.value(session, at: 2) == 0)
    }

    @Test("setValue clamps and sends nothing; disabled, the stepper ignores touches at alpha 0.5")
    func commands() throws {
        var session = try Session(Self.stepper())
        #expect(try session.post(.command(Command("setValue", [.number(250)]), at: 0)).isEmpty)
        #expect(session.frame(at: 0)["plusEnabled"] == .bool(false))
        #expect(Self.value(session, at: 0) == 100)
        try session.post(.command(Command("setEnabled", [.bool(false)]), at: 0.1))
        #expect(try session.apply(tap(23, 16, at: 0.2)).isEmpty)
        let frame = session.frame(at: 0.3)
        #expect(frame.layers.allSatisfy { $0.opacity == 0.5 || $0.opacity == 0 })
        #expect(frame.number("opacity") == 0.5)
    }

    @Test("Disabled mid-hold, the touch is dropped and the timer stops")
    func disabledMidHold() throws {
        let session = try Session(Self.stepper(), [.down(70, 16, at: 0), .command(Command("setEnabled", [.bool(false)]), at: 0.7)])
        #expect(Self.value(session, at: 5) == 1)
        #expect(session.emissions(from: 0, to: 5).filter { $0.name == "valueChanged" }.count == 1)
        #expect(session.latest.nextDeadline.map { $0 < 1 } ?? true, "no autorepeat left to fire")
    }

    @Test("Frames at 60, 120 and 240 fps agree at their common times through holds and taps")
    func frameRatesAgree() throws {
        var events: [TimedInput] = []
        for i in 0..<12 {
            let t = Double(i) * 0.9
            events += i % 3 == 0 ? [.down(70, 16, at: t), .up(70, 16, at: t + 0.8)] : tap(i % 2 == 0 ? 70 : 23, 16, at: t)
        }
        try expectFrameRatesAgree(Session(Self.stepper(["value": 50]), events), from: 0, to: 11)
    }
}

extension JSON {
    /// An object with `other`'s members added (replacing same-named ones).
    func merging(_ other: JSON) -> JSON {
        guard case var .object(members) = self, case let .object(more) = other else { return self }
        for member in more { members[member.key] = member.value }
        return .object(members)
    }
}
