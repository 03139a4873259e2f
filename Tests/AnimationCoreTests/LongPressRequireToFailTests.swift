import Testing
@testable import AnimationCore

/// A long press that requires another recognizer to fail (docs/fidelity.md#arbitration), against
/// UIKit's failure requirements as a pan's are checked (`PanRequireToFailTests`): the press may
/// begin internally at its 0.5 s, but its began is withheld while the other is possible; the other
/// recognizing fails it; the other failing lets it begin at that moment, where the finger is.
/// Times are the reference's 0.5 s press, 10 pt pan hysteresis and 45 pt tap movement.
@Suite("Long press waiting for a pan or a double tap to fail")
struct LongPressRequireToFailTests {
    typealias R = RecognizerTests

    static func press(waits: Bool = true) -> String { #"""
    "press": {"type": "longPress", "region": \#(R.square), \#(waits ? #""requireToFail": ["other"],"# : "")
              "on": {"began": [{"emit": "pressBegan", "fields": {"x": "event.location.x", "y": "event.location.y"}}],
                     "changed": [{"emit": "pressChanged", "fields": {"y": "event.location.y"}}],
                     "ended": [{"emit": "pressEnded", "fields": {"y": "event.location.y"}}]}}
    """# }
    /// The press waits for a pan ("other").
    static let pan = #""other": {"type": "pan", "region": \#(R.square), "on": {"began": [{"emit": "dragBegan", "fields": {"y": "event.translation.y"}}]}}"#
    /// The press waits for a double tap ("other").
    static let doubleTap = #""other": {"type": "tap", "numberOfTapsRequired": 2, "region": \#(R.square), "on": {"recognized": [{"emit": "zoomed"}]}}"#

    static func session(_ other: String, _ inputs: [TimedInput]) throws -> Session {
        let json = #"{"inputs": {\#(press()), \#(other)}, "properties": {"recognized": "press.isRecognized"}}"#
        var session = Session(configuration: try ControlInstance(DefinitionTests.load(json), name: "waits", configuration: nil))
        try session.apply(inputs)
        return session
    }

    @Test("Held still while a pan is possible: withheld at 0.5 s, begun and ended at the lift, when the pan fails")
    func panFailsAtTheLift() throws {
        let session = try Self.session(Self.pan, [R.down(100, 100, at: 0), R.up(100, 100, at: 0.8)])
        #expect(R.emitted(session) == ["0.8 pressBegan x=number(100.0) y=number(100.0)", "0.8 pressEnded y=number(100.0)"])
        #expect(session.frame(at: 0.6)["recognized"] == .bool(false), "held: not recognized to expressions")
    }

    @Test("A pan that begins (10 pt at 0.7 s) while the press is held fails the press")
    func panWins() throws {
        let session = try Self.session(Self.pan, [R.down(100, 100, at: 0), R.move(100, 110, at: 0.7), R.move(100, 130, at: 0.8),
                                                  R.up(100, 130, at: 0.9)])
        #expect(R.emitted(session) == ["0.7 dragBegan y=number(0.0)"])
    }

    @Test("The double tap fails at 46 pt from the touch-down: the held press begins then, where the finger is, and follows it")
    func doubleTapFailsByMoving() throws {
        let session = try Self.session(Self.doubleTap, [R.down(100, 100, at: 0), R.move(100, 146, at: 0.7), R.move(100, 156, at: 0.8),
                                                        R.up(100, 156, at: 0.9)])
        #expect(R.emitted(session) == ["0.7 pressBegan x=number(100.0) y=number(146.0)", "0.8 pressChanged y=number(156.0)",
                                       "0.9 pressEnded y=number(156.0)"])
        #expect(session.frame(at: 0.6)["recognized"] == .bool(false))
        #expect(session.frame(at: 0.75)["recognized"] == .bool(true))
    }

    @Test("A double tap whose second tap is held past 0.5 s recognizes at its lift: the held press never begins")
    func doubleTapWins() throws {
        let session = try Self.session(Self.doubleTap, [R.down(100, 100, at: 0), R.up(100, 100, at: 0.1), R.down(100, 100, at: 0.2),
                                                        R.up(100, 100, at: 0.8)])
        #expect(R.emitted(session) == ["0.8 zoomed"])
    }

    @Test("Lifted while the double tap still waits for its second tap: the held press ends unseen, as a held pan does")
    func liftedWhileTheDoubleTapWaits() throws {
        let session = try Self.session(Self.doubleTap, [R.down(100, 100, at: 0), R.up(100, 100, at: 0.8)])
        #expect(R.emitted(session) == [])
    }

    @Test("Without the requirement the press begins at 0.5 s")
    func withoutRequirement() throws {
        let json = #"{"inputs": {\#(Self.press(waits: false)), \#(Self.pan)}, "properties": {"n": 0}}"#
        var session = Session(configuration: try ControlInstance(DefinitionTests.load(json), name: "free", configuration: nil))
        try session.apply([R.down(100, 100, at: 0), R.up(100, 100, at: 0.8)])
        #expect(R.emitted(session) == ["0.5 pressBegan x=number(100.0) y=number(100.0)", "0.8 pressEnded y=number(100.0)"])
    }

    @Test("requireToFail on a long press names other recognizers")
    func faults() throws {
        let fault = try #require(try DefinitionTests.fault(#"""
        {"inputs": {"press": {"type": "longPress", "region": \#(R.square), "requireToFail": ["othr"]}, \#(Self.pan)}}
        """#))
        #expect(fault.code == "unknown_reference" && fault.pointer == "/inputs/press/requireToFail/0")
        #expect(fault.message.contains("did you mean 'other'"))
    }
}
