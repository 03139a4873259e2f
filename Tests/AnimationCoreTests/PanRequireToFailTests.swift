import Testing
@testable import AnimationCore

/// A pan that requires a screen-edge pan or a swipe to fail (docs/fidelity.md#arbitration),
/// against UIKit's failure requirements: the pan may begin internally, but its actions are
/// withheld while the other is possible; the other recognizing fails it; the other failing lets it
/// begin at that moment, its translation counted from there.
@Suite("Pan waiting for a screen-edge pan or a swipe to fail")
struct PanRequireToFailTests {
    typealias T = SwipeEdgePanTests

    static func inputs(_ required: String) -> String { #"""
    "scroll": {"type": "pan", "region": \#(T.square), "requireToFail": \#(required),
               "on": {"began": [{"emit": "scrollBegan", "fields": {"x": "event.translation.x", "y": "event.translation.y"}}],
                      "changed": [{"emit": "scrollChanged", "fields": {"y": "event.translation.y"}}],
                      "ended": [{"emit": "scrollEnded", "fields": {"y": "event.translation.y"}}]}},
    "pop": {"type": "screenEdgePan", "edges": "left", "region": \#(T.square),
            "on": {"began": [{"emit": "popBegan"}]}},
    "flick": {"type": "swipe", "direction": "left", "region": \#(T.square), "on": {"recognized": [{"emit": "flicked"}]}}
    """# }

    static func session(_ touches: [(Touch, Double)], requires required: String = #"["pop", "flick"]"#) throws -> Session {
        let json = #"{"inputs": {\#(Self.inputs(required))}, "properties": {"recognized": "scroll.isRecognized"}}"#
        var session = Session(configuration: try ControlInstance(DefinitionTests.load(json), name: "waits", configuration: nil))
        try session.apply(touches.map { T.at($0.0, $0.1) })
        return session
    }

    @Test("Away from the edge the edge pan is never possible: the pan begins at 10 pt as if it waited for nothing")
    func nothingToWaitFor() throws {
        let session = try Self.session([(T.down(100, 300), 0), (T.move(100, 330), 0.1), (T.up(100, 340), 0.2)], requires: #"["pop"]"#)
        #expect(RecognizerTests.emitted(session) == ["0.1 scrollBegan x=number(0.0) y=number(20.0)", "0.2 scrollEnded y=number(30.0)"])
    }

    @Test("A vertical drag waits for the left swipe's 0.5 s to run out, and begins then, counted from there")
    func waitsForTheSwipe() throws {
        // The swipe stays possible (its secondary limit is 160.8 pt at 0.2 s) until 0.5 s.
        let session = try Self.session([(T.down(100, 300), 0), (T.move(100, 330), 0.1), (T.move(100, 340), 0.6),
                                        (T.up(100, 340), 0.7)])
        #expect(RecognizerTests.emitted(session) == [
            "0.5 scrollBegan x=number(0.0) y=number(0.0)", "0.6 scrollChanged y=number(10.0)", "0.7 scrollEnded y=number(10.0)"])
    }

    @Test("Inward from the edge the edge pan begins at 15 pt and the held pan fails: it never begins")
    func edgeWins() throws {
        let session = try Self.session([(T.down(4, 300), 0), (T.move(16, 300), 0.05), (T.move(24, 300), 0.1),
                                        (T.move(124, 300), 0.2), (T.up(124, 300), 0.3)])
        #expect(RecognizerTests.emitted(session) == ["0.1 popBegan"])
    }

    @Test("Along the edge the edge pan fails at 15 pt; the swipe at 0.5 s: the held pan begins then, from where the finger is")
    func letThroughWhenAllFail() throws {
        let session = try Self.session([(T.down(4, 300), 0), (T.move(4, 312), 0.1), (T.move(4, 320), 0.2),
                                        (T.move(4, 340), 0.6), (T.up(4, 345), 0.7)])
        #expect(RecognizerTests.emitted(session) == [
            "0.5 scrollBegan x=number(0.0) y=number(0.0)", "0.6 scrollChanged y=number(20.0)", "0.7 scrollEnded y=number(25.0)"])
        let held = try Self.session([(T.down(4, 300), 0), (T.move(4, 312), 0.1), (T.move(4, 320), 0.2)])
        #expect(held.frame(at: 0.3)["recognized"] == .bool(false), "held: not recognized to expressions")
        #expect(held.frame(at: 0.55)["recognized"] == .bool(true))
    }

    @Test("A left swipe recognized while the pan is held fails the pan")
    func swipeWins() throws {
        let session = try Self.session([(T.down(300, 300), 0), (T.move(285, 300), 0.05), (T.move(240, 300), 0.1),
                                        (T.move(200, 300), 0.2), (T.up(200, 300), 0.3)])
        #expect(RecognizerTests.emitted(session) == ["0.1 flicked"])
    }

    @Test("A held pan lifted as what it waits for fails (the swipe fails at the lift) gets its pending began and end then")
    func liftWhileHeld() throws {
        let session = try Self.session([(T.down(100, 300), 0), (T.move(100, 330), 0.1), (T.up(100, 335), 0.2),
                                        (T.down(100, 300), 1), (T.move(100, 330), 1.1)])
        #expect(RecognizerTests.emitted(session) == [
            "0.2 scrollBegan x=number(0.0) y=number(0.0)", "0.2 scrollEnded y=number(0.0)",
            "1.5 scrollBegan x=number(0.0) y=number(0.0)"])
    }

    @Test("A held pan lifted while the edge pan it waits for has begun is never seen")
    func liftAfterTheEdgeBegan() throws {
        let session = try Self.session([(T.down(4, 300), 0), (T.move(16, 300), 0.05), (T.move(30, 300), 0.1),
                                        (T.up(30, 300), 0.2)], requires: #"["pop"]"#)
        #expect(RecognizerTests.emitted(session) == ["0.1 popBegan"])
    }

    @Test("requireToFail on a pan names other recognizers")
    func faults() throws {
        let fault = try #require(try DefinitionTests.fault(#"""
        {"inputs": {"scroll": {"type": "pan", "region": \#(T.square), "requireToFail": ["popp"]},
                    "pop": {"type": "screenEdgePan", "edges": "left", "region": \#(T.square)}}}
        """#))
        #expect(fault.code == "unknown_reference" && fault.pointer == "/inputs/scroll/requireToFail/0")
        #expect(fault.message.contains("did you mean 'pop'"))
    }
}
