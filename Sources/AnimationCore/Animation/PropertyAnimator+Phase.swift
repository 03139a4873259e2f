extension PropertyAnimator {
    /// What an animator keeps unchanged from its making: the duration and timing as given, what
    /// one full run lasts, and the full run's timeline (the spring resolved once). Immutable, so
    /// animators share it: every copy of one, and every animator made of one plan (a control's
    /// instance makes one per animator its definition declares, for the sessions to share).
    final class Plan: Sendable, Equatable {
        let duration: Double
        let timing: TimingParameters
        let unitDuration: Double
        let timeline: Timeline

        init(duration: Double, timing: TimingParameters) throws(ParameterError) {
            try ParameterError.nonNegative(duration, "duration")
            let duration = duration == 0 ? 0.2 : duration
            self.duration = duration
            self.timing = timing
            switch timing {
            case let .cubic(curve):
                timeline = .cubic(curve)
                unitDuration = duration
            case let .dampedSpring(zeta, v):
                let spring = try SpringParameters.uikit(duration: duration, dampingRatio: zeta, initialVelocity: v).resolve()
                timeline = .spring(spring)
                unitDuration = duration
            case let .spring(parameters):
                let spring = try parameters.resolve()
                timeline = .spring(spring)
                unitDuration = spring.duration
            }
        }

        static func == (a: Plan, b: Plan) -> Bool {
            a === b || (a.duration == b.duration && a.timing == b.timing && a.unitDuration == b.unitDuration && a.timeline == b.timeline)
        }
    }

    /// How progress depends on a time fraction u in [0, 1] for a full, uninterrupted run.
    /// Boxed (one pointer): the plan's is shared by every segment and pause that runs on it.
    indirect enum Timeline: Sendable, Equatable {
        case cubic(CubicBezier)
        case spring(SpringTiming)

        /// Progress and d(progress)/du. Inlined (as `Segment.sample(at:)` is): what is read of the
        /// box is its plain numbers, before any call, so a read through an animator's address
        /// holds no reference across a call and retains nothing.
        @inline(__always)
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
        case spring(from: Double, to: Double, ShownSpring)

        var target: Double {
            switch self {
            case let .timeline(_, _, direction, _): direction > 0 ? 1 : 0
            case let .spring(_, to, _): to
            }
        }

        @inline(__always)
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

    /// What sampling a rebuilt spring reads of its `SpringTiming` (the same arithmetic on the
    /// same numbers, so the same bits), inline: 72 bytes instead of the timing's 168.
    struct ShownSpring: Sendable, Equatable {
        let motion: SpringOscillator
        let initialVelocity: Double
        let duration: Double

        init(_ spring: SpringTiming) {
            motion = spring.motion
            initialVelocity = spring.initialVelocity
            duration = spring.duration
        }

        /// `SpringTiming.sample(at:)`.
        @inline(__always)
        func sample(at t: Double) -> (progress: Double, velocity: Double) {
            if t >= duration { return (1, 0) }
            if t <= 0 { return (0, initialVelocity) }
            let (x, v) = motion.state(at: t)
            return (1 - x, -v)
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

extension PropertyAnimator.TimingParameters {
    /// Equal to the bit: every number's bit pattern the same (`==` takes 0 for −0, which a
    /// spring's velocity can tell apart).
    func hasSameBits(as other: Self) -> Bool {
        func same(_ a: Double, _ b: Double) -> Bool { a.bitPattern == b.bitPattern }
        switch (self, other) {
        case let (.cubic(a), .cubic(b)):
            return same(a.p1x, b.p1x) && same(a.p1y, b.p1y) && same(a.p2x, b.p2x) && same(a.p2y, b.p2y)
        case let (.dampedSpring(z1, v1), .dampedSpring(z2, v2)):
            return same(z1, z2) && same(v1, v2)
        case let (.spring(.uikit(d1, z1, v1)), .spring(.uikit(d2, z2, v2))):
            return same(d1, d2) && same(z1, z2) && same(v1, v2)
        case let (.spring(.physical(m1, k1, c1, v1, o1)), .spring(.physical(m2, k2, c2, v2, o2))):
            return o1 == o2 && same(m1, m2) && same(k1, k2) && same(c1, c2) && same(v1, v2)
        case let (.spring(.response(r1, z1, v1)), .spring(.response(r2, z2, v2))):
            return same(r1, r2) && same(z1, z2) && same(v1, v2)
        case let (.spring(.perceptual(d1, b1, v1)), .spring(.perceptual(d2, b2, v2))):
            return same(d1, d2) && same(b1, b2) && same(v1, v2)
        default:
            return false
        }
    }
}
