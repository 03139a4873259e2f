import Testing
@testable import AnimationCore

/// Seed 001's countdown button, its built-in definition: a linear `strokeEnd` CABasicAnimation from
/// the start ratio to 1 over `3 s × (1 − startRatio)` (docs/fidelity.md#property-animator), cancel without
/// completion, restart = cancel + start.
///
/// Literals: strokeEnd(t) = r + (1 − r)·(t − t0)/(3·(1 − r)) for a start at t0 with ratio r.
@Suite("ProgressButton (a countdown ring)")
struct ProgressButtonTests {
    static var progressButton: ControlInstance {
        get throws { try builtIn("progressButton") }
    }

    /// The whole frame property list.
    static func frame(strokeEnd: Double, ring: Bool, animating: Bool, remaining: Double) -> [Field] {
        [.number("strokeEnd", strokeEnd), .color("strokeColor", ring ? Palette.systemRed : Palette.clear),
         .bool("ringVisible", ring), .bool("animating", animating), .number("remaining", remaining)]
    }

    static func started(at t: Double, ratio: Double, remaining: Double) -> Emission {
        Emission(t: t, name: "started", fields: [.number("startRatio", ratio), .number("remaining", remaining)])
    }

    static func progress(_ name: String, at t: Double, strokeEnd: Double, remaining: Double) -> Emission {
        Emission(t: t, name: name, fields: [.number("strokeEnd", strokeEnd), .number("remaining", remaining)])
    }

    static func start(_ ratio: Double, at t: Double) -> TimedInput { .command(.start(startRatio: ratio), at: t) }

    @Test("Before any start: no ring and a clear stroke")
    func idle() throws {
        let session = try Session(Self.progressButton)
        let frame = session.frame(at: 1)
        expectFrame(frame, Self.frame(strokeEnd: 0, ring: false, animating: false, remaining: 0))
        #expect(frame.layers.map(\.id) == ["button"])
        #expect(frame.layers.first?.frame == Rect(x: 0, y: 0, width: 32, height: 32), "radius 16")
    }

    @Test("start {startRatio 0}: strokeEnd linear 0 → 1 over 3 s in the colour, from the top")
    func startFromZero() throws {
        var session = try Session(Self.progressButton)
        expectEmissions(try session.post(Self.start(0, at: 0)), [Self.started(at: 0, ratio: 0, remaining: 3)])
        expectFrame(session.frame(at: 0), Self.frame(strokeEnd: 0, ring: true, animating: true, remaining: 3))
        expectFrame(session.frame(at: 0.75), Self.frame(strokeEnd: 0.25, ring: true, animating: true, remaining: 2.25))
        expectFrame(session.frame(at: 1.5), Self.frame(strokeEnd: 0.5, ring: true, animating: true, remaining: 1.5))
        let ring = try #require(session.frame(at: 1.5).layer("ring"))
        #expect(ring.kind == .arc)
        #expect(ring.stroke == Layer.Stroke(color: Palette.systemRed, lineWidth: 1, strokeEnd: 0.5,
                                            startAngle: -Double.pi / 2, clockwise: false))
    }

    @Test("completed is emitted at exactly t = 3, found by emissions(from:to:) with only the start posted")
    func completesAtThree() throws {
        let session = try Session(Self.progressButton, [Self.start(0, at: 0)])
        #expect(session.emissions(from: 0, to: 10) == [
            Self.started(at: 0, ratio: 0, remaining: 3), Emission(t: 3, name: "completed"),
        ])
        #expect(session.emissions(from: 0.1, to: 2.999).isEmpty)
        // The animation is removed; the layer's model strokeEnd (1) shows, still in the colour.
        expectFrame(session.frame(at: 3), Self.frame(strokeEnd: 1, ring: true, animating: false, remaining: 0))
        expectFrame(session.frame(at: 2.999), Self.frame(strokeEnd: 0.99966667, ring: true, animating: true, remaining: 0.001),
                    within: 1e-8)
    }

    @Test("start {startRatio 0.5} runs 1.5 s from half a ring")
    func startFromHalf() throws {
        let session = try Session(Self.progressButton, [Self.start(0.5, at: 0)])
        #expect(session.emitted == [Self.started(at: 0, ratio: 0.5, remaining: 1.5)])
        // 0.5 + 0.5·0.75/1.5 = 0.75
        expectFrame(session.frame(at: 0.75), Self.frame(strokeEnd: 0.75, ring: true, animating: true, remaining: 0.75))
        #expect(session.emissions(from: 1, to: 5) == [Emission(t: 1.5, name: "completed")])
    }

    @Test("start {startRatio 1}: a zero duration is Core Animation's default 0.25 s (docs/fidelity.md#property-animator)")
    func startAtOne() throws {
        let session = try Session(Self.progressButton, [Self.start(1, at: 0)])
        #expect(session.emissions(from: 0, to: 1) == [
            Self.started(at: 0, ratio: 1, remaining: 0.25), Emission(t: 0.25, name: "completed"),
        ])
        expectFrame(session.frame(at: 0.1), Self.frame(strokeEnd: 1, ring: true, animating: true, remaining: 0.15), within: 1e-12)
    }

    @Test("The cancel command removes the ring and reports cancelled, never completed")
    func cancelCommand() throws {
        var session = try Session(Self.progressButton, [Self.start(0, at: 0)])
        // strokeEnd at 1 s: 1/3, remaining 2 s
        expectEmissions(try session.post(.command(.cancel, at: 1)),
                        [Self.progress("cancelled", at: 1, strokeEnd: 1.0 / 3, remaining: 2)])
        expectFrame(session.frame(at: 1), Self.frame(strokeEnd: 0, ring: false, animating: false, remaining: 0))
        #expect(session.frame(at: 1).layer("ring") == nil)
        #expect(!session.emissions(from: 0, to: 10).contains { $0.name == "completed" })
        #expect(try session.post(.command(.cancel, at: 2)).isEmpty, "nothing left to cancel")
    }

    @Test("A tap on the button cancels: a UIButton tap (touchUpInside, primaryActionTriggered), then cancelled")
    func tapCancels() throws {
        var session = try Session(Self.progressButton, [Self.start(0, at: 0)])
        // 1.6 s of 3: strokeEnd 0.5333333, remaining 1.4
        expectEmissions(try session.apply(tap(16, 16, at: 1.5, duration: 0.1)), [
            Emission(t: 1.5, name: "touchDown"),
            Emission(t: 1.6, name: "touchUpInside"),
            Emission(t: 1.6, name: "primaryActionTriggered"),
            Self.progress("cancelled", at: 1.6, strokeEnd: 0.53333333, remaining: 1.4),
        ], within: 1e-8)
        expectFrame(session.frame(at: 2), Self.frame(strokeEnd: 0, ring: false, animating: false, remaining: 0))
        #expect(!session.emissions(from: 0, to: 10).contains { $0.name == "completed" })
    }

    @Test("A tap that ends outside does not cancel")
    func tapOutsideKeepsRunning() throws {
        var session = try Session(Self.progressButton, [Self.start(0, at: 0)])
        let emitted = try session.apply([.down(16, 16, at: 1), .up(16, 200, at: 1.1)])
        #expect(emitted.map(\.name) == ["touchDown", "touchDragExit", "touchUpOutside"])
        #expect(session.emissions(from: 2, to: 5) == [Emission(t: 3, name: "completed")])
    }

    @Test("Starting again cancels first: cancelled, then started; one completion")
    func restartCancelsFirst() throws {
        var session = try Session(Self.progressButton, [Self.start(0, at: 0)])
        expectEmissions(try session.post(Self.start(0.5, at: 1)), [
            Self.progress("cancelled", at: 1, strokeEnd: 1.0 / 3, remaining: 2),
            Self.started(at: 1, ratio: 0.5, remaining: 1.5),
        ])
        // 0.5 + 0.5·0.5/1.5 = 0.6666667 at 1.5 s
        expectFrame(session.frame(at: 1.5), Self.frame(strokeEnd: 2.0 / 3, ring: true, animating: true, remaining: 1),
                    within: 1e-12)
        #expect(session.emissions(from: 1.01, to: 10) == [Emission(t: 2.5, name: "completed")])
    }

    @Test("pause freezes the stroke; resume shifts the end by the time paused")
    func pauseAndResume() throws {
        var session = try Session(Self.progressButton, [Self.start(0, at: 0)])
        expectEmissions(try session.post(.command(.pause, at: 1)),
                        [Self.progress("paused", at: 1, strokeEnd: 1.0 / 3, remaining: 2)])
        expectFrame(session.frame(at: 1.9), Self.frame(strokeEnd: 1.0 / 3, ring: true, animating: true, remaining: 2))
        #expect(session.emissions(from: 1.01, to: 10).isEmpty, "no completion while paused")
        expectEmissions(try session.post(.command(.resume, at: 2)),
                        [Self.progress("resumed", at: 2, strokeEnd: 1.0 / 3, remaining: 2)])
        // 2 s of animation time at t = 3: strokeEnd 2/3
        expectFrame(session.frame(at: 3), Self.frame(strokeEnd: 2.0 / 3, ring: true, animating: true, remaining: 1))
        #expect(session.emissions(from: 2.01, to: 10) == [Emission(t: 4, name: "completed")])
    }

    @Test("startRatio outside 0…1 throws naming it; the session keeps running as before",
          arguments: [-0.1, 1.5, Double.nan, Double.infinity])
    func startRatioOutOfRange(ratio: Double) throws {
        var session = try Session(Self.progressButton, [Self.start(0, at: 0)])
        let error = #expect(throws: SessionError.self) { try session.post(Self.start(ratio, at: 1)) }
        guard case let .rejected(0, .invalidParameter(parameter))? = error else {
            Issue.record("expected a rejected invalid parameter, got \(String(describing: error))")
            return
        }
        #expect(parameter.parameter == "startRatio")
        #expect(session.events.count == 1)
        #expect(session.emissions(from: 0, to: 10) == [
            Self.started(at: 0, ratio: 0, remaining: 3), Emission(t: 3, name: "completed"),
        ])
    }

    @Test("Commands of other controls are refused")
    func unsupportedCommand() throws {
        var session = try Session(Self.progressButton)
        #expect(throws: SessionError.rejected(index: 0, .unsupportedCommand("setOn", control: "progressButton"))) {
            try session.post(.command(.setOn(true, animated: true), at: 0))
        }
        #expect(session.events.isEmpty)
    }
}
