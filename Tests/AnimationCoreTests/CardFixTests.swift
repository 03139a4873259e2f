import Testing
@testable import AnimationCore

/// The one deliberate change of behaviour in the card's move to a definition: an animator
/// completion that falls due during another operation is delivered, after the input's other
/// reactions (as UIKit calls completions on a later turn), instead of being lost.
///
/// Before: a transition reversed at the very instant it started finished its animators at once,
/// the completion was dropped, and the card reported `animating: true` for ever, deaf to taps
/// and commands. UIKit runs the completion at position `start`.
@Suite("Card: a completion during an operation is delivered")
struct CardFixTests {
    static func card() throws -> Session {
        Session(configuration: try builtIn("card"))
    }

    @Test("expand then toggle at one instant: the transition ends at its start, and the card answers again")
    func reversedAtItsStart() throws {
        var session = try Self.card()
        let emitted = try session.apply([.command(.expand, at: 1), .command(.toggle, at: 1)])
        #expect(emitted == [
            Emission(t: 1, name: "transitionStarted", fields: [.string("heading", "expanded")]),
            Emission(t: 1, name: "transitionReversed", fields: [.string("heading", "collapsed")]),
            Emission(t: 1, name: "animatorCompleted", fields: [.string("animator", "frame"), .string("position", "start")]),
        ])
        #expect(session.state == [.string("state", "collapsed"), .bool("interactive", false), .bool("animating", false)])
        expectClose(session.frame(at: 1.5).number("cardY"), 779, within: 0, "at rest, collapsed")
        // Not stuck: the next command starts a transition.
        #expect(try session.post(.command(.expand, at: 2)) == [
            Emission(t: 2, name: "transitionStarted", fields: [.string("heading", "expanded")]),
        ])
    }
}
