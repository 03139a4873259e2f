/// `UIPanGestureRecognizer` for one finger (docs/fidelity.md#pan): begins when either axis moves
/// past the hysteresis, which is then subtracted; velocity blends the last two move samples.
public struct PanRecognizer: Sendable, Equatable {
    public static let defaultHysteresis = 10.0

    public var hysteresis: Double
    public private(set) var phase: Phase = .idle

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

        mutating func record(_ p: Point, at t: Double) {
            let dt = t - lastTime
            let sample = dt < 0.001 ? Point.zero : Point(x: (p.x - last.x) / dt, y: (p.y - last.y) / dt)
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

    public init(hysteresis: Double = PanRecognizer.defaultHysteresis) {
        self.hysteresis = hysteresis
    }

    public var isRecognized: Bool {
        if case .recognized = phase { return true }
        return false
    }

    /// Feeds one touch at `t`; `accepts` says whether a touch-down lands where the pan listens.
    public mutating func handle(_ touch: Touch, at t: Double, accepts: (Point) -> Bool = { _ in true }) -> Event? {
        switch (touch, phase) {
        case let (.down(p), .idle):
            guard accepts(p) else { return nil }
            phase = .possible(Tracking(origin: p, last: p, lastTime: t))
            return nil
        case let (.move(p), .possible(tracking)):
            var tracking = tracking
            tracking.record(p, at: t)
            let raw = tracking.translation
            guard abs(raw.x) >= hysteresis || abs(raw.y) >= hysteresis else {
                phase = .possible(tracking)
                return nil
            }
            func reduce(_ v: Double) -> Double { v < 0 ? -max(-v - hysteresis, 0) : max(v - hysteresis, 0) }
            let adjusted = Point(x: reduce(raw.x), y: reduce(raw.y))
            tracking.origin = Point(x: tracking.last.x - adjusted.x, y: tracking.last.y - adjusted.y)
            phase = .recognized(tracking)
            return .began(translation: adjusted, velocity: tracking.velocity)
        case let (.move(p), .recognized(tracking)):
            var tracking = tracking
            tracking.record(p, at: t)
            phase = .recognized(tracking)
            return .changed(translation: tracking.translation, velocity: tracking.velocity)
        case let (.up(p), .recognized(tracking)):
            // touchesEnded adds no velocity sample; only the position moves.
            var tracking = tracking
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
}
