/// `UIPanGestureRecognizer` for one finger (docs/fidelity.md#pan): begins when either axis moves
/// past the hysteresis, which is then subtracted; velocity blends the last two move samples.
///
/// Three variants UIKit builds on the pan, chosen by configuration: `UIScreenEdgePanGestureRecognizer`
/// (`edges`: the touch must go down near one of them and move away from it,
/// docs/fidelity.md#screen-edge-pan), a scroll view's pan that begins only along the `axis` it
/// scrolls, and `isDirectionalLockEnabled` (`directionalLock`: a drag in one general direction
/// moves only that axis, docs/fidelity.md#directional-lock).
public struct PanRecognizer: Sendable, Equatable {
    public static let defaultHysteresis = 10.0
    /// The screen-edge pan's feature hysteresis: how far the finger moves from the edge to begin.
    public static let screenEdgeHysteresis = 15.0
    /// How near an edge the touch must go down.
    public static let screenEdgeRegion = 13.0
    /// How long after its touch-down a screen-edge pan may begin.
    public static let screenEdgeMaximumDuration = 0.25
    /// A step within 20° of the x axis locks x; within 20° of the y axis locks y (tan 20°, tan 70°).
    static let lockXSlope = 0.36397023426620234
    static let lockYSlope = 2.7474774194546216
    /// Once the pan is active, the lock is decided again only after the finger paused this long.
    public static let directionalLockPause = 0.6

    public var hysteresis: Double
    /// `UIRectEdge` raw values (top 1, left 2, bottom 4, right 8): a screen-edge pan; 0: a plain pan.
    public var edges: UInt8 = 0
    /// The axis the pan begins along (a scroll view that scrolls one axis), or both.
    public var axis: Axis = .both
    public var directionalLock = false
    /// Began, but held by a failure requirement (`require(toFail:)`): what it recognizes is not
    /// delivered until `release()`; set by whoever arbitrates (docs/fidelity.md#arbitration).
    public var isHeld = false
    public private(set) var phase: Phase = .idle

    public enum Axis: UInt8, Sendable {
        case both, horizontal, vertical
    }

    public enum Phase: Sendable, Equatable {
        case idle
        /// Touching, not yet past the hysteresis.
        case possible(Tracking)
        /// Recognised: `.began` was sent, `.changed` follows each move.
        case recognized(Tracking)
    }

    public struct Tracking: Sendable, Equatable {
        /// Where translation is measured from (rebased at `.began` by the hysteresis).
        var origin: Point
        var last: Point
        var lastTime: Double
        var previousSample: Point?
        var currentSample: Point?
        var startTime = 0.0
        /// The edge (a `UIRectEdge` bit) a screen-edge pan's touch went down near.
        var edge: UInt8 = 0
        /// The directional lock: the axis that moves, or both.
        var lock = Axis.both

        mutating func record(_ p: Point, at t: Double) {
            let dt = t - lastTime
            var sample = dt < 0.001 ? Point.zero : Point(x: (p.x - last.x) / dt, y: (p.y - last.y) / dt)
            // The locked-out axis stands still: its movement moves the origin with it.
            switch lock {
            case .horizontal: origin.y += p.y - last.y; sample.y = 0
            case .vertical: origin.x += p.x - last.x; sample.x = 0
            case .both: break
            }
            previousSample = currentSample
            currentSample = sample
            last = p
            lastTime = t
        }

        var translation: Point { Point(x: last.x - origin.x, y: last.y - origin.y) }

        /// 0.2·current + 0.8·previous sample, or the only one there is.
        var velocity: Point {
            guard let current = currentSample else { return .zero }
            guard let previous = previousSample else { return current }
            return Point(x: 0.2 * current.x + 0.8 * previous.x, y: 0.2 * current.y + 0.8 * previous.y)
        }
    }

    public enum Event: Sendable, Equatable {
        case began(translation: Point, velocity: Point)
        case changed(translation: Point, velocity: Point)
        case ended(translation: Point, velocity: Point)
        case cancelled
    }

    public init(hysteresis: Double = PanRecognizer.defaultHysteresis, edges: UInt8 = 0, axis: Axis = .both,
                directionalLock: Bool = false) {
        self.hysteresis = hysteresis
        self.edges = edges
        self.axis = axis
        self.directionalLock = directionalLock
    }

    public var isRecognized: Bool {
        if case .recognized = phase { return true }
        return false
    }

    /// A touch is down that the pan follows, possible or recognized.
    public var isTracking: Bool { phase != .idle }

    /// Feeds one touch at `t`; `accepts` says whether a touch-down lands where the pan listens,
    /// `bounds` is the view whose edges a screen-edge pan watches.
    public mutating func handle(_ touch: Touch, at t: Double, accepts: (Point) -> Bool = { _ in true },
                                bounds: Rect? = nil) -> Event? {
        switch (touch, phase) {
        case let (.down(p), .idle):
            guard accepts(p) else { return nil }
            var tracking = Tracking(origin: p, last: p, lastTime: t, startTime: t)
            if edges != 0 {
                guard let bounds, let edge = Self.edge(of: p, in: bounds, among: edges) else { return nil }
                tracking.edge = edge
            }
            phase = .possible(tracking)
            return nil
        case let (.move(p), .possible(tracking)):
            var tracking = tracking
            if directionalLock { tracking.lock = Self.lock(from: tracking.last, to: p) }
            let lock = tracking.lock
            tracking.lock = .both
            tracking.record(p, at: t)
            tracking.lock = lock
            let raw = tracking.translation
            switch begins(raw, tracking, at: t) {
            case nil:
                phase = .idle
                return nil
            case false?:
                phase = .possible(tracking)
                return nil
            case true?:
                break
            }
            func reduce(_ v: Double) -> Double { v < 0 ? -max(-v - hysteresis, 0) : max(v - hysteresis, 0) }
            var adjusted = Point(x: reduce(raw.x), y: reduce(raw.y))
            switch lock {
            case .horizontal: adjusted.y = 0
            case .vertical: adjusted.x = 0
            case .both: break
            }
            tracking.origin = Point(x: tracking.last.x - adjusted.x, y: tracking.last.y - adjusted.y)
            phase = .recognized(tracking)
            return .began(translation: adjusted, velocity: tracking.velocity)
        case let (.move(p), .recognized(tracking)):
            var tracking = tracking
            if directionalLock && t - tracking.lastTime >= Self.directionalLockPause {
                tracking.lock = Self.lock(from: tracking.last, to: p)
            }
            tracking.record(p, at: t)
            phase = .recognized(tracking)
            return .changed(translation: tracking.translation, velocity: tracking.velocity)
        case let (.up(p), .recognized(tracking)):
            // touchesEnded adds no velocity sample; only the position moves.
            var tracking = tracking
            switch tracking.lock {
            case .horizontal: tracking.origin.y += p.y - tracking.last.y
            case .vertical: tracking.origin.x += p.x - tracking.last.x
            case .both: break
            }
            tracking.last = p
            phase = .idle
            return .ended(translation: tracking.translation, velocity: tracking.velocity)
        case (.cancel, .recognized):
            phase = .idle
            return .cancelled
        case (.up, .possible), (.cancel, .possible):
            phase = .idle
            return nil
        default:
            return nil
        }
    }

    /// Whether a possible pan with translation `raw` begins (true), waits (false) or fails (nil).
    private func begins(_ raw: Point, _ tracking: Tracking, at t: Double) -> Bool? {
        if edges != 0 {
            // The edge feature: away from the edge, more than along it, within its time.
            guard t - tracking.startTime <= Self.screenEdgeMaximumDuration else { return nil }
            let (inward, along) = Self.components(raw, from: tracking.edge)
            if inward >= hysteresis && inward >= along { return true }
            return along >= hysteresis ? nil : false
        }
        switch axis {
        case .both: return abs(raw.x) >= hysteresis || abs(raw.y) >= hysteresis
        case .horizontal: return abs(raw.x) >= hysteresis
        case .vertical: return abs(raw.y) >= hysteresis
        }
    }

    /// `reset`, or another recognizer won: forgets the touch, keeping the configuration.
    public mutating func reset() {
        phase = .idle
        isHeld = false
    }

    /// A held pan's failure requirements failed: it begins now, with its translation counted from
    /// where the finger is (UIKit resets a blocked pan's translation when it is let through,
    /// `_willBeginAfterSatisfyingFailureRequirements`). Nil when it is not held and recognized.
    public mutating func release() -> Event? {
        guard isHeld, case var .recognized(tracking) = phase else { return nil }
        isHeld = false
        tracking.origin = tracking.last
        phase = .recognized(tracking)
        return .began(translation: .zero, velocity: tracking.velocity)
    }

    /// Where the finger is (the last point seen), while the pan follows one.
    public var location: Point? {
        switch phase {
        case .idle: nil
        case let .possible(tracking), let .recognized(tracking): tracking.last
        }
    }

    /// The first of `edges` (in `UIRectEdge` order) whose 13 pt strip inside `bounds` holds `p`.
    static func edge(of p: Point, in bounds: Rect, among edges: UInt8) -> UInt8? {
        let r = screenEdgeRegion
        let strips: [(UInt8, Bool)] = [
            (1, p.y >= bounds.minY && p.y < bounds.minY + r),
            (2, p.x >= bounds.minX && p.x < bounds.minX + r),
            (4, p.y >= bounds.maxY - r && p.y < bounds.maxY),
            (8, p.x >= bounds.maxX - r && p.x < bounds.maxX),
        ]
        return strips.first { edges & $0.0 != 0 && $0.1 }?.0
    }

    /// Movement away from `edge` (signed) and along it (unsigned).
    static func components(_ translation: Point, from edge: UInt8) -> (inward: Double, along: Double) {
        switch edge {
        case 1: (translation.y, abs(translation.x))
        case 2: (translation.x, abs(translation.y))
        case 4: (-translation.y, abs(translation.x))
        default: (-translation.x, abs(translation.y))
        }
    }

    /// The scroll view's directional lock for one step: within 20° of an axis locks it.
    static func lock(from a: Point, to b: Point) -> Axis {
        let dx = abs(b.x - a.x), dy = abs(b.y - a.y)
        if dx == 0 && dy == 0 { return .both }
        if dy <= lockXSlope * dx { return .horizontal }
        if dy >= lockYSlope * dx { return .vertical }
        return .both
    }
}
