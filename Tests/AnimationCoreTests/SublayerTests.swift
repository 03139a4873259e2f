import Testing
@testable import AnimationCore

/// A layer names its superlayer (`"superlayer": "<id>"`): its frame is then in that layer's
/// coordinates, it shows only while that layer does, and the flat list is the tree in drawing
/// order. `masksToBounds` is a table row (a Bool expression). Scene positions are checked against
/// scripts/oracle/layer_tree_oracle.py (Core Animation's composition written independently).
@Suite("Sublayers and masksToBounds")
struct SublayerTests {
    static func frame(_ layers: String, parameters: String = "{}", at t: Double = 0) throws -> Frame {
        let definition = #"{"parameters": \#(parameters), "layers": \#(layers)}"#
        let instance = try ControlInstance(DefinitionTests.load(definition), name: "s", configuration: DefinitionTests.tree("{}"))
        return Session(configuration: instance).frame(at: t)
    }

    static func layer(_ id: String, _ more: String = "", frame: String = #"{"x": 0, "y": 0, "width": 10, "height": 10}"#) -> String {
        #"{"id": "\#(id)", "frame": \#(frame)\#(more.isEmpty ? "" : ", " + more)}"#
    }

    @Test("A sublayer carries its superlayer's id; a layer without one, and without masksToBounds, carries nothing new")
    func frameValues() throws {
        let frame = try Self.frame("[" + [Self.layer("card", #""masksToBounds": true, "cornerRadius": 4"#),
                                         Self.layer("photo", #""superlayer": "card""#, frame: #"{"x": -5, "y": 2, "width": 20, "height": 4}"#),
                                         Self.layer("other")].joined(separator: ",") + "]")
        #expect(frame.layers.map(\.id) == ["card", "photo", "other"])
        #expect(frame.layers.map(\.superlayer) == [nil, "card", nil])
        #expect(frame.layers[0].part("masks") == [.bool(true)])
        #expect(frame.layers[1].part("masks") == nil)
        #expect(frame.layers[1].frame == Rect(x: -5, y: 2, width: 20, height: 4), "in the superlayer's coordinates, as given")
        #expect(frame.layers[2].parts == frame.layers[1].parts)
    }

    @Test("A sublayer shows only while its superlayer does, whatever its own visible says")
    func hiddenWithItsSuperlayer() throws {
        let layers = "[" + [Self.layer("card", #""visible": "shown""#), Self.layer("photo", #""superlayer": "card", "visible": true"#),
                            Self.layer("sun", #""superlayer": "photo""#)].joined(separator: ",") + "]"
        let hidden = #"{"shown": {"type": "bool", "default": false}}"#
        #expect(try Self.frame(layers, parameters: hidden).layers.map(\.id) == [])
        let shown = #"{"shown": {"type": "bool", "default": true}}"#
        #expect(try Self.frame(layers, parameters: shown).layers.map(\.id) == ["card", "photo", "sun"])
    }

    @Test("The clipped card's scene positions, composed through card and photo, match the oracle within 1e-9")
    func scenePositions() throws {
        let definition = try String(contentsOfFile: Self.example, encoding: .utf8)
        let instance = try ControlInstance(DefinitionTests.load(definition), name: "c", configuration: DefinitionTests.tree("{}"))
        let frame = Session(configuration: instance).frame(at: 0)
        #expect(frame.layers.map(\.id) == ["background", "card", "photo", "sun", "caption"])
        #expect(frame.layers.map(\.superlayer) == [nil, nil, "card", "photo", nil])
        // scripts/oracle/layer_tree_oracle.py, slide = 0.
        let expected: [(String, Point, Point)] = [
            ("card", Point(x: 0, y: 0), Point(x: 26.489588471007103, y: 10.316408418635639)),
            ("photo", Point(x: 0, y: 0), Point(x: -24.999797608885366, y: 14.071986370612578)),
            ("photo", Point(x: 60, y: 40), Point(x: 20.499583472197415, y: 70.01665833531719)),
            ("sun", Point(x: 10, y: 10), Point(x: 59.48246864901749, y: 59.04694260103939)),
        ]
        for (id, point, scene) in expected {
            let got = try #require(frame.point(point, inLayer: id))
            #expect(abs(got.x - scene.x) < 1e-9 && abs(got.y - scene.y) < 1e-9, "\(id) \(point): \(got)")
        }
        #expect(frame.point(Point(x: 0, y: 0), inLayer: "nothing") == nil)
    }

    static var example: String {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return (parts + ["docs", "examples", "clippedCard.json"]).joined(separator: "/")
    }

    @Test("The loader refuses an unknown superlayer (did you mean), itself, one declared later, a cycle, a misplaced sublayer, too deep a tree")
    func refusals() throws {
        func fault(_ layers: [String]) throws -> (code: String, pointer: String, message: String) {
            try #require(try DefinitionTests.fault(#"{"layers": [\#(layers.joined(separator: ","))]}"#))
        }
        let unknown = try fault([Self.layer("card"), Self.layer("photo", #""superlayer": "cards""#)])
        #expect(unknown.code == "unknown_reference" && unknown.pointer == "/layers/1/superlayer")
        #expect(unknown.message == "no layer 'cards' (did you mean 'card'?); the layers are card, photo")
        let itself = try fault([Self.layer("card", #""superlayer": "card""#)])
        #expect(itself.code == "cycle" && itself.pointer == "/layers/0/superlayer")
        let later = try fault([Self.layer("photo", #""superlayer": "card""#), Self.layer("card")])
        #expect(later.code == "invalid_definition" && later.pointer == "/layers/0/superlayer")
        #expect(later.message == "superlayer 'card' is declared after layer 'photo': list a layer before its sublayers")
        let cycle = try fault([Self.layer("a", #""superlayer": "b""#), Self.layer("b", #""superlayer": "a""#)])
        #expect(cycle.code == "cycle" && cycle.pointer == "/layers/0/superlayer")
        #expect(cycle.message == "the superlayers go round: 'a' → 'b' → 'a'")
        let between = try fault([Self.layer("card"), Self.layer("other"), Self.layer("photo", #""superlayer": "card""#)])
        #expect(between.code == "invalid_definition" && between.pointer == "/layers/2/superlayer")
        #expect(between.message.contains("'other', not one of its sublayers, comes between them"))
        #expect(try fault([Self.layer("card", #""superlayer": 3"#)]).pointer == "/layers/0/superlayer")
        // 16 levels load; a 17th is refused at its superlayer.
        let chain = (0..<17).map { k in Self.layer("l\(k)", k == 0 ? "" : #""superlayer": "l\#(k - 1)""#) }
        #expect(try DefinitionTests.fault(#"{"layers": [\#(chain.dropLast().joined(separator: ","))]}"#) == nil)
        let deep = try fault(chain)
        #expect(deep.code == "layer_tree_too_deep" && deep.pointer == "/layers/16/superlayer")
        // A misspelt member is answered with the layer's fields, superlayer and masksToBounds among them.
        let typo = try fault([Self.layer("card", #""masksToBound": true"#)])
        #expect(typo.pointer == "/layers/0/masksToBound" && typo.message.contains("masksToBounds"))
        let typed = try fault([Self.layer("card", #""masksToBounds": 1"#)])
        #expect(typed.code == "type_mismatch" && typed.pointer == "/layers/0/masksToBounds")
    }

    @Test("A frame made as a value (a scene's) keeps its sublayers' superlayers")
    func framesMadeAsValuesKeepTheTree() throws {
        let frame = try Self.frame("[" + [Self.layer("card"), Self.layer("photo", #""superlayer": "card""#, frame: #"{"x": 3, "y": 4, "width": 2, "height": 2}"#)].joined(separator: ",") + "]")
        var values: [Double] = []
        let shape = FrameShape(frame, values: &values)
        #expect(shape.layers.map(\.superlayer) == [nil, "card"])
    }

    @Test("In a scene a top-level layer is moved to its view's place and faded by its alpha; its sublayers are left in its coordinates")
    func inAScene() throws {
        let card = Self.layer("card", frame: #"{"x": 10, "y": 10, "width": 40, "height": 40}"#)
        let photo = Self.layer("photo", #""superlayer": "card", "opacity": 0.5"#, frame: #"{"x": 100, "y": 2, "width": 20, "height": 20}"#)
        let definition = #"{"layers": ["# + card + "," + photo + "]}"
        let control = try ControlInstance(DefinitionTests.load(definition), name: "c", configuration: DefinitionTests.tree("{}"))
        var view = sceneView("v", control, 200, 300, 60, 60)
        view.alpha = 0.5
        var panel = sceneView("panel", nil, 0, 0, 400, 400, [view])
        panel.clipsToBounds = true
        let frame = try Scenes.state([panel]).frame(at: 0)
        #expect(frame.layers.map(\.layer.id) == ["card", "photo"])
        #expect(frame.layers.map(\.layer.frame) == [Rect(x: 210, y: 310, width: 40, height: 40), Rect(x: 100, y: 2, width: 20, height: 20)])
        #expect(frame.layers.map(\.layer.opacity) == [0.5, 0.5], "the view's alpha fades the card, and the photo with it")
        #expect(frame.layers.map(\.layer.superlayer) == [nil, "card"])
        // Moved out of the clip, the card stays for its sublayer (which may reach back in).
        let away = try Scenes.state([sceneView("panel", nil, 0, 0, 100, 100, [sceneView("v", control, 200, 300, 60, 60)])]
            .map { var panel = $0; panel.clipsToBounds = true; return panel }).frame(at: 0)
        #expect(away.layers.map(\.layer.id) == ["card", "photo"])
    }
}
