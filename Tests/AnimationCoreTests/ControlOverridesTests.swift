import Testing
@testable import AnimationCore

/// What a UIControl subclass overrides, as a control input declares it: `beginTrackingWithTouch:`
/// declining a touch-down, the tracking overrides' reactions in UIControl's order around the
/// control events, and `primaryActionTriggered` after `touchUpInside` or not.
@Suite("Control inputs: tracking overrides")
struct ControlOverridesTests {
    static let bounds = Rect(x: 0, y: 0, width: 100, height: 40)

    @Test("A declined touch-down is not tracked: no highlight, no events, and its moves and touch-up are ignored")
    func declinedTouchDown() {
        var control = ControlTracking(bounds: Self.bounds)
        #expect(control.handle(.down(Point(x: 50, y: 20)), at: 0, begins: false) == ControlTracking.Outcome())
        #expect(!control.isTracking && !control.isHighlighted)
        #expect(control.handle(.move(Point(x: 60, y: 20)), at: 0.1).events.isEmpty)
        #expect(control.handle(.up(Point(x: 60, y: 20)), at: 0.2).events.isEmpty)
        // The next touch-down is asked again.
        #expect(control.handle(.down(Point(x: 50, y: 20)), at: 0.3).events == [.touchDown])
    }

    static func definition(primaryAction: Bool) -> String {
        #"""
        {"inputs": {"c": {"type": "control", "region": {"x": 0, "y": 0, "width": 100, "height": 40},
          "emitsControlEvents": true, "primaryActionOnTouchUpInside": \#(primaryAction),
          "beginsTracking": "event.location.x < 50",
          "on": {"beginTracking": [{"emit": "begin", "fields": {"x": "event.location.x"}}],
                 "continueTracking": [{"emit": "continue", "fields": {"x": "event.location.x", "inside": "c.isTouchInside"}}],
                 "endTracking": [{"emit": "end", "fields": {"x": "event.location.x"}}]}}}}
        """#
    }

    static func session(primaryAction: Bool = false, _ inputs: [TimedInput]) throws -> Session {
        let instance = try ControlInstance(DefinitionTests.load(definition(primaryAction: primaryAction)), name: "o", configuration: nil)
        var session = Session(configuration: instance)
        try session.apply(inputs)
        return session
    }

    @Test("beginTracking before touchDown, continueTracking before each move's events, endTracking before touchUpInside")
    func order() throws {
        let session = try Self.session([.down(20, 20, at: 0), .move(30, 20, at: 0.1), .move(30, 200, at: 0.2),
                                        .move(30, 30, at: 0.3), .up(30, 30, at: 0.4)])
        #expect(session.emitted.map(\.name) == [
            "begin", "touchDown",
            "continue", "touchDragInside",
            "continue", "touchDragExit", "touchDragOutside",
            "continue", "touchDragEnter", "touchDragInside",
            "end", "touchUpInside",
        ])
        #expect(session.emitted[0].fields == [Field("x", .number(20))])
        #expect(session.emitted[4].fields == [Field("x", .number(30)), Field("inside", .bool(false))])
        #expect(session.emitted[10].fields == [Field("x", .number(30))])
    }

    @Test("beginsTracking false (x ≥ 50): the touch gets nothing; released outside, endTracking then touchUpOutside")
    func declinedAndOutside() throws {
        let declined = try Self.session([.down(70, 20, at: 0), .move(60, 20, at: 0.1), .up(60, 20, at: 0.2)])
        #expect(declined.emitted.isEmpty)
        let outside = try Self.session([.down(20, 20, at: 0), .move(20, 200, at: 0.1), .up(20, 200, at: 0.2)])
        #expect(outside.emitted.map(\.name).suffix(2) == ["end", "touchUpOutside"])
    }

    @Test("primaryActionTriggered follows touchUpInside by default (UIButton), not when the input says false")
    func primaryAction() throws {
        let button = try Self.session(primaryAction: true, tap(20, 20, at: 0))
        #expect(button.emitted.map(\.name) == ["begin", "touchDown", "end", "touchUpInside", "primaryActionTriggered"])
        let slider = try Self.session(tap(20, 20, at: 0))
        #expect(slider.emitted.map(\.name) == ["begin", "touchDown", "end", "touchUpInside"])
    }

    @Test("beginsTracking must be a condition; the override names are not control events to send")
    func faults() throws {
        let number = #"{"inputs": {"c": {"type": "control", "region": {"x": 0, "y": 0, "width": 1, "height": 1}, "beginsTracking": "1"}}}"#
        #expect(try DefinitionTests.fault(number)?.pointer == "/inputs/c/beginsTracking")
        let unknown = #"{"inputs": {"c": {"type": "control", "region": {"x": 0, "y": 0, "width": 1, "height": 1}, "on": {"startTracking": []}}}}"#
        #expect(try DefinitionTests.fault(unknown)?.pointer == "/inputs/c/on/startTracking")
    }
}
