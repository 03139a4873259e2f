/// `UISwipeGestureRecognizer` for one finger (docs/fidelity.md#swipe): discrete, possible from a
/// touch-down; recognized on a move whose movement along an allowed direction reaches the minimum
/// primary movement while the movement across it stays within the maximum secondary movement.
/// Both thresholds shrink with the time since the touch went down (UIKit's decay); the swipe
/// fails when the movement across every allowed direction is too large, when the finger lifts
/// first, or when `maximumDuration` passes (its owner fires `durationElapsed` at `deadline`).
public struct SwipeRecognizer: Sendable, Equatable {
    /// `UISwipeGestureRecognizer.Direction`, with UIKit's raw values.
    public struct Direction: OptionSet, Sendable, Equatable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let right = Direction(rawValue: 1)
        public static let left = Direction(rawValue: 2)
        public static let up = Direction(rawValue: 4)
        public static let down = Direction(rawValue: 8)
        /// In UIKit's order of raw values, with the names definitions use.
        public static let named: [(String, Direction)] = [("right", .right), ("left", .left), ("up", .up), ("down", .down)]
    }

    public static let defaultMinimumPrimaryMovement = 50.0
    public static let defaultMaximumSecondaryMovement = 200.0
    public static let maximumDuration = 0.5
    /// What the thresholds keep of themselves per second since the touch-down, at most
    /// `maximumDuration` of it: `minimum·(1 − f·(1 − 0.06))`, `maximum·(1 − f·(1 − 0.02))`.
    static let primaryDecay = 0.06
    static let secondaryDecay = 0.02

    public var direction: Direction
    public var minimumPrimaryMovement: Double
    public var maximumSecondaryMovement: Double
    private var start = Point.zero
    private var startTime = 0.0
    /// Directions whose secondary movement grew too large for this touch.
    private var failed = Direction()
    private var state = State.idle
    /// Recognized while a recognizer it waits for (`require(toFail:)`, a scene's across views) was
    /// still possible: its action is withheld until that one fails (its owner delivers it then)
    /// or dropped when that one recognizes. Kept past the lift, as UIKit keeps a blocked swipe.
    public var isHeld = false

    private enum State: UInt8, Sendable {
        /// No touch (or lifted).
        case idle, possible, recognized, failed
    }

    public init(direction: Direction = .right,
                minimumPrimaryMovement: Double = SwipeRecognizer.defaultMinimumPrimaryMovement,
                maximumSecondaryMovement: Double = SwipeRecognizer.defaultMaximumSecondaryMovement) {
        self.direction = direction
        self.minimumPrimaryMovement = minimumPrimaryMovement
        self.maximumSecondaryMovement = maximumSecondaryMovement
    }

    /// A touch is down whose swipe may still be recognized.
    public var isPossible: Bool { state == .possible }
    /// A touch is down (possible, or recognized or failed and not yet lifted).
    public var isTracking: Bool { state != .idle }
    /// This touch's swipe was recognized (its finger is still down).
    public var isRecognized: Bool { state == .recognized }

    /// When the swipe fails for lack of time, while it is possible.
    public var deadline: Double? { state == .possible ? startTime + Self.maximumDuration : nil }

    /// The minimum primary and maximum secondary movement `elapsed` seconds after the touch-down.
    public func thresholds(after elapsed: Double) -> (minimumPrimary: Double, maximumSecondary: Double) {
        let f = min(max(elapsed, 0), Self.maximumDuration)
        return (minimumPrimaryMovement * (1 - f * (1 - Self.primaryDecay)),
                maximumSecondaryMovement * (1 - f * (1 - Self.secondaryDecay)))
    }

    /// Feeds one touch at `t`: the translation from the touch-down when this move recognizes the swipe.
    public mutating func handle(_ touch: Touch, at t: Double, accepts: (Point) -> Bool = { _ in true }) -> Point? {
        switch touch {
        case let .down(p):
            guard accepts(p) else { state = .idle; return nil }
            start = p
            startTime = t
            failed = []
            isHeld = false
            state = .possible
            return nil
        case let .move(p):
            guard state == .possible else { return nil }
            guard t - startTime <= Self.maximumDuration else { state = .failed; return nil }
            let translation = Point(x: p.x - start.x, y: p.y - start.y)
            let (minimumPrimary, maximumSecondary) = thresholds(after: t - startTime)
            for (_, one) in Direction.named where direction.contains(one) && !failed.contains(one) {
                let (primary, secondary) = Self.components(translation, along: one)
                if secondary > maximumSecondary {
                    failed.insert(one)
                } else if primary >= minimumPrimary {
                    state = .recognized
                    return translation
                }
            }
            if failed.isSuperset(of: direction) { state = .failed }
            return nil
        case .up, .cancel:
            state = .idle
            return nil
        }
    }

    /// The maximum duration passed at `t`: true when that failed a possible swipe.
    public mutating func durationElapsed(at t: Double) -> Bool {
        guard let deadline, t >= deadline else { return false }
        state = .failed
        return true
    }

    /// Another recognizer won: this touch can no longer be a swipe.
    public mutating func fail() {
        if state == .possible { state = .failed }
    }

    /// A withheld recognition goes out now (what it waited for failed).
    public mutating func release() { isHeld = false }

    /// A withheld recognition is dropped (what it waited for recognized): the swipe failed.
    public mutating func dropHeld() {
        if isHeld, state == .recognized { state = .failed }
        isHeld = false
    }

    /// `reset`: forgets the touch (and a withheld recognition).
    public mutating func reset() {
        state = .idle
        isHeld = false
    }

    /// Movement along `direction` (signed: negative is the opposite way) and across it (unsigned).
    static func components(_ translation: Point, along direction: Direction) -> (primary: Double, secondary: Double) {
        switch direction {
        case .right: (translation.x, abs(translation.y))
        case .left: (-translation.x, abs(translation.y))
        case .up: (-translation.y, abs(translation.x))
        default: (translation.y, abs(translation.x))
        }
    }
}
