import Testing
@testable import AnimationCore

/// UISegmentedControl on the iOS 13+ look (docs/fidelity.md#segmented-control), driven through
/// its built-in definition: 3 segments on 300 × 32, each 99.333333 wide between 1 pt dividers
/// (pitch 100.333333), the indicator its segment inset 2 pt. The selection changes at touch-up;
/// the indicator moves on the SelectionPop spring (mass 1, stiffness 503.551245, damping
/// 44.8798951: critical, ω 22.439948, removed at 0.411544 s). Literals from oracle §20.
@Suite("Segmented control (UISegmentedControl)")
struct SegmentedControlTests {
    static func control(_ config: JSON = [:]) throws -> ControlInstance {
        try builtIn("segmentedControl", config)
    }

    static let pitch = 298.0 / 3 + 1
    static let segmentWidth = 298.0 / 3

    static func changed(_ index: Double, at t: Double) -> [Emission] {
        [Emission(t: t, name: "valueChanged", fields: [.number("selectedSegmentIndex", index)]), Emission(t: t, name: "primaryActionTriggered")]
    }

    static func selected(_ session: Session, at t: Double) -> Double {
        session.frame(at: t).number("selectedSegmentIndex")
    }

    static func indicatorX(_ session: Session, at t: Double) -> Double {
        session.frame(at: t).number("indicatorX")
    }

    @Test("At rest: the track, the one divider not beside the selection, the indicator inset 2 with radius 6 (oracle §20)")
    func restLayout() throws {
        let frame = try Session(Self.control()).frame(at: 0)
        #expect(frame.layers.map(\.id) == ["background", "divider1", "indicator"])
        #expect(frame.layer("background") == Layer(id: "background", frame: Rect(x: 0, y: 0, width: 300, height: 32),
                                                    backgroundColor: Color(rgb: 0x767680, alpha: 0x1F / 255.0), cornerRadius: 8))
        let divider = try #require(frame.layer("divider1"))
        expectClose(divider.frame.minX, 199.666667, within: 1e-6)
        #expect(divider.frame.minY == 7 && divider.frame.size.width == 1 && divider.frame.size.height == 18)
        let indicator = try #require(frame.layer("indicator"))
        #expect(indicator.frame.minX == 2 && indicator.frame.minY == 2 && indicator.frame.size.height == 28)
        expectClose(indicator.frame.size.width, 95.333333, within: 1e-6)
        #expect(indicator.cornerRadius == 6 && indicator.backgroundColor == Color(rgb: 0xFFFFFF) && indicator.scale == 1)
        let middle = try Session(Self.control(["selectedSegmentIndex": 1])).frame(at: 0)
        #expect(middle.layers.map(\.id) == ["background", "indicator"], "both dividers sit beside segment 1")
        expectClose(try #require(middle.layer("indicator")).frame.minX, 102.333333, within: 1e-6)
    }

    @Test("A tap on segment 1 selects it at touch-up, not touch-down; valueChanged once, after touchUpInside")
    func tapSelectsAtTouchUp() throws {
        var session = try Session(Self.control())
        expectEmissions(try session.post(.down(150, 16, at: 0)), [Emission(t: 0, name: "touchDown")])
        #expect(Self.selected(session, at: 0.05) == 0)
        #expect(session.frame(at: 0.05)["highlightedSegmentIndex"] == .number(1))
        #expect(session.frame(at: 0.05).layer("highlight") != nil, "a pressed unselected segment shows its highlight")
        expectEmissions(try session.post(.up(150, 16, at: 0.1)), [Emission(t: 0.1, name: "touchUpInside")] + Self.changed(1, at: 0.1))
        #expect(Self.selected(session, at: 0.1) == 1)
        expectFields(session.state, [.number("selectedSegmentIndex", 1), .number("highlightedSegmentIndex", -1),
                                     .bool("draggingSelected", false), .bool("enabled", true)])
    }

    @Test("Tapping the selected segment sends no valueChanged")
    func tapSelected() throws {
        let session = try Session(Self.control(), tap(50, 16, at: 0))
        #expect(session.emitted.map(\.name) == ["touchDown", "touchUpInside"])
    }

    @Test("The indicator moves 0 → 2 on the critical pop spring: x 64.0095 at 0.05 s, 133.6426 at 0.1 s (oracle §20)")
    func indicatorSpring() throws {
        let session = try Session(Self.control(), [.down(250, 16, at: 0), .up(250, 16, at: 1)])
        #expect(Self.indicatorX(session, at: 1) == 2)
        // x = 2 + 200.666667·p(t), p(0.05) = 0.309017, p(0.1) = 0.656026, p(0.2) = 0.938297.
        expectClose(Self.indicatorX(session, at: 1.05), 2 + 200.666667 * 0.309017, within: 1e-4)
        expectClose(Self.indicatorX(session, at: 1.1), 133.6426, within: 1e-4)
        expectClose(Self.indicatorX(session, at: 1.2), 2 + 200.666667 * 0.938297, within: 1e-4)
        expectClose(Self.indicatorX(session, at: 1.411545), 202.666667, within: 1e-6, "removed at 0.411544 s, the model value")
    }

    @Test("A touch picks the segment under it or the nearest (a divider splits at its middle): x −10 → 0, 99.5 → 0, 99.9 → 1, 350 → 2 (oracle §20)", arguments: [
        (-10.0, 0.0), (50, 0), (99.5, 0), (99.9, 1), (100, 1), (299, 2), (350, 2),
    ] as [(Double, Double)])
    func nearestSegment(x: Double, segment: Double) throws {
        // Touched there, or (outside the bounds, which a touch-down cannot hit) moved there within the 70 pt slop.
        let touched = try Session(Self.control(["selectedSegmentIndex": -1]), [.down(150, 16, at: 0), .move(x, 16, at: 0.1)])
        #expect(touched.frame(at: 0.1)["highlightedSegmentIndex"] == .number(segment))
        if x >= 0 && x < 300 {
            let down = try Session(Self.control(["selectedSegmentIndex": -1]), [.down(x, 16, at: 0)])
            #expect(down.frame(at: 0)["highlightedSegmentIndex"] == .number(segment))
        }
    }

    @Test("Released 69 pt below the control a touch on segment 1 selects it; 71 pt below, nothing (the 70 pt slop)")
    func slop() throws {
        let near = try Session(Self.control(), [.down(150, 16, at: 0), .move(150, 101, at: 0.1), .up(150, 101, at: 0.2)])
        #expect(Self.selected(near, at: 0.3) == 1)
        let far = try Session(Self.control(), [.down(150, 16, at: 0), .move(150, 103, at: 0.1), .up(150, 103, at: 0.2)])
        #expect(Self.selected(far, at: 0.3) == 0)
        #expect(far.frame(at: 0.15)["highlightedSegmentIndex"] == .number(-1), "beyond the slop nothing is highlighted")
        #expect(!far.emitted.contains { $0.name == "valueChanged" })
    }

    @Test("Dragging the selected indicator: it shrinks to 0.95, follows the finger to segment 2 while down, and the release selects 2")
    func dragSelected() throws {
        let session = try Session(Self.control(), [.down(50, 16, at: 0), .move(150, 16, at: 0.2), .move(250, 300, at: 0.4), .up(250, 300, at: 1.2)])
        // Pressed scale 1 → 0.95 on the pop spring: 0.984549 at 0.05 s, 0.967199 at 0.1 s.
        expectClose(session.frame(at: 0.05).number("indicatorScale"), 0.984549, within: 1e-6)
        expectClose(session.frame(at: 0.1).number("indicatorScale"), 0.967199, within: 1e-6)
        #expect(session.frame(at: 0.3)["draggingSelected"] == .bool(true))
        #expect(Self.selected(session, at: 1.1) == 0, "the selection waits for the touch-up")
        expectClose(Self.indicatorX(session, at: 1.1), 202.666667, within: 1e-6, "far below the control the indicator still follows")
        expectClose(session.frame(at: 1.1).number("indicatorScale"), 0.95, within: 1e-6)
        #expect(Self.selected(session, at: 1.2) == 2)
        #expect(session.emitted.filter { $0.name == "valueChanged" } == [Self.changed(2, at: 1.2)[0]])
        #expect(session.frame(at: 1.2 + 0.411545).number("indicatorScale") == 1)
    }

    @Test("The indicator retargets from where it shows: to 1 at 0.2 s, then 2 at 0.25 s, it never jumps")
    func dragRetargets() throws {
        let session = try Session(Self.control(), [.down(50, 16, at: 0), .move(150, 16, at: 0.2), .move(250, 16, at: 0.25)])
        let shown = Self.indicatorX(session, at: 0.25)
        // From x 2 toward 102.333333 for 0.05 s: 2 + 100.333333·p(0.05).
        expectClose(shown, 2 + 100.333333 * 0.309017, within: 1e-4)
        expectClose(Self.indicatorX(session, at: 0.250001), shown, within: 1e-3)
        expectClose(Self.indicatorX(session, at: 0.25 + 0.411545), 202.666667, within: 1e-6)
    }

    @Test("A cancelled drag puts the indicator back and selects nothing")
    func cancel() throws {
        let session = try Session(Self.control(), [.down(50, 16, at: 0), .move(250, 16, at: 0.1), .cancel(at: 0.6)])
        #expect(session.emitted.map(\.name) == ["touchDown", "touchDragInside", "touchCancel"])
        #expect(Self.selected(session, at: 2) == 0)
        #expect(Self.indicatorX(session, at: 2) == 2)
    }

    @Test("setSelectedIndex sends nothing: not animated it jumps, animated it springs; −1 hides the indicator; out of range clamps")
    func setSelectedIndex() throws {
        var session = try Session(Self.control())
        #expect(try session.post(.command(Command("setSelectedIndex", [.number(2), .bool(false)]), at: 0)).isEmpty)
        expectClose(Self.indicatorX(session, at: 0), 202.666667, within: 1e-6)
        #expect(try session.post(.command(Command("setSelectedIndex", [.number(0), .bool(true)]), at: 1)).isEmpty)
        expectClose(Self.indicatorX(session, at: 1.1), 202.666667 - 200.666667 * 0.656026, within: 1e-4)
        try session.post(.command(Command("setSelectedIndex", [.number(-1), .bool(false)]), at: 2))
        #expect(session.frame(at: 2).layer("indicator") == nil)
        #expect(session.frame(at: 2).layers.map(\.id) == ["background", "divider0", "divider1"])
        try session.post(.command(Command("setSelectedIndex", [.number(9), .bool(false)]), at: 3))
        #expect(Self.selected(session, at: 3) == 2)
        #expect(session.emitted.isEmpty)
    }

    @Test("Disabled, it ignores touches and shows at alpha 0.5")
    func disabled() throws {
        var session = try Session(Self.control(["enabled": false]))
        #expect(try session.apply(tap(150, 16, at: 0)).isEmpty)
        #expect(session.frame(at: 1).layers.allSatisfy { $0.opacity == 0.5 })
        try session.post(.command(Command("setEnabled", [.bool(true)]), at: 1))
        try session.apply(tap(150, 16, at: 1.1))
        #expect(Self.selected(session, at: 2) == 1)
    }

    @Test("Five segments: the segments share the width, x = k·(59.2 + 1)")
    func fiveSegments() throws {
        let session = try Session(Self.control(["segments": 5, "selectedSegmentIndex": 4]))
        expectClose(Self.indicatorX(session, at: 0), 4 * (296.0 / 5 + 1) + 2, within: 1e-9)
        #expect(session.frame(at: 0).layers.map(\.id) == ["background", "divider0", "divider1", "divider2", "indicator"])
    }

    @Test("Frames at 60, 120 and 240 fps agree at their common times through taps and drags")
    func frameRatesAgree() throws {
        var events: [TimedInput] = []
        for i in 0..<8 {
            let t = Double(i) * 0.7
            events += i % 2 == 0 ? tap(Double(i % 3) * 100 + 50, 16, at: t)
                : [.down(Double((i - 1) % 3) * 100 + 50, 16, at: t), .move(Double((i + 1) % 3) * 100 + 50, 16, at: t + 0.1),
                   .up(Double((i + 1) % 3) * 100 + 50, 16, at: t + 0.3)]
        }
        try expectFrameRatesAgree(Session(Self.control(), events), from: 0, to: 6)
    }
}
