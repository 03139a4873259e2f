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
        try forEach { animator throws(AnimatorError) in try animator.start(at: t) }
    }

    /// Runs `body` on the three animators in the seed's order, collecting their completions.
    @discardableResult
    mutating func forEach(_ body: (inout PropertyAnimator) throws(AnimatorError) -> [PropertyAnimator.Completion])
        throws(AnimatorError) -> [PropertyAnimator.Completion] {
        try body(&frame) + body(&corner) + body(&blur)
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
