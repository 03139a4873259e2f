/// `UIPinchGestureRecognizer` (`.pinch`: `value` is the scale, distance over initial distance) and
/// `UIRotationGestureRecognizer` (`.rotation`: `value` is the rotation in radians, positive
/// clockwise on screen), for two touches given as two tracks (docs/fidelity.md#pinch-rotation).
///
/// Possible once both touches are down. Before it begins the value is held at its start: a pinch
/// waits until the distance changed by more than 8 pt and then moves its initial distance 8 pt
/// towards the current one; a rotation waits for 5° + 5°·√min(|d − d0|/d0, 1) and then moves its
/// initial angle by that threshold. Either begins only when the transform analyzer says its own
/// component dominates; otherwise the start is taken again where the touches are. Velocity (per
/// second) is the change over each move, smoothed 0.75·previous + 0.25·current. One finger lifting
/// pauses it; the second lifting ends it.
public struct TransformRecognizer: Sendable, Equatable {
    public enum Kind: Sendable, Equatable { case pinch, rotation }

    public static let pinchHysteresis = 8.0
    /// Degrees, as radians: 5° at no change of distance, up to 10°.
    public static let rotationThreshold = 5.0 * Double.pi / 180

    // Laid out so that it stays smaller than the pan, which sets every input's slot in a
    // session's state: doubles first, the flags last; the value is computed, not kept.
    /// The first and the second finger (while one finger is down alone, its slot is where it is).
    private var a = Point.zero, b = Point.zero
    private var lastTime = 0.0
    /// The pinch's initial distance, or the rotation's initial turn; the initial distance.
    private var start = 0.0, startDistance = 0.0
    /// How far the touches turned since they went down (clockwise positive, unwrapped across ±π).
    private var turned = 0.0
    private var velocity = 0.0
    private var analyzer = TransformAnalyzer()
    public let kind: Kind
    public private(set) var phase = Phase.idle
    /// Which of the two fingers (bit 0: the first, bit 1: the second) are down where it listens.
    private var fingers: UInt8 = 0
    private var hasVelocity = false
    /// A scene withholds its began (`require(toFail:)` across views, docs/scenes.md): set while
    /// what it waits for is deciding, it runs on as if begun, its events delivered by nobody, until
    /// `release()` (a held one whose fingers have both lifted is `paused` with none down).
    public internal(set) var isHeld = false

    public enum Phase: Sendable, Equatable {
        case idle, possible, began, paused
    }

    public enum Event: Sendable, Equatable {
        case began(value: Double, velocity: Double)
        case changed(value: Double, velocity: Double)
        case ended(value: Double, velocity: Double)
        case cancelled
    }

    public init(_ kind: Kind) { self.kind = kind }

    /// A session's touch of finger `finger` (0 or 1) at `t`: the two tracks put together. `accepts`
    /// says whether a touch-down lands where the recognizer listens.
    public mutating func handle(finger: Int, _ touch: Touch, at t: Double, accepts: (Point) -> Bool = { _ in true }) -> Event? {
        let bit: UInt8 = finger == 0 ? 1 : 2
        switch touch {
        case let .down(p):
            guard fingers & bit == 0, accepts(p) else { return nil }
            fingers |= bit
            // A paused gesture keeps the positions it paused at (its value).
            guard phase == .idle else { return nil }
            if finger == 0 { a = p } else { b = p }
            if fingers == 3 { touchesBegan(a, b, at: t) }
            return nil
        case let .move(p):
            guard fingers & bit != 0 else { return nil }
            guard fingers == 3, phase == .possible || phase == .began else {
                if phase == .idle { if finger == 0 { a = p } else { b = p } }
                return nil
            }
            return finger == 0 ? touchesMoved(p, b, at: t) : touchesMoved(a, p, at: t)
        case .up, .cancel:
            guard fingers & bit != 0 else { return nil }
            fingers &= ~bit
            if fingers != 0 {
                // The other finger stays: pause (or fail) the gesture.
                touchLifted()
                return nil
            }
            if case .cancel = touch { return touchesCancelled() }
            return touchesEnded()
        }
    }

    /// Between the two fingers, where the gesture is (`location(in:)`, the centroid).
    public var location: Point { Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2) }

    /// A finger is down where it listens.
    public var isTracking: Bool { fingers != 0 }
    public var isRecognized: Bool { phase == .began || phase == .paused }

    /// Another recognizer won: a gesture not begun fails.
    public mutating func fail() {
        if phase == .possible { phase = .idle }
    }

    /// `reset`: forgets the touches.
    public mutating func reset() {
        phase = .idle
        fingers = 0
        isHeld = false
    }

    /// Held, it begins now with the value and velocity where the fingers are (or paused); if its
    /// fingers have both lifted meanwhile, it ends there too.
    public mutating func release() -> (began: Event, ended: Event?)? {
        guard isHeld, isRecognized else { return nil }
        isHeld = false
        let began = Event.began(value: value, velocity: velocity)
        guard fingers == 0 else { return (began, nil) }
        phase = .idle
        return (began, .ended(value: value, velocity: velocity))
    }

    /// The scale or the rotation where the fingers are (or paused).
    private var value: Double { measure(Self.distance(a, b)) }

    /// Both touches are down at `a`, `b`.
    public mutating func touchesBegan(_ a: Point, _ b: Point, at t: Double) {
        guard phase == .idle else { return }
        self.a = a; self.b = b
        lastTime = t
        startDistance = Self.distance(a, b)
        turned = 0
        start = kind == .pinch ? startDistance : 0
        velocity = 0; hasVelocity = false
        analyzer = TransformAnalyzer()
        phase = .possible
    }

    /// The touches moved to `a`, `b`.
    public mutating func touchesMoved(_ a: Point, _ b: Point, at t: Double) -> Event? {
        guard phase == .possible || phase == .began else { return nil }
        analyzer.record(from: self.a, self.b, to: a, b)
        let dt = t - lastTime
        let previous = value
        turned += Self.unwrap(Self.angle(self.a, self.b) - Self.angle(a, b))
        self.a = a; self.b = b
        lastTime = t
        let d = Self.distance(a, b)
        if phase == .possible {
            guard let threshold = crossed(d) else { return nil }
            let own: TransformAnalyzer.Component = kind == .pinch ? .scale : .rotation
            guard analyzer.dominant(kind == .pinch ? .pinch : .rotation) == own else {
                // Not this gesture (yet): start again from here.
                startDistance = d
                start = kind == .pinch ? d : turned
                return nil
            }
            start += threshold
            phase = .began
            return .began(value: value, velocity: 0)
        }
        let current = dt > 0.001 ? (value - previous) / dt : 0
        velocity = hasVelocity ? 0.75 * velocity + 0.25 * current : current
        hasVelocity = true
        return .changed(value: value, velocity: velocity)
    }

    /// One touch lifted: a begun gesture pauses, a possible one fails.
    public mutating func touchLifted() {
        phase = phase == .began ? .paused : .idle
    }

    /// The last touch lifted (held and begun: it stays paused, to end when released).
    public mutating func touchesEnded() -> Event? {
        if isHeld && isRecognized {
            phase = .paused
            return nil
        }
        defer { phase = .idle }
        return phase == .began || phase == .paused ? .ended(value: value, velocity: velocity) : nil
    }

    /// Held, it never began: cancelled, it fails unseen.
    public mutating func touchesCancelled() -> Event? {
        defer { phase = .idle; isHeld = false }
        return (phase == .began || phase == .paused) && !isHeld ? .cancelled : nil
    }

    /// How far the start moves when the threshold is crossed at distance `d` (signed toward the
    /// current value), or nil while it is not.
    private func crossed(_ d: Double) -> Double? {
        switch kind {
        case .pinch:
            let change = d - start
            guard abs(change) > Self.pinchHysteresis else { return nil }
            return change > 0 ? Self.pinchHysteresis : -Self.pinchHysteresis
        case .rotation:
            let rotation = turned - start
            let threshold = Self.rotationThreshold * (1 + min(abs(d - startDistance) / startDistance, 1).squareRoot())
            guard abs(rotation) > threshold else { return nil }
            // The initial angle moves toward the current one: the rotation starts near 0.
            return rotation > 0 ? threshold : -threshold
        }
    }

    private func measure(_ d: Double) -> Double {
        kind == .pinch ? d / start : turned - start
    }

    static func distance(_ a: Point, _ b: Point) -> Double { cHypot(b.x - a.x, b.y - a.y) }

    /// The angle of the line from `a` to `b`, counter-clockwise on screen (y grows downward).
    static func angle(_ a: Point, _ b: Point) -> Double { cAtan2(a.y - b.y, b.x - a.x) }

    /// Into (−π, π].
    static func unwrap(_ x: Double) -> Double {
        var x = x
        while x > Double.pi { x -= 2 * Double.pi }
        while x <= -Double.pi { x += 2 * Double.pi }
        return x
    }
}
