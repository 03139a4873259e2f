import Testing
@testable import AnimationCore

/// UIPageControl, the built-in definition `pageControl` (Sources/BuiltIns/Controls/12-pageControl.json,
/// docs/fidelity.md#page-control). With the defaults: 390 pt wide, 5 dots of 7 pt 8 pt apart, so the
/// row is 5·7 + 4·8 = 67 pt and starts at (390 − 67) / 2 = 161.5; dot k's centre is 165 + 15k (oracle §30).
@Suite("Page control (UIPageControl)")
struct PageControlTests {
    static func pageControl(_ config: JSON = [:]) throws -> ControlInstance {
        try builtIn("pageControl", config)
    }

    static func setCurrentPage(_ page: Double, animated: Bool) -> Command {
        Command("setCurrentPage", [.number(page), .bool(animated)])
    }

    @Test("At rest: five 7 pt dots 15 pt apart, centred; the first in the current colour, the others in the page colour")
    func atRest() throws {
        let frame = try Session(Self.pageControl()).frame(at: 0)
        expectFrame(frame, [.number("currentPage", 0), .number("displayedPage", 0), .bool("isScrubbing", false)])
        for k in 0..<5 {
            #expect(frame.layer("dot\(k)")?.frame == Rect(x: 161.5 + 15 * Double(k), y: 9.5, width: 7, height: 7), "dot \(k)")
            #expect(frame.layer("dot\(k)")?.cornerRadius == 3.5)
        }
        #expect(frame.layer("dot0")?.backgroundColor == Color(rgb: 0xFFFFFF))
        #expect(frame.layer("dot1")?.backgroundColor == Color(red: 1, green: 1, blue: 1, alpha: Double(0x4d) / 255))
        #expect(frame.layer("dot5") == nil, "only numberOfPages dots")
    }

    @Test("A tap on the right half goes forward a page, on the left half back, never past an end; valueChanged each time")
    func tapHalves() throws {
        var session = try Session(Self.pageControl())
        expectEmissions(try session.apply(tap(300, 13, at: 0)), [Emission(t: 0.05, name: "valueChanged", fields: [.number("currentPage", 1)])])
        expectEmissions(try session.apply(tap(380, 13, at: 1)), [Emission(t: 1.05, name: "valueChanged", fields: [.number("currentPage", 2)])])
        expectEmissions(try session.apply(tap(20, 13, at: 2)), [Emission(t: 2.05, name: "valueChanged", fields: [.number("currentPage", 1)])])
        // The left half's edge is the middle: a tap at 194 (left of 195) goes back, even on the current dot's right.
        expectEmissions(try session.apply(tap(194, 13, at: 3)), [Emission(t: 3.05, name: "valueChanged", fields: [.number("currentPage", 0)])])
        #expect(try session.apply(tap(20, 13, at: 4)).isEmpty, "nothing before the first page")
        var last = try Session(Self.pageControl(["currentPage": 4]))
        #expect(try last.apply(tap(300, 13, at: 0)).isEmpty, "nothing after the last page")
    }

    @Test("The displayed page springs to the current page (response 0.3, ζ 1: 1 − (1 + ωt)e^(−ωt), ω = 2π/0.3)")
    func displayedPageSprings() throws {
        var session = try Session(Self.pageControl())
        try session.apply(tap(300, 13, at: 0))
        for (dt, shown) in [(0.05, 0.281597830), (0.1, 0.618941609), (0.2, 0.921313969)] {
            expectClose(session.frame(at: 0.05 + dt).number("displayedPage"), shown, within: 1e-6, "at the lift + \(dt)")
        }
        #expect(session.frame(at: 0.05).number("currentPage") == 1, "the page changes at once")
        let rest = session.frame(at: 3)
        #expect(rest.layer("dot1")?.backgroundColor == Color(rgb: 0xFFFFFF))
        #expect(rest.layer("dot0")?.backgroundColor == Color(red: 1, green: 1, blue: 1, alpha: Double(0x4d) / 255))
    }

    @Test("A drag along the dots scrubs: past the pan's 10 pt the dot under the finger is current, valueChanged per change; no tap")
    func scrubs() throws {
        var session = try Session(Self.pageControl())
        let emitted = try session.apply([.down(165, 13, at: 0), .move(180, 13, at: 0.05), .move(183, 13, at: 0.1),
                                         .move(226, 13, at: 0.15), .move(400, 13, at: 0.2), .up(400, 13, at: 0.25)])
        // floor((x − 161.5 + 4) / 15): 180 → 1, 183 → 1 (no change), 226 → 4, 400 → clamped to 4.
        expectEmissions(emitted, [Emission(t: 0.05, name: "valueChanged", fields: [.number("currentPage", 1)]),
                                  Emission(t: 0.15, name: "valueChanged", fields: [.number("currentPage", 4)])])
        #expect(session.frame(at: 0.2)["isScrubbing"] == .bool(true))
        var off = try Session(Self.pageControl(["allowsContinuousInteraction": false]))
        #expect(try off.apply([.down(165, 13, at: 0), .move(226, 13, at: 0.05), .up(226, 13, at: 0.1)]).isEmpty,
                "without continuous interaction a drag does nothing (and is no tap)")
    }

    @Test("setCurrentPage moves the page and sends nothing; hidesForSinglePage hides the single dot")
    func commandsAndSinglePage() throws {
        var session = try Session(Self.pageControl())
        #expect(try session.apply([.command(Self.setCurrentPage(3, animated: false), at: 0)]).isEmpty)
        expectFrame(session.frame(at: 0), [.number("currentPage", 3), .number("displayedPage", 3), .bool("isScrubbing", false)])
        #expect(try session.apply([.command(Self.setCurrentPage(9, animated: true), at: 1)]).isEmpty)
        #expect(session.frame(at: 1).number("currentPage") == 4, "clamped to the last page")
        expectClose(session.frame(at: 1.1).number("displayedPage"), 3.618941609, within: 1e-6)
        let single = try Session(Self.pageControl(["numberOfPages": 1, "hidesForSinglePage": true])).frame(at: 0)
        #expect(single.layer("dot0") == nil && single.layer("background") == nil)
        let shown = try Session(Self.pageControl(["numberOfPages": 1])).frame(at: 0)
        #expect(shown.layer("dot0")?.frame == Rect(x: 191.5, y: 9.5, width: 7, height: 7))
    }
}
