/// `UITapGestureRecognizer` for one finger (docs/fidelity.md#tap): fails beyond 45 pt of movement
/// from where the first tap went down, or when a tap is held longer than `maximumDuration`. With
/// `numberOfTapsRequired` above 1 it recognizes at the lift that completes the count, and fails
/// when the next tap does not go down within `maximumIntervalBetweenSuccessiveTaps` of a lift
/// (its owner fires `intervalElapsed` at `waitDeadline`, as UIKit's timer does).
public struct TapRecognizer: Sendable, Equatable {
    public static let defaultAllowableMovement = 45.0
    /// Not recovered from UIKit; the commonly quoted figure.
    public static let defaultMaximumDuration = 1.5
    /// UITapRecognizer's inter-tap timeout.
    public static let maximumIntervalBetweenSuccessiveTaps = 0.35

    // Laid out without optionals (flags instead) so that the recognizer is no larger than the
    // pan's, which sets the size of every input's slot in a session's state.
    public var allowableMovement: Double
    public var maximumDuration: Double
    /// Where the first tap went down: movement of every tap is measured from it.
    private var first = Point.zero
    /// The last lift, while waiting for the next tap.
    private var lift = 0.0
    /// The current tap's touch-down, while `isDown`.
    private var startTime = 0.0
    private var heldPoint = Point.zero
    public var numberOfTapsRequired: Int16
    /// Taps completed of the count (0 before the first lift).
    private var taps: Int16 = 0
    private var isDown = false
    private var isHeld = false

    /// A recognition `requireToFail` holds back until the recognizers it waits for fail: where it was.
    public var held: Point? {
        get { isHeld ? heldPoint : nil }
        set {
            isHeld = newValue != nil
            heldPoint = newValue ?? .zero
        }
    }

    private var start: (point: Point, t: Double)? {
        get { isDown ? (first, startTime) : nil }
        set {
            isDown = newValue != nil
            startTime = newValue?.t ?? 0
        }
    }

    public init(allowableMovement: Double = TapRecognizer.defaultAllowableMovement,
                maximumDuration: Double = TapRecognizer.defaultMaximumDuration, numberOfTapsRequired: Int16 = 1) {
        self.allowableMovement = allowableMovement
        self.maximumDuration = maximumDuration
        self.numberOfTapsRequired = max(numberOfTapsRequired, 1)
    }

    public static func == (a: TapRecognizer, b: TapRecognizer) -> Bool {
        a.allowableMovement == b.allowableMovement && a.maximumDuration == b.maximumDuration
            && a.numberOfTapsRequired == b.numberOfTapsRequired && a.taps == b.taps && a.first == b.first
            && a.lift == b.lift && a.start?.t == b.start?.t && a.held == b.held
    }

    /// Feeds one touch; true when this touch-up completes the taps required.
    public mutating func handle(_ touch: Touch, at t: Double, accepts: (Point) -> Bool = { _ in true }) -> Bool {
        switch touch {
        case let .down(p):
            if taps > 0 {
                // The next tap of the count: in time, and near where the first went down.
                guard t - lift <= Self.maximumIntervalBetweenSuccessiveTaps, Self.distance(first, p) <= allowableMovement else {
                    fail()
                    return false
                }
                start = (p, t)
                return false
            }
            start = accepts(p) ? (p, t) : nil
            first = p
            return false
        case let .move(p):
            if isDown, Self.distance(first, p) > allowableMovement { fail() }
            return false
        case let .up(p):
            guard let s = start else { return false }
            start = nil
            guard Self.distance(first, p) <= allowableMovement && t - s.t <= maximumDuration else {
                fail()
                return false
            }
            taps += 1
            if taps >= numberOfTapsRequired {
                taps = 0
                return true
            }
            lift = t
            return false
        case .cancel:
            fail()
            return false
        }
    }

    /// A touch is down that may still become a tap, or the next tap of the count is awaited.
    public var isTracking: Bool { isDown || taps > 0 }

    /// When the wait for the next tap runs out (nil when none is awaited).
    public var waitDeadline: Double? {
        taps > 0 && !isDown ? lift + Self.maximumIntervalBetweenSuccessiveTaps : nil
    }

    /// The wait for the next tap ran out at `t`: true when that failed the recognizer.
    public mutating func intervalElapsed(at t: Double) -> Bool {
        guard let deadline = waitDeadline, t >= deadline else { return false }
        fail()
        return true
    }

    /// A competing recogniser (the pan) won: this touch can no longer be a tap.
    public mutating func fail() {
        start = nil
        taps = 0
    }

    private static func distance(_ a: Point, _ b: Point) -> Double {
        ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }
}
