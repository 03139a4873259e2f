import Foundation
import Testing
@testable import Routes

/// The example definitions in `docs/examples/` (one JSON file each, no Swift), each made into a
/// session inline and driven by a script: their answers are pinned byte for byte in
/// `Goldens/examples/` (`RECORD_GOLDENS=1` rewrites them from the current code, as the golden
/// corpus does), and a few facts of each are checked as literals.
@Suite("Example definitions: the new layer vocabulary in use")
struct ExampleDefinitionTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A script step: a POST of events (or a command) or a GET of frames.
    private enum Step {
        case events(String)
        case frame(Double)
        case frames(from: Double, to: Double, fps: Double)
    }

    private static let scripts: [String: [Step]] = [
        // A single tap (delivered once the double tap has failed), then a double tap.
        "likeButton": [
            .frame(0),
            .events(#"{"events":[{"type":"touchDown","t":0.1,"x":22,"y":22},{"type":"touchUp","t":0.15,"x":22,"y":22}]}"#),
            .frame(0.45), .frames(from: 0.5, to: 1, fps: 20),
            .events(#"{"events":[{"type":"touchDown","t":1.5,"x":22,"y":22},{"type":"touchUp","t":1.55,"x":22,"y":22},{"type":"touchDown","t":1.7,"x":20,"y":24},{"type":"touchUp","t":1.75,"x":20,"y":24}]}"#),
            .frames(from: 1.7, to: 2.5, fps: 20),
        ],
        "activityIndicator": [
            .frame(0),
            .events(#"{"type":"startAnimating","t":0.5}"#),
            .frames(from: 0.5, to: 1.5, fps: 16),
            .events(#"{"type":"stopAnimating","t":2}"#),
            .frame(2.1),
        ],
        "labelledSegmentedControl": [
            .frame(0),
            .events(#"{"events":[{"type":"touchDown","t":0.1,"x":150,"y":16},{"type":"touchUp","t":0.2,"x":150,"y":16}]}"#),
            .frames(from: 0.2, to: 0.7, fps: 20),
        ],
        // A tap slides the photo across the card (0.6 s), clipped by the card's rounded bounds.
        "clippedCard": [
            .frame(0),
            .events(#"{"events":[{"type":"touchDown","t":0.1,"x":120,"y":80},{"type":"touchUp","t":0.15,"x":120,"y":80}]}"#),
            .frames(from: 0.15, to: 0.85, fps: 10),
            .frame(1),
        ],
        // A flick left opens the row; a tap on Delete sends delete.
        "swipeRow": [
            .frame(0),
            .events(#"{"events":[{"type":"touchDown","t":0.1,"x":300,"y":22},{"type":"touchMove","t":0.12,"x":290,"y":22},{"type":"touchMove","t":0.14,"x":270,"y":22},{"type":"touchMove","t":0.16,"x":250,"y":22},{"type":"touchUp","t":0.17,"x":245,"y":22}]}"#),
            .frames(from: 0.1, to: 0.8, fps: 20),
            .events(#"{"events":[{"type":"touchDown","t":1,"x":360,"y":22},{"type":"touchUp","t":1.05,"x":360,"y":22}]}"#),
        ],
    ]

    static let names: [String] = ["activityIndicator", "clippedCard", "labelledSegmentedControl", "likeButton", "swipeRow"]

    /// Every answer of the example's script, one a line.
    private static func run(_ name: String) throws -> [String] {
        let definition = try String(contentsOf: root.appendingPathComponent("docs/examples/\(name).json"), encoding: .utf8)
        let app = TestApp()
        let created = app.post("/v1/sessions", #"{"definition":\#(definition)}"#)
        var answers = ["\(created.status) \(created.text)"]
        guard created.status == 201, let id = try created.json()["id"]?.stringValue else { return answers }
        for step in try #require(scripts[name]) {
            let response: HTTPResponse = switch step {
            case let .events(body): app.postEvents(id, body)
            case let .frame(t): app.get("/v1/sessions/\(id)/frame?t=\(t)")
            case let .frames(from, to, fps): app.get("/v1/sessions/\(id)/frames?from=\(from)&to=\(to)&fps=\(fps)")
            }
            answers.append("\(response.status) \(response.text)")
        }
        return answers
    }

    private static func golden(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens/examples/\(name).txt")
    }

    @Test(arguments: names)
    func answersAsRecorded(_ name: String) throws {
        let answers = try Self.run(name)
        #expect(answers[0].hasPrefix("201 "), "\(name) was refused: \(answers[0])")
        let text = answers.map { $0.hasSuffix("\n") ? $0 : $0 + "\n" }.joined()
        if ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" {
            try text.write(to: Self.golden(name), atomically: true, encoding: .utf8)
            return
        }
        let recorded = try String(contentsOf: Self.golden(name), encoding: .utf8)
        #expect(text == recorded, "\(name): the answers differ from Goldens/examples/\(name).txt")
    }

    @Test func theLikeButtonLikesOnADoubleTapAndTogglesOnASingleOne() throws {
        let answers = try Self.run("likeButton")
        // The single tap, 0.35 s after its lift (0.5 s), liked it; the double tap keeps it liked.
        #expect(answers[2].contains(#""isLiked":false"#))
        #expect(answers[3].contains(#""isLiked":false"#))
        #expect(answers[4].contains(#"{"t":0.5,"properties":{"isLiked":true,"popScale":1.3}"#))
        #expect(answers[4].contains(#""kind":"shape""#) && answers[4].contains(#""path":{"data":"M22 37"#))
        #expect(answers[4].contains(#""transform":{"translationX":0,"translationY":0,"scaleX":1.3"#))
        #expect(answers.last!.contains(#""isLiked":true"#))
    }

    @Test func theActivityIndicatorStepsItsTicksRound() throws {
        let answers = try Self.run("activityIndicator")
        // At rest the ticks are hidden (hidesWhenStopped); animating, 0.25 s in, the third tick leads
        // (floor(0.25 · 8) = 2); tick 1 turns π/4 about the centre, 10 pt below its top: 10 / 5.6
        // (20 · 0.28 is 5.6000000000000005 in doubles, so 1.7857142857142856).
        #expect(answers[1].contains(#""layers":[]"#))
        #expect(answers[3].contains(#"{"t":0.75,"properties":{"isAnimating":true,"head":2}"#))
        #expect(answers[3].contains(#""rotation":0.7853981633974483,"anchorX":0.5,"anchorY":1.7857142857142856"#))
    }

    @Test func theSegmentedControlsTitlesAreTextLayers() throws {
        let answers = try Self.run("labelledSegmentedControl")
        #expect(answers[1].contains(##""text":{"string":"First","fontSize":13,"fontWeight":600,"color":"#000000ff","alignment":"center"}"##))
        #expect(answers[1].contains(#""text":{"string":"Second","fontSize":13,"fontWeight":400"#))
        #expect(answers[3].contains(#""text":{"string":"Second","fontSize":13,"fontWeight":600"#))
    }

    @Test func theClippedCardsPhotoIsASublayerThatSlides() throws {
        let answers = try Self.run("clippedCard")
        #expect(answers[1].contains(##"{"id":"card","kind":"rect","x":20,"y":20,"width":200,"height":120,"backgroundColor":"#ffffffff","cornerRadius":16,"opacity":1,"scale":1,"masksToBounds":true,"transform":{"##))
        #expect(answers[1].contains(#"{"id":"photo","kind":"shape","superlayer":"card","x":-60,"y":20,"#))
        #expect(answers[1].contains(#"{"id":"sun","kind":"shape","superlayer":"photo","x":84,"#))
        #expect(answers[1].contains(#"{"id":"caption","kind":"text","x":20,"#), "a top-level layer after a tree says nothing new")
        #expect(answers[2].contains(#""state":{"across":true}"#))
        // Across at rest after 0.6 s of easeInEaseOut: x = −60 + 200.
        #expect(answers[4].contains(#"{"id":"photo","kind":"shape","superlayer":"card","x":140,"y":20,"#))
    }

    @Test func theSwipeRowOpensOnAFlickAndDeletes() throws {
        let answers = try Self.run("swipeRow")
        #expect(answers[2].contains(#""state":{"open":true}"#))
        #expect(answers[3].contains(##""text":{"string":"Delete","fontSize":17,"fontWeight":400,"color":"#ffffffff","alignment":"center"}"##))
        #expect(answers[4].contains(#""name":"delete""#))
    }
}
