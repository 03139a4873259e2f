/// `UITapGestureRecognizer` for a single tap: fails beyond 45 pt of movement or when held
/// longer than `maximumDuration`.
public struct TapRecognizer: Sendable, Equatable {
    public static let defaultAllowableMovement = 45.0
    /// Not recovered from UIKit; the commonly quoted figure.
    public static let defaultMaximumDuration = 1.5

    public var allowableMovement: Double
    public var maximumDuration: Double
    private var start: (point: Point, t: Double)?

    public init(allowableMovement: Double = TapRecognizer.defaultAllowableMovement,
                maximumDuration: Double = TapRecognizer.defaultMaximumDuration) {
        self.allowableMovement = allowableMovement
        self.maximumDuration = maximumDuration
    }

    public static func == (a: TapRecognizer, b: TapRecognizer) -> Bool {
        a.allowableMovement == b.allowableMovement && a.maximumDuration == b.maximumDuration
            && a.start?.point == b.start?.point && a.start?.t == b.start?.t
    }

    /// Feeds one touch; true when this touch-up completes a tap.
    public mutating func handle(_ touch: Touch, at t: Double, accepts: (Point) -> Bool = { _ in true }) -> Bool {
        switch touch {
        case let .down(p):
            start = accepts(p) ? (p, t) : nil
            return false
        case let .move(p):
            if let s = start, Self.distance(s.point, p) > allowableMovement { start = nil }
            return false
        case let .up(p):
            defer { start = nil }
            guard let s = start else { return false }
            return Self.distance(s.point, p) <= allowableMovement && t - s.t <= maximumDuration
        case .cancel:
            start = nil
            return false
        }
    }

    /// A touch is down that may still become a tap.
    public var isTracking: Bool { start != nil }

    /// A competing recogniser (the pan) won: this touch can no longer be a tap.
    public mutating func fail() { start = nil }

    private static func distance(_ a: Point, _ b: Point) -> Double {
        ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }
}
