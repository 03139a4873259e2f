import Testing
@testable import AnimationCore

/// The scene document, checked whole before anything runs, and `hitTest(_:with:)` over it
/// (docs/scenes.md; rules and sources in docs/fidelity.md#scenes).
@Suite("Scenes: the document and hit-testing")
struct SceneDocumentTests {
    static func fault(_ views: [SceneView]) -> (code: String, pointer: String)? {
        do {
            _ = try Scene(views, at: TreePath([.key("scene"), .key("views")]))
            return nil
        } catch {
            return (error.code.rawValue, error.path.pointer)
        }
    }

    @Test("Each fault has its code and the JSON pointer of the offending member")
    func faults() throws {
        let button = try builtIn("button")
        #expect(Self.fault([sceneView("a", nil, 0, 0, 10, 10, []), sceneView("b", nil, 0, 0, 10, 10, [sceneView("a", nil, 0, 0, 1, 1)])])! == ("duplicate_view_id", "/scene/views/1/children/0/id"))
        #expect(Self.fault([sceneView("a", nil, 0, .infinity, 10, 10)])! == ("invalid_frame", "/scene/views/0/frame/y"))
        #expect(Self.fault([sceneView("a", nil, 0, 0, .nan, 10)])! == ("invalid_frame", "/scene/views/0/frame/width"))
        #expect(Self.fault([sceneView("a", nil, 0, 0, 10, -1)])! == ("invalid_frame", "/scene/views/0/frame/height"))
        #expect(Self.fault([sceneView("", nil, 0, 0, 10, 10)])! == ("invalid_view", "/scene/views/0/id"))
        #expect(Self.fault([sceneView("b", button, 0, 0, 200, 50, [sceneView("c", nil, 0, 0, 1, 1)])])! == ("children_not_accepted", "/scene/views/0/children"))
        // 16 levels nest; the 17th does not.
        func chain(_ depth: Int) -> SceneView {
            var view = sceneView("v\(depth)", nil, 0, 0, 10, 10)
            for level in stride(from: depth - 1, through: 1, by: -1) { view = sceneView("v\(level)", nil, 0, 0, 10, 10, [view]) }
            return view
        }
        #expect(Self.fault([chain(16)]) == nil)
        let deep = "/scene/views/0" + String(repeating: "/children/0", count: 16)
        #expect(Self.fault([chain(17)])! == ("scene_too_deep", deep))
        // 256 views; the 257th is refused where it is.
        let many = (0..<256).map { sceneView("v\($0)", nil, 0, 0, 1, 1) }
        #expect(Self.fault(many) == nil)
        #expect(Self.fault(many + [sceneView("last", nil, 0, 0, 1, 1)])! == ("too_many_views", "/scene/views/256"))
    }

    @Test("A scroll view takes children and clips them; a plain view takes children; a button takes none")
    func containers() throws {
        let scene = try Scene([sceneView("list", builtIn("scrollView"), 0, 0, 390, 844, [sceneView("row", nil, 0, 0, 390, 44)])])
        #expect(scene.nodes.map(\.id) == ["list", "row"])
        #expect(scene.nodes[0].clipsToBounds && scene.nodes[0].isMultipleTouchEnabled, "UIScrollView.init sets both")
        #expect(!scene.nodes[1].clipsToBounds && !scene.nodes[1].isMultipleTouchEnabled, "UIView's defaults")
        #expect(scene.nodes[0].isScrollView && !scene.nodes[0].isControl, "a scroll view is no UIControl")
        #expect(try Scene([sceneView("b", builtIn("button"), 0, 0, 200, 50)]).nodes[0].isControl)
    }

    // MARK: hitTest

    @Test("Siblings are tried front-most first; hidden, transparent and non-interactive views are skipped with their subtrees")
    func hitTestOrder() throws {
        var back = sceneView("back", nil, 0, 0, 100, 100)
        var front = sceneView("front", nil, 50, 0, 100, 100, [sceneView("inner", nil, 0, 0, 20, 20)])
        var state = try Scenes.state([sceneView("window", nil, 0, 0, 300, 300, [back, front])])
        func hit(_ x: Double, _ y: Double) -> String? { state.hitTest(Point(x: x, y: y), at: 0).map { state.scene.nodes[$0].id } }
        #expect(hit(75, 50) == "front", "overlap: the later sibling is in front")
        #expect(hit(55, 5) == "inner")
        #expect(hit(25, 50) == "back")
        #expect(hit(250, 250) == "window")
        #expect(hit(300, 0) == nil, "bounds are half-open: the max edge is outside")
        #expect(hit(0, 0) == "back", "the min edges are inside")

        front.isHidden = true
        state = try Scenes.state([sceneView("window", nil, 0, 0, 300, 300, [back, front])])
        #expect(hit(75, 50) == "back")
        #expect(hit(55, 5) == "back", "a hidden view's children are not hit either")
        front.isHidden = false
        front.alpha = 0.005
        state = try Scenes.state([sceneView("window", nil, 0, 0, 300, 300, [back, front])])
        #expect(hit(75, 50) == "back", "alpha below 0.01")
        front.alpha = 0.5
        front.children[0].alpha = 0.5
        state = try Scenes.state([sceneView("window", nil, 0, 0, 300, 300, [back, front])])
        #expect(hit(55, 5) == "inner", "each view's own alpha counts, not the product (0.25)")
        front.alpha = 1
        front.isUserInteractionEnabled = false
        back.isUserInteractionEnabled = false
        state = try Scenes.state([sceneView("window", nil, 0, 0, 300, 300, [back, front])])
        #expect(hit(75, 50) == "window")
    }

    @Test("A child outside its parent's bounds is drawn but not hit, clipping or not")
    func overflow() throws {
        var box = sceneView("box", nil, 0, 0, 100, 100, [sceneView("overflow", nil, 80, 0, 60, 40)])
        box.clipsToBounds = false
        let state = try Scenes.state([sceneView("window", nil, 0, 0, 300, 300, [box])])
        #expect(state.hitTest(Point(x: 90, y: 10), at: 0).map { state.scene.nodes[$0].id } == "overflow")
        #expect(state.hitTest(Point(x: 120, y: 10), at: 0).map { state.scene.nodes[$0].id } == "window")
    }

    @Test("A scroll view's content is hit where its offset has moved it")
    func scrolledContent() throws {
        let list = sceneView("list", try builtIn("scrollView", ["contentOffsetY": 100]), 0, 50, 390, 700,
                               [sceneView("button", try builtIn("button"), 95, 300, 200, 50)])
        let state = try Scenes.state([list])
        // Content y 300…350 shows at 50 + 300 − 100 = 250…300 in the window.
        #expect(state.hitTest(Point(x: 100, y: 250), at: 0) == 1)
        #expect(state.hitTest(Point(x: 100, y: 249.5), at: 0) == 0)
        #expect(state.hitTest(Point(x: 100, y: 300), at: 0) == 0)
        #expect(state.hitTest(Point(x: 100, y: 40), at: 0) == nil)
    }
}
