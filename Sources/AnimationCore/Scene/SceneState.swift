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
    /// By view; nil for a plain view. Changed only through `change(_:_:)`.
    private(set) var controls: [DefinedControl?]
    /// By view, its control's `nextDeadline` (infinity for none), kept with `controls` so that
    /// finding what is due does not ask every control.
    private var deadlines: [Double]
    /// The least of `deadlines`, kept as they change, so that an input with nothing due does not
    /// scan every view.
    private var earliestDeadline: Double
    /// The touches that are down, oldest first.
    var touches: [ActiveTouch] = []
    /// The time of the last input.
    public private(set) var time = 0.0
    /// While inputs are being applied: each view's control as it was before its first change in
    /// the open change (a view more than once when changes nest), to take back on a refusal.
    private var originals: [(view: Int, control: DefinedControl?)] = []
    /// The views whose control was changed since the last batch began (`Changes.views`); a
    /// refused change takes its views back out.
    private var changed = ViewSet()
    /// Where the innermost open change's originals begin, and how many changes are open.
    private var changeStart = 0
    private var depth = 0
    /// The command each binding sent last (SceneState+Links).
    var bound: [Command] = []
    /// Exclusive groups' members (flattened group by group): the property each had at the
    /// start, and whether it is away from it now (SceneState+Links).
    var groupRest: [Double] = []
    var activeMembers: [Bool] = []
    /// Recognisers waiting for a recogniser of another view that was still deciding
    /// (`require(toFail:)`): taps that recognised at a lift, swipes that recognised on a move, and
    /// pans and long presses whose began is held while their touch is down
    /// (SceneState+FailureRequirements). Delivered when what they wait for fails, dropped when it
    /// recognises.
    var waiting: [Waiting] = []
    /// When each scroll view's pan last ended, for the sheet's `MinimumSheetSwipeInterval`
    /// (SceneState+SheetSwipeInterval): a few views at most, so a list of pairs.
    var panEnds: [PanEnd] = []

    struct PanEnd: Sendable {
        let view: Int
        let t: Double
    }

    struct Waiting: Sendable {
        let view: Int
        let input: Int
        /// Where a tap or swipe was recognised, in its recogniser's coordinates.
        let point: Point
        /// A held pan, long press or swipe: the id of its touch while it is down (a pan or press
        /// carries `isHeld` and follows the finger; a swipe carries `isHeld` and is done with it);
        /// nil for a tap recognised at its lift, and for a swipe once its finger has lifted.
        var touch: Int? = nil
        /// A swipe: its translation from the touch-down when it recognised; nil for any other.
        var translation: Point? = nil
    }

    public init(scene: Scene) {
        self.scene = scene
        controls = scene.nodes.map { node in node.control.map { DefinedControl(configuration: $0) } }
        deadlines = controls.map { $0?.nextDeadline ?? .infinity }
        earliestDeadline = deadlines.min() ?? .infinity
        if !scene.links.bindings.isEmpty { bound = boundCommands(at: 0) }
        if !scene.links.groups.isEmpty {
            groupRest = groupValues(at: 0)
            activeMembers = groupRest.map { _ in false }
        }
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
        /// A container moving with its descendant scroll view's drag (a sheet and its list).
        var handoff: Handoff?
    }

    /// A drag shared between a vertical scroll view and a container that interacts with it
    /// (`_UISheetInteraction`'s `_scrollView:adjustedUnconstrainedOffset…`), decided when the
    /// scroll view's pan began with its content at the top. The split is a function of the
    /// finger's travel `T` since then (down positive): down, the container takes all of it and the
    /// content stays at its top; up, the container takes up to its `room` if it `expands` (none
    /// otherwise) and the content scrolls the rest.
    struct Handoff: Sendable {
        /// Participant indices of the scroll view and of the container.
        let inner: Int
        let outer: Int
        /// The finger's y where the scroll view's translation was 0 (its pan's hysteresis removed).
        let baseY: Double
        let room: Double
        let expands: Bool

        /// The container's share of the travel `T`.
        func outerShare(_ T: Double) -> Double {
            T > 0 ? T : (expands ? max(T, -room) : 0)
        }

        /// The container is dragged once the finger has gone below where it began, or above with `expands`.
        func engages(_ T: Double) -> Bool { T > 0 || (T < 0 && expands) }
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
        /// 1: this touch is the second finger on a view another touch drives, given to its pinch
        /// and rotation only (UIKit's two-finger recognisers take both touches); 0 otherwise.
        var finger = 0
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
        var emitted: [SceneEmission] = []
        try transaction { (state) throws(SceneInputError) in try state.step(input, at: t, emit: &emitted) }
        if depth == 0 { originals = [] }
        return emitted
    }

    /// What a batch of inputs did: what was emitted, and the views it changed.
    public struct Changes: Sendable {
        public let emitted: [SceneEmission]
        /// How many inputs the batch held.
        public let count: Int
        /// The copies the batch was asked to keep, in order.
        let checkpoints: [SceneState]
        fileprivate let changed: ViewSet

        /// The views whose control the batch changed (by an input, a command or a deadline), in view order.
        public var views: [Int] { changed.members }
    }

    /// Applies `batch` in order, in place, keeping no copy of anything it changes: a refusal
    /// throws the input's index and leaves the scene part-way through the batch, for its owner to
    /// put back (`SceneTimeline` replays its log from the checkpoint before). All or nothing is
    /// the owner's because a copy of every control the batch reaches, kept here to take back a
    /// batch that is almost never refused, was a large part of what a touch on a scene cost.
    /// `checkpoint(n)` says whether to keep a copy of the scene after the batch's first `n` inputs
    /// (a timeline's checkpoints), returned in `Changes`.
    mutating func applyInPlace<Batch: Collection<(t: Double, input: SceneInput)>>(
        _ batch: Batch, checkpoint: (_ applied: Int) -> Bool
    ) throws(SceneTimeline.BatchError) -> Changes {
        precondition(depth == 0, "a batch applied in place inside an open change")
        changed = ViewSet()
        // What the changes nested in it (a held touch's release, a late tap) kept to take back.
        defer { if !originals.isEmpty { originals = [] } }
        var emitted: [SceneEmission] = []
        var checkpoints: [SceneState] = []
        var index = 0
        do throws(SceneInputError) {
            for item in batch {
                try step(item.input, at: item.t, emit: &emitted)
                index += 1
                if checkpoint(index) { checkpoints.append(self.checkpoint) }
            }
        } catch {
            throw .input(index: index, error)
        }
        return Changes(emitted: emitted, count: index, checkpoints: checkpoints, changed: changed)
    }

    /// A copy of the scene as it stands, with no change open (it shares every control's state
    /// until one side changes it).
    var checkpoint: SceneState {
        var copy = self
        copy.originals = []
        copy.changeStart = 0
        copy.depth = 0
        copy.changed = ViewSet()
        return copy
    }

    private mutating func step(_ input: SceneInput, at t: Double, emit emitted: inout [SceneEmission]) throws(SceneInputError) {
        guard t.isFinite, t >= time else { throw .outOfOrder(t: t, latest: time) }
        advance(to: t, emit: &emitted)
        time = t
        let caused = emitted.count
        switch input {
        case let .command(view, command):
            guard scene.nodes.indices.contains(view), controls[view] != nil else { throw .unknownView(view) }
            var produced: [Emission] = []
            do throws(ControlError) {
                try change(view) { (control) throws(ControlError) in try control.handle(.command(command), at: t, emit: &produced) }
            } catch {
                throw .rejected(view: scene.nodes[view].id, error)
            }
            emitted += produced.map { SceneEmission(view: scene.nodes[view].id, $0) }
        case let .touch(id, touch):
            let k = touches.firstIndex { $0.id == id }
            switch (touch, k) {
            case let (.down(p), nil): try touchDown(id, p, at: t, emit: &emitted)
            case (.down, _?): throw .touchIdInUse(id)
            case let (.move(p), k?): try touchMoved(k, p, at: t, emit: &emitted)
            case let (.up(p), k?): try touchEnded(k, p, at: t, emit: &emitted)
            case (.cancel, let k?): try touchCancelled(k, at: t, emit: &emitted)
            case (_, nil): throw .unknownTouch(id)
            }
        }
        if !waiting.isEmpty { resolveWaiting(at: t, emit: &emitted) }
        runLinks(from: caused, at: t, emit: &emitted)
        advance(to: t, emit: &emitted)
    }

    // MARK: Changing

    /// Runs `body`, taking back everything it changed when it throws. Changes nest: an inner
    /// one's refusal takes back only its own.
    mutating func transaction<R>(_ body: (inout SceneState) throws(SceneInputError) -> R) throws(SceneInputError) -> R {
        let (outer, mark, touches, time, bound) = (changeStart, originals.count, self.touches, self.time, self.bound)
        let activeMembers = self.activeMembers
        let waiting = self.waiting
        let panEnds = self.panEnds
        let changed = self.changed
        changeStart = mark
        depth += 1
        defer {
            changeStart = outer
            depth -= 1
        }
        do {
            return try body(&self)
        } catch {
            while originals.count > mark {
                let (view, control) = originals.removeLast()
                restore(view, control)
            }
            self.touches = touches
            self.time = time
            self.bound = bound
            self.activeMembers = activeMembers
            self.waiting = waiting
            self.panEnds = panEnds
            self.changed = changed
            throw error
        }
    }

    /// Changes view `v`'s control in place: in an open change, it is first remembered as it was
    /// (once per change); its next deadline is kept up to date.
    mutating func change<R, Failure: Error>(_ v: Int, _ body: (inout DefinedControl) throws(Failure) -> R) throws(Failure) -> R {
        if depth > 0, !originals[changeStart...].contains(where: { $0.view == v }) { originals.append((v, controls[v])) }
        changed.insert(v)
        defer { setDeadline(v, controls[v]?.nextDeadline ?? .infinity) }
        return try body(&controls[v]!)
    }

    private mutating func restore(_ view: Int, _ control: DefinedControl?) {
        controls[view] = control
        setDeadline(view, control?.nextDeadline ?? .infinity)
    }

    /// View `v`'s next deadline is `d`: the earliest is looked for again only when it was `v`'s and moves later.
    private mutating func setDeadline(_ v: Int, _ d: Double) {
        let old = deadlines[v]
        guard d != old else { return }
        deadlines[v] = d
        if d < earliestDeadline {
            earliestDeadline = d
        } else if old == earliestDeadline {
            earliestDeadline = deadlines.min() ?? .infinity
        }
    }

    // MARK: Deadlines

    /// The earliest deadline: a control's, or a held touch's release.
    public var nextDeadline: Double? {
        var earliest = earliestDeadline
        for touch in touches { if case let .held(until) = touch.delivery, until < earliest { earliest = until } }
        return earliest == .infinity ? nil : earliest
    }

    /// Lets everything due at or before `t` happen, in time order: at one instant the controls'
    /// deadlines (in view order) before a held touch's release.
    public mutating func advance(to t: Double, emit: inout [SceneEmission]) {
        for _ in 0..<ControlDeadlines.bound {
            var best: (t: Double, view: Int?, touch: Int?)?
            if earliestDeadline <= t {
                for (v, d) in deadlines.enumerated() where d <= t && d < best?.t ?? .infinity { best = (d, v, nil) }
            }
            for (k, touch) in touches.enumerated() {
                if case let .held(until) = touch.delivery, until <= t, until < best?.t ?? .infinity { best = (until, nil, k) }
            }
            guard let due = best else { return }
            let caused = emit.count
            defer {
                if !waiting.isEmpty { resolveWaiting(at: due.t, emit: &emit) }
                runLinks(from: caused, at: due.t, emit: &emit)
            }
            // A long press waiting for another view's recogniser that is deciding: its began is held.
            if let v = due.view, !scene.nodes[v].waits.isEmpty, holdWaitingPress(v, at: due.t) { continue }
            if let v = due.view {
                var produced: [Emission] = []
                change(v) { $0.fireDeadline(emit: &produced) }
                emit += produced.map { SceneEmission(view: scene.nodes[v].id, $0) }
                // A long press this deadline began wins over its ancestors' recognisers, as a pan does.
                if touches.contains(where: { $0.participants.contains { $0.view == v && $0.status == .possible } }), beganBesidePans(v) {
                    var excluded: [SceneEmission] = []
                    do throws(SceneInputError) {
                        try transaction { (state) throws(SceneInputError) in try state.excludeOthers(from: v, at: due.t, emit: &excluded) }
                        emit += excluded
                    } catch {}
                }
            } else if let k = due.touch {
                // A control refusing the released touch (too many timers) drops it, as a firing's fault is dropped.
                var produced: [SceneEmission] = []
                do throws(SceneInputError) {
                    try transaction { (state) throws(SceneInputError) in try state.release(k, at: due.t, emit: &produced) }
                    emit += produced
                } catch {
                    touches[k].delivery = .finished
                }
            }
        }
    }

    // MARK: Geometry

    /// Where `view`'s (0, 0) is in the window at `t` (the controls advanced to `t`).
    func origin(of view: Int, at t: Double) -> Point {
        guard let parent = scene.nodes[view].parent else { return scene.nodes[view].frame.origin }
        let shifts = stackShifts(parent, at: t)
        let frame = shifted(view, by: shifts.map { $0[scene.nodes[parent].children.firstIndex(of: view)!] } ?? 0, in: parent)
        let above = origin(of: parent, at: t)
        let content = contentOrigin(parent, at: t)
        return Point(x: above.x + content.x + frame.minX, y: above.y + content.y + frame.minY)
    }

    /// Where a view's children's (0, 0) is in its own coordinates: its control's `content.frame`.
    func contentOrigin(_ view: Int, at t: Double) -> Point {
        guard let content = scene.nodes[view].content, let control = controls[view] else { return .zero }
        return control.region(content.frame, at: t).origin
    }

    /// `UIView.hitTest(_:with:)` from the window: the front-most view under `p` that takes touches.
    public func hitTest(_ p: Point, at t: Double) -> Int? {
        for root in scene.roots.reversed() {
            if let hit = hitTest(p, root, frame: scene.nodes[root].frame, at: t) { return hit }
        }
        return nil
    }

    /// `SceneStack`: how far each of `view`'s children has moved along its stack's axis (by
    /// position among them), from `frames` when given (the controls' frames at `t`); nil when
    /// `view` does not stack its children.
    func stackShifts(_ view: Int, at t: Double, frames: [Frame?]? = nil) -> [Double]? {
        guard let stack = scene.nodes[view].stack else { return nil }
        var shifts: [Double] = []
        var lost = 0.0
        for child in scene.nodes[view].children {
            shifts.append(lost)
            guard let frame = frames?[child] ?? controls[child]?.render(at: t),
                  let extent = Self.numberIfAny(stack.property, in: frame) else { continue }
            let size = scene.nodes[child].frame.size
            lost += (stack.axis == .y ? size.height : size.width) - extent
        }
        return shifts
    }

    /// `view`'s frame moved `shift` back along its parent's stack axis (as written when 0).
    func shifted(_ view: Int, by shift: Double, in parent: Int) -> Rect {
        var frame = scene.nodes[view].frame
        guard shift != 0, let stack = scene.nodes[parent].stack else { return frame }
        switch stack.axis {
        case .x: frame.origin.x -= shift
        case .y: frame.origin.y -= shift
        }
        return frame
    }

    /// `p` in the coordinates of `view`'s parent's content. The node's fields are read in place
    /// (a copy of the node would retain each of its arrays, for every sibling passed over).
    private func hitTest(_ p: Point, _ view: Int, frame: Rect, at t: Double) -> Int? {
        let local = Point(x: p.x - frame.minX, y: p.y - frame.minY)
        guard Rect(x: 0, y: 0, width: frame.size.width, height: frame.size.height).contains(local),
              !scene.nodes[view].isHidden, scene.nodes[view].isUserInteractionEnabled, scene.nodes[view].alpha >= 0.01 else { return nil }
        let content = contentOrigin(view, at: t)
        let inner = Point(x: local.x - content.x, y: local.y - content.y)
        let shifts = stackShifts(view, at: t)
        for (k, child) in scene.nodes[view].children.enumerated().reversed() {
            if let hit = hitTest(inner, child, frame: shifted(child, by: shifts?[k] ?? 0, in: view), at: t) { return hit }
        }
        return view
    }

    // MARK: Reading

    /// The control of view `view`, if it has one (its state as of the last input).
    public func control(_ view: Int) -> DefinedControl? { controls[view] }

    /// The ids of the touches that are down.
    public var touchIds: [Int] { touches.map(\.id) }
}

extension SceneState {
    /// A set of views as bits (a scene has at most `Scene.maximumViews`): kept beside the scene as
    /// it changes, with nothing to allocate, and read back in view order.
    struct ViewSet: Sendable {
        private var words = (UInt64(0), UInt64(0), UInt64(0), UInt64(0))

        mutating func insert(_ view: Int) {
            let bit = UInt64(1) << UInt64(view % 64)
            switch view / 64 {
            case 0: words.0 |= bit
            case 1: words.1 |= bit
            case 2: words.2 |= bit
            default: words.3 |= bit
            }
        }

        /// The views in the set, in view order.
        var members: [Int] {
            var views: [Int] = []
            for k in 0..<4 {
                var rest = switch k {
                case 0: words.0
                case 1: words.1
                case 2: words.2
                default: words.3
                }
                while rest != 0 {
                    views.append(64 * k + rest.trailingZeroBitCount)
                    rest &= rest - 1
                }
            }
            return views
        }
    }
}
