import Testing
@testable import AnimationCore

/// UINavigationController's interactive pop and push/pop transitions, the built-in definition
/// `navigationPop` (Sources/BuiltIns/Controls/17-navigationPop.json, docs/fidelity.md#navigation-pop):
/// the left-edge pan, progress = translation.x / width (at most 0.999), the release rule
/// p + v·T > min(187.5 / width, 0.5) with T 0.35 s, the rest over min(T, left / |v|) on easeInEaseOut.
/// The fingers move every 1/64 s (`ScrollViewTests.drag`); the edge pan's translation starts past its
/// 15 pt. Literals from oracle §34 (390 × 844).
@Suite("Navigation pop (UINavigationController's interactive pop)")
struct NavigationPopTests {
    static func navigation(_ config: JSON = [:]) throws -> ControlInstance {
        try builtIn("navigationPop", config)
    }

    /// A drag from (x, 400) by `dx` every 1/64 s from `t0`, then `still` moves that stay; lifted at
    /// the last move unless `lift` is false.
    static func drag(from x: Double = 5, _ dx: [Double], still: Int = 0, lift: Bool = true, at t0: Double = 0) -> [TimedInput] {
        let events = ScrollViewTests.drag(from: Point(x: x, y: 400), (dx + Array(repeating: 0, count: still)).map { ($0, 0) }, at: t0)
        return lift ? events : Array(events.dropLast())
    }

    static func command(_ name: String, at t: Double) -> TimedInput {
        .command(Command(name, []), at: t)
    }

    @Test("The pan begins only from within 13 pt of the left edge: from x 5 it does (interactivePopBegan), from x 14 or the middle nothing moves")
    func beginsAtTheLeftEdge() throws {
        var edge = try Session(Self.navigation())
        let began = try edge.apply(Self.drag(from: 5, Array(repeating: 15.625, count: 8), lift: false))
        expectEmissions(began, [Emission(t: 1.0 / 64, name: "interactivePopBegan")])
        #expect(edge.frame(at: 0.125)["interactive"] == .bool(true))
        for x in [14.0, 200] {
            var inside = try Session(Self.navigation())
            #expect(try inside.apply(Self.drag(from: x, Array(repeating: 15.625, count: 8), lift: false)).isEmpty, "from \(x)")
            expectFrame(inside.frame(at: 0.125), [.number("depth", 2), .number("progress", 0), .bool("interactive", false)])
        }
    }

    @Test("Mid-drag the top view is at the translation: 110 pt is p 0.282051282, the view below at −84 and the dimming 0.071794872; p stops at 0.999")
    func followsTheFinger() throws {
        var session = try Session(Self.navigation())
        try session.apply(Self.drag(Array(repeating: 15.625, count: 8), lift: false))
        let frame = session.frame(at: 0.125)
        expectFrame(frame, [.number("depth", 2), .number("progress", 0.282051282), .bool("interactive", true)], within: 1e-9)
        #expect(frame.layer("top")?.frame == Rect(x: 110, y: 0, width: 390, height: 844))
        expectClose(frame.layer("below")?.frame.minX ?? 0, -84, within: 1e-9)
        expectClose(frame.layer("dimming")?.opacity ?? 0, 0.071794872, within: 1e-9)
        var far = try Session(Self.navigation())
        try far.apply(Self.drag(Array(repeating: 31.25, count: 14), lift: false))
        #expect(far.frame(at: 14.0 / 64).number("progress") == 0.999, "422.5 pt past the hysteresis is more than the width")
    }

    @Test("Released still past the threshold (p 0.6 > 0.480769231) it completes over 0.35 s: half-way 0.8 (top at 312), didShowViewController with depth 1")
    func slowReleasePastCompletes() throws {
        var session = try Session(Self.navigation())
        let release = 10.0 / 64
        try session.apply(Self.drag(Array(repeating: 31.125, count: 8), still: 2))
        expectEmissions(session.emissions(from: 0, to: 2), [Emission(t: 1.0 / 64, name: "interactivePopBegan"),
                                                            Emission(t: release + 0.35, name: "didShowViewController", fields: [.number("depth", 1)])])
        #expect(session.frame(at: release).number("progress") == 0.6)
        expectClose(session.frame(at: release + 0.1).number("progress"), 0.667880722, within: 1e-6)
        expectClose(session.frame(at: release + 0.175).layer("top")?.frame.minX ?? 0, 312, within: 1e-6)
        let popped = session.frame(at: 1)
        expectFrame(popped, [.number("depth", 1), .number("progress", 0), .bool("interactive", false)])
        #expect(popped.layer("below") == nil && popped.layer("top")?.frame.minX == 0)
    }

    @Test("A flick at 1000 pt/s completes from p 0.282051282 (p + v·T 1.179487179) in 280 pt / 1000 pt/s = 0.28 s")
    func flickCompletes() throws {
        var session = try Session(Self.navigation())
        try session.apply(Self.drag(Array(repeating: 15.625, count: 8)))
        expectEmissions(session.emissions(from: 0, to: 2), [Emission(t: 1.0 / 64, name: "interactivePopBegan"),
                                  Emission(t: 0.125 + 0.28, name: "didShowViewController", fields: [.number("depth", 1)])])
        expectClose(session.frame(at: 0.125 + 0.1).number("progress"), 0.472979673, within: 1e-6)
        expectClose(session.frame(at: 0.125 + 0.14).number("progress"), 0.641025641, within: 1e-6)
    }

    @Test("Released still short of it (p 0.282051282) it cancels over 0.35 s (interactivePopCancelled); a flick back cancels from p 0.6 in 234 pt / 1000 pt/s; so does a cancelled touch")
    func releasesThatCancel() throws {
        var slow = try Session(Self.navigation())
        let release = 10.0 / 64
        try slow.apply(Self.drag(Array(repeating: 15.625, count: 8), still: 2))
        expectEmissions(slow.emissions(from: 0, to: 2), [Emission(t: 1.0 / 64, name: "interactivePopBegan"), Emission(t: release + 0.35, name: "interactivePopCancelled")])
        expectClose(slow.frame(at: release + 0.1).number("progress"), 0.234186670, within: 1e-6)
        expectClose(slow.frame(at: release + 0.175).number("progress"), 0.141025641, within: 1e-6)
        expectFrame(slow.frame(at: 1), [.number("depth", 2), .number("progress", 0), .bool("interactive", false)])
        var back = try Session(Self.navigation())
        try back.apply(Self.drag(Array(repeating: 35.03125, count: 8) + [-15.625, -15.625]))
        expectEmissions(back.emissions(from: 0, to: 2), [Emission(t: 1.0 / 64, name: "interactivePopBegan"), Emission(t: release + 0.234, name: "interactivePopCancelled")])
        #expect(back.frame(at: release).number("progress") == 0.6)
        expectClose(back.frame(at: release + 0.1).number("progress"), 0.374155192, within: 1e-6)
        expectClose(back.frame(at: release + 0.117).number("progress"), 0.3, within: 1e-6)
        // A cancelled touch cancels the pop, even past the threshold (-handleNavigationTransition:): over T, the same curve.
        var interrupted = try Session(Self.navigation())
        try interrupted.apply(Self.drag(Array(repeating: 31.125, count: 8), lift: false) + [.cancel(at: 0.125)])
        expectEmissions(interrupted.emissions(from: 0, to: 2), [Emission(t: 1.0 / 64, name: "interactivePopBegan"),
                                                                Emission(t: 0.125 + 0.35, name: "interactivePopCancelled")])
        expectClose(interrupted.frame(at: 0.125 + 0.175).number("progress"), 0.3, within: 1e-6)
    }

    @Test("pop runs 0 → 1 over 0.35 s on easeInEaseOut (0.169701805 at 0.1 s, 0.5 at 0.175 s), then depth 1; push runs 1 → 0 and depth 2; at depth 1 pop and the edge do nothing")
    func commands() throws {
        var session = try Session(Self.navigation())
        #expect(try session.apply([Self.command("pop", at: 1)]).isEmpty)
        expectClose(session.frame(at: 1.1).number("progress"), 0.169701805, within: 1e-6)
        let half = session.frame(at: 1.175)
        expectClose(half.number("progress"), 0.5, within: 1e-6)
        expectClose(half.layer("top")?.frame.minX ?? 0, 195, within: 1e-6)
        expectClose(half.layer("below")?.frame.minX ?? 0, -58.5, within: 1e-6)
        try session.apply([Self.command("pop", at: 2)] + Self.drag(Array(repeating: 15.625, count: 8), at: 2.5))
        expectEmissions(session.emissions(from: 0, to: 4), [Emission(t: 1.35, name: "didShowViewController", fields: [.number("depth", 1)])])
        expectFrame(session.frame(at: 3), [.number("depth", 1), .number("progress", 0), .bool("interactive", false)])
        #expect(try session.apply([Self.command("push", at: 4)]).isEmpty)
        expectClose(session.frame(at: 4.05).number("progress"), 1 - 0.040904181, within: 1e-6)
        expectClose(session.frame(at: 4.3).number("progress"), 1 - 0.959095819, within: 1e-6)
        expectEmissions(session.emissions(from: 4, to: 5), [Emission(t: 4.35, name: "didShowViewController", fields: [.number("depth", 2)])])
        expectFrame(session.frame(at: 5), [.number("depth", 2), .number("progress", 0), .bool("interactive", false)])
    }
}
