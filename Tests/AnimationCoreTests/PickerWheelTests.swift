import Testing
@testable import AnimationCore

/// UIPickerView's wheel, the built-in definition `pickerWheel` (Sources/BuiltIns/Controls/14-pickerWheel.json,
/// docs/fidelity.md#picker-wheel). Literals from oracle §32, computed from the decompiled rules:
/// _UIPickerViewStyle_iOS (216 pt, 32 pt rows, radius 216/π·1.05, m34 −1/900) and UIPickerTableView's
/// scrollViewWillEndDragging: (the nearer row to UIScrollView's target, oracle §28).
@Suite("Picker wheel (UIPickerView)")
struct PickerWheelTests {
    static func picker(_ config: JSON = [:]) throws -> ControlInstance {
        try builtIn("pickerWheel", config)
    }

    static func setRow(_ row: Double, animated: Bool) -> Command {
        Command("selectRow", [.number(row), .bool(animated)])
    }

    /// A layer's translationX, translationY, scaleX, scaleY (LayerSchema's transform part).
    static func transform(_ layer: Layer) -> [Double] {
        (layer.part("transform") ?? []).prefix(4).map { if case let .number(v) = $0 { v } else { .nan } }
    }

    @Test("At rest: the selected row flat in the bar; the rows below and above turned on the cylinder, shrunk in perspective and faded")
    func curvature() throws {
        let frame = try Session(Self.picker()).frame(at: 0)
        #expect(frame.layer("bar")?.frame == Rect(x: 9, y: 92, width: 302, height: 32))
        let centre = try #require(frame.layer("row4"), "row 0 is the centre copy")
        #expect(centre.frame == Rect(x: 100, y: 98, width: 120, height: 20))
        #expect(centre.opacity == 1)
        #expect(Self.transform(centre) == [0, 0, 1, 1], "flat inside the bar")
        // R = 72.192682269; row 1 at 32 pt: φ = 0.443258222, w = 1 + R(1 − cos φ)/900.
        for (id, ty, sx, sy, opacity) in [("row5", -1.275808491, 0.992307665, 0.896410118, 0.780991268),
                                          ("row6", -9.663190023, 0.971336306, 0.613996419, 0.731798313),
                                          ("row7", -29.928867091, 0.942447201, 0.224957321, 0.689108695)] {
            let layer = try #require(frame.layer(id), "\(id) is drawn")
            let transform = Self.transform(layer)
            expectClose(transform[1], ty, within: 1e-6, "\(id) translationY")
            expectClose(transform[2], sx, within: 1e-6, "\(id) scaleX")
            expectClose(transform[3], sy, within: 1e-6, "\(id) scaleY")
            expectClose(layer.opacity, opacity, within: 1e-6, "\(id) opacity")
        }
        #expect(frame.layer("row8") == nil, "row 4 at 128 pt is past a quarter turn (φ 1.773 > π/2)")
        #expect(frame.layer("row3") == nil, "no row above row 0")
    }

    @Test("A flick's target (oracle §28: 702.790397 at 1228.8 pt/s) goes to the nearer row, 704; the wheel decelerates onto it and then didSelectRow")
    func flickSnapsToARow() throws {
        var session = try Session(Self.picker(["numberOfRows": 40]))
        let emitted = try session.apply(ScrollViewTests.drag(from: Point(x: 160, y: 200), Array(repeating: (0, -20), count: 5) + [(0, -4)]))
        expectEmissions(emitted, [Emission(t: 6.0 / 64, name: "scrollViewWillEndDragging", fields: [
            .number("velocityY", 1.2288), .number("targetContentOffsetY", 704)])], within: 1e-9)
        #expect(session.frame(at: 6.0 / 64).number("contentOffsetY") == 94)
        // The rate that lands the decay there: exp(−(1.2288 − 0.01)/(704 − 94)) = 0.998003962; 10 pt/s after 2.407973 s.
        let done = try session.apply([.command(Self.setRow(22, animated: false), at: 4)])
        let selected = try #require(done.first { $0.name == "didSelectRow" }, "didSelectRow when it settles")
        #expect(selected.fields == [Field("row", .number(22)), Field("component", .number(0))])
        #expect(selected.t > 6.0 / 64 + 2.3 && selected.t < 6.0 / 64 + 2.5, "about 2.408 s after the release")
        #expect(session.frame(at: 4).number("contentOffsetY") == 704, "resting exactly on the row")
    }

    @Test("Released at 240 pt/s (under 250) it does not decelerate: the target is where it is, the nearer row is animated to (0.3 s, sin²)")
    func slowReleaseAnimates() throws {
        var session = try Session(Self.picker())
        let emitted = try session.apply(ScrollViewTests.drag(from: Point(x: 160, y: 200), [(0, -20), (0, -3.75), (0, -3.75), (0, -3.75)]))
        expectEmissions(emitted, [Emission(t: 4.0 / 64, name: "scrollViewWillEndDragging", fields: [
            .number("velocityY", 0), .number("targetContentOffsetY", 32)])])
        let release = 4.0 / 64
        #expect(session.frame(at: release).number("contentOffsetY") == 21.25)
        expectClose(session.frame(at: release + 0.15).number("contentOffsetY"), 26.625, within: 1e-9, "half-way on sin²")
        let rest = try session.apply([.command(Self.setRow(1, animated: false), at: 1)])
        #expect(rest.first?.name == "didSelectRow" && rest.first?.t == release + 0.3)
        #expect(rest.first?.fields.first == Field("row", .number(1)))
    }

    @Test("A tap on a row below scrolls it into the bar and selects it; selectRow moves without a callback")
    func tapAndSelectRow() throws {
        var session = try Session(Self.picker())
        let emitted = try session.apply(tap(160, 172, at: 0) + [.command(Self.setRow(2, animated: false), at: 1)])
        expectEmissions(emitted, [Emission(t: 0.35, name: "didSelectRow", fields: [.number("row", 2), .number("component", 0)])])
        #expect(session.frame(at: 0.9).number("contentOffsetY") == 64)
        #expect(try session.apply([.command(Self.setRow(7, animated: false), at: 2)]).isEmpty)
        expectFrame(session.frame(at: 2), [.number("selectedRow", 7), .number("contentOffsetY", 224), .bool("isDragging", false), .bool("isSettling", false)])
    }
}
