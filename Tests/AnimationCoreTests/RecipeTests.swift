import Testing
@testable import AnimationCore

/// docs/controls.md's recipes, completed into definitions, load and do what the page says.
@Suite("Recipes: drag and snap with velocity, double tap")
struct RecipeTests {
    static let dragAndSnap = #"""
    {"variables": {"start": {"type": "number", "initial": 0}},
     "animated": {"x": {"type": "number", "initial": 0}},
     "inputs": {"drag": {"type": "pan", "region": {"x": "x", "y": 0, "width": 60, "height": 60}, "on": {
       "began": [{"set": "start", "to": "x.target - event.translation.x"}, {"set": "x", "to": "start + event.translation.x"}],
       "changed": [{"set": "x", "to": "start + event.translation.x"}],
       "ended": [{"let": {"end": "x + 0.2 * event.velocity.x > 150 ? 300 : 0"}},
                 {"animate": "x", "to": "end", "timing": {"spring": {"response": 0.4, "dampingRatio": 0.8},
                  "initialVelocity": "event.velocity.x / (end - x)"},
                  "completion": [{"if": "event.finished", "then": [{"emit": "settled", "fields": {"x": "x"}}]}]}]}}},
     "properties": {"x": "x", "v": "x.velocity"}}
    """#

    @Test("A flick past the middle springs to 300 at the finger's speed, and says so when it settles")
    func dragReleaseSnap() throws {
        var session = Session(configuration: try ControlInstance(DefinitionTests.load(Self.dragAndSnap), name: "drag", configuration: nil))
        // Moves of 20 pt every 1/50 s: 1000 pt/s; the pan begins at the first (10 pt hysteresis).
        var events = [TimedInput(t: 0, input: .touch(.down(Point(x: 30, y: 30))))]
        for step in 1...5 { events.append(TimedInput(t: Double(step) * 0.02, input: .touch(.move(Point(x: 30 + 20 * Double(step), y: 30))))) }
        let lift = Double(5) * 0.02
        events.append(TimedInput(t: lift, input: .touch(.up(Point(x: 130, y: 30)))))
        try session.apply(events)
        // The value stays put at `.began` (the hysteresis is not shown), so it trails the finger's
        // 100 pt by 10 and 10: 80; released at 1000 pt/s, 80 + 0.2·1000 > 150 picks 300.
        #expect(DefinitionTests.number(session, "x", at: lift) == 80)
        expectClose(DefinitionTests.number(session, "v", at: lift), 1000, within: 1e-6)
        let settled = session.emissions(from: 0, to: 5)
        #expect(settled.count == 1 && settled.first?.name == "settled" && settled.first?.fields == [Field("x", .number(300))])
    }
}
