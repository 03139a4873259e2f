import Testing
@testable import AnimationCore

/// Bindings and actions between views (docs/scenes.md#bindings-and-actions): a pager with page
/// dots as an app links them. Fingers move every 1/64 s so times are exact; the scroll view's pan
/// begins at 10 pt and scrolls by the travel past that.
@Suite("Scenes: bindings and actions")
struct SceneLinkTests {
    static let follow = SceneLink(from: "pager", .property("contentOffsetX"), to: "dots", command: "setCurrentPage",
                                  arguments: [("page", "clamp(round(value / 390), 0, 4)")])
    static let landing = SceneLink(from: "pager", .emission("scrollViewWillEndDragging"), to: "dots", command: "setCurrentPage",
                                   arguments: [("page", "clamp(round(event.targetContentOffsetX / 390), 0, 4)")])
    static let scroll = SceneLink(from: "dots", .emission("valueChanged"), to: "pager", command: "setContentOffset",
                                  arguments: [("x", "event.currentPage * 390"), ("y", "0")])

    /// A paging scroll view of five 390 pt pages and five dots over its bottom (y 780…806).
    static func views() throws -> [SceneView] {
        [sceneView("pager", try builtIn("scrollView", ["contentWidth": 1950, "contentHeight": 844, "isPagingEnabled": true]), 0, 0, 390, 844),
         sceneView("dots", try builtIn("pageControl", ["numberOfPages": 5]), 0, 780, 390, 26)]
    }

    static func pager(bindings: [SceneLink] = [follow], actions: [SceneLink] = [landing, scroll]) throws -> SceneState {
        SceneState(scene: try Scene(views()).linking(bindings: bindings, actions: actions, at: .root))
    }

    @Test("Dragging the pager past half a page moves the dots (the binding, at each move)")
    func dotsFollowADrag() throws {
        var state = try Self.pager()
        try state.down(1, 300, 400, at: 0)
        try state.drag(1, from: 300, 400, by: -5, 0, steps: 40, from: 0)
        #expect(state.number("pager", "contentOffsetX", at: 40.0 / 64) == 190, "200 pt of travel less the 10 of hysteresis")
        #expect(state.number("dots", "currentPage", at: 40.0 / 64) == 0)
        try state.move(1, 300 - 205, 400, at: 41.0 / 64)
        #expect(state.number("pager", "contentOffsetX", at: 41.0 / 64) == 195)
        #expect(state.number("dots", "currentPage", at: 41.0 / 64) == 1, "round(195 / 390) = 1: half a page goes over")
    }

    @Test("A flick to the second page: the dots move at the release, to where it lands")
    func dotsFollowAFlick() throws {
        var state = try Self.pager()
        try state.down(1, 300, 400, at: 0)
        try state.drag(1, from: 300, 400, by: -20, 0, steps: 8, from: 0)
        #expect(state.number("pager", "contentOffsetX", at: 0.125) == 150)
        #expect(state.number("dots", "currentPage", at: 0.125) == 0, "round(150 / 390) = 0 while dragging")
        let log = try state.up(1, 140, 400, at: 0.125)
        #expect(log.contains("pager scrollViewWillEndDragging @0.125"))
        #expect(state.number("dots", "currentPage", at: 0.125) == 1, "targetContentOffsetX 390: the page it lands on")
        #expect(state.number("dots", "displayedPage", at: 0.125) == 0, "the dot then springs over")
        state.wait(until: 3)
        #expect(state.number("pager", "contentOffsetX", at: 3) == 390)
        #expect(state.number("dots", "currentPage", at: 3) == 1)
        #expect(abs(state.number("dots", "displayedPage", at: 3) - 1) < 1e-9, "the 0.3 s critically damped spring, 10 responses on")
    }

    @Test("A tap on the right half of the dots scrolls the pager one page, over 0.3 s")
    func tapScrollsThePager() throws {
        var state = try Self.pager()
        #expect(try state.down(1, 300, 793, at: 0) == [])
        #expect(try state.up(1, 300, 793, at: 0.05) == ["dots valueChanged @0.05"])
        #expect(state.number("pager", "contentOffsetX", at: 0.05) == 0)
        #expect(abs(state.number("pager", "contentOffsetX", at: 0.2) - 195) < 1e-9, "sin² at half the 0.3 s: half the way")
        #expect(state.wait(until: 0.5) == ["pager scrollViewDidEndScrollingAnimation @0.35"])
        #expect(state.number("pager", "contentOffsetX", at: 0.5) == 390)
        #expect(state.number("dots", "currentPage", at: 0.5) == 1, "the binding sends the same page back: nothing moves")
        // The left half goes back.
        try state.down(1, 50, 793, at: 1)
        #expect(try state.up(1, 50, 793, at: 1.05) == ["dots valueChanged @1.05"])
        #expect(state.number("pager", "contentOffsetX", at: 1.35) == 0)
    }

    @Test("Frames read ahead, replays and one batch give the same sends")
    func deterministic() throws {
        var stepwise = try Self.pager()
        try stepwise.down(1, 300, 793, at: 0)
        try stepwise.up(1, 300, 793, at: 0.05)
        var timeline = SceneTimeline(scene: stepwise.scene)
        try timeline.apply([(0, .touch(id: 1, .down(Point(x: 300, y: 793)))), (0.05, .touch(id: 1, .up(Point(x: 300, y: 793))))])
        for t in stride(from: 0.05, through: 0.6, by: 0.05) {
            #expect(timeline.frame(at: t) == stepwise.frame(at: t))
        }
        #expect(Scenes.log(timeline.emissions(to: 1)) == ["dots valueChanged @0.05", "pager scrollViewDidEndScrollingAnimation @0.35"])
    }

    // MARK: Refusals

    static func refusal(bindings: [SceneLink] = [], actions: [SceneLink] = []) throws -> SceneError? {
        let scene = try Scene(views())
        do {
            _ = try scene.linking(bindings: bindings, actions: actions, at: TreePath([.key("scene")]))
            return nil
        } catch {
            return error
        }
    }

    @Test("Unknown views, properties, emissions, commands and arguments are refused at their pointer")
    func refusals() throws {
        var link = Self.follow
        link.source = "nowhere"
        #expect(try Self.refusal(bindings: [link])?.code == .unknownView)
        #expect(try Self.refusal(bindings: [link])?.path.pointer == "/scene/bindings/0/from/view")
        link = Self.follow
        link.trigger = .property("contentOffset")
        #expect(try Self.refusal(bindings: [link])?.code == .unknownProperty)
        #expect(try Self.refusal(bindings: [link])?.path.pointer == "/scene/bindings/0/from/property")
        link = Self.scroll
        link.trigger = .emission("touchUpInside")
        #expect(try Self.refusal(actions: [Self.landing, link])?.code == .unknownEmission)
        #expect(try Self.refusal(actions: [Self.landing, link])?.path.pointer == "/scene/actions/1/on/emission")
        link = Self.scroll
        link.command = "scrollTo"
        #expect(try Self.refusal(actions: [link])?.code == .unknownCommand)
        #expect(try Self.refusal(actions: [link])?.path.pointer == "/scene/actions/0/send/command")
        link = Self.scroll
        link.arguments = [("x", "event.page * 390"), ("y", "0")]
        #expect(try Self.refusal(actions: [link])?.code == .invalidLink, "the emission has no field 'page'")
        #expect(try Self.refusal(actions: [link])?.path.pointer == "/scene/actions/0/send/args/x")
        link.arguments = [("y", "0")]
        #expect(try Self.refusal(actions: [link])?.path.pointer == "/scene/actions/0/send/args", "x has no default")
        link.arguments = [("x", "0"), ("y", "0"), ("z", "0")]
        #expect(try Self.refusal(actions: [link])?.path.pointer == "/scene/actions/0/send/args/z")
    }

    @Test("Links that set each other off are refused as a cycle, at the first link of it")
    func cycles() throws {
        // The dots following the pager and the pager following the dots' page: each command sets the other off.
        let back = SceneLink(from: "dots", .property("currentPage"), to: "pager", command: "setContentOffset",
                             arguments: [("x", "value * 390"), ("y", "0")])
        let error = try #require(try Self.refusal(bindings: [Self.follow, back]))
        #expect(error.code == .linkCycle)
        #expect(error.path.pointer == "/scene/bindings/0")
        // The pager scene's three links form none: setCurrentPage emits nothing, setContentOffset nothing at once.
        #expect(try Self.refusal(bindings: [Self.follow], actions: [Self.landing, Self.scroll]) == nil)
    }
}
