import Testing
@testable import AnimationCore

/// The recognisers on their own (docs/fidelity.md#pan, #tap): UIPanGestureRecognizer's per-axis 10 pt
/// hysteresis and 0.2/0.8 velocity blend (oracle §9), UITapGestureRecognizer's 45 pt allowable
/// movement, and UIControl tracking's treatment of stray touches (docs/fidelity.md#control-tracking).
/// "Oracle §N" is a section of scripts/oracle/uikit_oracle.txt (docs/fidelity.md#oracle).
@Suite("Gestures: pan, tap, control tracking")
struct GestureTests {
    /// Feeds `touches` at their times and returns what the pan reported for each.
    static func feed(_ pan: inout PanRecognizer, _ touches: [(Touch, Double)]) -> [PanRecognizer.Event?] {
        touches.map { touch, t in pan.handle(touch, at: t) }
    }

    static func down(_ x: Double, _ y: Double) -> Touch { .down(Point(x: x, y: y)) }
    static func move(_ x: Double, _ y: Double) -> Touch { .move(Point(x: x, y: y)) }
    static func up(_ x: Double, _ y: Double) -> Touch { .up(Point(x: x, y: y)) }

    // MARK: Pan velocity

    @Test("Velocity of positions 3·i² every 1/60 s: 0.2·1620 + 0.8·1260 = 1332 pt/s (oracle §9)")
    func panVelocity() throws {
        var pan = PanRecognizer()
        #expect(pan.handle(Self.down(0, 0), at: 0) == nil)
        var last: PanRecognizer.Event?
        for i in 1...5 {
            last = pan.handle(Self.move(3 * Double(i * i), 0), at: Double(i) / 60)
        }
        guard case let .changed(translation, velocity)? = last else {
            Issue.record("expected .changed, got \(String(describing: last))")
            return
        }
        expectClose(velocity.x, 1332, within: 1e-9)
        #expect(velocity.y == 0)
        // Began at 12 pt (i = 2) with the 10 pt hysteresis subtracted: translation 75 − 10 = 65.
        expectClose(translation.x, 65, within: 1e-12)
        // touchesEnded adds no sample: the velocity at .ended is the one from the last two moves.
        #expect(pan.handle(Self.up(75, 0), at: 6.0 / 60) == .ended(translation: translation, velocity: velocity))
        #expect(pan.phase == .idle)
    }

    @Test("Velocity at .began blends the two samples so far: 0.2·540 + 0.8·180 = 252 pt/s")
    func panVelocityAtBegan() {
        var pan = PanRecognizer()
        let events = Self.feed(&pan, [(Self.down(0, 0), 0), (Self.move(0, 3), 1.0 / 60), (Self.move(0, 12), 2.0 / 60)])
        #expect(events.dropLast().allSatisfy { $0 == nil })
        guard case let .began(translation, velocity)? = events.last else {
            Issue.record("expected .began, got \(String(describing: events.last))")
            return
        }
        #expect(translation == Point(x: 0, y: 2))
        expectClose(velocity.y, 252, within: 1e-9)
    }

    @Test("A sample less than 1 ms after the previous one reads as 0")
    func panVelocityTinyInterval() {
        var pan = PanRecognizer()
        let events = Self.feed(&pan, [(Self.down(0, 0), 0), (Self.move(20, 0), 0.1), (Self.move(30, 0), 0.1005)])
        // Samples 200 and 0 pt/s → 0.2·0 + 0.8·200 = 160.
        #expect(events.last == .changed(translation: Point(x: 20, y: 0), velocity: Point(x: 160, y: 0)))
    }

    // MARK: Pan hysteresis

    @Test("Hysteresis is per axis: (9, 9) is 12.7 pt away yet does not begin; (12, −3) begins with (2, 0)")
    func panHysteresisPerAxis() {
        var pan = PanRecognizer()
        let events = Self.feed(&pan, [
            (Self.down(0, 0), 0), (Self.move(7, 7), 0.1), (Self.move(9, 9), 0.2), (Self.move(9.99, -9.99), 0.3),
            (Self.move(12, -3), 0.4), (Self.move(20, -3), 0.5),
        ])
        #expect(events.prefix(4).allSatisfy { $0 == nil })
        guard case let .began(began, _)? = events[4], case let .changed(changed, _)? = events[5] else {
            Issue.record("expected .began then .changed, got \(events)")
            return
        }
        #expect(began == Point(x: 2, y: 0), "each axis less 10 pt, not below 0")
        #expect(changed == Point(x: 10, y: 0), "measured from the rebased origin")
        #expect(pan.isRecognized)
    }

    @Test("Each axis and direction begins at 10 pt with the hysteresis subtracted", arguments: [
        (Point(x: 0, y: -15), Point(x: 0, y: -5)), (Point(x: 0, y: 30), Point(x: 0, y: 20)),
        (Point(x: -10, y: 0), Point(x: 0, y: 0)), (Point(x: 25, y: 12), Point(x: 15, y: 2)),
    ])
    func panBeginsOnEitherAxis(to point: Point, translation: Point) {
        var pan = PanRecognizer()
        _ = pan.handle(.down(.zero), at: 0)
        guard case let .began(began, _)? = pan.handle(.move(point), at: 0.1) else {
            Issue.record("expected .began")
            return
        }
        #expect(began == translation)
    }

    @Test("A pan lifted or cancelled before recognition reports nothing; a recognised one is cancelled")
    func panEndingEarly() {
        var pan = PanRecognizer()
        #expect(Self.feed(&pan, [(Self.down(0, 0), 0), (Self.move(5, 0), 0.1), (Self.up(5, 0), 0.2)]) == [nil, nil, nil])
        #expect(pan.phase == .idle)
        #expect(Self.feed(&pan, [(Self.down(0, 0), 1), (Self.move(0, 4), 1.1), (.cancel, 1.2)]) == [nil, nil, nil])
        let recognised = Self.feed(&pan, [(Self.down(0, 0), 2), (Self.move(0, 40), 2.1), (.cancel, 2.2)])
        #expect(recognised.last == .cancelled)
        #expect(pan.phase == .idle)
    }

    @Test("A pan ignores a touch that lands where it does not listen")
    func panAcceptsOnlyItsArea() {
        var pan = PanRecognizer()
        #expect(pan.handle(Self.down(0, 0), at: 0) { $0.y > 100 } == nil)
        #expect(pan.handle(Self.move(0, 50), at: 0.1) == nil)
        #expect(pan.phase == .idle)
    }

    // MARK: Tap

    @Test("Tap: a touch-up within 45 pt of the start is a tap; beyond it is not", arguments: [
        (Point(x: 45, y: 0), true), (Point(x: 27, y: 36), true), (Point(x: 45.1, y: 0), false), (Point(x: 30, y: 40), false),
    ])
    func tapAllowableMovement(to point: Point, taps: Bool) {
        var tap = TapRecognizer()
        #expect(tap.handle(.down(.zero), at: 0) == false)
        #expect(tap.handle(.up(point), at: 0.1) == taps)
    }

    @Test("Tap: moving beyond 45 pt fails the tap even if the finger comes back")
    func tapFailsOnMove() {
        var tap = TapRecognizer()
        _ = tap.handle(.down(.zero), at: 0)
        _ = tap.handle(.move(Point(x: 30, y: 40)), at: 0.05)  // 50 pt away
        #expect(tap.handle(.up(.zero), at: 0.1) == false)
        _ = tap.handle(.down(.zero), at: 1)
        _ = tap.handle(.move(Point(x: 27, y: 36)), at: 1.05)  // exactly 45 pt: allowed
        #expect(tap.handle(.up(.zero), at: 1.1) == true)
    }

    @Test("Tap: held too long, cancelled, refused at the start, or failed by a competitor: no tap")
    func tapFailures() {
        var tap = TapRecognizer()
        _ = tap.handle(.down(.zero), at: 0)
        #expect(tap.handle(.up(.zero), at: 1.5) == true, "1.5 s is still a tap")
        _ = tap.handle(.down(.zero), at: 2)
        #expect(tap.handle(.up(.zero), at: 3.6) == false, "1.6 s is too slow")
        _ = tap.handle(.down(.zero), at: 4)
        _ = tap.handle(.cancel, at: 4.05)
        #expect(tap.handle(.up(.zero), at: 4.1) == false)
        _ = tap.handle(.down(.zero), at: 5) { _ in false }
        #expect(tap.handle(.up(.zero), at: 5.1) == false)
        _ = tap.handle(.down(.zero), at: 6)
        tap.fail()
        #expect(tap.handle(.up(.zero), at: 6.1) == false)
    }

    // MARK: Control tracking

    @Test("Control tracking ignores stray touches: a move or up without a down, a second down, a down outside")
    func controlTrackerStrayTouches() {
        var tracker = ControlTracker(bounds: Rect(x: 0, y: 0, width: 200, height: 50))
        #expect(tracker.handle(Self.move(10, 10), highlighted: false) == ControlTracker.Outcome())
        #expect(tracker.handle(Self.up(10, 10), highlighted: false) == ControlTracker.Outcome())
        #expect(tracker.handle(Self.down(250, 10), highlighted: false) == ControlTracker.Outcome(), "outside the bounds")
        #expect(tracker.handle(Self.down(10, 10), highlighted: false).events == [.touchDown])
        #expect(tracker.handle(Self.down(20, 10), highlighted: true) == ControlTracker.Outcome(), "a second finger")
        #expect(tracker.phase == .tracking(inside: true))
    }
}
