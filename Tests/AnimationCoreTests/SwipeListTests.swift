import Testing
@testable import AnimationCore

/// A table of swipe rows as `UITableView` runs them (docs/scenes.md#exclusive-groups,
/// docs/scenes.md#stacks, docs/fidelity.md#swipe-actions): one row at a time shows its actions,
/// and the rows below a deleted row close the gap. Fingers move every 1/64 s; a row's pan begins
/// at its first 20 pt step with a translation of 10 (past its 10 pt hysteresis). Closing springs
/// with the row's snapSpring (response 0.4, ζ 1) from rest: x(t) = −74 (1 + ωt) e^{−ωt}, ω = 2π / 0.4,
/// −39.546787796 at 0.1 s (computed apart from the engine, in Python).
@Suite("Swipe list (exclusive groups, stacks)")
struct SwipeListTests {
    static let path = TreePath([.key("scene")])

    /// A list of three one-action rows at y 0, 44, 88, optionally stacked by `rowHeight`.
    static func views(stacked: Bool = true) throws -> [SceneView] {
        let rows = try (0..<3).map { k in sceneView("row\(k)", try builtIn("swipeActionsRow"), 0, Double(44 * k), 390, 44) }
        var list = sceneView("list", try builtIn("scrollView"), 0, 0, 390, 844, rows)
        if stacked { list.stack = SceneStack(axis: .y, property: "rowHeight") }
        return [list]
    }

    static let group = SceneExclusiveGroup(views: ["row0", "row1", "row2"], .property("offset"), command: "close",
                                           alsoOn: [("list", "scrollViewWillBeginDragging")])

    static func state(groups: [SceneExclusiveGroup] = [group]) throws -> SceneState {
        SceneState(scene: try Scene(views()).linking(bindings: [], actions: [], exclusive: groups, at: path))
    }

    /// Swipes the row at `y` 60 pt left from x 385 (offset −50), holds still, lifts: it snaps open at −74.
    static func open(_ state: inout SceneState, y: Double, at t: Double) throws {
        try state.down(1, 385, y, at: t)
        try state.drag(1, from: 385, y, by: -20, 0, steps: 3, from: t)
        try state.drag(1, from: 325, y, by: 0, 0, steps: 3, from: t + 3.0 / 64)
        try state.up(1, 325, y, at: t + 7.0 / 64)
    }

    static func phase(_ state: SceneState, _ view: String, at t: Double) -> String? {
        guard case let .string(phase)? = state.frame(at: t).properties(of: view)?.first(where: { $0.name == "phase" })?.value else { return nil }
        return phase
    }

    @Test("A second row beginning to swipe closes the open one at that move: closed at once, −39.546787796 0.1 s later, 0 when settled")
    func secondSwipeClosesFirst() throws {
        var state = try Self.state()
        try Self.open(&state, y: 22, at: 0)
        #expect(state.number("row0", "offset", at: 3) == -74)
        try state.down(2, 385, 66, at: 4)
        try state.move(2, 365, 66, at: 4 + 1.0 / 64)
        #expect(state.number("row1", "offset", at: 4 + 1.0 / 64) == -10)
        #expect(Self.phase(state, "row0", at: 4 + 1.0 / 64) == "closed")
        expectClose(state.number("row0", "offset", at: 4 + 1.0 / 64 + 0.1), -39.546787796, within: 1e-6)
        try state.drag(2, from: 365, 66, by: -20, 0, steps: 2, from: 4 + 1.0 / 64)
        try state.drag(2, from: 325, 66, by: 0, 0, steps: 3, from: 4 + 3.0 / 64)
        try state.up(2, 325, 66, at: 4 + 7.0 / 64)
        #expect(state.number("row0", "offset", at: 7) == 0)
        #expect(state.number("row1", "offset", at: 7) == -74, "the second row opens as it would alone")
        #expect(Self.phase(state, "row1", at: 7) == "open")
    }

    @Test("Without the group both rows stay open (the group is what closes the first)")
    func withoutGroup() throws {
        var state = try Self.state(groups: [])
        try Self.open(&state, y: 22, at: 0)
        try Self.open(&state, y: 66, at: 4)
        #expect(state.number("row0", "offset", at: 7) == -74)
        #expect(state.number("row1", "offset", at: 7) == -74)
    }

    @Test("The list beginning to scroll closes the open row (alsoOn scrollViewWillBeginDragging)")
    func scrollingClosesRow() throws {
        var state = try Self.state()
        try Self.open(&state, y: 22, at: 0)
        try state.down(2, 200, 400, at: 4)
        #expect(try state.move(2, 200, 395, at: 4 + 1.0 / 64) == [])
        let began = try state.move(2, 200, 390, at: 4 + 2.0 / 64)
        #expect(began == ["list scrollViewWillBeginDragging @4.03125"])
        #expect(Self.phase(state, "row0", at: 4 + 2.0 / 64) == "closed")
        expectClose(state.number("row0", "offset", at: 4 + 2.0 / 64 + 0.1), -39.546787796, within: 1e-6)
    }

    @Test("A deleted row's collapse draws the rows below up with it: half-way 22 and 66, then 0 and 44, where they are also hit")
    func deletedRowClosesGap() throws {
        var state = try Self.state(groups: [])
        try state.down(1, 385, 22, at: 0)
        try state.drag(1, from: 385, 22, by: -20, 0, steps: 19, from: 0)
        #expect(try state.up(1, 5, 22, at: 20.0 / 64) == ["row0 actionTriggered @0.3125"])
        let log = state.wait(until: 5)
        guard let deleted = log.first(where: { $0.hasPrefix("row0 rowDeleted @") }), let end = Double(deleted.dropFirst(17)) else {
            Issue.record("no rowDeleted in \(log)")
            return
        }
        let rowY = { (view: String, t: Double) in state.frame(at: t).layers.first { $0.view == view && $0.layer.id == "row" }?.layer.frame.minY }
        // The collapse runs 0.3 s on easeInEaseOut, symmetric: half-way at half-time.
        expectClose(state.number("row0", "rowHeight", at: end - 0.15), 22, within: 1e-9)
        expectClose(rowY("row1", end - 0.15) ?? .nan, 22, within: 1e-9)
        expectClose(rowY("row2", end - 0.15) ?? .nan, 66, within: 1e-9)
        #expect(rowY("row1", 5) == 0)
        #expect(rowY("row2", 5) == 44)
        #expect(state.hitTest(Point(x: 200, y: 22), at: 5) == state.scene.index(of: "row1"))
        #expect(state.hitTest(Point(x: 200, y: 66), at: 5) == state.scene.index(of: "row2"))
        // Not stacked, the rows keep their frames.
        var plain = SceneState(scene: try Scene(Self.views(stacked: false)))
        try plain.down(1, 385, 22, at: 0)
        try plain.drag(1, from: 385, 22, by: -20, 0, steps: 19, from: 0)
        try plain.up(1, 5, 22, at: 20.0 / 64)
        plain.wait(until: 5)
        #expect(plain.frame(at: 5).layers.first { $0.view == "row1" && $0.layer.id == "row" }?.layer.frame.minY == 44)
    }

    // MARK: Refusals

    static func refusal(_ groups: [SceneExclusiveGroup]) throws -> SceneError? {
        let views = try views()
        do {
            _ = try Scene(views).linking(bindings: [], actions: [], exclusive: groups, at: path)
            return nil
        } catch {
            return error
        }
    }

    @Test("Groups and stacks are refused at their pointer")
    func refusals() throws {
        var group = Self.group
        group.views = ["row0"]
        #expect(try Self.refusal([group]).map { "\($0.code.rawValue) \($0.path.pointer)" } == "invalid_group /scene/exclusive/0/views")
        group.views = ["row0", "row1", "row0"]
        #expect(try Self.refusal([group]).map { "\($0.code.rawValue) \($0.path.pointer)" } == "invalid_group /scene/exclusive/0/views/2")
        group.views = ["row0", "row1", "nowhere"]
        #expect(try Self.refusal([group]).map { "\($0.code.rawValue) \($0.path.pointer)" } == "unknown_view /scene/exclusive/0/views/2")
        group = Self.group
        group.trigger = .property("offsetX")
        #expect(try Self.refusal([Self.group, group]).map { "\($0.code.rawValue) \($0.path.pointer)" } == "unknown_property /scene/exclusive/1/when/property")
        group = Self.group
        group.command = "open"
        #expect(try Self.refusal([group]).map { "\($0.code.rawValue) \($0.path.pointer)" } == "unknown_command /scene/exclusive/0/send/command")
        group = Self.group
        group.arguments = [("animated", "value")]
        #expect(try Self.refusal([group]).map { "\($0.code.rawValue) \($0.path.pointer)" } == "invalid_link /scene/exclusive/0/send/args/animated",
                "value is a number; animated a bool")
        group = Self.group
        group.alsoOn = [("list", "scrollViewDidScroll")]
        #expect(try Self.refusal([group]).map { "\($0.code.rawValue) \($0.path.pointer)" } == "unknown_emission /scene/exclusive/0/alsoOn/0/emission")
        #expect(try Self.refusal(Array(repeating: Self.group, count: 17)).map { "\($0.code.rawValue) \($0.path.pointer)" } == "invalid_group /scene/exclusive")
        var views = try Self.views()
        views[0].stack = SceneStack(axis: .y, property: "height")
        do throws(SceneError) {
            _ = try Scene(views)
            Issue.record("accepted a stack by a property no child has")
        } catch {
            #expect("\(error.code.rawValue) \(error.path.pointer)" == "invalid_stack /views/0/stack/property")
        }
    }
}
