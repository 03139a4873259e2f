import Testing
@testable import AnimationCore

/// UISlider (docs/fidelity.md#slider), driven through its built-in definition: on 300 × 31 the
/// track is (3, 14, 294, 4), the 28 pt thumb sits at x = round(272·f), y 2, and the minimum
/// track ends at its centre (oracle §19). Only a touch-down on the thumb grown to 48 × 48 tracks;
/// the value follows the finger with the grab offset kept; `valueChanged` (then
/// `primaryActionTriggered`, UISlider's primary action) on every move when continuous and once
/// more at touch-up; `setValue(_:animated:)` runs max(0.25·|Δx|/294, 0.1) s on easeInEaseOut.
@Suite("Slider (UISlider)")
struct SliderTests {
    static func slider(_ config: JSON = [:]) throws -> ControlInstance {
        try builtIn("slider", config)
    }

    static func properties(value: Double, thumbX: Double, tracking: Bool = false, highlighted: Bool? = nil,
                           opacity: Double = 1) -> [Field] {
        [.number("value", value), .number("thumbX", thumbX), .number("minimumTrackWidth", thumbX + 14 - 3),
         .bool("tracking", tracking), .bool("highlighted", highlighted ?? tracking), .bool("enabled", opacity == 1),
         .number("opacity", opacity)]
    }

    /// What UIKit sends for one valueChanged: the event, then the primary action it triggers.
    static func changed(_ value: Double, at t: Double) -> [Emission] {
        [Emission(t: t, name: "valueChanged", fields: [.number("value", value)]), Emission(t: t, name: "primaryActionTriggered")]
    }

    static func setValue(_ value: Double, animated: Bool) -> Command {
        Command("setValue", [.number(value), .bool(animated)])
    }

    @Test("At rest: the maximum track, the minimum track up to the thumb's centre, the thumb and its shadow ring")
    func restLayout() throws {
        let frame = try Session(Self.slider(["value": 0.5])).frame(at: 0)
        expectFrame(frame, Self.properties(value: 0.5, thumbX: 136))
        #expect(frame.layers == [
            Layer(id: "maximumTrack", frame: Rect(x: 3, y: 14, width: 294, height: 4), backgroundColor: Color(rgb: 0x787880, alpha: 0.2),
                  cornerRadius: 2),
            Layer(id: "minimumTrack", frame: Rect(x: 3, y: 14, width: 147, height: 4), backgroundColor: Palette.systemBlue, cornerRadius: 2),
            Layer(id: "thumbShadow", frame: Rect(x: 135.5, y: 2, width: 29, height: 29), backgroundColor: Color(rgb: 0x000000, alpha: 0x26 / 255.0),
                  cornerRadius: 14.5),
            Layer(id: "thumb", frame: Rect(x: 136, y: 2, width: 28, height: 28), backgroundColor: Palette.white, cornerRadius: 14),
        ])
    }

    @Test("The thumb at round(272·f) for values in and out of the range (oracle §19)", arguments: [
        (0.0, 0.0), (0.25, 68.0), (0.5, 136.0), (1.0 / 3, 91.0), (1.0, 272.0), (1.5, 272.0), (-2.0, 0.0),
    ] as [(Double, Double)])
    func thumbPositions(value: Double, thumbX: Double) throws {
        let frame = try Session(Self.slider(["value": .number(value)])).frame(at: 0)
        expectFrame(frame, Self.properties(value: min(max(value, 0), 1), thumbX: thumbX))
    }

    @Test("A custom range: value 30 in 10…60 is f = 0.4, the thumb at round(108.8) = 109")
    func customRange() throws {
        let frame = try Session(Self.slider(["minimumValue": 10, "maximumValue": 60, "value": 30])).frame(at: 0)
        expectFrame(frame, Self.properties(value: 30, thumbX: 109))
    }

    @Test("Grabbed 6 pt right of its centre, the thumb keeps the offset: the finger at 183.2 is f = 0.6 (oracle §19)")
    func grabOffsetKept() throws {
        var session = try Session(Self.slider(["value": 0.5]))
        // The thumb spans 136…164: a touch at 156 is 6 pt right of its centre, offset round(14 − 20) = −6.
        expectEmissions(try session.post(.down(156, 15, at: 0)), [Emission(t: 0, name: "touchDown")])
        expectFrame(session.frame(at: 0), Self.properties(value: 0.5, thumbX: 136, tracking: true), within: 0)
        expectEmissions(try session.post(.move(183.2, 15, at: 0.1)),
                        Self.changed(0.6, at: 0.1) + [Emission(t: 0.1, name: "touchDragInside")], within: 1e-12)
        // (183.2 − 6 − 14)/272 = 0.6: the thumb at round(163.2) = 163.
        expectFrame(session.frame(at: 0.1), Self.properties(value: 0.6, thumbX: 163, tracking: true), within: 1e-12)
        expectEmissions(try session.post(.up(183.2, 15, at: 0.2)),
                        Self.changed(0.6, at: 0.2) + [Emission(t: 0.2, name: "touchUpInside")], within: 1e-12)
        expectFields(session.state, [.number("value", 0.6), .bool("tracking", false), .bool("enabled", true)], within: 1e-12)
    }

    @Test("The thumb follows the finger clamped to the track, however far the finger goes, up and down too")
    func clampedToTheTrack() throws {
        // 370 is past the track's end but within the slop (the bounds grown by 12.5, then 70: up to 382.5).
        var session = try Session(Self.slider(), [.down(14, 15, at: 0), .move(370, 15, at: 0.1)])
        expectFrame(session.frame(at: 0.1), Self.properties(value: 1, thumbX: 272, tracking: true))
        // 200 pt below the slider is outside the slop: drag outside, but the value still follows x.
        let far = try session.post(.move(150, 231, at: 0.2))
        #expect(far.map(\.name) == ["valueChanged", "primaryActionTriggered", "touchDragExit", "touchDragOutside"])
        expectFrame(session.frame(at: 0.2), Self.properties(value: 136.0 / 272, thumbX: 136, tracking: true, highlighted: false))
        try session.post(.move(-50, 15, at: 0.3))
        expectFrame(session.frame(at: 0.3), Self.properties(value: 0, thumbX: 0, tracking: true))
        #expect(try session.post(.up(-50, 15, at: 0.4)).map(\.name) == ["valueChanged", "primaryActionTriggered", "touchUpInside"])
    }

    @Test("Continuous: valueChanged on each of 5 moves (a pinned one too) and once at touch-up; not continuous: once (oracle §19)",
          arguments: [(true, 6), (false, 1)] as [(Bool, Int)])
    func valueChangedCounts(continuous: Bool, expected: Int) throws {
        let events: [TimedInput] = [.down(14, 15, at: 0), .move(100, 15, at: 0.05), .move(200, 15, at: 0.1), .move(300, 15, at: 0.15),
                                    .move(320, 15, at: 0.2), .move(310, 15, at: 0.25), .up(310, 15, at: 0.3)]
        let session = try Session(Self.slider(["isContinuous": .bool(continuous)]), events)
        let names = session.emitted.map(\.name)
        #expect(names.filter { $0 == "valueChanged" }.count == expected)
        #expect(names.filter { $0 == "primaryActionTriggered" }.count == expected)
        #expect(names.filter { $0 == "touchDown" }.count == 1)
        #expect(names.filter { $0 == "touchUpInside" }.count == 1)
        #expect(session.emitted.last(where: { $0.name == "valueChanged" })?.fields == [.number("value", 1)])
        if !continuous {
            #expect(names == ["touchDown"] + Array(repeating: "touchDragInside", count: 5) + ["valueChanged", "primaryActionTriggered", "touchUpInside"])
        }
    }

    @Test("A touch on the bare track does nothing: no tracking, no events, the value unchanged (oracle §19)")
    func touchOffTheThumb() throws {
        var session = try Session(Self.slider())
        #expect(try session.post(.down(250, 15, at: 0)).isEmpty)
        #expect(try session.post(.move(260, 15, at: 0.1)).isEmpty)
        #expect(try session.post(.up(260, 15, at: 0.2)).isEmpty)
        expectFrame(session.frame(at: 0.2), Self.properties(value: 0, thumbX: 0))
    }

    @Test("The grab area is the thumb grown to 48 × 48: x −10 ..< 38, y −8 ..< 40 for the thumb at 0", arguments: [
        (-10.0, 15.0, true), (37.9, 15.0, true), (38.0, 15.0, false), (14.0, -8.0, true), (14.0, 39.9, true), (14.0, 40.0, false),
        (-10.5, 15.0, false),
    ] as [(Double, Double, Bool)])
    func grabArea(x: Double, y: Double, grabs: Bool) throws {
        var session = try Session(Self.slider())
        let emitted = try session.post(.down(x, y, at: 0))
        #expect(emitted.map(\.name) == (grabs ? ["touchDown"] : []))
    }

    @Test("trackTouches moveThumb (UIKit's private isTrackEnabled): the thumb animates to the touch, which then drags it")
    func trackTouchesMoveTheThumb() throws {
        var session = try Session(Self.slider(["trackTouches": "moveThumb"]))
        // f = (250 − 14)/272 = 0.867647, the thumb to round(236) = 236 in max(0.25·236/294, 0.1) = 0.200680 s.
        expectEmissions(try session.post(.down(250, 15, at: 0)), [Emission(t: 0, name: "touchDown")])
        expectClose(session.frame(at: 0).number("value"), 236.0 / 272, within: 1e-12)
        expectClose(session.frame(at: 0.100340).number("thumbX"), 118, within: 1e-3, "the midpoint of 0…236")
        #expect(session.frame(at: 0.2007).number("thumbX") == 236)
        try session.post(.move(260, 15, at: 0.3))
        expectFrame(session.frame(at: 0.3), Self.properties(value: 246.0 / 272, thumbX: 246, tracking: true), within: 1e-12)
    }

    @Test("setValue animated: max(0.25·|Δx|/294, 0.1) s on easeInEaseOut, no valueChanged (oracle §19)", arguments: [
        // (from, to, Δx, duration)
        (0.0, 1.0, 272.0, 0.231293), (0.0, 0.25, 68.0, 0.1), (0.2, 0.8, 164.0, 0.139456),
    ] as [(Double, Double, Double, Double)])
    func animatedSetValue(from: Double, to: Double, dx: Double, duration: Double) throws {
        var session = try Session(Self.slider(["value": .number(from)]))
        let start = (272 * from).rounded()
        #expect(try session.post(.command(Self.setValue(to, animated: true), at: 1)).isEmpty)
        expectFields(session.state, [.number("value", to), .bool("tracking", false), .bool("enabled", true)])
        #expect(session.frame(at: 1).number("thumbX") == start)
        // easeInEaseOut is symmetric: halfway through, halfway there.
        expectClose(session.frame(at: 1 + duration / 2).number("thumbX"), start + dx / 2, within: 1e-3)
        expectClose(session.frame(at: 1 + duration - 0.0005).number("thumbX"), start + dx, within: 0.01)
        #expect(session.frame(at: 1 + duration + 0.0005).number("thumbX") == start + dx)
    }

    @Test("setValue during an animated one starts from where the thumb shows: 136 → 54 over the 0.1 s floor")
    func setValueFromTheThumbShown() throws {
        var session = try Session(Self.slider(), [.command(Self.setValue(1, animated: true), at: 0)])
        // Halfway through the 0.231293 s move the thumb shows 136; 0.2 puts it at round(54.4) = 54: Δx 82, 0.0697 s → 0.1 s.
        try session.post(.command(Self.setValue(0.2, animated: true), at: 0.1156463))
        expectClose(session.frame(at: 0.1156463).number("thumbX"), 136, within: 1e-3)
        expectClose(session.frame(at: 0.1656463).number("thumbX"), 95, within: 1e-3, "the midpoint of 136…54")
        #expect(session.frame(at: 0.2157).number("thumbX") == 54)
        expectFields(session.state, [.number("value", 0.2), .bool("tracking", false), .bool("enabled", true)])
    }

    @Test("setValue not animated jumps; out of the range it clamps")
    func setValueJumps() throws {
        var session = try Session(Self.slider())
        #expect(try session.post(.command(Self.setValue(0.75, animated: false), at: 0.5)).isEmpty)
        expectFrame(session.frame(at: 0.5), Self.properties(value: 0.75, thumbX: 204))
        try session.post(.command(Self.setValue(5, animated: true), at: 1))
        #expect(session.frame(at: 2).number("value") == 1)
        #expect(session.frame(at: 2).number("thumbX") == 272)
    }

    @Test("A cancelled touch sends touchCancel and no valueChanged")
    func cancelSendsNoValueChanged() throws {
        var session = try Session(Self.slider(["isContinuous": false]), [.down(14, 15, at: 0), .move(150, 15, at: 0.1)])
        expectEmissions(try session.post(.cancel(at: 0.2)), [Emission(t: 0.2, name: "touchCancel")])
        expectFrame(session.frame(at: 0.2), Self.properties(value: 136.0 / 272, thumbX: 136))
    }

    @Test("Disabled, it ignores touches and shows at alpha 0.5; setEnabled turns it back on")
    func disabled() throws {
        var session = try Session(Self.slider(["enabled": false]))
        #expect(try session.post(.down(14, 15, at: 0)).isEmpty)
        try session.post(.up(14, 15, at: 0.05))
        let frame = session.frame(at: 0.1)
        expectFrame(frame, Self.properties(value: 0, thumbX: 0, opacity: 0.5))
        #expect(frame.layers.allSatisfy { $0.opacity == 0.5 })
        try session.post(.command(Command("setEnabled", [.bool(true)]), at: 0.2))
        #expect(try session.post(.down(14, 15, at: 0.3)).map(\.name) == ["touchDown"])
    }

    @Test("Frames at 60, 120 and 240 fps agree at their common times through drags and animated sets")
    func frameRatesAgree() throws {
        var events: [TimedInput] = [.command(Self.setValue(0.9, animated: true), at: 0)]
        for i in 0..<20 {
            let t = 0.3 + Double(i) * 0.35
            let x = 14 + 272 * (i % 2 == 0 ? 0.9 : 0.1)
            events += [.down(x, 15, at: t), .move(x - 40, 20, at: t + 0.05), .up(x - 40, 20, at: t + 0.1),
                       .command(Self.setValue(i % 2 == 0 ? 0.1 : 0.9, animated: true), at: t + 0.15)]
        }
        try expectFrameRatesAgree(Session(Self.slider(), events), from: 0, to: 7.5)
    }
}
