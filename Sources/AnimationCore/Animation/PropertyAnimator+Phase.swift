extension PropertyAnimator {
    /// How progress depends on a time fraction u in [0, 1] for a full, uninterrupted run.
    enum Timeline: Sendable, Equatable {
        case cubic(CubicBezier)
        case spring(SpringTiming)

        /// Progress and d(progress)/du.
        func sample(at u: Double) -> (progress: Double, slope: Double) {
            switch self {
            case let .cubic(curve):
                return curve.sample(at: u)
            case let .spring(spring):
                let (p, v) = spring.sample(at: u * spring.duration)
                return (p, v * spring.duration)
            }
        }
    }

    /// One stretch of running motion.
    enum Segment: Sendable, Equatable {
        /// Progress = timeline(position + direction·τ/duration).
        case timeline(Timeline, position: Double, direction: Double, duration: Double)
        /// Progress = from + (to − from)·spring(τ): a spring rebuilt from where the animator was.
        case spring(from: Double, to: Double, SpringTiming)

        var target: Double {
            switch self {
            case let .timeline(_, _, direction, _): direction > 0 ? 1 : 0
            case let .spring(_, to, _): to
            }
        }

        func sample(at tau: Double) -> (progress: Double, velocity: Double) {
            switch self {
            case let .timeline(timeline, position, direction, duration):
                let u = min(max(position + direction * tau / duration, 0), 1)
                let (p, slope) = timeline.sample(at: u)
                return (p, direction * slope / duration)
            case let .spring(from, to, spring):
                let (p, v) = spring.sample(at: tau)
                return (from + (to - from) * p, (to - from) * v)
            }
        }

        /// The time fraction along the timeline at `tau` (forward sense).
        func timelinePosition(at tau: Double) -> Double? {
            guard case let .timeline(_, position, direction, duration) = self else { return nil }
            return min(max(position + direction * tau / duration, 0), 1)
        }

        var isSpring: Bool {
            switch self {
            case .timeline(.spring, _, _, _), .spring: true
            case .timeline(.cubic, _, _, _): false
            }
        }
    }

    struct Run: Sendable, Equatable {
        /// When motion starts (after any delay).
        var start: Double
        var end: Double
        /// `fractionComplete` at `start`, in the direction of travel.
        var fraction0: Double
        var segment: Segment

        func paused(at t: Double, scrubsLinearly: Bool) -> Paused {
            let tau = max(t - start, 0)
            let progress = segment.sample(at: tau).progress
            if !scrubsLinearly, let position = segment.timelinePosition(at: tau),
               case let .timeline(timeline, _, _, _) = segment {
                return Paused(progress: progress, timelinePosition: position, timeline: timeline)
            }
            // Linear scrubbing: springs park at the displacement fraction 1 − |1 − p| (which
            // undoes an overshoot), curves at the eased progress.
            let parked = segment.isSpring ? 1 - abs(1 - progress) : progress
            return Paused(progress: parked, timelinePosition: nil)
        }
    }

    struct Paused: Sendable, Equatable {
        /// Visible progress, forward sense.
        var progress: Double
        /// Where on the timeline it waits when not scrubbing linearly.
        var timelinePosition: Double?
        var timeline: Timeline?

        init(progress: Double, timelinePosition: Double?, timeline: Timeline? = nil) {
            self.progress = progress
            self.timelinePosition = timelinePosition
            self.timeline = timeline
        }

        /// `fractionComplete` in the forward sense.
        var forwardFraction: Double { timelinePosition ?? progress }

        mutating func scrub(to forward: Double) {
            if timelinePosition != nil, let timeline {
                timelinePosition = forward
                progress = timeline.sample(at: forward).progress
            } else {
                progress = forward
            }
        }
    }

    enum Phase: Sendable, Equatable {
        /// `fresh`: never started, so it can still start or pause; `rest`: where progress stays.
        case inactive(rest: Double, fresh: Bool)
        case running(Run)
        case paused(Paused)
        case stopped(progress: Double)
    }
}
