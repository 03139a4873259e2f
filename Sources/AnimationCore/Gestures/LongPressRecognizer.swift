/// `UILongPressGestureRecognizer` for one finger (docs/fidelity.md#long-press): possible from a
/// touch-down; begins when the finger has been down `minimumPressDuration` without moving more
/// than `allowableMovement` (Euclidean, from where it went down); then changes on every move, with
/// no limit on movement, and ends at the lift. Moving too far first, or lifting first, fails it.
///
/// The recognizer cannot see time pass between touches: its owner fires `pressDurationElapsed()`
/// at `beginTime`, as UIKit's timer does.
public struct LongPressRecognizer: Sendable, Equatable {
    public static let defaultMinimumPressDuration = 0.5
    public static let defaultAllowableMovement = 10.0

    public var minimumPressDuration: Double
    public var allowableMovement: Double
    /// Began, but held by a failure requirement (`require(toFail:)`): its began is not delivered
    /// until `release()`; set by whoever arbitrates, as a pan's (docs/fidelity.md#arbitration).
    public var isHeld = false
    public private(set) var phase: Phase = .idle

    public enum Phase: Sendable, Equatable {
        case idle
        /// Down at `start` at `t`, last seen at `last`, the press not yet long enough.
        case possible(start: Point, t: Double, last: Point)
        /// Began, the finger last seen at `last`: `.changed` follows each move.
        case recognized(last: Point)
    }

    public enum Event: Sendable, Equatable {
        case began(Point), changed(Point), ended(Point)
        case cancelled
    }

    public init(minimumPressDuration: Double = LongPressRecognizer.defaultMinimumPressDuration,
                allowableMovement: Double = LongPressRecognizer.defaultAllowableMovement) {
        self.minimumPressDuration = minimumPressDuration
        self.allowableMovement = allowableMovement
    }

    public var isRecognized: Bool {
        if case .recognized = phase { return true }
        return false
    }
    public var isPossible: Bool {
        if case .possible = phase { return true }
        return false
    }

    /// When the press becomes long enough, while it is possible.
    public var beginTime: Double? {
        if case let .possible(_, t, _) = phase { return t + max(minimumPressDuration, 0) }
        return nil
    }

    /// Feeds one touch at `t`; `accepts` says whether a touch-down lands where it listens.
    public mutating func handle(_ touch: Touch, at t: Double, accepts: (Point) -> Bool = { _ in true }) -> Event? {
        switch (touch, phase) {
        case let (.down(p), .idle):
            guard accepts(p) else { return nil }
            phase = .possible(start: p, t: t, last: p)
            // A press of no duration begins with its touch.
            return minimumPressDuration <= 0 ? pressDurationElapsed() : nil
        case let (.move(p), .possible(start, t0, _)):
            let dx = p.x - start.x, dy = p.y - start.y
            phase = (dx * dx + dy * dy).squareRoot() > allowableMovement ? .idle : .possible(start: start, t: t0, last: p)
            return nil
        case let (.move(p), .recognized):
            phase = .recognized(last: p)
            return .changed(p)
        case let (.up(p), .recognized):
            phase = .idle
            return .ended(p)
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

    /// The press has lasted `minimumPressDuration`: it begins where the finger is.
    public mutating func pressDurationElapsed() -> Event? {
        guard case let .possible(_, _, last) = phase else { return nil }
        phase = .recognized(last: last)
        return .began(last)
    }

    /// A held press's failure requirements failed: it begins now, where the finger is. Nil when
    /// it is not held and recognized.
    public mutating func release() -> Event? {
        guard isHeld, case let .recognized(last) = phase else { return nil }
        isHeld = false
        return .began(last)
    }

    /// Another recogniser won: a press that has not begun (or whose began is held) fails.
    public mutating func fail() {
        if isPossible || isHeld { reset() }
    }

    /// `reset`: forgets the touch, reporting nothing.
    public mutating func reset() {
        phase = .idle
        isHeld = false
    }
}
