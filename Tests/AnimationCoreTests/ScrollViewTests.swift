import Testing
@testable import AnimationCore

/// UIScrollView as the built-in definition `scrollView` (Sources/BuiltIns/Controls/10-scrollView.json,
/// docs/fidelity.md#scroll-view): a pan tracks 1:1 past the hysteresis, rubber-bands beyond the
/// content, and on release the content decelerates, bounces back at an edge, or pages; a touch
/// stops it; setContentOffset animates on sin². Literals from oracle §13–§16, §21 and §25.
@Suite("Scroll view (UIScrollView)")
struct ScrollViewTests {
    static func scrollView(_ config: JSON = [:]) throws -> ControlInstance {
        try builtIn("scrollView", config)
    }

    /// A finger down at `start` at `t0`, moved by each step every 1/64 s (binary-exact times, so a
    /// step of d points is a velocity sample of exactly 64·d pt/s), lifted where it ends up.
    static func drag(from start: Point, _ steps: [(x: Double, y: Double)], at t0: Double = 0) -> [TimedInput] {
        var events: [TimedInput] = [.down(start.x, start.y, at: t0)]
        var point = start
        for (k, step) in steps.enumerated() {
            point = Point(x: point.x + step.x, y: point.y + step.y)
            events.append(.move(point.x, point.y, at: t0 + Double(k + 1) / 64))
        }
        events.append(.up(point.x, point.y, at: t0 + Double(steps.count) / 64))
        return events
    }

    /// Oracle §25: the finger up 15.625 pt every 1/64 s, 8 moves: released at 0.125 s at offset
    /// 125 − 10 (the hysteresis) = 115, moving 1000 pt/s.
    static let flick = drag(from: Point(x: 200, y: 600), Array(repeating: (0, -15.625), count: 8))

    static func offsetY(_ session: Session, at t: Double) -> Double {
        session.frame(at: t).number("contentOffsetY")
    }

    static func setContentOffset(x: Double, y: Double, animated: Bool, at t: Double) -> TimedInput {
        .command(Command("setContentOffset", [.number(x), .number(y), .bool(animated)]), at: t)
    }

    // MARK: Content size and offset

    @Test("At rest: the offset given, the content and its zebra rows drawn at minus the offset")
    func atRest() throws {
        let frame = try Session(Self.scrollView(["contentOffsetY": 115])).frame(at: 0)
        expectFrame(frame, [.number("contentOffsetX", 0), .number("contentOffsetY", 115), .bool("isTracking", false),
                            .bool("isDragging", false), .bool("isDecelerating", false), .bool("isScrollAnimating", false)])
        #expect(frame.layer("bounds") == Layer(id: "bounds", frame: Rect(x: 0, y: 0, width: 390, height: 844),
                                               backgroundColor: Palette.white))
        #expect(frame.layer("content")?.frame == Rect(x: 0, y: -115, width: 390, height: 2000))
        // Rows of 44: the first visible one is row 2 (88…132); the first odd one, row 3, at 132 − 115.
        let rows = frame.layers.filter { $0.id.hasPrefix("row") }
        #expect(rows.first?.frame == Rect(x: 0, y: 17, width: 390, height: 44))
        #expect(rows.map(\.frame.minY) == (0..<10).map { 17 + 88 * Double($0) }, "every other row until the bottom")
        #expect(rows.allSatisfy { $0.backgroundColor == Color(rgb: 0xF2F2F7) })
        #expect(frame.layer("page") == nil, "not wider than the bounds: no page tint")
    }

    // MARK: Pan

    @Test("A pan tracks 1:1 once past the 10 pt hysteresis, the offset against the finger")
    func panTracks() throws {
        var session = try Session(Self.scrollView(["contentOffsetY": 300]))
        try session.apply([.down(200, 500, at: 0), .move(200, 494, at: 0.01)])
        #expect(Self.offsetY(session, at: 0.01) == 300, "6 pt: the pan has not begun")
        expectEmissions(try session.apply([.move(200, 480, at: 0.02)]), [Emission(t: 0.02, name: "scrollViewWillBeginDragging")])
        #expect(Self.offsetY(session, at: 0.02) == 310, "20 pt up, less the 10 of hysteresis")
        try session.apply([.move(170, 380, at: 0.03)])
        #expect(Self.offsetY(session, at: 0.03) == 410)
        #expect(session.frame(at: 0.03).number("contentOffsetX") == 0, "the content is not wider: x stays")
        #expect(session.frame(at: 0.03)["isDragging"] == .bool(true))
        #expect(session.frame(at: 0.03)["isTracking"] == .bool(true))
    }

    @Test("Beyond the top the offset rubber-bands: 100 pt over shows 51.635150 (c 0.55, d 844; oracle §15)")
    func rubberBand() throws {
        var session = try Session(Self.scrollView())
        try session.apply([.down(200, 300, at: 0), .move(200, 310, at: 1.0 / 64), .move(200, 410, at: 2.0 / 64)])
        expectClose(Self.offsetY(session, at: 2.0 / 64), -51.635150, within: 1e-6)
        // Past the bottom (max 1156) the same band: 200 over shows 97.316562.
        var bottom = try Session(Self.scrollView(["contentOffsetY": 1156]))
        try bottom.apply([.down(200, 700, at: 0), .move(200, 690, at: 0.05), .move(200, 490, at: 0.1)])
        expectClose(Self.offsetY(bottom, at: 0.1), 1156 + 97.316562, within: 1e-6)
        // bounces false holds it at the edge.
        var held = try Session(Self.scrollView(["bounces": false]))
        try held.apply([.down(200, 300, at: 0), .move(200, 310, at: 0.05), .move(200, 410, at: 0.1)])
        #expect(Self.offsetY(held, at: 0.1) == 0)
    }

    // MARK: Deceleration

    @Test("A 1000 pt/s flick decelerates from 115 and rests at 609.01 after 2300.28 ms; its target 609.504835 (.normal; oracle §25, §28)")
    func flickNormal() throws {
        var session = try Session(Self.scrollView())
        let emitted = try session.apply(Self.flick)
        expectEmissions(emitted, [
            Emission(t: 1.0 / 64, name: "scrollViewWillBeginDragging"),
            Emission(t: 0.125, name: "scrollViewWillEndDragging", fields: [
                .number("velocityX", 0), .number("velocityY", 1), .number("targetContentOffsetX", 0),
                .number("targetContentOffsetY", 609.504834835)]),
            Emission(t: 0.125, name: "scrollViewDidEndDragging", fields: [.bool("willDecelerate", true)]),
            Emission(t: 0.125, name: "scrollViewWillBeginDecelerating"),
        ])
        #expect(Self.offsetY(session, at: 0.125) == 115)
        expectClose(Self.offsetY(session, at: 0.225), 205.535164, within: 1e-6)
        expectClose(Self.offsetY(session, at: 0.625), 430.611884, within: 1e-6)
        #expect(session.frame(at: 1)["isDecelerating"] == .bool(true))
        expectEmissions(session.emissions(from: 0.2, to: 10), [Emission(t: 2.4252817, name: "scrollViewDidEndDecelerating")],
                        within: 1e-7)
        expectClose(Self.offsetY(session, at: 2.43), 609.01, within: 1e-9)
        #expect(session.frame(at: 2.43)["isDecelerating"] == .bool(false))
        #expect(session.frame(at: 2.42)["isDecelerating"] == .bool(true))
    }

    @Test("The same flick with decelerationRate .fast (0.99) rests at 213.01 after 458.21 ms; its target 213.504171 (oracle §25, §28)",
          arguments: [0.99, 0.993, 0.5])
    func flickFast(rate: Double) throws {
        // UIKit keeps .fast for any rate below 0.994 (setDecelerationRate:).
        var session = try Session(Self.scrollView(["decelerationRate": .number(rate)]))
        let emitted = try session.apply(Self.flick)
        let target = emitted.first { $0.name == "scrollViewWillEndDragging" }?.fields.last
        #expect(target?.name == "targetContentOffsetY")
        if case let .number(y)? = target?.value { expectClose(y, 213.504170849, within: 1e-9) } else { Issue.record("no target") }
        expectClose(Self.offsetY(session, at: 0.225), 177.762798, within: 1e-6)
        expectEmissions(session.emissions(from: 0.2, to: 10), [Emission(t: 0.5832106, name: "scrollViewDidEndDecelerating")],
                        within: 1e-7)
        expectClose(Self.offsetY(session, at: 1), 213.01, within: 1e-9)
    }

    @Test("A decelerationRate of 0.994 or more is kept as .normal (0.998): 0.994 and 0.9999 move as the default (oracle §28)",
          arguments: [0.994, 0.9999])
    func rateMappedToNormal(rate: Double) throws {
        var session = try Session(Self.scrollView(["decelerationRate": .number(rate)]))
        try session.apply(Self.flick)
        expectClose(Self.offsetY(session, at: 0.225), 205.535164, within: 1e-6)
        expectClose(Self.offsetY(session, at: 2.43), 609.01, within: 1e-9)
    }

    @Test("Released slower than 250 pt/s inside the content it stays: willEndDragging hears velocity 0 and its offset (oracle §28)")
    func slowRelease() throws {
        var session = try Session(Self.scrollView())
        // 3.75 pt per 1/64 s is 240 pt/s at the last two updates; released at 20 + 11.25 − 10 = 21.25.
        let emitted = try session.apply(Self.drag(from: Point(x: 200, y: 600), [(0, -20), (0, -3.75), (0, -3.75), (0, -3.75)]))
        expectEmissions(emitted, [
            Emission(t: 1.0 / 64, name: "scrollViewWillBeginDragging"),
            Emission(t: 4.0 / 64, name: "scrollViewWillEndDragging", fields: [
                .number("velocityX", 0), .number("velocityY", 0), .number("targetContentOffsetX", 0),
                .number("targetContentOffsetY", 21.25)]),
            Emission(t: 4.0 / 64, name: "scrollViewDidEndDragging", fields: [.bool("willDecelerate", false)]),
        ])
        #expect(session.emissions(from: 0.1, to: 10).isEmpty)
        #expect(Self.offsetY(session, at: 5) == 21.25)
    }

    @Test("Released at 260 pt/s it decelerates: target 22.1875 + 124.874958292 (oracle §28)")
    func releaseAboveThreshold() throws {
        var session = try Session(Self.scrollView())
        let emitted = try session.apply(Self.drag(from: Point(x: 200, y: 600), [(0, -20), (0, -4.0625), (0, -4.0625), (0, -4.0625)]))
        expectEmissions(Array(emitted.dropFirst()), [
            Emission(t: 4.0 / 64, name: "scrollViewWillEndDragging", fields: [
                .number("velocityX", 0), .number("velocityY", 0.26), .number("targetContentOffsetX", 0),
                .number("targetContentOffsetY", 147.062458292)]),
            Emission(t: 4.0 / 64, name: "scrollViewDidEndDragging", fields: [.bool("willDecelerate", true)]),
            Emission(t: 4.0 / 64, name: "scrollViewWillBeginDecelerating"),
        ])
        // It rests where 260 pt/s decays to 10: 22.1875 + 0.26·499·(1 − 0.01/0.26) = 146.9375.
        expectClose(Self.offsetY(session, at: 5), 146.9375, within: 1e-9)
    }

    @Test("The release velocity is 0.75 of the update before the last plus 0.25 of the last: 1228.8 pt/s, not 1075.2 (oracle §28)")
    func releaseSmoothing() throws {
        var session = try Session(Self.scrollView())
        // The pan's velocity at its updates: 1280 five times, then 1075.2 (0.2·256 + 0.8·1280).
        let emitted = try session.apply(Self.drag(from: Point(x: 200, y: 600), Array(repeating: (0, -20), count: 5) + [(0, -4)]))
        let release = 6.0 / 64
        expectEmissions(emitted.filter { $0.name == "scrollViewWillEndDragging" }, [
            Emission(t: release, name: "scrollViewWillEndDragging", fields: [
                .number("velocityX", 0), .number("velocityY", 1.2288), .number("targetContentOffsetX", 0),
                .number("targetContentOffsetY", 702.790397)])
        ], within: 1e-6)
        #expect(Self.offsetY(session, at: release) == 94)
        expectClose(Self.offsetY(session, at: release + 0.1), 205.249610, within: 1e-6)
        expectClose(Self.offsetY(session, at: release + 0.5), 481.823883, within: 1e-6)
        expectEmissions(session.emissions(from: 0.2, to: 10), [Emission(t: 2.496947728, name: "scrollViewDidEndDecelerating")],
                        within: 1e-7)
        expectClose(Self.offsetY(session, at: 3), 702.1812, within: 1e-9)
    }

    // MARK: Bounce

    @Test("Released 51.64 pt past the top at rest, it bounces back as 51.64·e^(−0.01005 t), stopping at 461.43 ms (oracle §25)")
    func bouncesBackFromAPull() throws {
        var session = try Session(Self.scrollView())
        // Held still for three updates, so the last two pan velocities are 0 (a released 0.75·5120 otherwise).
        let release = 5.0 / 64
        let emitted = try session.apply(Self.drag(from: Point(x: 200, y: 300), [(0, 10), (0, 100), (0, 0), (0, 0), (0, 0)]))
        #expect(emitted.last?.name == "scrollViewWillBeginDecelerating", "overscrolled: it decelerates (bounces)")
        expectClose(Self.offsetY(session, at: release), -51.635150, within: 1e-6)
        for (ms, offset) in [(50.0, -31.240104), (100, -18.900770), (200, -6.918525)] {
            expectClose(Self.offsetY(session, at: release + ms / 1000), offset, within: 1e-5, "at \(ms) ms")
        }
        let ended = session.emissions(from: release + 0.01, to: 10)
        expectEmissions(ended, [Emission(t: release + 0.461427843, name: "scrollViewDidEndDecelerating")], within: 1e-7)
        #expect(Self.offsetY(session, at: release + 0.462) == 0, "pinned onto the edge")
    }

    @Test("Flicked into the bottom edge it overshoots to 1219.27 at 116.41 ms and stops at the edge at 750.08 ms (oracle §25, §14)")
    func bouncesAtTheBottom() throws {
        var session = try Session(Self.scrollView(["contentOffsetY": 991]))
        try session.apply(Self.drag(from: Point(x: 200, y: 600), Array(repeating: (0, -31.25), count: 4)))
        let release = 4.0 / 64
        #expect(Self.offsetY(session, at: release) == 1106)
        for (ms, offset) in [(50.0, 1191.289123), (100, 1218.100530), (200, 1204.437085), (400, 1167.617192)] {
            expectClose(Self.offsetY(session, at: release + ms / 1000), offset, within: 1e-5, "at \(ms) ms")
        }
        expectClose(Self.offsetY(session, at: release + 0.116411924), 1219.266269, within: 1e-5, "the peak")
        expectEmissions(session.emissions(from: 0.1, to: 10),
                        [Emission(t: release + 0.750077984, name: "scrollViewDidEndDecelerating")], within: 1e-7)
        #expect(Self.offsetY(session, at: 1) == 1156)
    }

    // MARK: Paging

    /// Five pages of 390 side by side, paging on.
    static func pages() throws -> ControlInstance {
        try scrollView(["isPagingEnabled": true, "contentWidth": 1950, "contentHeight": 844])
    }

    @Test("Paging picks the page by the release velocity (oracle §16): 100 at 400 pt/s → 390, at 200 → 0; 380 at 2000 → 390, never 780",
          arguments: [([-87.5, -6.25, -6.25], 390.0), ([-93.75, -3.125, -3.125], 0.0), ([-317.5, -31.25, -31.25], 390.0)] as [([Double], Double)])
    func pagingPicks(steps: [Double], page: Double) throws {
        var session = try Session(Self.pages())
        let emitted = try session.apply(Self.drag(from: Point(x: 300, y: 400), [(-10, 0)] + steps.map { ($0, 0) }))
        let released = -steps.reduce(0, +)
        #expect(session.frame(at: 4.0 / 64).number("contentOffsetX") == released)
        let willEnd = emitted.first { $0.name == "scrollViewWillEndDragging" }
        #expect(willEnd?.fields.first { $0.name == "targetContentOffsetX" }?.value == .number(page))
        expectClose(session.frame(at: 3).number("contentOffsetX"), page, within: 0)
    }

    @Test("From 100 at 400 pt/s the paging spring reaches 390 and snaps there after 333 ms (oracle §16)")
    func pagingSpring() throws {
        var session = try Session(Self.pages())
        // Three moves of 6.25 pt: the last two updates both at 400 pt/s, so the release is 400 too.
        try session.apply(Self.drag(from: Point(x: 300, y: 400), [(-10, 0), (-81.25, 0), (-6.25, 0), (-6.25, 0), (-6.25, 0)]))
        let release = 5.0 / 64
        for (ms, x) in [(50.0, 172.796449972), (100, 264.742063988), (200, 364.777336495), (300, 388.336905069)] {
            expectClose(session.frame(at: release + ms / 1000).number("contentOffsetX"), x, within: 1e-6, "at \(ms) ms")
        }
        expectEmissions(session.emissions(from: 0.1, to: 10), [Emission(t: release + 0.333, name: "scrollViewDidEndDecelerating")],
                        within: 1e-12)
        #expect(session.frame(at: release + 0.3331).number("contentOffsetX") == 390)
        #expect(session.frame(at: 1).layer("page")?.frame == Rect(x: 0, y: 0, width: 390, height: 844),
                "page 1 (the odd one) tinted, now in view")
    }

    @Test("Paging released at 200 pt/s: the page is picked at 200 (390, towards it) but the spring starts at rest, snapping after 338 ms (oracle §28)")
    func pagingSlowRelease() throws {
        var session = try Session(Self.pages())
        let emitted = try session.apply(Self.drag(from: Point(x: 300, y: 400), [(-10, 0), (-237.5, 0), (-3.125, 0), (-3.125, 0)]))
        let release = 4.0 / 64
        expectEmissions(emitted.filter { $0.name == "scrollViewWillEndDragging" }, [
            Emission(t: release, name: "scrollViewWillEndDragging", fields: [
                .number("velocityX", 0), .number("velocityY", 0), .number("targetContentOffsetX", 390),
                .number("targetContentOffsetY", 0)])
        ])
        #expect(session.frame(at: release).number("contentOffsetX") == 243.75)
        for (ms, x) in [(50.0, 275.858010487), (100, 322.786672941), (200, 375.987150006)] {
            expectClose(session.frame(at: release + ms / 1000).number("contentOffsetX"), x, within: 1e-6, "at \(ms) ms")
        }
        expectEmissions(session.emissions(from: 0.1, to: 10), [Emission(t: release + 0.338, name: "scrollViewDidEndDecelerating")],
                        within: 1e-12)
    }

    // MARK: A touch during deceleration

    @Test("A touch-down during deceleration stops it at once and sends scrollViewDidEndDecelerating; lifting leaves it there")
    func touchStops() throws {
        var session = try Session(Self.scrollView())
        try session.apply(Self.flick)
        expectEmissions(try session.apply([.down(100, 400, at: 0.625)]), [Emission(t: 0.625, name: "scrollViewDidEndDecelerating")])
        expectClose(Self.offsetY(session, at: 0.625), 430.611884, within: 1e-6, "oracle §25")
        #expect(Self.offsetY(session, at: 3) == Self.offsetY(session, at: 0.625))
        #expect(try session.apply([.up(100, 400, at: 0.7)]).isEmpty)
        #expect(session.emissions(from: 0.63, to: 10).isEmpty, "the stop's end is not sent again")
        #expect(Self.offsetY(session, at: 3) == Self.offsetY(session, at: 0.625))
        #expect(session.frame(at: 3)["isDecelerating"] == .bool(false))
        // iOS 9–10 did not send it: a parameter.
        var quiet = try Session(Self.scrollView(["didEndDeceleratingOnTouchStop": false]))
        try quiet.apply(Self.flick)
        #expect(try quiet.apply([.down(100, 400, at: 0.625)]).isEmpty)
    }

    @Test("Touched mid-bounce and lifted without a drag, it bounces back from where it was held")
    func touchHoldsABounce() throws {
        var session = try Session(Self.scrollView())
        let release = 5.0 / 64
        try session.apply(Self.drag(from: Point(x: 200, y: 300), [(0, 10), (0, 100), (0, 0), (0, 0), (0, 0)]))
        try session.apply([.down(200, 500, at: release + 0.1)])
        expectClose(Self.offsetY(session, at: release + 0.5), -18.900770, within: 1e-5, "held at its 100 ms offset")
        let emitted = try session.apply([.up(200, 500, at: release + 0.5)])
        #expect(emitted.isEmpty)
        // 18.900770·e^(−0.01005 t) falls below 0.5 pt after ln(37.80154)/0.01005 = 361.43 ms.
        expectEmissions(session.emissions(from: release + 0.6, to: 10),
                        [Emission(t: release + 0.5 + 0.361427843, name: "scrollViewDidEndDecelerating")], within: 1e-6)
    }

    @Test("A drag that starts mid-bounce picks the content up where it shows, without a jump")
    func dragFromABounce() throws {
        var session = try Session(Self.scrollView())
        let release = 5.0 / 64
        try session.apply(Self.drag(from: Point(x: 200, y: 300), [(0, 10), (0, 100), (0, 0), (0, 0), (0, 0)]))
        let t = release + 0.1
        try session.apply([.down(200, 500, at: t), .move(200, 510, at: t + 0.01)])
        expectClose(Self.offsetY(session, at: t + 0.01), -18.900770, within: 1e-5, "the pan began with no translation left")
    }

    // MARK: setContentOffset

    @Test("setContentOffset animated moves on sin² over 0.3 s (oracle §21), then scrollViewDidEndScrollingAnimation")
    func setContentOffsetAnimated() throws {
        var session = try Session(Self.scrollView())
        #expect(try session.apply([Self.setContentOffset(x: 0, y: 300, animated: true, at: 1)]).isEmpty)
        for (t, y) in [(1.075, 43.933983), (1.15, 150), (1.225, 256.066017)] {
            expectClose(Self.offsetY(session, at: t), y, within: 1e-6, "at \(t)")
        }
        #expect(session.frame(at: 1.1)["isScrollAnimating"] == .bool(true))
        #expect(session.emissions(from: 0, to: 5) == [Emission(t: 1.3, name: "scrollViewDidEndScrollingAnimation")])
        #expect(Self.offsetY(session, at: 1.3) == 300)
        // Not animated: there at once, nothing sent (the batch delivers the 1.3 s callback, due before it);
        // it may lie beyond the content, as UIKit allows.
        #expect(try session.apply([Self.setContentOffset(x: 0, y: -40, animated: false, at: 2)])
                == [Emission(t: 1.3, name: "scrollViewDidEndScrollingAnimation")])
        #expect(Self.offsetY(session, at: 2) == -40)
        #expect(session.emissions(from: 1.5, to: 5).isEmpty)
    }

    @Test("A touch during setContentOffset's animation stops it, sending nothing")
    func touchStopsAnimation() throws {
        var session = try Session(Self.scrollView())
        try session.apply([Self.setContentOffset(x: 0, y: 300, animated: true, at: 1), .down(100, 100, at: 1.15)])
        expectClose(Self.offsetY(session, at: 2), 150, within: 1e-9, "held at the midpoint")
        #expect(session.emissions(from: 0, to: 5).isEmpty)
    }

    @Test("isScrollEnabled false: a drag moves nothing and sends nothing")
    func scrollDisabled() throws {
        var session = try Session(Self.scrollView(["isScrollEnabled": false]))
        #expect(try session.apply(Self.flick).isEmpty)
        #expect(Self.offsetY(session, at: 1) == 0)
    }

    // MARK: Frame rates

    @Test("Frames at 60, 120 and 240 fps agree exactly at their shared times: a flick, a touch, a pull, paging")
    func frameRates() throws {
        let scripts: [(ControlInstance, [TimedInput])] = [
            (try Self.scrollView(), Self.flick + [.down(100, 400, at: 1.5), .up(100, 400, at: 1.6)]
                + Self.drag(from: Point(x: 200, y: 300), [(0, 10), (0, 900), (0, 0)], at: 2)),
            (try Self.pages(), Self.drag(from: Point(x: 300, y: 400), [(-10, 0), (-87.5, 0), (-6.25, 0), (-6.25, 0)])),
        ]
        for (configuration, events) in scripts {
            expectFrameRatesAgree(try Session(configuration, events), through: 3)
        }
    }
}

/// A session's frames from 0 to `end` at 60, 120 and 240 fps are identical at the times the grids
/// share (every 1/60 s), as the seed controls' are.
func expectFrameRatesAgree(_ session: Session, through end: Double, sourceLocation: SourceLocation = #_sourceLocation) {
    let f60 = session.frames(from: 0, to: end, fps: 60)
    let f120 = session.frames(from: 0, to: end, fps: 120)
    let f240 = session.frames(from: 0, to: end, fps: 240)
    #expect(f60.count == Int(end * 60) + 1 && f120.count == 2 * f60.count - 1 && f240.count == 4 * f60.count - 3,
            sourceLocation: sourceLocation)
    for k in f60.indices where f60[k] != f120[2 * k] || f60[k] != f240[4 * k] {
        Issue.record("frame \(k) at \(f60[k].t) differs between the rates", sourceLocation: sourceLocation)
    }
}
