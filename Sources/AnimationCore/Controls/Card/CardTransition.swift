/// The seed's `runningAnimations`: frame, corner radius and blur animators heading for one position.
struct CardTransition: Sendable, Equatable {
    /// Where the animators' end (progress 1) is.
    let target: CardConfiguration.Position
    var frame: PropertyAnimator
    var corner: PropertyAnimator
    var blur: PropertyAnimator

    static let frameCompletion = "frame"

    init(to target: CardConfiguration.Position, configuration c: CardConfiguration, at t: Double) throws(AnimatorError) {
        self.target = target
        do {
            frame = try PropertyAnimator(duration: c.duration, timing: .dampedSpring(dampingRatio: c.dampingRatio, initialVelocity: 0))
            corner = try PropertyAnimator(duration: c.duration, curve: .linear)
            blur = try PropertyAnimator(duration: c.duration, timing: .dampedSpring(dampingRatio: c.dampingRatio, initialVelocity: 0))
        } catch {
            throw .invalid(error)
        }
        frame.addCompletion(Self.frameCompletion)
        try frame.start(at: t)
        try corner.start(at: t)
        try blur.start(at: t)
    }

    /// A reversed linear curve ends before the springs do; an animator that already ended starts
    /// over, paused, so all three are scrubbed and continued together again.
    mutating func restartFinished(configuration: CardConfiguration, at t: Double) throws(AnimatorError) {
        guard corner.state == .inactive || blur.state == .inactive else { return }
        let fresh = try CardTransition(to: target, configuration: configuration, at: t)
        if corner.state == .inactive {
            corner = fresh.corner
            try corner.pause(at: t)
        }
        if blur.state == .inactive {
            blur = fresh.blur
            try blur.pause(at: t)
        }
    }

    /// Runs `body` on the animators still running or paused, in the seed's order, collecting
    /// their completions. The three end within a rounding error of each other; one that already
    /// ended waits for the frame animator's completion, which ends the transition.
    @discardableResult
    mutating func forEach(_ body: (inout PropertyAnimator) throws(AnimatorError) -> [PropertyAnimator.Completion])
        throws(AnimatorError) -> [PropertyAnimator.Completion] {
        var completions: [PropertyAnimator.Completion] = []
        if frame.state == .active { completions += try body(&frame) }
        if corner.state == .active { completions += try body(&corner) }
        if blur.state == .active { completions += try body(&blur) }
        return completions
    }

    /// Where the transition is heading now (the start when reversed).
    var heading: CardConfiguration.Position {
        frame.isReversed ? target.opposite : target
    }

    var naturalEndTime: Double? {
        [frame.naturalEndTime, corner.naturalEndTime, blur.naturalEndTime].compactMap { $0 }.min()
    }

    var isPaused: Bool { frame.state == .active && !frame.isRunning }
}

extension CardConfiguration.Position {
    var opposite: Self { self == .expanded ? .collapsed : .expanded }
}
