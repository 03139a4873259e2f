import Testing
@testable import AnimationCore

/// UIKit's recognizers as definitions declare them: the long press (0.5 s, 10 pt), the tap with
/// `numberOfTapsRequired` (0.35 s between taps), `requireToFail` and the first-to-begin-wins rule
/// with `simultaneousWith`. Expected values are the reference's figures (docs/fidelity.md#long-press,
/// #tap, #arbitration) applied by hand.
@Suite("Recognizers: long press, multi-tap, failure requirements, simultaneity")
struct RecognizerTests {
    static let square = #"{"x": 0, "y": 0, "width": 200, "height": 200}"#

    static func session(_ inputs: String) throws -> Session {
        let json = #"{"inputs": {\#(inputs)}, "properties": {"n": 0}}"#
        return Session(configuration: try ControlInstance(DefinitionTests.load(json), name: "recognizers", configuration: nil))
    }

    static func down(_ x: Double, _ y: Double, at t: Double) -> TimedInput { TimedInput(t: t, input: .touch(.down(Point(x: x, y: y)))) }
    static func move(_ x: Double, _ y: Double, at t: Double) -> TimedInput { TimedInput(t: t, input: .touch(.move(Point(x: x, y: y)))) }
    static func up(_ x: Double, _ y: Double, at t: Double) -> TimedInput { TimedInput(t: t, input: .touch(.up(Point(x: x, y: y)))) }

    /// Time (to the µs: a lift plus 0.35 s is not exact in binary) and name of every emission up to 10 s.
    static func emitted(_ session: Session) -> [String] {
        session.emissions(from: 0, to: 10).map {
            "\(($0.t * 1e6).rounded() / 1e6) \($0.name)" + $0.fields.map { " \($0.name)=\($0.value)" }.joined()
        }
    }

    static let press = #"""
    "press": {"type": "longPress", "region": \#(square), "on": {
      "began": [{"emit": "began", "fields": {"x": "event.location.x"}}],
      "changed": [{"emit": "changed", "fields": {"x": "event.location.x"}}],
      "ended": [{"emit": "ended"}]}}
    """#

    @Test("A press lifted at 0.49 s never begins; one held 0.5 s begins at 0.5 s, then ends at the lift")
    func longPressDuration() throws {
        var short = try Self.session(Self.press)
        try short.apply([Self.down(50, 50, at: 1), Self.up(50, 50, at: 1.49)])
        #expect(Self.emitted(short).isEmpty)
        var long = try Self.session(Self.press)
        try long.apply([Self.down(50, 50, at: 1), Self.up(50, 50, at: 1.5)])
        #expect(Self.emitted(long) == ["1.5 began x=number(50.0)", "1.5 ended"])
    }

    @Test("Moving 9 pt before the press is long enough is allowed; 11 pt fails it; after it began, any movement is a change")
    func longPressMovement() throws {
        var within = try Self.session(Self.press)
        try within.apply([Self.down(50, 50, at: 0), Self.move(59, 50, at: 0.2), Self.move(150, 50, at: 0.7), Self.up(150, 50, at: 0.8)])
        #expect(Self.emitted(within) == ["0.5 began x=number(59.0)", "0.7 changed x=number(150.0)", "0.8 ended"])
        var beyond = try Self.session(Self.press)
        try beyond.apply([Self.down(50, 50, at: 0), Self.move(61, 50, at: 0.2), Self.move(50, 50, at: 0.3), Self.up(50, 50, at: 1)])
        #expect(Self.emitted(beyond).isEmpty)
        // Euclidean: (7, 7) is 9.9 pt away.
        var diagonal = try Self.session(Self.press)
        try diagonal.apply([Self.down(50, 50, at: 0), Self.move(57, 57, at: 0.2), Self.up(57, 57, at: 1)])
        #expect(Self.emitted(diagonal) == ["0.5 began x=number(57.0)", "1.0 ended"])
    }

    static let taps = #"""
    "single": {"type": "tap", "region": \#(square), "requireToFail": ["double"], "on": {"recognized": [{"emit": "single"}]}},
    "double": {"type": "tap", "region": \#(square), "numberOfTapsRequired": 2, "on": {"recognized": [{"emit": "double"}]}}
    """#

    @Test("A second tap down 0.34 s after the first lift makes a double tap; 0.36 s is too late")
    func doubleTapSpacing() throws {
        var quick = try Self.session(Self.taps)
        try quick.apply([Self.down(50, 50, at: 0), Self.up(50, 50, at: 0.1), Self.down(52, 50, at: 0.44), Self.up(52, 50, at: 0.5)])
        #expect(Self.emitted(quick) == ["0.5 double"])
        var slow = try Self.session(Self.taps)
        try slow.apply([Self.down(50, 50, at: 0), Self.up(50, 50, at: 0.1), Self.down(50, 50, at: 0.46), Self.up(50, 50, at: 0.5)])
        // Each a single tap, each delivered when the double tap's wait after it runs out.
        #expect(Self.emitted(slow) == ["0.45 single", "0.85 single"])
    }

    @Test("A single tap waiting for the double tap to fail fires 0.35 s after its lift; a far second tap fails the double at once")
    func aSingleTapWaitsForTheDoubleTapToFail() throws {
        var one = try Self.session(Self.taps)
        try one.apply([Self.down(50, 50, at: 1), Self.up(50, 50, at: 1.1)])
        #expect(Self.emitted(one) == ["1.45 single"])
        // The second tap goes down 46 pt from the first: beyond the 45 pt the taps may wander.
        var far = try Self.session(Self.taps)
        try far.apply([Self.down(50, 50, at: 1), Self.up(50, 50, at: 1.1), Self.down(96, 50, at: 1.2), Self.up(96, 50, at: 1.25)])
        // The double tap failed for that touch, so the second single tap is not held either.
        #expect(Self.emitted(far) == ["1.2 single", "1.25 single"])
    }

    static let pressAndPan = #"""
    "press": {"type": "longPress", "region": \#(square), SIMULTANEOUS "on": {"began": [{"emit": "press"}]}},
    "pan": {"type": "pan", "region": \#(square), "on": {"began": [{"emit": "pan"}]}},
    "tap": {"type": "tap", "region": \#(square), "on": {"recognized": [{"emit": "tap"}]}}
    """#

    @Test("The first recognizer to begin wins: a long press fails the pan and the tap; a pan first fails the press")
    func theFirstToBeginWins() throws {
        let inputs = Self.pressAndPan.replacingOccurrences(of: "SIMULTANEOUS", with: "")
        var held = try Self.session(inputs)
        try held.apply([Self.down(50, 50, at: 0), Self.move(100, 50, at: 0.6), Self.up(100, 50, at: 0.7)])
        #expect(Self.emitted(held) == ["0.5 press"])
        var dragged = try Self.session(inputs)
        try dragged.apply([Self.down(50, 50, at: 0), Self.move(70, 50, at: 0.1), Self.up(70, 50, at: 0.7)])
        #expect(Self.emitted(dragged) == ["0.1 pan"])
    }

    @Test("simultaneousWith, declared on either side, lets both begin")
    func simultaneousRecognition() throws {
        let inputs = Self.pressAndPan.replacingOccurrences(of: "SIMULTANEOUS", with: #""simultaneousWith": ["pan"],"#)
        var held = try Self.session(inputs)
        try held.apply([Self.down(50, 50, at: 0), Self.move(100, 50, at: 0.6), Self.up(100, 50, at: 0.7)])
        #expect(Self.emitted(held) == ["0.5 press", "0.6 pan"])
    }

    @Test("The new recognizers fit in the pan's slot, so a session's input slots do not grow")
    func recognizersFitTheInputSlot() {
        #expect(MemoryLayout<TapRecognizer>.size <= MemoryLayout<PanRecognizer>.size)
        #expect(MemoryLayout<LongPressRecognizer>.size <= MemoryLayout<PanRecognizer>.size)
        #expect(MemoryLayout<SwipeRecognizer>.size <= MemoryLayout<PanRecognizer>.size)
        #expect(MemoryLayout<TransformRecognizer>.size <= MemoryLayout<PanRecognizer>.size)
    }

    @Test func faultsNameTheInputs() throws {
        let cases: [(String, String, String, String)] = [
            (#""a": {"type": "tap", "region": \#(Self.square), "requireToFail": ["b"]}"#, "unknown_reference", "/inputs/a/requireToFail/0",
             "unknown input 'b'; the inputs are a"),
            (#""a": {"type": "tap", "region": \#(Self.square), "requireToFail": ["a"]}"#, "type_mismatch", "/inputs/a/requireToFail/0", "this one"),
            (#""a": {"type": "longpres", "region": \#(Self.square)}"#, "unknown_primitive", "/inputs/a/type",
             "unknown input 'longpres' (did you mean 'longPress'?)"),
        ]
        for (inputs, code, pointer, message) in cases {
            let fault = try #require(try DefinitionTests.fault(#"{"inputs": {\#(inputs)}}"#), "\(inputs) loaded")
            #expect(fault.code == code && fault.pointer == pointer, "\(fault)")
            #expect(fault.message.contains(message), "\(fault.message)")
        }
    }
}
