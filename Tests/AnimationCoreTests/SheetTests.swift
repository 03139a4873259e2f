import Testing
@testable import AnimationCore

/// UISheetPresentationController as the built-in definition `sheet` (Sources/BuiltIns/Controls/09-sheet.json,
/// docs/fidelity.md#sheet): detents on a 393 × 852 iPhone (large at 69, medium at 398.56), the
/// sheet dragged 1:1 with rubber bands past its detents, the release choosing the detent its flick
/// projects to and springing there, dimming by largestUndimmedDetentIdentifier, the grabber, and
/// selectDetent. Literals from oracle §15, §17 and §26.
@Suite("Sheet (UISheetPresentationController)")
struct SheetTests {
    static func sheet(_ config: JSON = [:]) throws -> ControlInstance {
        try builtIn("sheet", config)
    }

    static let medium = 398.56
    static let large = 69.0

    /// A pan from a finger at (200, `start`) that releases with the sheet's unconstrained top at
    /// `y` moving `velocity` pt/s: past the hysteresis with no translation, one move to 2 steps
    /// short, then two steps of velocity/64 every 1/64 s (so the estimate is exactly `velocity`).
    static func release(at y: Double, velocity: Double, from top: Double = medium, start: Double = 420,
                        at t0: Double = 0) -> [TimedInput] {
        let step = velocity / 64
        let translation = y - top
        return ScrollViewTests.drag(from: Point(x: 200, y: start),
                                    [(0, translation < 0 ? -10 : 10), (0, translation - 2 * step), (0, step), (0, step)], at: t0)
    }

    static func top(_ session: Session, at t: Double) -> Double {
        session.frame(at: t).number("sheetTop")
    }

    static func detentChanged(_ detent: String, at t: Double) -> Emission {
        Emission(t: t, name: "detentChanged", fields: [.string("detent", detent)])
    }

    static func selectDetent(_ detent: String, animated: Bool = true, at t: Double) -> TimedInput {
        .command(Command("selectDetent", [.string(detent), .bool(animated)]), at: t)
    }

    // MARK: Detents

    @Test("At rest on the smallest detent: medium at 398.56 (0.56 × 749 above the bottom inset), dimmed, the grabber 5 pt down")
    func atRest() throws {
        let frame = try Session(Self.sheet()).frame(at: 0)
        expectFrame(frame, [.number("sheetTop", Self.medium), .string("selectedDetent", "medium"), .number("percentDimmed", 1),
                            .number("dimmingAlpha", 0.2), .bool("isDragging", false), .bool("isPresented", true)])
        #expect(frame.layers.map(\.id) == ["container", "dimming", "sheet", "grabber"])
        #expect(frame.layer("container")?.frame == Rect(x: 0, y: 0, width: 393, height: 852))
        expectClose(frame.layer("dimming")?.opacity ?? 0, 0.2, within: 1e-12)
        let sheet = try #require(frame.layer("sheet"))
        expectClose(sheet.frame.minY, Self.medium, within: 1e-9)
        #expect(sheet.cornerRadius == 10 && sheet.backgroundColor == Palette.white)
        expectClose(sheet.frame.maxY, 862, within: 1e-9, "the bottom corners below the screen")
        let grabber = try #require(frame.layer("grabber"))
        #expect(grabber.frame.size == Size(width: 36, height: 5) && grabber.frame.minX == 178.5 && grabber.cornerRadius == 2.5)
        expectClose(grabber.frame.minY, Self.medium + 5, within: 1e-9)
        #expect(grabber.backgroundColor == Color(red: 60.0 / 255, green: 60.0 / 255, blue: 67.0 / 255, alpha: 77.0 / 255))
    }

    @Test("Detents: a custom height above the bottom inset (200 → 618), clamped to large (800 → 69); large alone; medium 0.63 on a short screen (oracle §26)")
    func detents() throws {
        let custom = try Session(Self.sheet(["detents": [["type": "custom", "height": 200], ["type": "large"]]])).frame(at: 0)
        expectClose(custom.number("sheetTop"), 618, within: 1e-9)
        #expect(custom["selectedDetent"] == .string("custom"))
        let clamped = try Session(Self.sheet(["detents": [["type": "custom", "height": 800]]])).frame(at: 0)
        expectClose(clamped.number("sheetTop"), Self.large, within: 1e-9)
        let large = try Session(Self.sheet(["detents": [["type": "large"]]])).frame(at: 0)
        #expect(large.number("sheetTop") == Self.large)
        let chosen = try Session(Self.sheet(["selectedDetent": "large"])).frame(at: 0)
        #expect(chosen.number("sheetTop") == Self.large && chosen["selectedDetent"] == .string("large"))
        // 568 pt high, insets 20 / 0: maximum 568 − 30 = 538; medium 0.63 × 538 = 338.94 → top 229.06.
        let short = try Session(Self.sheet(["containerHeight": 568, "safeAreaTop": 20, "safeAreaBottom": 0])).frame(at: 0)
        expectClose(short.number("sheetTop"), 229.06, within: 1e-9)
    }

    @Test("A configuration naming a detent it does not have is refused, by field")
    func refusedConfigurations() throws {
        for (config, field) in [(["detents": [] as JSON], "detents"), (["selectedDetent": "custom"], "selectedDetent"),
                                (["largestUndimmedDetent": "custom"], "largestUndimmedDetent")] as [(JSON, String)] {
            #expect(throws: DocumentError.self, "\(field)") { _ = try Self.sheet(config) }
            do {
                _ = try Self.sheet(config)
            } catch let error as DocumentError {
                #expect(error.path.pointer == "/config/" + field)
            }
        }
    }

    // MARK: Dragging

    @Test("The sheet follows the finger 1:1 past the pan's 10 pt hysteresis, from the grabber or anywhere on it")
    func dragTracks() throws {
        var session = try Session(Self.sheet())
        try session.apply([.down(196, 405, at: 0), .move(196, 385, at: 0.02)])
        expectClose(Self.top(session, at: 0.02), Self.medium - 10, within: 1e-9)
        #expect(session.frame(at: 0.02)["isDragging"] == .bool(true))
        try session.apply([.move(150, 205, at: 0.04)])
        expectClose(Self.top(session, at: 0.04), Self.medium - 190, within: 1e-9)
        var above = try Session(Self.sheet())
        try above.apply([.down(196, 300, at: 0), .move(196, 250, at: 0.02)])
        expectClose(Self.top(above, at: 0.02), Self.medium, within: 1e-9, "a touch above the sheet does not drag it")
    }

    @Test("Released, the sheet picks the detent its flick projects to: oracle §17's table",
          arguments: [(350.0, -800.0, "medium"), (350, -1200, "large"), (390, -1100, "large"), (390, -900, "medium"),
                      (300, -200, "medium"), (200, 900, "medium"), (100, 1500, "medium")] as [(Double, Double, String)])
    func releaseChooses(y: Double, velocity: Double, detent: String) throws {
        var session = try Session(Self.sheet())
        let emitted = try session.apply(Self.release(at: y, velocity: velocity))
        #expect(session.frame(at: 0.1)["selectedDetent"] == .string(detent))
        #expect(emitted.filter { $0.name == "detentChanged" } == (detent == "large" ? [Self.detentChanged("large", at: 4.0 / 64)] : []))
        expectClose(Self.top(session, at: 2), detent == "large" ? Self.large : Self.medium, within: 1e-9)
    }

    @Test("A flick at −1200 pt/s from 350 springs to large on ζ 0.8 with the finger's speed (oracle §17)")
    func flickSpring() throws {
        var session = try Session(Self.sheet())
        try session.apply(Self.release(at: 350, velocity: -1200))
        let release = 4.0 / 64
        for (t, p) in [(0.1, 0.699074), (0.2, 0.989941), (0.3, 1.014074), (0.4, 1.003532)] {
            expectClose(Self.top(session, at: release + t), 350 - 281 * p, within: 281 * 2e-6, "at \(t)")
        }
        #expect(Self.top(session, at: release + 0.518437) == Self.large, "UIKit's settling time for that velocity: 0.518436 s")
        #expect(session.emissions(from: 0.1, to: 5).isEmpty)
    }

    @Test("Beyond the largest detent it rubber-bands with extent min(top − safe top, 100): 50 pt above large shows 61.667; above medium alone 21.569 (oracle §15)")
    func rubberBandAbove() throws {
        var session = try Session(Self.sheet(["selectedDetent": "large"]))
        try session.apply([.down(200, 100, at: 0), .move(200, 90, at: 0.02), .move(200, 40, at: 0.04)])
        expectClose(Self.top(session, at: 0.04), 61.666667, within: 1e-6)
        var mediumOnly = try Session(Self.sheet(["detents": [["type": "medium"]]]))
        try mediumOnly.apply([.down(200, 420, at: 0), .move(200, 410, at: 0.02), .move(200, 360, at: 0.04)])
        expectClose(Self.top(mediumOnly, at: 0.04), Self.medium - 21.568627, within: 1e-6)
    }

    @Test("Not dismissible, below the smallest it rubber-bands (extent 195.75): 100 pt shows 441.496; didAttemptToDismiss once past 48.94 (oracle §26)")
    func rubberBandBelow() throws {
        var session = try Session(Self.sheet(["isModalInPresentation": true]))
        #expect(try session.apply([.down(200, 420, at: 0), .move(200, 430, at: 0.02), .move(200, 468, at: 0.04)]).isEmpty,
                "48 pt below: not yet")
        expectEmissions(try session.apply([.move(200, 480, at: 0.06)]), [Emission(t: 0.06, name: "didAttemptToDismiss")])
        #expect(try session.apply([.move(200, 530, at: 0.08), .move(200, 490, at: 0.1), .move(200, 530, at: 0.12)]).isEmpty,
                "once a drag")
        expectClose(Self.top(session, at: 0.12), 441.496191, within: 1e-6)
        try session.apply([.up(200, 530, at: 0.12)])
        expectClose(Self.top(session, at: 2), Self.medium, within: 1e-9, "it springs back")
        #expect(session.frame(at: 2)["isPresented"] == .bool(true))
    }

    @Test("Dismissible, pulled below medium it follows the finger; flicked down at 1200 pt/s from 500 it is dismissed (oracle §26)")
    func dismissByFlick() throws {
        var session = try Session(Self.sheet())
        let emitted = try session.apply(Self.release(at: 500, velocity: 1200))
        let release = 4.0 / 64
        #expect(emitted.map(\.name) == ["willDismiss"])
        #expect(session.frame(at: release)["isPresented"] == .bool(false))
        for (t, y) in [(0.05, 616.9633), (0.1, 740.3623), (0.2, 847.2458)] {
            expectClose(Self.top(session, at: release + t), y, within: 1e-4, "at \(t)")
        }
        expectEmissions(session.emissions(from: 0.1, to: 5), [Emission(t: release + 0.521152, name: "didDismiss")], within: 1e-6)
        #expect(session.frame(at: 1).layer("sheet") == nil, "off the screen")
        #expect(session.frame(at: 1).number("percentDimmed") == 0)
        // present brings it back to the detent it had, on the detent spring.
        try session.apply([.command(Command("present", [.bool(true)]), at: 2)])
        expectClose(Self.top(session, at: 3), Self.medium, within: 1e-9)
        #expect(session.frame(at: 3)["isPresented"] == .bool(true))
    }

    @Test("A sheet grabbed mid-spring is picked up where it shows, without a jump")
    func grabMidSpring() throws {
        var session = try Session(Self.sheet())
        try session.apply([Self.selectDetent("large", at: 0)])
        let spring = session
        expectClose(Self.top(spring, at: 0.1), 219.0228, within: 1e-4, "oracle §17")
        // The spring runs on until the pan begins (at 0.12 s, 10 pt down), then the finger has it.
        try session.apply([.down(200, 260, at: 0.1), .move(200, 270, at: 0.12)])
        let grabbed = Self.top(spring, at: 0.12)
        expectClose(Self.top(session, at: 0.12), grabbed, within: 1e-9)
        try session.apply([.move(200, 290, at: 0.14)])
        expectClose(Self.top(session, at: 0.14), grabbed + 20, within: 1e-9)
        expectClose(Self.top(session, at: 1), grabbed + 20, within: 1e-9, "held while the finger is down")
    }

    // MARK: Dimming

    @Test("Dimming follows largestUndimmedDetentIdentifier: a ramp from the next smaller detent (or the bottom) up to the dimming one (oracle §17)",
          arguments: [("none", 226.72, 625.28, 0.5), ("medium", -164.78, 233.78, 0.5), ("medium", 0, 398.56, 0),
                      ("large", -329.56, 69, 0)] as [(String, Double, Double, Double)])
    func dimming(undimmed: String, translation: Double, top: Double, fraction: Double) throws {
        var session = try Session(Self.sheet(["largestUndimmedDetent": .string(undimmed)]))
        try session.apply([.down(200, 420, at: 0), .move(200, 430, at: 0.02), .move(200, 430 + translation, at: 0.04)])
        expectClose(Self.top(session, at: 0.04), top, within: 1e-9)
        let frame = session.frame(at: 0.04)
        expectClose(frame.number("percentDimmed"), fraction, within: 1e-9)
        expectClose(frame.number("dimmingAlpha"), 0.2 * fraction, within: 1e-9)
        #expect((frame.layer("dimming") != nil) == (fraction > 0))
    }

    // MARK: selectDetent, the grabber, the dimming view

    @Test("selectDetent springs on ζ 1 with no velocity (medium → large: 219.0228 at 0.1 s, 0.505824 s) and sends nothing")
    func selectDetent() throws {
        var session = try Session(Self.sheet())
        #expect(try session.apply([Self.selectDetent("large", at: 1)]).isEmpty)
        #expect(session.frame(at: 1)["selectedDetent"] == .string("large"))
        expectClose(Self.top(session, at: 1.1), 219.0228, within: 1e-4)
        #expect(Self.top(session, at: 1.505825) == Self.large)
        #expect(session.emissions(from: 0, to: 5).isEmpty, "programmatic changes do not call the delegate")
        try session.apply([Self.selectDetent("medium", animated: false, at: 2)])
        expectClose(Self.top(session, at: 2), Self.medium, within: 1e-9)
        try session.apply([Self.selectDetent("custom", at: 3)])
        #expect(session.frame(at: 3)["selectedDetent"] == .string("medium"), "not one of its detents: ignored")
    }

    @Test("A tap on the grabber selects the next larger detent, the largest wrapping to the smallest, and sends detentChanged")
    func grabberTap() throws {
        var session = try Session(Self.sheet())
        expectEmissions(try session.apply(tap(196, Self.medium + 7, at: 0)), [Self.detentChanged("large", at: 0.05)])
        expectClose(Self.top(session, at: 0.15), 219.0228, within: 1e-4, "the detent spring, from the tap's end")
        expectEmissions(try session.apply(tap(196, Self.large + 7, at: 1)), [Self.detentChanged("medium", at: 1.05)])
        expectClose(Self.top(session, at: 2), Self.medium, within: 1e-9)
        var hidden = try Session(Self.sheet(["prefersGrabberVisible": false]))
        #expect(try hidden.apply(tap(196, Self.medium + 7, at: 0)).isEmpty)
        #expect(hidden.frame(at: 0).layer("grabber") == nil)
    }

    @Test("A tap on the dimming view dismisses; when it may not, it selects the largest undimmed detent")
    func dimmingTap() throws {
        var session = try Session(Self.sheet())
        #expect(try session.apply(tap(200, 100, at: 0)).map(\.name) == ["willDismiss"])
        #expect(session.emissions(from: 0.1, to: 5).map(\.name) == ["didDismiss"])
        var modal = try Session(Self.sheet(["isModalInPresentation": true, "largestUndimmedDetent": "medium", "selectedDetent": "large"]))
        expectEmissions(try modal.apply(tap(200, 40, at: 0)), [Self.detentChanged("medium", at: 0.05)])
        var undimmed = try Session(Self.sheet(["largestUndimmedDetent": "medium"]))
        #expect(try undimmed.apply(tap(200, 100, at: 0)).isEmpty, "not dimmed at medium: the touch passes through")
    }

    @Test("dismiss and present: willDismiss, didDismiss when the spring ends; not animated at once")
    func dismissCommand() throws {
        var session = try Session(Self.sheet())
        #expect(try session.apply([.command(Command("dismiss", [.bool(false)]), at: 0)]).map(\.name) == ["willDismiss", "didDismiss"])
        #expect(Self.top(session, at: 0) == 852)
        try session.apply([.command(Command("present", [.bool(false)]), at: 1)])
        expectClose(Self.top(session, at: 1), Self.medium, within: 1e-9)
    }

    @Test("The corner radius is preferredCornerRadius: 10 by default, as configured otherwise")
    func cornerRadius() throws {
        #expect(try Session(Self.sheet(["cornerRadius": 16])).frame(at: 0).layer("sheet")?.cornerRadius == 16)
    }

    // MARK: Frame rates

    @Test("Frames at 60, 120 and 240 fps agree exactly at their shared times: a flick, a grabber tap, a dismissal")
    func frameRates() throws {
        let events = Self.release(at: 350, velocity: -1200) + tap(196, Self.large + 7, at: 1)
            + Self.release(at: 500, velocity: 1200, start: 420, at: 2)
        let session = try Session(Self.sheet(), events)
        expectFrameRatesAgree(session, through: 3)
        #expect(session.emitted.map(\.name) == ["detentChanged", "detentChanged", "willDismiss"])
    }
}
