import Testing
@testable import AnimationCore

/// Seed 004's bottom card: three property animators (frame and blur springs ζ 1 over 0.9 s, the
/// corner radius linear), a tap on the handle toggling, and a pan on the handle scrubbing
/// `fractionComplete = ±translation.y / 600 + progressWhenInterrupted` (docs/fidelity.md#property-animator
/// and #pan). Driven through the built-in definition.
///
/// Geometry: collapsedY = 844 − 65 = 779, expandedY = 844 − 600 = 244, a travel of 535 pt, so
/// cardY = 779 − 535·progress. p_C is springs case C of docs/fidelity.md#springs (0.9 s, ζ 1, v 0);
/// where a literal needs more than its 6 printed decimals, the digits come from the reference
/// oracle (noted), hence 1e-6.
@Suite("Card (a draggable bottom card)")
struct CardTests {
    static func card(_ config: JSON = [:]) throws -> ControlInstance {
        try builtIn("card", config)
    }

    static var velocityRelease: ControlInstance { get throws { try card(["release": "velocity"]) } }
    static var expandedCard: ControlInstance { get throws { try card(["initialState": "expanded"]) } }

    static func frame(cardY: Double, cornerRadius: Double, blur: Double, state: String = "collapsed",
                      interactive: Bool = false, animating: Bool = true) -> [Field] {
        [.number("cardY", cardY), .number("cornerRadius", cornerRadius), .number("blurFraction", blur),
         .string("state", state), .bool("interactive", interactive), .bool("animating", animating)]
    }

    static let collapsedAtRest = frame(cardY: 779, cornerRadius: 0, blur: 0, animating: false)
    static let expandedAtRest = frame(cardY: 244, cornerRadius: 12, blur: 1, state: "expanded", animating: false)

    static func transitionStarted(at t: Double, heading: String) -> Emission {
        Emission(t: t, name: "transitionStarted", fields: [.string("heading", heading)])
    }

    static func panBegan(at t: Double, translationY: Double) -> Emission {
        Emission(t: t, name: "panBegan", fields: [.number("translationY", translationY)])
    }

    static func panEnded(at t: Double, velocityY: Double, heading: String) -> Emission {
        Emission(t: t, name: "panEnded", fields: [.number("velocityY", velocityY), .string("heading", heading)])
    }

    /// The frame animator's completion and the seed's state flip.
    static func completion(at t: Double, position: String, state: String) -> [Emission] {
        [Emission(t: t, name: "animatorCompleted", fields: [.string("animator", "frame"), .string("position", position)]),
         Emission(t: t, name: "stateChanged", fields: [.string("state", state)])]
    }

    /// A transition that ended back where it started: the frame animator completes at `.start`.
    static func expectCompletedAtStart(_ emissions: [Emission], at t: Double, within tolerance: Double,
                                       sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(emissions.first?.name == "animatorCompleted", sourceLocation: sourceLocation)
        #expect(emissions.first?.fields == [.string("animator", "frame"), .string("position", "start")],
                sourceLocation: sourceLocation)
        expectClose(emissions.first?.t ?? .nan, t, within: tolerance, "completion time", sourceLocation: sourceLocation)
    }

    // MARK: Defaults and taps

    @Test("Defaults: collapsed at 844 − 65 = 779; expanded is 844 − 600 = 244")
    func defaults() throws {
        let configuration = try Self.card().echo
        #expect(configuration["collapsedY"] == 779)
        #expect(configuration["expandedY"] == 244)
        let frame = try Session(Self.card()).frame(at: 0)
        expectFrame(frame, Self.collapsedAtRest)
        #expect(frame.layer("card")?.frame == Rect(x: 0, y: 779, width: 390, height: 600))
        expectFrame(try Session(Self.expandedCard).frame(at: 0), Self.expandedAtRest)
    }

    @Test("A tap on the handle starts the transition: case C for frame and blur, linear corner radius")
    func tapExpands() throws {
        let session = try Session(Self.card(), tap(195, 800, at: 0))
        #expect(session.emitted == [Self.transitionStarted(at: 0.05, heading: "expanded")])
        // 0.25 s after the start: p_C(0.25) = 0.725751 (0.7257509909, the reference oracle)
        // → cardY = 779 − 535·0.7257509909 = 390.7232199; corner 12·0.25/0.9 = 3.3333333.
        expectFrame(session.frame(at: 0.30), Self.frame(cardY: 390.7232199, cornerRadius: 3.3333333, blur: 0.7257510),
                    within: 1e-6)
        let card = try #require(session.frame(at: 0.30).layer("card"))
        expectClose(card.frame.minY, 390.7232199, within: 1e-6, "card layer")
        expectClose(card.cornerRadius, 3.3333333, within: 1e-6, "card layer")
        #expect(session.frame(at: 0.30).layer("backdrop")?.blur?.fraction == session.frame(at: 0.30).number("blurFraction"))
        // Done 0.9 s after the start.
        expectEmissions(session.emissions(from: 0.06, to: 5), Self.completion(at: 0.95, position: "end", state: "expanded"))
        expectFrame(session.frame(at: 1), Self.expandedAtRest)
    }

    @Test("Touches outside the handle are ignored")
    func touchesOutsideHandle() throws {
        let ignored = tap(195, 500, at: 0) + tap(195, 778, at: 0.2)
            + verticalDrag(x: 195, [(0.5, 500), (0.6, 400), (0.7, 300), (0.8, 300)])
        let collapsed = try Session(Self.card(), ignored)
        #expect(collapsed.emissions(from: 0, to: 5).isEmpty)
        #expect(collapsed.frame(at: 2) == (try Session(Self.card()).frame(at: 2)))
        // Expanded, the handle is 244..<309: the card body below it does not respond.
        var expanded = try Session(Self.expandedCard, tap(195, 500, at: 0))
        #expect(expanded.emitted.isEmpty)
        #expect(try expanded.apply(tap(195, 260, at: 1)) == [Self.transitionStarted(at: 1.05, heading: "collapsed")])
    }

    // MARK: Pan

    @Test("Pan: 10 pt hysteresis subtracted at began, linear scrubbing, release continues with (1 − f)·0.9 s")
    func panScrubsAndContinues() throws {
        var session = try Session(Self.card())
        try session.post(.down(195, 800, at: 0))
        expectEmissions(try session.post(.move(195, 770, at: 0.1)), [
            Self.transitionStarted(at: 0.1, heading: "expanded"),
            Self.panBegan(at: 0.1, translationY: -20),  // 30 pt up less the 10 pt hysteresis
        ])
        // f = 20/600 = 0.0333333 → cardY = 779 − 535·f = 761.1666667; corner 12·f; blur f
        expectFrame(session.frame(at: 0.1), Self.frame(cardY: 761.1666667, cornerRadius: 0.4, blur: 0.0333333,
                                                       interactive: true), within: 1e-6)
        #expect(try session.post(.move(195, 500, at: 0.2)).isEmpty)
        // translation −290: f = 290/600 = 0.4833333 → 779 − 535·f = 520.4166667; corner 5.8
        expectFrame(session.frame(at: 0.2), Self.frame(cardY: 520.4166667, cornerRadius: 5.8, blur: 0.4833333,
                                                       interactive: true), within: 1e-6)
        expectFrame(session.frame(at: 0.29), Self.frame(cardY: 520.4166667, cornerRadius: 5.8, blur: 0.4833333,
                                                        interactive: true), within: 1e-6)
        // Velocity: samples −300 and −2700 pt/s → 0.2·(−2700) + 0.8·(−300) = −780.
        expectEmissions(try session.post(.up(195, 500, at: 0.3)),
                        [Self.panEnded(at: 0.3, velocityY: -780, heading: "expanded")])
        // The springs restart from f for (1 − f)·0.9 = 0.465 s: progress = f + (1 − f)·p(τ), p the
        // UIKit spring for 0.465 s, ζ 1 (the reference oracle): τ = 0.1 → 0.7882205956; the corner
        // goes on linearly: 12·(f + τ/0.9).
        expectFrame(session.frame(at: 0.4), Self.frame(cardY: 357.3019814, cornerRadius: 7.1333333, blur: 0.7882206),
                    within: 1e-6)
        expectEmissions(session.emissions(from: 0.31, to: 5),
                        Self.completion(at: 0.765, position: "end", state: "expanded"))
        expectFrame(session.frame(at: 0.8), Self.expandedAtRest)
    }

    @Test("Pan down on an expanded card collapses it: fraction = +translation.y / 600")
    func panDownFromExpanded() throws {
        var session = try Session(Self.expandedCard, [.down(195, 270, at: 0)])
        expectEmissions(try session.post(.move(195, 300, at: 0.1)), [
            Self.transitionStarted(at: 0.1, heading: "collapsed"), Self.panBegan(at: 0.1, translationY: 20),
        ])
        // f = 20/600 → cardY = 244 + 535·f = 261.8333333
        expectClose(session.frame(at: 0.1).number("cardY"), 261.8333333, within: 1e-6)
        try session.post(.move(195, 544, at: 0.2))
        // f = 264/600 = 0.44 → 244 + 535·0.44 = 479.4; corner 12·0.56; blur 0.56
        expectFrame(session.frame(at: 0.2), Self.frame(cardY: 479.4, cornerRadius: 6.72, blur: 0.56, state: "expanded",
                                                       interactive: true), within: 1e-9)
    }

    @Test("Grabbing a moving card pauses it where it is, then scrubs from there")
    func grabMovingCard() throws {
        var session = try Session(Self.card(), tap(195, 800, at: 0) + [.down(195, 400, at: 0.30)])
        // Running: p_C(0.30) = 0.812175 (0.8121752345) → 779 − 535·p = 344.4862496
        let running = session.frame(at: 0.35)
        expectClose(running.number("cardY"), 344.4862496, within: 1e-6)
        // 10 pt up: began with translation 0 (hysteresis subtracted); nothing moves.
        expectEmissions(try session.post(.move(195, 390, at: 0.35)), [Self.panBegan(at: 0.35, translationY: 0)])
        let grabbed = session.frame(at: 0.35)
        expectClose(grabbed.number("cardY"), 344.4862496, within: 1e-6, "no jump at the grab")
        #expect(grabbed["interactive"] == .bool(true))
        expectClose(session.frame(at: 0.45).number("cardY"), 344.4862496, within: 1e-6, "held while paused")
        try session.post(.move(195, 330, at: 0.4))
        // f = 60/600 + 0.8121752 = 0.9121752 → 779 − 535·f = 290.9862496
        expectClose(session.frame(at: 0.4).number("cardY"), 290.9862496, within: 1e-6)
        // Samples −200 and −1200 pt/s → velocity −400; the rest takes (1 − 0.9121752)·0.9 = 0.0790423 s.
        expectEmissions(try session.post(.up(195, 330, at: 0.5)),
                        [Self.panEnded(at: 0.5, velocityY: -400, heading: "expanded")])
        expectEmissions(session.emissions(from: 0.51, to: 5),
                        Self.completion(at: 0.5790423, position: "end", state: "expanded"), within: 1e-6)
    }

    // MARK: release: velocity

    @Test("release: velocity: a flick back reverses; the card ends collapsed, completion position start")
    func flickBackReverses() throws {
        // Up 30 (began −20), to −190, then back down at +800 and +1200 pt/s, lifted at once.
        let events = verticalDrag(x: 195, [(0, 800), (0.05, 770), (0.1, 600), (0.15, 640), (0.2, 700), (0.2, 700)])
        let session = try Session(Self.velocityRelease, events)
        #expect(session.emitted.map(\.name) == ["transitionStarted", "panBegan", "panEnded"])
        // Velocity 0.2·1200 + 0.8·800 = 880 pt/s down; f = 90/600 = 0.15, cardY 698.75, projected
        // 698.75 + 0.88·0.998/0.002 = 1137.87: nearer collapsed.
        expectEmissions(Array(session.emitted.suffix(1)), [Self.panEnded(at: 0.2, velocityY: 880, heading: "collapsed")])
        expectClose(session.frame(at: 0.2).number("cardY"), 698.75, within: 1e-9)
        // The frame spring keeps the finger's speed: 880 pt/s just after the release.
        expectClose(slopes(of: "cardY", in: session, at: 0.2).right, 880, within: 0.5, "cardY velocity")
        // UIKit spring for 0.15·0.9 = 0.135 s, ζ 1, v = 880/80.25 = 10.965732 (the reference oracle):
        // τ = 0.05 → progress 0.0199429194 → cardY 768.3305381
        expectClose(session.frame(at: 0.25).number("cardY"), 768.3305381, within: 1e-6)
        Self.expectCompletedAtStart(session.emissions(from: 0.21, to: 5), at: 0.335, within: 1e-9)  // 0.2 + 0.135
        expectFrame(session.frame(at: 0.4), Self.collapsedAtRest)
    }

    @Test("A transition that ends back at its start changes no state: no stateChanged")
    func reversedCompletionChangesNoState() throws {
        let events = verticalDrag(x: 195, [(0, 800), (0.05, 770), (0.1, 600), (0.15, 640), (0.2, 700), (0.2, 700)])
        let session = try Session(Self.velocityRelease, events)
        expectEmissions(session.emissions(from: 0.21, to: 5), [
            Emission(t: 0.335, name: "animatorCompleted", fields: [.string("animator", "frame"), .string("position", "start")]),
        ])
    }

    @Test("release: velocity: released short and slowly, the card goes back")
    func shortSlowReleaseReverses() throws {
        let events = verticalDrag(x: 195, [(0, 800), (0.2, 790), (0.4, 785), (0.6, 780), (0.6, 780)])
        let session = try Session(Self.velocityRelease, events)
        // f = 10/600, cardY 770.0833333; velocity −25 pt/s projects to 757.608: nearer collapsed.
        expectEmissions(session.emissions(from: 0, to: 0.6), [
            Self.transitionStarted(at: 0.2, heading: "expanded"), Self.panBegan(at: 0.2, translationY: 0),
            Self.panEnded(at: 0.6, velocityY: -25, heading: "collapsed"),
        ])
        Self.expectCompletedAtStart(session.emissions(from: 0.61, to: 5), at: 0.615, within: 1e-9)  // 0.6 + (10/600)·0.9
        expectFrame(session.frame(at: 0.7), Self.collapsedAtRest)
    }

    @Test("release: velocity: a short drag flicked up fast expands with the finger's speed")
    func fastFlickExpands() throws {
        let events = verticalDrag(x: 195, [(0, 800), (0.05, 770), (0.1, 740), (0.1, 740)])
        let session = try Session(Self.velocityRelease, events)
        // velocity −600 pt/s; f = 50/600, cardY 734.4166667 projects to 435.017: nearer expanded.
        expectEmissions(Array(session.emitted.suffix(1)), [Self.panEnded(at: 0.1, velocityY: -600, heading: "expanded")])
        expectClose(slopes(of: "cardY", in: session, at: 0.1).right, -600, within: 0.5, "cardY velocity")
        // UIKit spring for (1 − f)·0.9 = 0.825 s, ζ 1, v = 600/490.4166667 = 1.2234494 (the reference oracle):
        expectClose(session.frame(at: 0.2).number("cardY"), 566.0336192, within: 1e-6)
        expectClose(session.frame(at: 0.3).number("cardY"), 403.5153075, within: 1e-6)
        expectEmissions(session.emissions(from: 0.11, to: 5), Self.completion(at: 0.925, position: "end", state: "expanded"))
    }

    @Test("release: velocity: 300 pt in 0.1 s continues on the spring UIKit's solver ends on (it was refused)")
    func fastLongDragContinues() throws {
        // Six moves at 60 Hz, 50 pt each: 3000 pt/s up. It used to answer 409 invalid_state ("no
        // spring settles in 0.465 s"): Newton's 12 steps end at ω = −17.579459 for this velocity,
        // and UIKit runs the spring of |ω| (docs/fidelity.md#uikit-duration-springs, oracle §27).
        let path = (0...6).map { (t: Double($0) / 60, y: 800 - 50 * Double($0)) } + [(t: 0.1, y: 500)]
        let session = try Session(Self.velocityRelease, verticalDrag(x: 195, path))
        // f = 290/600, cardY 520.4166667 projects far above: nearer expanded.
        expectEmissions(Array(session.emitted.suffix(1)), [Self.panEnded(at: 0.1, velocityY: -3000, heading: "expanded")],
                        within: 1e-6)
        expectClose(slopes(of: "cardY", in: session, at: 0.1).right, -3000, within: 2, "cardY velocity")
        // The spring for (1 − f)·0.9 = 0.465 s, ζ 1, v = 3000/276.4166667 = 10.8531806: k 309.037375,
        // c 35.158918 (the reference oracle's solver, damping 2ζ·|ω|).
        expectClose(session.frame(at: 0.15).number("cardY"), 397.3697172, within: 1e-6)
        expectClose(session.frame(at: 0.3).number("cardY"), 263.2673515, within: 1e-6)
        expectEmissions(session.emissions(from: 0.11, to: 5), Self.completion(at: 0.565, position: "end", state: "expanded"),
                        within: 1e-9)
        expectFrame(session.frame(at: 0.6), Self.expandedAtRest)
    }

    // MARK: Commands

    @Test("expand and collapse run the transition; at rest on that side they do nothing")
    func expandAndCollapse() throws {
        var session = try Session(Self.card())
        #expect(try session.post(.command(.collapse, at: 0)).isEmpty)
        #expect(try session.post(.command(.expand, at: 0.5)) == [Self.transitionStarted(at: 0.5, heading: "expanded")])
        expectFrame(session.frame(at: 0.75), Self.frame(cardY: 390.7232199, cornerRadius: 3.3333333, blur: 0.7257510),
                    within: 1e-6)
        expectEmissions(session.emissions(from: 0.51, to: 2), Self.completion(at: 1.4, position: "end", state: "expanded"))
        // Posting returns what came due since the last event (the completion at 1.4), nothing new.
        #expect(try session.post(.command(.expand, at: 2)).map(\.name) == ["animatorCompleted", "stateChanged"])
        #expect(try session.post(.command(.collapse, at: 3)) == [Self.transitionStarted(at: 3, heading: "collapsed")])
        // 244 + 535·0.7257509909 = 632.2767801; corner 12·(1 − 0.25/0.9) = 8.6666667; blur 1 − p_C
        expectFrame(session.frame(at: 3.25), Self.frame(cardY: 632.2767801, cornerRadius: 8.6666667, blur: 0.2742490,
                                                        state: "expanded"), within: 1e-6)
        expectEmissions(session.emissions(from: 3.01, to: 5), Self.completion(at: 3.9, position: "end", state: "collapsed"))
    }

    @Test("toggle mid-flight reverses from where the card is and ends back collapsed")
    func toggleReverses() throws {
        var session = try Session(Self.card(), [.command(.toggle, at: 0)])
        let before = session.frame(at: 0.3)
        #expect(try session.post(.command(.toggle, at: 0.3)) == [
            Emission(t: 0.3, name: "transitionReversed", fields: [.string("heading", "collapsed")]),
        ])
        // No jump: p_C(0.3) = 0.8121752345 → 344.4862496 before and after.
        expectClose(before.number("cardY"), 344.4862496, within: 1e-6)
        expectClose(session.frame(at: 0.3).number("cardY"), 344.4862496, within: 1e-6)
        // Back over 0.8121752·0.9 s on a UIKit spring for that time, ζ 1 (the reference oracle):
        expectClose(session.frame(at: 0.4).number("cardY"), 500.9472926, within: 1e-6)
        expectClose(session.frame(at: 0.6).number("cardY"), 731.9557440, within: 1e-6)
        Self.expectCompletedAtStart(session.emissions(from: 0.31, to: 5), at: 1.0309577, within: 1e-6)  // 0.3 + 0.8121752·0.9
        expectFrame(session.frame(at: 1.1), Self.collapsedAtRest)
    }

    @Test("A reversed card can be grabbed after its corner-radius animator has finished")
    func grabReversedCardAfterCornerFinished() throws {
        // Reversed at 0.35: the linear corner animator is back at its start after (1/3)·0.9 = 0.3 s
        // (at 0.65), the frame spring after 0.8121752·0.9 s (at 1.081). At 0.8 the card is at
        // 769.13 (the reference oracle), so y = 800 is on the handle.
        var session = try Session(Self.card(), tap(195, 800, at: 0) + [.command(.toggle, at: 0.35), .down(195, 800, at: 0.8)])
        let running = session.frame(at: 0.85)
        expectEmissions(try session.post(.move(195, 790, at: 0.85)), [Self.panBegan(at: 0.85, translationY: 0)])
        expectClose(session.frame(at: 0.85).number("cardY"), running.number("cardY"), within: 1e-9, "no jump at the grab")
        // p_C(0.3)·(1 − p(0.5)), p the UIKit spring for 0.8121752·0.9 s, ζ 1 (the reference oracle): 0.0107382
        expectClose(running.number("cardY"), 773.2550725, within: 1e-6)
        #expect(session.frame(at: 0.85)["interactive"] == .bool(true))
    }

    @Test("Grabbed after its corner animator finished, the card scrubs all three and the corner does not jump")
    func grabReversedCardScrubsTheCorner() throws {
        // As above, then 300 pt up: f = 300/600 + 0.0107382 (the spring's progress at the grab,
        // the reference oracle) = 0.5107382 → cardY 505.7550725, corner 12·f = 6.1288582, blur f.
        let session = try Session(Self.card(), tap(195, 800, at: 0) + [
            .command(.toggle, at: 0.35), .down(195, 800, at: 0.8), .move(195, 790, at: 0.85), .move(195, 490, at: 0.9),
            .up(195, 490, at: 1.0),
        ])
        expectFrame(session.frame(at: 0.9), Self.frame(cardY: 505.7550725, cornerRadius: 6.1288582, blur: 0.5107382,
                                                       interactive: true), within: 1e-6)
        let end = try #require(session.emissions(from: 1.01, to: 5).first { $0.name == "animatorCompleted" }).t
        expectClose(session.frame(at: end - 1e-6).number("cornerRadius"), 12, within: 0.01, "no snap at the completion")
    }

    @Test("Commands of other controls are refused")
    func unsupportedCommand() throws {
        var session = try Session(Self.card())
        #expect(throws: SessionError.rejected(index: 0, .unsupportedCommand("setSelected", control: "card"))) {
            try session.post(.command(.setSelected(true), at: 0))
        }
        #expect(session.events.isEmpty)
    }
}
