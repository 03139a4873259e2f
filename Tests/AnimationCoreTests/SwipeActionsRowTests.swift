import Testing
@testable import AnimationCore

/// Swipe actions on a table row, the built-in definition `swipeActionsRow`
/// (Sources/BuiltIns/Controls/15-swipeActionsRow.json, docs/fidelity.md#swipe-actions). The fingers
/// move every 1/64 s (`ScrollViewTests.drag`); the pan's translation starts past its 10 pt. Literals
/// from oracle §33.
@Suite("Swipe actions (UIContextualAction on a row)")
struct SwipeActionsRowTests {
    static func row(_ config: JSON = [:]) throws -> ControlInstance {
        try builtIn("swipeActionsRow", config)
    }

    static func swipe(_ dx: [Double], still: Int = 3) -> [TimedInput] {
        ScrollViewTests.drag(from: Point(x: 385, y: 22), dx.map { ($0, 0) } + Array(repeating: (0, 0), count: still))
    }

    @Test("Released past half of the 74 pt button it snaps open (the projected snap: response 0.344144233, ζ 1); short of it, shut")
    func snapOpenOrShut() throws {
        var open = try Session(Self.row())
        #expect(try open.apply(Self.swipe([-20, -20, -20])).isEmpty)
        let release = 6.0 / 64
        #expect(open.frame(at: release).number("offset") == -50)
        for (dt, offset) in [(0.05, -55.573531811), (0.1, -63.074681342)] {
            expectClose(open.frame(at: release + dt).number("offset"), offset, within: 1e-6, "at the release + \(dt)")
        }
        expectFrame(open.frame(at: 3), [.number("offset", -74), .string("phase", "open"), .bool("fullSwipeArmed", false), .number("rowHeight", 44)],
                    within: 1e-9)
        let revealed = open.frame(at: 3)
        #expect(revealed.layer("trailing0")?.frame == Rect(x: 316, y: 0, width: 74, height: 44))
        #expect(revealed.layer("trailing0")?.backgroundColor == Color(rgb: 0xFF3B30), "destructive: systemRed")
        var shut = try Session(Self.row())
        try shut.apply(Self.swipe([-20, -10]))
        expectFrame(shut.frame(at: 3), [.number("offset", 0), .string("phase", "closed"), .bool("fullSwipeArmed", false), .number("rowHeight", 44)],
                    within: 1e-9)
    }

    @Test("Past the full-swipe distance (destructive: 390 − 29 = 361 pt) the Delete button covers the reveal; the release performs it and the row slides out and collapses")
    func fullSwipeDeletes() throws {
        var session = try Session(Self.row())
        let moved = try session.apply(Array(Self.swipe(Array(repeating: -20, count: 19)).dropLast()))
        #expect(moved.isEmpty)
        let armed = session.frame(at: 22.0 / 64)
        #expect(armed.number("offset") == -370 && armed["fullSwipeArmed"] == .bool(true))
        #expect(armed.layer("trailing0")?.frame == Rect(x: 20, y: 0, width: 370, height: 44), "stretched over the reveal")
        let lifted = try session.apply([.up(5, 22, at: 22.0 / 64)])
        expectEmissions(lifted, [Emission(t: 22.0 / 64, name: "actionTriggered", fields: [.bool("trailing", true), .number("index", 0)])])
        let later = try session.apply([.command(Command("close", [.bool(false)]), at: 5)])
        #expect(later.map(\.name) == ["rowDeleted"])
        expectFrame(session.frame(at: 5), [.number("offset", -390), .string("phase", "deleted"), .bool("fullSwipeArmed", true), .number("rowHeight", 0)],
                    within: 1e-9)
        // Not destructive, the full swipe is 0.525 of the width (204.75 pt) and the row closes after it.
        var archive = try Session(Self.row(["firstTrailingDestructive": false]))
        let performed = try archive.apply(Self.swipe(Array(repeating: -20, count: 11), still: 1))
        #expect(performed.map(\.name) == ["actionTriggered"], "210 pt past the hysteresis: 210 ≥ 204.75")
        expectFrame(archive.frame(at: 5), [.number("offset", 0), .string("phase", "closed"), .bool("fullSwipeArmed", false), .number("rowHeight", 44)],
                    within: 1e-9)
    }

    @Test("Three actions open to 222 pt; a tap on the middle button performs action 1 and closes; a tap on the content of an open row closes it")
    func buttonsAndContentTaps() throws {
        var session = try Session(Self.row(["trailingActions": 3, "firstTrailingDestructive": false]))
        try session.apply(Self.swipe(Array(repeating: -20, count: 11) + [-12]))
        #expect(session.frame(at: 2).number("offset") == -222)
        #expect(session.frame(at: 2).layer("trailing1")?.frame == Rect(x: 242, y: 0, width: 74, height: 44))
        expectEmissions(try session.apply(tap(280, 22, at: 2)),
                        [Emission(t: 2.05, name: "actionTriggered", fields: [.bool("trailing", true), .number("index", 1)])])
        #expect(session.frame(at: 4).number("offset") == 0)
        try session.apply(Self.swipe(Array(repeating: -20, count: 11) + [-12]).map { TimedInput(t: $0.t + 5, input: $0.input) })
        #expect(session.frame(at: 7)["phase"] == .string("open"))
        #expect(try session.apply(tap(100, 22, at: 7)).isEmpty)
        expectFrame(session.frame(at: 9), [.number("offset", 0), .string("phase", "closed"), .bool("fullSwipeArmed", false), .number("rowHeight", 44)],
                    within: 1e-9)
    }

    @Test("With no leading action a swipe right does nothing; with one it opens to the right")
    func leading() throws {
        var none = try Session(Self.row())
        try none.apply(ScrollViewTests.drag(from: Point(x: 20, y: 22), [(20, 0), (20, 0), (20, 0), (0, 0), (0, 0), (0, 0)]))
        #expect(none.frame(at: 2).number("offset") == 0)
        var pin = try Session(Self.row(["leadingActions": 1]))
        try pin.apply(ScrollViewTests.drag(from: Point(x: 20, y: 22), [(20, 0), (20, 0), (20, 0), (0, 0), (0, 0), (0, 0)]))
        expectClose(pin.frame(at: 3).number("offset"), 74, within: 1e-9)
        #expect(pin.frame(at: 3).layer("leading")?.frame == Rect(x: 0, y: 0, width: 74, height: 44))
    }
}
