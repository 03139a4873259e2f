import Testing
@testable import AnimationCore

/// `require(toFail:)` between views for a waiting pan, screen-edge pan and long press
/// (docs/scenes.md#failure-requirements-across-views): a row's swipe pan or long press waiting for
/// its photo's long press or double tap. UIKit withholds the waiting one's began while the other
/// is possible, fails it when the other recognises, and lets it begin when the other fails, a pan
/// with its translation counted from that moment. Figures: the reference's 10 pt pan hysteresis,
/// 15 pt edge hysteresis, 0.5 s / 10 pt long press (more than 10 pt fails it), 45 pt tap movement.
@Suite("Scenes: a pan or long press waiting for another view's recogniser to fail")
struct SceneHeldRecognizerTests {
    typealias F = SceneFailureRequirementTests

    static let rowRegion = #""region": {"x": 0, "y": 0, "width": 390, "height": 200}"#
    static let photoRegion = #""region": {"x": 0, "y": 0, "width": 100, "height": 100}"#

    /// A 390 × 200 row with a pan `swipe`, a 0.8 s long press `menu` and a swipe `flick`, holding a
    /// 100 × 100 photo at (10, 10) with a long press `peek` (0.5 s unless `peek` says) and a double tap `zoom`.
    static func scene(_ requirements: [SceneView.FailureRequirement], peek: String = "") throws -> SceneState {
        let row = try F.control("row", #"""
        {"inputs": {
          "swipe": {"type": "pan", \#(rowRegion), "on": {
            "began": [{"emit": "swipeBegan", "fields": {"x": "event.translation.x"}}],
            "changed": [{"emit": "swipeChanged", "fields": {"x": "event.translation.x"}}],
            "ended": [{"emit": "swipeEnded", "fields": {"x": "event.translation.x"}}]}},
          "menu": {"type": "longPress", "minimumPressDuration": 0.8, \#(rowRegion), "on": {
            "began": [{"emit": "menuBegan", "fields": {"x": "event.location.x", "y": "event.location.y"}}],
            "ended": [{"emit": "menuEnded"}]}},
          "flick": {"type": "swipe", "direction": "up", \#(rowRegion)}},
         "content": {"frame": {"x": 0, "y": 0, "width": 390, "height": 200}}}
        """#)
        let photo = try F.control("photo", #"""
        {"inputs": {
          "peek": {"type": "longPress", \#(peek) \#(photoRegion), "on": {"began": [{"emit": "peeked"}]}},
          "zoom": {"type": "tap", "numberOfTapsRequired": 2, \#(photoRegion), "on": {"recognized": [{"emit": "zoomed"}]}}}}
        """#)
        var rowView = sceneView("row", row, 0, 0, 390, 200, [sceneView("photo", photo, 10, 10, 100, 100)])
        rowView.requireToFail = requirements
        return try Scenes.state([rowView])
    }

    static let swipeWaitsForPeek = [SceneView.FailureRequirement(recognizer: "swipe", view: "photo", otherRecognizer: "peek")]

    @Test("At 10 pt the photo's long press is still possible (10 pt does not fail it): the swipe is held; at 11 pt it fails and the swipe begins from 0")
    func swipeBeginsWhenThePressFails() throws {
        var state = try Self.scene(Self.swipeWaitsForPeek)
        try state.down(1, 50, 50, at: 0)
        #expect(try state.detailed(1, .move(Point(x: 60, y: 50)), at: 0.1) == [])
        #expect(try state.detailed(1, .move(Point(x: 61, y: 50)), at: 0.15) == ["row swipeBegan x=0.0 @0.15"])
        #expect(try state.detailed(1, .move(Point(x: 81, y: 50)), at: 0.2) == ["row swipeChanged x=20.0 @0.2"])
        #expect(try state.detailed(1, .up(Point(x: 81, y: 50)), at: 0.25) == ["row swipeEnded x=20.0 @0.25"])
        #expect(state.wait(until: 2) == [])
    }

    @Test("Without the requirement the swipe begins at 10 pt, its hysteresis taken off, and excludes the press")
    func withoutRequirement() throws {
        var state = try Self.scene([])
        try state.down(1, 50, 50, at: 0)
        #expect(try state.detailed(1, .move(Point(x: 60, y: 50)), at: 0.1) == ["row swipeBegan x=0.0 @0.1"])
        #expect(try state.detailed(1, .move(Point(x: 61, y: 50)), at: 0.15) == ["row swipeChanged x=1.0 @0.15"])
        #expect(state.wait(until: 1) == [])
    }

    @Test("The photo's long press begins at 0.5 s while the swipe is held: the swipe fails and never begins")
    func pressWins() throws {
        var state = try Self.scene(Self.swipeWaitsForPeek)
        try state.down(1, 50, 50, at: 0)
        try state.move(1, 60, 50, at: 0.1)
        #expect(state.wait(until: 0.5) == ["photo peeked @0.5"])
        #expect(try state.detailed(1, .move(Point(x: 150, y: 50)), at: 0.6) == [])
        #expect(try state.detailed(1, .up(Point(x: 150, y: 50)), at: 0.7) == [])
    }

    @Test("Lifted while held: the press fails at the lift, so the swipe begins and ends there, translation 0")
    func liftedWhileHeld() throws {
        var state = try Self.scene(Self.swipeWaitsForPeek)
        try state.down(1, 50, 50, at: 0)
        try state.move(1, 60, 50, at: 0.1)
        #expect(try state.detailed(1, .up(Point(x: 60, y: 50)), at: 0.2) == ["row swipeBegan x=0.0 @0.2", "row swipeEnded x=0.0 @0.2"])
    }

    @Test("Waiting for the photo's double tap: held from 10 pt until the finger is 46 pt away (more than 45 fails the tap)")
    func swipeWaitsForDoubleTap() throws {
        var state = try Self.scene([.init(recognizer: "swipe", view: "photo", otherRecognizer: "zoom")])
        try state.down(1, 50, 50, at: 0)
        #expect(try state.detailed(1, .move(Point(x: 60, y: 50)), at: 0.1) == [])
        #expect(try state.detailed(1, .move(Point(x: 95, y: 50)), at: 0.15) == [], "45 pt: the tap is still possible")
        #expect(try state.detailed(1, .move(Point(x: 96, y: 50)), at: 0.2) == ["row swipeBegan x=0.0 @0.2"])
        #expect(try state.detailed(1, .move(Point(x: 106, y: 50)), at: 0.3) == ["row swipeChanged x=10.0 @0.3"])
    }

    @Test("The row's 0.8 s long press waits for a 1.25 s press of the photo: held at 0.8 s, failed when the photo's begins")
    func menuWaitsAndFails() throws {
        var state = try Self.scene([.init(recognizer: "menu", view: "photo", otherRecognizer: "peek")], peek: #""minimumPressDuration": 1.25,"#)
        try state.down(1, 50, 50, at: 0)
        #expect(state.wait(until: 0.8) == [])
        #expect(state.wait(until: 1.25) == ["photo peeked @1.25"])
        #expect(try state.detailed(1, .up(Point(x: 50, y: 50)), at: 1.5) == [])
    }

    @Test("The row's held long press begins where the finger is when the photo's press fails by moving 10.63 pt (8, 7: under the pan's 10 per axis)")
    func menuBeginsWhenThePhotoFails() throws {
        var state = try Self.scene([.init(recognizer: "menu", view: "photo", otherRecognizer: "peek")], peek: #""minimumPressDuration": 1.25,"#)
        try state.down(1, 50, 50, at: 0)
        #expect(state.wait(until: 0.9) == [])
        #expect(try state.detailed(1, .move(Point(x: 58, y: 57)), at: 1) == ["row menuBegan x=58.0 y=57.0 @1.0"])
        #expect(try state.detailed(1, .up(Point(x: 58, y: 57)), at: 1.1) == ["row menuEnded @1.1"])
        #expect(state.wait(until: 3) == [])
    }

    @Test("A screen-edge pan waiting for a long press that allows 20 pt: held at 15 pt inward, begun from 0 when the press fails at 26 pt")
    func edgePanWaits() throws {
        func screen(waiting: Bool) throws -> SceneState {
            let region = #""region": {"x": 0, "y": 0, "width": 390, "height": 844}"#
            let screen = try F.control("screen", #"""
            {"inputs": {"back": {"type": "screenEdgePan", "edges": "left", \#(region), "on": {
               "began": [{"emit": "backBegan", "fields": {"x": "event.translation.x"}}],
               "changed": [{"emit": "backChanged", "fields": {"x": "event.translation.x"}}]}}},
             "content": {"frame": {"x": 0, "y": 0, "width": 390, "height": 844}}}
            """#)
            let map = try F.control("map", #"{"inputs": {"pin": {"type": "longPress", "allowableMovement": 20, \#(region), "on": {"began": [{"emit": "pinned"}]}}}}"#)
            var view = sceneView("screen", screen, 0, 0, 390, 844, [sceneView("map", map, 0, 0, 390, 844)])
            if waiting { view.requireToFail = [.init(recognizer: "back", view: "map", otherRecognizer: "pin")] }
            return try Scenes.state([view])
        }
        var state = try screen(waiting: true)
        try state.down(1, 4, 300, at: 0)
        #expect(try state.detailed(1, .move(Point(x: 19, y: 300)), at: 0.05) == [])
        #expect(try state.detailed(1, .move(Point(x: 30, y: 300)), at: 0.1) == ["screen backBegan x=0.0 @0.1"])
        #expect(try state.detailed(1, .move(Point(x: 40, y: 300)), at: 0.15) == ["screen backChanged x=10.0 @0.15"])
        var free = try screen(waiting: false)
        try free.down(1, 4, 300, at: 0)
        #expect(try free.detailed(1, .move(Point(x: 19, y: 300)), at: 0.05) == ["screen backBegan x=0.0 @0.05"])
        #expect(try free.detailed(1, .move(Point(x: 30, y: 300)), at: 0.1) == ["screen backChanged x=11.0 @0.1"])
    }

    @Test("Taps, pans, long presses and swipes wait: a name that is none of the view's recognisers is refused at its pointer")
    func refusals() throws {
        func refusal(_ recognizer: String) throws -> String? {
            do {
                _ = try Self.scene([.init(recognizer: recognizer, view: "photo", otherRecognizer: "peek")])
                return nil
            } catch let error as SceneError {
                return error.code.rawValue + " " + error.path.pointer
            }
        }
        #expect(try refusal("swipe") == nil)
        #expect(try refusal("menu") == nil)
        #expect(try refusal("flick") == nil)
        #expect(try refusal("fling") == "unknown_recognizer /views/0/requireToFail/0/recognizer")
    }
}

extension SceneState {
    /// Finger `id`'s fact at `t`; what it emitted as `view name field=value… @t`.
    mutating func detailed(_ id: Int, _ touch: Touch, at t: Double) throws -> [String] {
        try apply(.touch(id: id, touch), at: t).map { item in
            let fields = item.emission.fields.map { field in
                if case let .number(value) = field.value { " \(field.name)=\(value)" } else { " \(field.name)=\(field.value)" }
            }
            return "\(item.view) \(item.emission.name)\(fields.joined()) @\(item.emission.t)"
        }
    }
}
