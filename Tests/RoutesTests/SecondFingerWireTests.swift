import AnimationCore
import Testing
@testable import Routes

/// A session's second finger on the wire (docs/controls.md, pinch and rotation): `"touch": 1` on a
/// touch event reads as `Input.secondTouch` and is written back the same way; 0 or no `touch` is
/// the first finger, as before; anything else is refused naming the field.
@Suite("Wire: the second finger's touch events")
struct SecondFingerWireTests {
    static func decode(_ body: String) throws -> [TimedInput] {
        let context = EventCodec.Context(definition: try #require(FlickTests.switchDefinition), control: "switch")
        return try EventCodec.decode(try JSONParser().parse(Array(body.utf8)), at: .root, context: context, now: 0)
    }

    @Test("touch 1 is the second finger, written back with its touch; touch 0 and none are the first")
    func roundTrip() throws {
        let second = try Self.decode(#"{"type": "touchDown", "touch": 1, "t": 0.5, "x": 10, "y": 20}"#)
        #expect(second == [TimedInput(t: 0.5, input: .secondTouch(.down(Point(x: 10, y: 20))))])
        var w = JSONWriter()
        EventCodec.encode(second[0], definition: nil, into: &w)
        #expect(String(decoding: w.bytes, as: UTF8.self) == #"{"type":"touchDown","touch":1,"t":0.5,"x":10,"y":20}"#)
        #expect(try Self.decode(#"{"type": "touchUp", "touch": 0, "t": 1, "x": 1, "y": 2}"#)
            == [TimedInput(t: 1, input: .touch(.up(Point(x: 1, y: 2))))])
        #expect(try Self.decode(#"{"type": "touchCancel", "touch": 1, "t": 1}"#) == [TimedInput(t: 1, input: .secondTouch(.cancel))])
    }

    @Test("touch 2 is refused, naming the field")
    func onlyTwoFingers() throws {
        do {
            _ = try Self.decode(#"{"type": "touchMove", "touch": 2, "t": 0, "x": 1, "y": 2}"#)
            Issue.record("touch 2 was read")
        } catch let error as DocumentError {
            #expect(error.field == "/touch", "\(error)")
            #expect(error.message.contains("must be 0 or 1"))
        }
    }
}
