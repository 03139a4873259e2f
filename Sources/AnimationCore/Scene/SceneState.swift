/// An input to a scene: a finger's fact in the window's coordinates, with the id that tells
/// fingers apart, or a command to one view's control.
public enum SceneInput: Sendable, Equatable {
    case touch(id: Int, Touch)
    case command(view: Int, Command)
}

/// A callback a view's control made.
public struct SceneEmission: Sendable, Equatable {
    public var view: String
    public var emission: Emission

    public init(view: String, _ emission: Emission) {
        self.view = view
        self.emission = emission
    }
}

/// A scene running: every view's control, and the touches that are down with what each view has
/// been given of them. A value driven by inputs at times, as a control is: `apply` is all or
/// nothing, deadlines (the controls' own, and a scroll view's content-touch delay) fire in time
/// order, and frames are read at any time from the last input on (docs/scenes.md).
public struct SceneState: Sendable {
    /// How long a scroll view holds its content's touch-down (`_touchDelayForScrollDetection`).
    public static let contentTouchDelay = 0.15
    /// How far a held touch moves along an axis its scroll view cannot scroll before the content
    /// gets it (`_scrollHysteresis`).
    public static let scrollHysteresis = 10.0

    public let scene: Scene
    /// By view; nil for a plain view.
    var controls: [DefinedControl?]
    /// The touches that are down, oldest first.
    var touches: [ActiveTouch] = []
    /// The time of the last input.
    public private(set) var time = 0.0
    /// The command each binding sent last (SceneState+Links).
    var bound: [Command] = []

    public init(scene: Scene) {
        self.scene = scene
        controls = scene.nodes.map { node in node.control.map { DefinedControl(configuration: $0) } }
        if !scene.links.bindings.isEmpty { bound = boundCommands(at: 0) }
    }

    /// One finger and what it has been to each view.
    struct ActiveTouch: Sendable {
        let id: Int
        /// `touch.view`: the view the touch-down hit, for the touch's whole life.
        let hit: Int?
        let downPoint: Point
        var point: Point
        /// The views whose recognisers see the touch, the hit view first, then outwards.
        var participants: [Participant] = []
        /// What the hit view's own touch tracking has had of the touch.
        var delivery: Delivery = .none
        /// Scroll views still holding the touch-down back from the hit view.
        var holders: [Int] = []
    }

    struct Participant: Sendable {
        let view: Int
        var status: Status
        /// Where the view's (0, 0) was in the window when the touch came down: its recognisers
        /// measure the finger from there, so a pan's translation is the finger's travel on the
        /// screen even while the view itself moves (a list inside a list scrolling with it).
        let origin: Point
        /// A scroll view with `isDirectionalLockEnabled`: how it locks this touch.
        var lock: DirectionalLock?
        /// Pans whose hysteresis this touch set to 0 (a decelerating scroll view caught by the
        /// touch), with the hysteresis to give back when the touch is over for them.
        var caught: [(input: Int, hysteresis: Double)] = []
    }

    /// `isDirectionalLockEnabled`: a step within 20° of an axis the scroll view can scroll locks
    /// onto it, one within 20° of the other locks onto that, anything between unlocks; while the
    /// pan is recognised the lock is decided again only after a pause of 0.6 s. The scroll view
    /// is given the finger's steps along the locked axis only, so the other axis stays where it is.
    struct DirectionalLock: Sendable {
        enum Axis: Sendable { case x, y }
        var axis: Axis?
        /// The finger's last point, and when it got there.
        var last: Point
        var lastTime: Double
        /// The point the scroll view was last given.
        var given: Point

        /// tan 20° and tan 70°.
        static let shallow = 0.36397023426620234
        static let steep = 2.7474774194546216
        static let pause = 0.6
    }

    /// A view's recognisers for one touch, as one: still deciding, one began (or a tap was
    /// recognised), or out of this touch (failed, or excluded by another view's).
    enum Status: Sendable { case possible, recognized, failed }

    enum Delivery: Sendable, Equatable {
        /// The hit view tracks nothing, or this touch is not its to track.
        case none
        /// A scroll view holds the touch-down back until this time.
        case held(until: Double)
        case delivered
        /// Ended, or cancelled by a recogniser: nothing more goes to the view.
        case finished
    }

    // MARK: Inputs

    /// Applies one input at `t` (no earlier than the last); returns what the controls emitted.
    /// Throws, changing nothing, when the input makes no sense or a control refuses it.
    @discardableResult
    public mutating func apply(_ input: SceneInput, at t: Double) throws(SceneInputError) -> [SceneEmission] {
        guard t.isFinite, t >= time else { throw .outOfOrder(t: t, latest: time) }
        var next = self
        var emitted: [SceneEmission] = []
        next.advance(to: t, emit: &emitted)
        next.time = t
        let caused = emitted.count
        switch input {
        case let .command(view, command):
            guard scene.nodes.indices.contains(view), let control = next.controls[view] else { throw .unknownView(view) }
            var changed = control
            var produced: [Emission] = []
            do {
                try changed.handle(.command(command), at: t, emit: &produced)
            } catch {
                throw .rejected(view: scene.nodes[view].id, error)
            }
            next.controls[view] = changed
            emitted += produced.map { SceneEmission(view: scene.nodes[view].id, $0) }
        case let .touch(id, touch):
            let k = touches.firstIndex { $0.id == id }
            switch (touch, k) {
            case let (.down(p), nil): try next.touchDown(id, p, at: t, emit: &emitted)
            case (.down, _?): throw .touchIdInUse(id)
            case let (.move(p), k?): try next.touchMoved(k, p, at: t, emit: &emitted)
            case let (.up(p), k?): try next.touchEnded(k, p, at: t, emit: &emitted)
            case (.cancel, let k?): try next.touchCancelled(k, at: t, emit: &emitted)
            case (_, nil): throw .unknownTouch(id)
            }
        }
        next.runLinks(from: caused, at: t, emit: &emitted)
        next.advance(to: t, emit: &emitted)
        self = next
        return emitted
    }

    // MARK: Deadlines

    /// The earliest deadline: a control's, or a held touch's release.
    public var nextDeadline: Double? {
        var earliest: Double?
        for control in controls { if let d = control?.nextDeadline, d < earliest ?? .infinity { earliest = d } }
        for touch in touches { if case let .held(until) = touch.delivery, until < earliest ?? .infinity { earliest = until } }
        return earliest
    }

    /// Lets everything due at or before `t` happen, in time order: at one instant the controls'
    /// deadlines (in view order) before a held touch's release.
    public mutating func advance(to t: Double, emit: inout [SceneEmission]) {
        for _ in 0..<ControlDeadlines.bound {
            var best: (t: Double, view: Int?, touch: Int?)?
            for (v, control) in controls.enumerated() {
                if let d = control?.nextDeadline, d <= t, d < best?.t ?? .infinity { best = (d, v, nil) }
            }
            for (k, touch) in touches.enumerated() {
                if case let .held(until) = touch.delivery, until <= t, until < best?.t ?? .infinity { best = (until, nil, k) }
            }
            guard let due = best else { return }
            let caused = emit.count
            defer { runLinks(from: caused, at: due.t, emit: &emit) }
            if let v = due.view {
                var produced: [Emission] = []
                controls[v]!.fireDeadline(emit: &produced)
                emit += produced.map { SceneEmission(view: scene.nodes[v].id, $0) }
            } else if let k = due.touch {
                // A control refusing the released touch (too many timers) drops it, as a firing's fault is dropped.
                var copy = self
                var produced: [SceneEmission] = []
                if (try? copy.release(k, at: due.t, emit: &produced)) != nil {
                    self = copy
                    emit += produced
                } else {
                    touches[k].delivery = .finished
                }
            }
        }
    }

    // MARK: Geometry

    /// Where `view`'s (0, 0) is in the window at `t` (the controls advanced to `t`).
    func origin(of view: Int, at t: Double) -> Point {
        let node = scene.nodes[view]
        guard let parent = node.parent else { return node.frame.origin }
        let above = origin(of: parent, at: t)
        let content = contentOrigin(parent, at: t)
        return Point(x: above.x + content.x + node.frame.minX, y: above.y + content.y + node.frame.minY)
    }

    /// Where a view's children's (0, 0) is in its own coordinates: its control's `content.frame`.
    func contentOrigin(_ view: Int, at t: Double) -> Point {
        guard let content = scene.nodes[view].content, let control = controls[view] else { return .zero }
        return control.region(content.frame, at: t).origin
    }

    /// `UIView.hitTest(_:with:)` from the window: the front-most view under `p` that takes touches.
    public func hitTest(_ p: Point, at t: Double) -> Int? {
        for root in scene.roots.reversed() {
            if let hit = hitTest(p, root, at: t) { return hit }
        }
        return nil
    }

    /// `p` in the coordinates of `view`'s parent's content.
    private func hitTest(_ p: Point, _ view: Int, at t: Double) -> Int? {
        let node = scene.nodes[view]
        guard !node.isHidden, node.isUserInteractionEnabled, node.alpha >= 0.01 else { return nil }
        let local = Point(x: p.x - node.frame.minX, y: p.y - node.frame.minY)
        guard Rect(x: 0, y: 0, width: node.frame.size.width, height: node.frame.size.height).contains(local) else { return nil }
        let content = contentOrigin(view, at: t)
        let inner = Point(x: local.x - content.x, y: local.y - content.y)
        for child in node.children.reversed() {
            if let hit = hitTest(inner, child, at: t) { return hit }
        }
        return view
    }

    // MARK: Reading

    /// The control of view `view`, if it has one (its state as of the last input).
    public func control(_ view: Int) -> DefinedControl? { controls[view] }

    /// The ids of the touches that are down.
    public var touchIds: [Int] { touches.map(\.id) }
}
