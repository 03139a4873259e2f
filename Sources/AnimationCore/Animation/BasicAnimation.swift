/// `CABasicAnimation` on one scalar key path, removed on completion (docs/fidelity.md#basic-animation).
///
/// While it runs the layer shows `from + (to − from)·timing(elapsed/duration)`; before it
/// begins and after it is removed the layer shows its model value, which the owner keeps.
/// Pausing (layer speed 0) and resuming shift its local time as Core Animation does.
public struct BasicAnimation: Sendable, Equatable {
    public let from: Double
    public let to: Double
    /// Seconds; a duration of 0 means Core Animation's 0.25 s.
    public let duration: Double
    /// nil is linear, as for explicit animations.
    public let curve: CubicBezier?
    /// When the animation begins (the time it was added plus any begin offset).
    public let begin: Double
    /// Local time frozen at this much elapsed, while paused.
    public private(set) var pausedElapsed: Double?
    /// Time spent paused so far, which pushes the end later.
    private var pausedTotal = 0.0

    public init(from: Double, to: Double, duration: Double, curve: CubicBezier? = nil,
                begin: Double) throws(ParameterError) {
        try ParameterError.finite(from, "fromValue")
        try ParameterError.finite(to, "toValue")
        try ParameterError.nonNegative(duration, "duration")
        try ParameterError.finite(begin, "beginTime")
        self.from = from
        self.to = to
        self.duration = duration == 0 ? 0.25 : duration
        self.curve = curve
        self.begin = begin
    }

    /// Seconds of the animation's own time that have passed at `t` (clamped to [0, duration]).
    public func elapsed(at t: Double) -> Double {
        if let pausedElapsed { return pausedElapsed }
        return min(max(t - begin - pausedTotal, 0), duration)
    }

    /// When it reaches its end and is removed; nil while paused.
    public var endTime: Double? {
        pausedElapsed == nil ? begin + pausedTotal + duration : nil
    }

    /// The presentation value at `t`, or nil when the model value shows (not begun, or ended).
    public func value(at t: Double) -> Double? {
        if pausedElapsed == nil, t < begin { return nil }
        if let end = endTime, t >= end { return nil }
        let fraction = elapsed(at: t) / duration
        let p = curve?.progress(at: fraction) ?? fraction
        return from + (to - from) * p
    }

    /// Time fraction of the way through, 0…1.
    public func fraction(at t: Double) -> Double { elapsed(at: t) / duration }

    /// Seconds of animation left at `t`.
    public func remaining(at t: Double) -> Double { duration - elapsed(at: t) }

    /// Freezes local time (layer `speed = 0`, `timeOffset` = now).
    public mutating func pause(at t: Double) {
        guard pausedElapsed == nil else { return }
        pausedElapsed = elapsed(at: t)
    }

    /// Lets local time run again from where it froze.
    public mutating func resume(at t: Double) {
        guard let frozen = pausedElapsed else { return }
        pausedElapsed = nil
        // Choose the pause total so that elapsed(at: t) == frozen.
        pausedTotal = t - begin - frozen
    }

    public var isPaused: Bool { pausedElapsed != nil }
}
