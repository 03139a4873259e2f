import Testing
@testable import AnimationCore

/// `animate` handing a released finger's speed to a spring (`initialVelocity` as an expression,
/// relative to the distance as UIKit takes it) and its `completion` (UIKit's `finished`).
/// Expected values are hand-derived: the critically damped spring x(t) = (x0 + (v0 + ω·x0)·t)·e^(−ωt).
@Suite("animate: spring velocity from an expression, completions")
struct AnimateHandOffTests {
    static let definition = #"""
    {"animated": {"x": {"type": "number", "initial": 0}},
     "commands": {
       "fling": {"parameters": {"v": {"type": "number"}},
                 "do": [{"animate": "x", "to": 100, "timing": {"spring": {"type": "response", "response": 0.5, "dampingRatio": 1},
                                                               "initialVelocity": "event.v"}}]},
       "catch": {"parameters": {"v": {"type": "number"}},
                 "do": [{"animate": "x", "to": 100, "mode": "retarget",
                         "timing": {"spring": {"type": "response", "response": 0.5, "dampingRatio": 1}, "initialVelocity": "event.v"}}]},
       "there": {"do": [{"animate": "x", "to": 100, "timing": {"curve": "easeInEaseOut", "duration": 0.25},
                         "completion": [{"emit": "arrived", "fields": {"finished": "event.finished", "x": "x"}},
                                        {"if": "event.finished", "then": [
                                          {"animate": "x", "to": 0, "timing": {"curve": "linear", "duration": 0.5},
                                           "completion": [{"emit": "back", "fields": {"finished": "event.finished"}}]}]}]}]},
       "overNothing": {"parameters": {"v": {"type": "number"}},
                       "do": [{"animate": "x", "to": 100, "timing": {"spring": {"type": "response", "response": 0.5, "dampingRatio": 1},
                                                                     "initialVelocity": "event.v / 0"}}]},
       "jump": {"do": [{"set": "x", "to": 50}]},
       "nudge": {"do": [{"animate": "x", "to": 120, "timing": {"curve": "linear", "duration": 0.1}}]}},
     "properties": {"x": "x", "v": "x.velocity"}}
    """#

    static func session() throws -> Session {
        Session(configuration: try ControlInstance(DefinitionTests.load(definition), name: "handoff", configuration: nil))
    }

    static func property(_ session: Session, _ name: String, at t: Double) -> Double {
        for field in session.frame(at: t).properties where field.name == name {
            if case let .number(x) = field.value { return x }
        }
        Issue.record("no number \(name)")
        return .nan
    }

    @Test("The spring starts at initialVelocity × distance and follows the hand-derived motion")
    func aSpringStartsAtTheGivenRelativeVelocity() throws {
        var flung = try Self.session()
        try flung.apply([DefinitionTests.command("fling", [.number(2)], at: 1)])
        // 2 distances a second over 100 pt: 200 pt/s at once.
        #expect(Self.property(flung, "v", at: 1) == 200)
        // ω = 2π/0.5; x0 = −100, v0 = 200: 100 + (x0 + (v0 + ω·x0)·0.1)·e^(−0.1ω).
        expectClose(Self.property(flung, "x", at: 1.1), 41.46614651367703, within: 1e-9)
        var still = try Self.session()
        try still.apply([DefinitionTests.command("fling", [.number(0)], at: 1)])
        expectClose(Self.property(still, "x", at: 1.1), 35.77395564695645, within: 1e-9)
    }

    @Test("A retargeting spring takes the given velocity instead of the current one")
    func retargetTakesTheGivenVelocity() throws {
        var session = try Self.session()
        try session.apply([DefinitionTests.command("catch", [.number(2)], at: 1)])
        #expect(Self.property(session, "v", at: 1) == 200)
        expectClose(Self.property(session, "x", at: 1.1), 41.46614651367703, within: 1e-9)
    }

    @Test("A velocity that is not finite (over a distance of 0) starts the spring at rest; one beyond 10⁶ is refused")
    func velocitiesOutOfRange() throws {
        var session = try Self.session()
        try session.apply([DefinitionTests.command("overNothing", [.number(2)], at: 1)])
        #expect(Self.property(session, "v", at: 1) == 0)
        expectClose(Self.property(session, "x", at: 1.1), 35.77395564695645, within: 1e-9)
        var refused = try Self.session()
        #expect(throws: SessionError.self) { try refused.apply([DefinitionTests.command("fling", [.number(2e6)], at: 1)]) }
        #expect(Self.property(refused, "x", at: 2) == 0)
    }

    @Test("The completion runs at the end with finished true, and chains the next animation")
    func completionsChain() throws {
        var session = try Self.session()
        try session.apply([DefinitionTests.command("there", [], at: 1)])
        #expect(session.emissions(from: 0, to: 3) == [
            Emission(t: 1.25, name: "arrived", fields: [Field("finished", .bool(true)), Field("x", .number(100))]),
            Emission(t: 1.75, name: "back", fields: [Field("finished", .bool(true))]),
        ])
        #expect(Self.property(session, "x", at: 1.5) == 50)
    }

    @Test("A set before the end runs the completion 1 ms later with finished false; an additive animation does not")
    func aRemovedAnimationFinishesFalse() throws {
        var session = try Self.session()
        try session.apply([DefinitionTests.command("there", [], at: 1), DefinitionTests.command("nudge", [], at: 1.1)])
        #expect(session.emissions(from: 0, to: 1.3).map(\.t) == [1.25])
        var cut = try Self.session()
        try cut.apply([DefinitionTests.command("there", [], at: 1), DefinitionTests.command("jump", [], at: 1.1)])
        #expect(cut.emissions(from: 0, to: 3) == [
            Emission(t: 1.101, name: "arrived", fields: [Field("finished", .bool(false)), Field("x", .number(50))]),
        ])
    }
}
