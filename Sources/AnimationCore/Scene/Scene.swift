/// A scene document checked whole and flattened: every view in drawing order (a parent before
/// its children, siblings back to front), with what touch delivery needs of its control worked
/// out once. Immutable; `SceneState` runs it.
public struct Scene: Sendable {
    public static let maximumViews = 256
    public static let maximumDepth = 16

    /// A view as the runtime reads it.
    public struct Node: Sendable {
        public let id: String
        public let control: ControlInstance?
        public let frame: Rect
        public let parent: Int?
        /// Front-most last.
        public fileprivate(set) var children: [Int]
        public let isHidden: Bool
        public let alpha: Double
        public let isUserInteractionEnabled: Bool
        public let clipsToBounds: Bool
        public let isMultipleTouchEnabled: Bool
        public let isExclusiveTouch: Bool
        public let delaysContentTouches: Bool
        public let canCancelContentTouches: Bool
        public let isDirectionalLockEnabled: Bool
        public let prefersScrollingExpandsWhenScrolledToEdge: Bool
        let touchesShouldCancel: Bool?
        /// Its children stacked along an axis (`SceneStack`).
        public let stack: SceneStack?
        /// The control's `content` (where children go), if it declares one.
        let content: ContentSpec?
        /// Inputs that are gesture recognisers: they get touches at once. A container's touch
        /// tracking counts among them (UIScrollView tracks through its own recognisers).
        let recognizers: UInt64
        /// Inputs that are the view's own touch handling (`UIControl` tracking): they get what
        /// `touchesBegan`… would, held back and cancelled by recognisers.
        let tracking: UInt64
        let pans: [Int]
        let taps: [Int]
        /// Pinch and rotation inputs: the two-finger recognisers, which take a second touch (finger 1).
        let transforms: UInt64
        /// Views whose recognisers recognise together with this one's (either side naming the other).
        public fileprivate(set) var simultaneous: [Int] = []
        /// This view's recognisers waiting for another view's recogniser to fail (`require(toFail:)`).
        fileprivate(set) var waits: [Wait] = []

        /// A scroll view for the arbitration: its content scrolls along some axis.
        var isScrollView: Bool { content?.scrolls != nil }
        /// A `UIControl`: it tracks touches itself (containers do not count).
        var isControl: Bool { tracking != 0 }
    }

    /// A recogniser (input `input` of the view) waiting for input `otherInput` of view `view` to fail.
    struct Wait: Sendable, Equatable {
        let input: Int
        let view: Int
        let otherInput: Int
    }

    /// Drawing order.
    public let nodes: [Node]
    /// The top-level views, back to front.
    public let roots: [Int]
    /// Views following and commanding one another (`SceneLinks`; docs/scenes.md#bindings-and-actions).
    public private(set) var links = SceneLinks.none

    /// Checks `views` (the window's views, back to front) and flattens them. Faults are named
    /// under `path` (`/scene/views/2/children/0/frame/x`), the first in document order.
    public init(_ views: [SceneView], at path: TreePath = TreePath([.key("views")])) throws(SceneError) {
        var builder = Builder()
        var roots: [Int] = []
        for (index, view) in views.enumerated() {
            roots.append(try builder.add(view, parent: nil, depth: 1, at: path.appending(index)))
        }
        // Simultaneous recognition names views anywhere in the scene: resolved once all are known.
        for (index, names, at) in builder.simultaneous {
            for (k, name) in names.enumerated() {
                guard let other = builder.nodes.firstIndex(where: { $0.id == name }) else {
                    throw SceneError(.unknownView, at: at.appending(k), "no view has the id '\(name)'")
                }
                if !builder.nodes[index].simultaneous.contains(other) { builder.nodes[index].simultaneous.append(other) }
                if !builder.nodes[other].simultaneous.contains(index) { builder.nodes[other].simultaneous.append(index) }
            }
        }
        try builder.resolveRequirements()
        nodes = builder.nodes
        self.roots = roots
    }

    public func index(of id: String) -> Int? { nodes.firstIndex { $0.id == id } }

    /// This scene with `bindings` and `actions` checked against its views and kept (faults named
    /// under `path`, the scene document's own: `/scene/bindings/0/from/property`).
    public func linking(bindings: [SceneLink], actions: [SceneLink], exclusive: [SceneExclusiveGroup] = [],
                        at path: TreePath) throws(SceneError) -> Scene {
        var linked = self
        linked.links = try SceneLinks(bindings: bindings, actions: actions, groups: exclusive, in: self, at: path)
        return linked
    }

    /// `ancestor` is `view` or one of its ancestors.
    func isAncestor(_ ancestor: Int, of view: Int) -> Bool {
        var current: Int? = view
        while let v = current {
            if v == ancestor { return true }
            current = nodes[v].parent
        }
        return false
    }

    private struct Builder {
        var nodes: [Node] = []
        var ids: Set<String> = []
        var simultaneous: [(Int, [String], TreePath)] = []
        var requirements: [(Int, [SceneView.FailureRequirement], TreePath)] = []

        /// `requireToFail` names views anywhere in the scene: resolved once all are known, each
        /// fault at its member; then a circle of waits is refused at its first requirement.
        mutating func resolveRequirements() throws(SceneError) {
            var at: [(view: Int, wait: Scene.Wait, path: TreePath)] = []
            for (index, list, path) in requirements {
                for (k, requirement) in list.enumerated() {
                    let member = path.appending(k)
                    guard let input = Self.input(requirement.recognizer, of: nodes[index].control) else {
                        throw SceneError(.unknownRecognizer, at: member.appending("recognizer"),
                                         "'\(requirement.recognizer)' is not a recogniser (tap, pan, screenEdgePan, longPress, swipe, pinch, rotation) of view '\(nodes[index].id)'")
                    }
                    guard let other = nodes.firstIndex(where: { $0.id == requirement.view }), nodes[other].control != nil else {
                        throw SceneError(.unknownView, at: member.appending("toFail").appending("view"), "no view with a control has the id '\(requirement.view)'")
                    }
                    guard let otherInput = Self.input(requirement.otherRecognizer, of: nodes[other].control),
                          other != index || otherInput != input else {
                        throw SceneError(.unknownRecognizer, at: member.appending("toFail").appending("recognizer"),
                                         "'\(requirement.otherRecognizer)' is not another recogniser (tap, pan, longPress, swipe, pinch, rotation) of view '\(requirement.view)'")
                    }
                    let wait = Scene.Wait(input: input, view: other, otherInput: otherInput)
                    nodes[index].waits.append(wait)
                    at.append((index, wait, member))
                }
            }
            // A wait leads from (view, input) to (wait.view, wait.otherInput); a circle is refused.
            for (start, first, path) in at {
                var seen: Set<[Int]> = []
                var frontier = [[first.view, first.otherInput]]
                while let next = frontier.popLast() {
                    if next == [start, first.input] {
                        throw SceneError(.failureCycle, at: path, "these recognisers wait for one another to fail: none would ever recognise")
                    }
                    guard seen.insert(next).inserted else { continue }
                    frontier += nodes[next[0]].waits.filter { $0.input == next[1] }.map { [$0.view, $0.otherInput] }
                }
            }
        }

        /// The index of `control`'s input named `name`: any recogniser (a control's own touch
        /// tracking neither waits nor is awaited).
        static func input(_ name: String, of control: ControlInstance?) -> Int? {
            guard let definition = control?.definition, let index = definition.inputNames.firstIndex(of: name), index < 64 else { return nil }
            switch definition.inputs[index] {
            case .tap, .pan, .longPress, .swipe, .transform: return index
            case .control: return nil
            }
        }

        mutating func add(_ view: SceneView, parent: Int?, depth: Int, at path: TreePath) throws(SceneError) -> Int {
            guard nodes.count < Scene.maximumViews else {
                throw SceneError(.tooManyViews, at: path, "a scene has at most \(Scene.maximumViews) views")
            }
            guard depth <= Scene.maximumDepth else {
                throw SceneError(.sceneTooDeep, at: path, "views nest at most \(Scene.maximumDepth) deep")
            }
            guard !view.id.isEmpty, view.id.utf8.count <= 64 else {
                throw SceneError(.invalidView, at: path.appending("id"), "a view's id is 1 to 64 bytes")
            }
            guard ids.insert(view.id).inserted else {
                throw SceneError(.duplicateViewId, at: path.appending("id"), "another view has the id '\(view.id)'")
            }
            let f = view.frame
            for (key, value) in [("x", f.minX), ("y", f.minY), ("width", f.size.width), ("height", f.size.height)] {
                guard value.isFinite else { throw SceneError(.invalidFrame, at: path.appending("frame").appending(key), "must be a finite number") }
                guard key == "x" || key == "y" || value >= 0 else {
                    throw SceneError(.invalidFrame, at: path.appending("frame").appending(key), "must not be negative")
                }
            }
            guard view.alpha.isFinite else { throw SceneError(.invalidView, at: path.appending("alpha"), "must be a finite number") }
            let content = view.control?.definition.content
            if !view.children.isEmpty, let control = view.control, content == nil {
                throw SceneError(.childrenNotAccepted, at: path.appending("children"),
                                 "'\(control.name)' takes no children: its definition declares no content")
            }
            let index = nodes.count
            var recognizers: UInt64 = 0, tracking: UInt64 = 0, transforms: UInt64 = 0
            var pans: [Int] = [], taps: [Int] = []
            if let control = view.control {
                for (k, input) in control.definition.inputs.enumerated() where k < 64 {
                    let bit: UInt64 = 1 << UInt64(k)
                    switch input {
                    case .control: if content == nil { tracking |= bit } else { recognizers |= bit }
                    case .pan: recognizers |= bit; pans.append(k)
                    case .tap: recognizers |= bit; taps.append(k)
                    case .longPress, .swipe: recognizers |= bit
                    case .transform: recognizers |= bit; transforms |= bit
                    }
                }
            }
            let scrolls = content?.scrolls != nil
            nodes.append(Node(id: view.id, control: view.control, frame: f, parent: parent, children: [],
                              isHidden: view.isHidden, alpha: min(max(view.alpha, 0), 1),
                              isUserInteractionEnabled: view.isUserInteractionEnabled,
                              clipsToBounds: view.clipsToBounds ?? scrolls,
                              isMultipleTouchEnabled: view.isMultipleTouchEnabled ?? scrolls,
                              isExclusiveTouch: view.isExclusiveTouch, delaysContentTouches: view.delaysContentTouches,
                              canCancelContentTouches: view.canCancelContentTouches,
                              isDirectionalLockEnabled: view.isDirectionalLockEnabled,
                              prefersScrollingExpandsWhenScrolledToEdge: view.prefersScrollingExpandsWhenScrolledToEdge,
                              touchesShouldCancel: view.touchesShouldCancel, stack: view.stack, content: content,
                              recognizers: recognizers, tracking: tracking, pans: pans, taps: taps, transforms: transforms))
            if !view.requireToFail.isEmpty {
                requirements.append((index, view.requireToFail, path.appending("requireToFail")))
            }
            if !view.recognizesSimultaneouslyWith.isEmpty {
                simultaneous.append((index, view.recognizesSimultaneouslyWith, path.appending("recognizesSimultaneouslyWith")))
            }
            var children: [Int] = []
            for (k, child) in view.children.enumerated() {
                children.append(try add(child, parent: index, depth: depth + 1, at: path.appending("children").appending(k)))
            }
            nodes[index].children = children
            if let stack = view.stack {
                let stacks = view.children.contains { child in
                    child.control?.definition.render.properties.contains { $0.name == stack.property && $0.kind == .number } ?? false
                }
                guard stacks else {
                    throw SceneError(.invalidStack, at: path.appending("stack").appending("property"),
                                     "none of this view's children has a number property '\(stack.property)' to stack by")
                }
            }
            return index
        }
    }
}
