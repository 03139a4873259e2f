import Testing
@testable import AnimationCore

/// UIPinchGestureRecognizer and UIRotationGestureRecognizer from two tracks (docs/fidelity.md#pinch-rotation).
/// Expected values by hand: a pinch from 100 pt apart that reaches 110 pt starts from 108 pt (8 pt
/// moved toward the touches), so its scales are d/108; a rotation starts 5° late.
@Suite("Recognizers: pinch and rotation from two touches")
struct TransformRecognizerTests {
    static func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

    @Test("Pinch: 6 pt of spread waits, 10 pt begins at 110/108; scale d/108, velocity smoothed 0.75/0.25")
    func pinchScaleAndVelocity() throws {
        var pinch = TransformRecognizer(.pinch)
        pinch.touchesBegan(Self.p(100, 300), Self.p(200, 300), at: 0)
        #expect(pinch.touchesMoved(Self.p(97, 300), Self.p(203, 300), at: 0.05) == nil)
        guard case let .began(began, v0)? = pinch.touchesMoved(Self.p(95, 300), Self.p(205, 300), at: 0.1) else {
            Issue.record("expected began")
            return
        }
        #expect(abs(began - 1.0185185185185186) < 1e-12 && v0 == 0)
        guard case let .changed(s1, v1)? = pinch.touchesMoved(Self.p(90, 300), Self.p(210, 300), at: 0.2),
              case let .changed(s2, v2)? = pinch.touchesMoved(Self.p(80, 300), Self.p(220, 300), at: 0.3) else {
            Issue.record("expected changed")
            return
        }
        #expect(abs(s1 - 1.1111111111111112) < 1e-12)
        #expect(abs(v1 - 0.9259259259259259) < 1e-9, "the first sample as it is: (10/108)/0.1")
        #expect(abs(s2 - 1.2962962962962963) < 1e-12)
        #expect(abs(v2 - 1.1574074074074074) < 1e-9, "0.75·0.9259 + 0.25·1.8519")
        pinch.touchLifted()
        #expect(pinch.phase == .paused)
        guard case let .ended(s3, v3)? = pinch.touchesEnded() else {
            Issue.record("expected ended")
            return
        }
        #expect(abs(s3 - 1.2962962962962963) < 1e-12 && abs(v3 - 1.1574074074074074) < 1e-9)
    }

    @Test("Two fingers that move together 35 pt while spreading 10 pt translate: no pinch")
    func translationIsNotAPinch() {
        var pinch = TransformRecognizer(.pinch)
        pinch.touchesBegan(Self.p(100, 300), Self.p(200, 300), at: 0)
        #expect(pinch.touchesMoved(Self.p(130, 300), Self.p(240, 300), at: 0.1) == nil)
        #expect(pinch.phase == .possible)
    }

    /// The two touches turned `degrees` clockwise about (150, 300), 100 pt apart.
    static func turned(_ degrees: Double) -> (Point, Point) {
        let r = degrees * Double.pi / 180
        return (Self.p(150 - 50 * cCos(r), 300 - 50 * cSin(r)), Self.p(150 + 50 * cCos(r), 300 + 50 * cSin(r)))
    }

    @Test("Rotation: 4.9° waits, 6° begins at 1°, 20° reads 15° (radians, clockwise positive)")
    func rotationThreshold() throws {
        var rotation = TransformRecognizer(.rotation)
        rotation.touchesBegan(Self.p(100, 300), Self.p(200, 300), at: 0)
        var (a, b) = Self.turned(4.9)
        #expect(rotation.touchesMoved(a, b, at: 0.1) == nil)
        (a, b) = Self.turned(6)
        guard case let .began(began, _)? = rotation.touchesMoved(a, b, at: 0.2) else {
            Issue.record("expected began")
            return
        }
        #expect(abs(began - 0.017453292519943295) < 1e-8, "the turned distance is 100 pt to 1e-14, and the threshold grows with its square root")
        (a, b) = Self.turned(20)
        guard case let .changed(value, velocity)? = rotation.touchesMoved(a, b, at: 0.3) else {
            Issue.record("expected changed")
            return
        }
        #expect(abs(value - 0.2617993877991494) < 1e-8)
        #expect(abs(velocity - 2.443460952792061) < 1e-6, "14° in 0.1 s")
    }

    @Test("Rotation unwraps across ±π: three quarter turns read 270° less the 5°")
    func rotationUnwraps() throws {
        var rotation = TransformRecognizer(.rotation)
        rotation.touchesBegan(Self.p(100, 300), Self.p(200, 300), at: 0)
        var last: TransformRecognizer.Event?
        for (k, degrees) in stride(from: 10.0, through: 270, by: 10).enumerated() {
            let (a, b) = Self.turned(degrees)
            last = rotation.touchesMoved(a, b, at: 0.1 * Double(k + 1))
        }
        guard case let .changed(value, _)? = last else {
            Issue.record("expected changed")
            return
        }
        #expect(abs(value - 265 * Double.pi / 180) < 1e-8)
    }

    @Test("A definition's pinch from two fingers (the second posted as touch 1): began, changed, paused by one lift, ended by the other")
    func pinchInADefinition() throws {
        let json = #"""
        {"inputs": {"zoom": {"type": "pinch", "region": {"x": 0, "y": 0, "width": 400, "height": 600}, "on": {
           "began": [{"emit": "began", "fields": {"s": "event.scale"}}],
           "changed": [{"emit": "changed", "fields": {"s": "event.scale", "v": "event.velocity", "x": "event.location.x"}}],
           "ended": [{"emit": "ended", "fields": {"s": "event.scale"}}]}}},
         "properties": {"zooming": "zoom.isRecognized"}}
        """#
        var session = Session(configuration: try ControlInstance(DefinitionTests.load(json), name: "pinch", configuration: nil))
        func first(_ touch: Touch, _ t: Double) -> TimedInput { TimedInput(t: t, input: .touch(touch)) }
        func second(_ touch: Touch, _ t: Double) -> TimedInput { TimedInput(t: t, input: .secondTouch(touch)) }
        try session.apply([first(.down(Self.p(100, 300)), 0), second(.down(Self.p(200, 300)), 0),
                           second(.move(Self.p(210, 300)), 0.1), first(.move(Self.p(90, 300)), 0.2),
                           second(.up(Self.p(210, 300)), 0.3), first(.up(Self.p(90, 300)), 0.4)])
        #expect(RecognizerTests.emitted(session) == [
            "0.1 began s=number(1.0185185185185186)",
            "0.2 changed s=number(1.1111111111111112) v=number(0.9259259259259256) x=number(150.0)",
            "0.4 ended s=number(1.1111111111111112)",
        ])
        // A second touchDown of the same finger is refused, as the first finger's is.
        var twice = Session(configuration: try ControlInstance(DefinitionTests.load(json), name: "pinch", configuration: nil))
        #expect(throws: SessionError.self) {
            try twice.apply([second(.down(Self.p(200, 300)), 0), second(.down(Self.p(210, 300)), 0.1)])
        }
    }
}
