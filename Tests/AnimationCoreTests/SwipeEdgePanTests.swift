import Testing
@testable import AnimationCore

/// UIKit's swipe and screen-edge pan, and the scroll view's axis and directional lock on a pan, as
/// docs/fidelity.md#swipe, #screen-edge-pan and #directional-lock state them. Expected values are the
/// reference's figures applied by hand: the swipe's thresholds at 0.2 s are 50·(1 − 0.2·0.94) = 40.6 pt
/// and 200·(1 − 0.2·0.98) = 160.8 pt.
@Suite("Recognizers: swipe, screen-edge pan, pan axis and directional lock")
struct SwipeEdgePanTests {
    static func down(_ x: Double, _ y: Double) -> Touch { .down(Point(x: x, y: y)) }
    static func move(_ x: Double, _ y: Double) -> Touch { .move(Point(x: x, y: y)) }
    static func up(_ x: Double, _ y: Double) -> Touch { .up(Point(x: x, y: y)) }

    static func swipe(_ direction: SwipeRecognizer.Direction, _ touches: [(Touch, Double)]) -> [Point?] {
        var swipe = SwipeRecognizer(direction: direction)
        return touches.map { touch, t in swipe.handle(touch, at: t) }
    }

    static func pan(_ pan: PanRecognizer, _ touches: [(Touch, Double)],
                    bounds: Rect = Rect(x: 0, y: 0, width: 375, height: 667)) -> [PanRecognizer.Event?] {
        var pan = pan
        return touches.map { touch, t in pan.handle(touch, at: t, bounds: bounds) }
    }

    // MARK: Swipe

    @Test("The thresholds decay with time: 40.6 and 160.8 pt at 0.2 s, 26.5 and 102 pt from 0.5 s on")
    func swipeThresholds() {
        let swipe = SwipeRecognizer()
        let cases: [(Double, Double, Double)] = [(0, 50, 200), (0.2, 40.6, 160.8), (0.5, 26.5, 102), (1, 26.5, 102)]
        for (t, primary, secondary) in cases {
            let (p, s) = swipe.thresholds(after: t)
            #expect(abs(p - primary) < 1e-9 && abs(s - secondary) < 1e-9, "\(t): \(p), \(s)")
        }
    }

    @Test("Right at 0.2 s: 40 pt is not a swipe, 41 pt is; 161 pt across fails it, 160 pt does not")
    func swipePrimaryAndSecondary() {
        #expect(Self.swipe(.right, [(Self.down(10, 300), 0), (Self.move(50, 300), 0.2), (Self.up(50, 300), 0.3)]) == [nil, nil, nil])
        #expect(Self.swipe(.right, [(Self.down(10, 300), 0), (Self.move(51, 300), 0.2)]) == [nil, Point(x: 41, y: 0)])
        #expect(Self.swipe(.right, [(Self.down(10, 300), 0), (Self.move(70, 139), 0.2), (Self.move(200, 139), 0.21)])
            == [nil, nil, nil], "161 pt across at 0.2 s fails the swipe for good")
        #expect(Self.swipe(.right, [(Self.down(10, 300), 0), (Self.move(70, 140), 0.2)]) == [nil, Point(x: 60, y: -160)])
    }

    @Test("Directions: a left swipe ignores a rightward move; left and right together take either; up and down")
    func swipeDirections() {
        #expect(Self.swipe(.left, [(Self.down(200, 300), 0), (Self.move(260, 300), 0.1)]) == [nil, nil])
        #expect(Self.swipe(.left, [(Self.down(200, 300), 0), (Self.move(140, 300), 0.1)]) == [nil, Point(x: -60, y: 0)])
        #expect(Self.swipe([.left, .right], [(Self.down(200, 300), 0), (Self.move(260, 300), 0.1)]) == [nil, Point(x: 60, y: 0)])
        #expect(Self.swipe(.up, [(Self.down(200, 300), 0), (Self.move(200, 240), 0.1)]) == [nil, Point(x: 0, y: -60)])
        #expect(Self.swipe(.down, [(Self.down(200, 300), 0), (Self.move(200, 240), 0.1)]) == [nil, nil])
    }

    @Test("Too slow (a move 0.51 s after the touch-down) or lifted first: no swipe")
    func swipeTime() {
        #expect(Self.swipe(.right, [(Self.down(10, 300), 0), (Self.move(200, 300), 0.51)]) == [nil, nil])
        #expect(Self.swipe(.right, [(Self.down(10, 300), 0), (Self.up(200, 300), 0.1)]) == [nil, nil])
    }

    static let square = #"{"x": 0, "y": 0, "width": 375, "height": 667}"#

    static func session(_ inputs: String) throws -> Session {
        let json = #"{"inputs": {\#(inputs)}, "properties": {"n": 0}}"#
        return Session(configuration: try ControlInstance(DefinitionTests.load(json), name: "swipes", configuration: nil))
    }

    static func at(_ touch: Touch, _ t: Double) -> TimedInput { TimedInput(t: t, input: .touch(touch)) }

    @Test("A definition's swipe: recognized on the move with the translation; a tap that requires it to fail waits for the lift")
    func swipeInADefinition() throws {
        let inputs = #"""
        "swipe": {"type": "swipe", "direction": ["left", "right"], "region": \#(Self.square),
                  "on": {"recognized": [{"emit": "swiped", "fields": {"dx": "event.translation.x", "x": "event.location.x"}}]}},
        "tap": {"type": "tap", "region": \#(Self.square), "requireToFail": ["swipe"], "on": {"recognized": [{"emit": "tap"}]}}
        """#
        var swiped = try Self.session(inputs)
        try swiped.apply([Self.at(Self.down(300, 100), 1), Self.at(Self.move(240, 100), 1.1), Self.at(Self.up(230, 100), 1.2)])
        #expect(RecognizerTests.emitted(swiped) == ["1.1 swiped dx=number(-60.0) x=number(240.0)"])
        var tapped = try Self.session(inputs)
        try tapped.apply([Self.at(Self.down(300, 100), 1), Self.at(Self.up(300, 100), 1.1)])
        #expect(RecognizerTests.emitted(tapped) == ["1.1 tap"])
        // Held past the swipe's 0.5 s: its timer fails it then, so the tap (1.5 s allowed) is not held at its lift.
        var held = try Self.session(inputs)
        try held.apply([Self.at(Self.down(300, 100), 1), Self.at(Self.up(300, 100), 1.7)])
        #expect(RecognizerTests.emitted(held) == ["1.7 tap"])
    }

    // MARK: Screen-edge pan

    @Test("Left edge: down 12.5 pt in, 15 pt inward begins with no jump; 13 pt in is outside the edge region")
    func edgePanRegion() {
        let edge = PanRecognizer(hysteresis: PanRecognizer.screenEdgeHysteresis, edges: 2)
        let events = Self.pan(edge, [(Self.down(12.5, 300), 0), (Self.move(27.5, 302), 0.1), (Self.move(47.5, 310), 0.2),
                                     (Self.up(57.5, 310), 0.3)])
        #expect(events[0] == nil)
        guard case let .began(began, _)? = events[1], case let .changed(changed, _)? = events[2], case let .ended(ended, _)? = events[3] else {
            Issue.record("expected began, changed, ended: \(events)")
            return
        }
        #expect(began == Point(x: 0, y: 0))
        #expect(changed == Point(x: 20, y: 8))
        #expect(ended == Point(x: 30, y: 8))
        #expect(Self.pan(edge, [(Self.down(13, 300), 0), (Self.move(60, 300), 0.1)]) == [nil, nil])
    }

    @Test("The edge pan fails when the finger first moves 15 pt along the edge, or begins later than 0.25 s")
    func edgePanFails() {
        let edge = PanRecognizer(hysteresis: PanRecognizer.screenEdgeHysteresis, edges: 2)
        #expect(Self.pan(edge, [(Self.down(5, 300), 0), (Self.move(10, 315), 0.1), (Self.move(60, 315), 0.2)]) == [nil, nil, nil])
        #expect(Self.pan(edge, [(Self.down(5, 300), 0), (Self.move(25, 300), 0.26)]) == [nil, nil])
        #expect(Self.pan(edge, [(Self.down(5, 300), 0), (Self.move(25, 300), 0.25)])[1]
            == .began(translation: Point(x: 5, y: 0), velocity: Point(x: 80, y: 0)))
    }

    @Test("Right and bottom edges: inward is toward the middle")
    func edgePanOtherEdges() {
        let right = PanRecognizer(hysteresis: 15, edges: 8)
        #expect(Self.pan(right, [(Self.down(370, 300), 0), (Self.move(350, 300), 0.1)])[1]
            == .began(translation: Point(x: -5, y: 0), velocity: Point(x: -200, y: 0)))
        #expect(Self.pan(right, [(Self.down(370, 300), 0), (Self.move(390, 300), 0.1)])[1] == nil)
        let bottom = PanRecognizer(hysteresis: 15, edges: 4)
        #expect(Self.pan(bottom, [(Self.down(100, 660), 0), (Self.move(100, 640), 0.1)])[1]
            == .began(translation: Point(x: 0, y: -5), velocity: Point(x: 0, y: -200)))
    }

    @Test("A definition's screenEdgePan gets the edge's rules and the pan's events")
    func edgePanInADefinition() throws {
        let inputs = #"""
        "pop": {"type": "screenEdgePan", "edges": "left", "region": \#(Self.square),
                "on": {"began": [{"emit": "began", "fields": {"x": "event.translation.x"}}],
                       "ended": [{"emit": "ended", "fields": {"x": "event.translation.x", "v": "event.velocity.x"}}]}}
        """#
        var session = try Self.session(inputs)
        try session.apply([Self.at(Self.down(4, 300), 0), Self.at(Self.move(24, 300), 0.1), Self.at(Self.move(124, 300), 0.2),
                           Self.at(Self.up(124, 300), 0.3)])
        #expect(RecognizerTests.emitted(session) == ["0.1 began x=number(5.0)", "0.3 ended x=number(105.0) v=number(360.0)"])
        var inside = try Self.session(inputs)
        try inside.apply([Self.at(Self.down(40, 300), 0), Self.at(Self.move(140, 300), 0.1), Self.at(Self.up(140, 300), 0.3)])
        #expect(RecognizerTests.emitted(inside).isEmpty)
    }

    // MARK: Axis and directional lock

    @Test("A vertical pan stays possible on horizontal movement and begins on 10 pt of vertical movement")
    func panAxis() {
        let vertical = PanRecognizer(axis: .vertical)
        let events = Self.pan(vertical, [(Self.down(0, 0), 0), (Self.move(40, 0), 0.1), (Self.move(40, 9), 0.2), (Self.move(40, 12), 0.3)])
        #expect(events[0] == nil && events[1] == nil && events[2] == nil)
        guard case let .began(began, _)? = events[3] else {
            Issue.record("expected began: \(events)")
            return
        }
        #expect(began == Point(x: 30, y: 2))
    }

    @Test("Directional lock: a step within 20° of x locks x (y frozen) until a 0.6 s pause; then a steep step locks y")
    func directionalLock() {
        let pan = PanRecognizer(directionalLock: true)
        let events = Self.pan(pan, [(Self.down(0, 0), 0), (Self.move(30, 5), 0.1), (Self.move(60, 25), 0.2),
                                    (Self.move(61, 65), 1.0), (Self.up(61, 75), 1.1)])
        #expect(events[1] == .began(translation: Point(x: 20, y: 0), velocity: Point(x: 300, y: 50)))
        #expect(events[2] == .changed(translation: Point(x: 50, y: 0), velocity: Point(x: 300, y: 40)))
        #expect(events[3] == .changed(translation: Point(x: 50, y: 40), velocity: Point(x: 240, y: 10)))
        #expect(events[4] == .ended(translation: Point(x: 50, y: 50), velocity: Point(x: 240, y: 10)))
        // A diagonal first step (45°) locks nothing.
        #expect(Self.pan(pan, [(Self.down(0, 0), 0), (Self.move(20, 20), 0.1)])[1]
            == .began(translation: Point(x: 10, y: 10), velocity: Point(x: 200, y: 200)))
    }

    @Test func faultsNameTheChoices() throws {
        let cases: [(String, String, String)] = [
            (#""a": {"type": "screenEdgePan", "region": \#(Self.square)}"#, "/inputs/a/edges", "is required: one of 'top', 'left', 'bottom', 'right'"),
            (#""a": {"type": "screenEdgePan", "edges": ["leftt"], "region": \#(Self.square)}"#, "/inputs/a/edges/0", "'leftt' (did you mean 'left'?)"),
            (#""a": {"type": "swipe", "direction": "x > 0", "region": \#(Self.square)}"#, "/inputs/a/direction", "is not one of 'right', 'left', 'up', 'down'"),
            (#""a": {"type": "pan", "axis": "diagonal", "region": \#(Self.square)}"#, "/inputs/a/axis", "must be one of 'both', 'horizontal', 'vertical'"),
            (#""a": {"type": "screenEdgePan", "edges": "left", "hysteresis": 5, "region": \#(Self.square)}"#, "/inputs/a/hysteresis", "unknown field"),
        ]
        for (inputs, pointer, message) in cases {
            let fault = try #require(try DefinitionTests.fault(#"{"inputs": {\#(inputs)}}"#), "\(inputs) loaded")
            #expect(fault.pointer == pointer, "\(fault)")
            #expect(fault.message.contains(message), "\(fault.message)")
        }
    }
}
