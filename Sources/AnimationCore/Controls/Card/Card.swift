/// Seed 004's bottom card. A tap on the handle toggles; a pan on the handle pauses the three
/// animators (creating them if none run, so a moving card can be grabbed), scrubs them with
/// `fractionComplete = ±translation.y / cardHeight + progressWhenInterrupted`, and on release
/// continues them (or, with `release: velocity`, settles where the flick projects).
public struct Card: Control {
    public static let kind = "card"
    public var kind: String { Self.kind }
    public let configuration: CardConfiguration
    /// The seed's `cardVisible`: flips when the frame animator completes at its end.
    public private(set) var position: CardConfiguration.Position
    /// The running animators; boxed, as a card at rest (most of them) holds none.
    private var transitionBox: Boxed<CardTransition>?
    var transition: CardTransition? {
        get { transitionBox?.value }
        set { transitionBox = newValue.map(Boxed.init) }
    }
    private var pan = PanRecognizer()
    private var tap = TapRecognizer()
    private var progressWhenInterrupted = 0.0

    public init(configuration: CardConfiguration) {
        self.configuration = configuration
        position = configuration.initialState
    }

    public var isInteractive: Bool { pan.isRecognized }

    public mutating func handle(_ input: Input, at t: Double, emit: inout [Emission]) throws(ControlError) {
        do {
            switch input {
            case let .touch(touch):
                try handleTouch(touch, at: t, emit: &emit)
            case let .command(command) where command.name == "expand":
                try move(toward: .expanded, at: t, emit: &emit)
            case let .command(command) where command.name == "collapse":
                try move(toward: .collapsed, at: t, emit: &emit)
            case let .command(command) where command.name == "toggle":
                try move(toward: (transition?.heading ?? position).opposite, at: t, emit: &emit)
            case let .command(command):
                throw ControlError.unsupportedCommand(command.name, control: Self.kind)
            }
        } catch let error as ControlError {
            throw error
        } catch let error as AnimatorError {
            throw .animator(error)
        } catch {
            throw .animator(.notPaused(operation: "\(error)"))
        }
    }

    private mutating func handleTouch(_ touch: Touch, at t: Double, emit: inout [Emission]) throws {
        let handle = handleRect(at: t)
        let tapped = tap.handle(touch, at: t, accepts: handle.contains)
        switch pan.handle(touch, at: t, accepts: handle.contains) {
        case let .began(translation, _)?:
            tap.fail()
            try startInteraction(at: t, emit: &emit)
            try scrub(translation.y, at: t)
            emit.append(Emission(t: t, name: "panBegan", fields: [Field("translationY", .number(translation.y))]))
        case let .changed(translation, _)?:
            try scrub(translation.y, at: t)
        case let .ended(translation, velocity)?:
            try scrub(translation.y, at: t)
            try endInteraction(velocity: velocity.y, at: t, emit: &emit)
        case .cancelled?:
            try endInteraction(velocity: 0, at: t, emit: &emit)
        case nil:
            if tapped { try move(toward: (transition?.heading ?? position).opposite, at: t, emit: &emit) }
        }
    }

    /// The seed's `startInteractiveTransition`: animators for the next state if none run, all
    /// paused, and the progress to scrub from remembered. A reversed transition is turned
    /// forward first (nothing moves) so the seed's scrub formula keeps its direction.
    private mutating func startInteraction(at t: Double, emit: inout [Emission]) throws {
        if transition == nil { try beginTransition(to: position.opposite, at: t, emit: &emit) }
        guard var running = transition else { return }
        try running.forEach { animator throws(AnimatorError) in try animator.pause(at: t) }
        try running.forEach { animator throws(AnimatorError) in try animator.setReversed(false, at: t) }
        // The seed reads the last animator's fraction (the blur's), or the frame's if the blur ended.
        progressWhenInterrupted = (running.blur.state == .active ? running.blur : running.frame).fractionComplete(at: t)
        try running.restartFinished(configuration: configuration, at: t)
        transition = running
    }

    private mutating func scrub(_ translationY: Double, at t: Double) throws {
        guard var running = transition else { return }
        let fraction = (position == .expanded ? translationY : -translationY) / configuration.cardHeight
            + progressWhenInterrupted
        try running.forEach { animator throws(AnimatorError) in try animator.setFractionComplete(fraction, at: t) }
        transition = running
    }

    private mutating func endInteraction(velocity: Double, at t: Double, emit: inout [Emission]) throws {
        guard var running = transition else { return }
        var frameTiming: PropertyAnimator.TimingParameters?
        if configuration.release == .velocity {
            let y = cardY(at: t)
            let projected = y + Decay.scrollView.projectedDistance(velocity: velocity)
            let nearer: CardConfiguration.Position =
                abs(projected - configuration.expandedY) < abs(projected - configuration.collapsedY) ? .expanded : .collapsed
            if nearer != running.target {
                try running.forEach { animator throws(AnimatorError) in try animator.setReversed(true, at: t) }
            }
            // The finger's speed towards where the card is going, relative to the distance left.
            let distance = configuration.restY(nearer) - y
            let relative = abs(distance) < 1e-9 ? 0 : velocity / distance
            frameTiming = .dampedSpring(dampingRatio: configuration.dampingRatio, initialVelocity: relative)
        }
        if running.frame.state == .active {
            try running.frame.continueAnimation(timing: frameTiming, durationFactor: 0, at: t)
        }
        if running.corner.state == .active { try running.corner.continueAnimation(timing: nil, durationFactor: 0, at: t) }
        if running.blur.state == .active { try running.blur.continueAnimation(timing: nil, durationFactor: 0, at: t) }
        transition = running
        emit.append(Emission(t: t, name: "panEnded", fields: [
            Field("velocityY", .number(velocity)), Field("heading", .string(running.heading.rawValue)),
        ]))
    }

    /// Tap and commands: start a transition, reverse one heading the other way, or continue a
    /// paused one; an interaction in progress ends.
    private mutating func move(toward destination: CardConfiguration.Position, at t: Double,
                               emit: inout [Emission]) throws {
        pan = PanRecognizer(hysteresis: pan.hysteresis)
        guard var running = transition else {
            if destination != position { try beginTransition(to: destination, at: t, emit: &emit) }
            return
        }
        if running.heading != destination {
            try running.forEach { animator throws(AnimatorError) in try animator.setReversed(!animator.isReversed, at: t) }
            emit.append(Emission(t: t, name: "transitionReversed", fields: [Field("heading", .string(destination.rawValue))]))
        }
        if running.isPaused {
            try running.forEach { animator throws(AnimatorError) in
                try animator.continueAnimation(timing: nil, durationFactor: 0, at: t)
            }
        }
        transition = running
    }

    private mutating func beginTransition(to target: CardConfiguration.Position, at t: Double,
                                          emit: inout [Emission]) throws {
        transition = try CardTransition(to: target, configuration: configuration, at: t)
        emit.append(Emission(t: t, name: "transitionStarted", fields: [Field("heading", .string(target.rawValue))]))
    }

    public var nextDeadline: Double? { transition?.naturalEndTime }

    public mutating func fireDeadline(emit: inout [Emission]) {
        guard var running = transition, let end = running.naturalEndTime else { return }
        let completions = running.frame.advance(to: end) + running.corner.advance(to: end) + running.blur.advance(to: end)
        transition = running
        for completion in completions where completion.id == CardTransition.frameCompletion {
            // The seed's completion: flip `cardVisible` and drop the animators. Only a run that
            // reached its end flips the state; one reversed back to its start leaves it.
            emit.append(Emission(t: completion.t, name: "animatorCompleted", fields: [
                Field("animator", .string(completion.id)), Field("position", .string(completion.position.rawValue)),
            ]))
            transition = nil
            pan = PanRecognizer(hysteresis: pan.hysteresis)
            if completion.position == .end && position != running.target {
                position = running.target
                emit.append(Emission(t: completion.t, name: "stateChanged", fields: [Field("state", .string(position.rawValue))]))
            }
        }
    }

    public var state: [Field] {
        [Field("state", .string(position.rawValue)), Field("interactive", .bool(isInteractive)),
         Field("animating", .bool(transition != nil))]
    }

    // MARK: Rendering

    private func progress(at t: Double) -> (frame: Double, corner: Double, blur: Double) {
        guard let running = transition else {
            let at = position == .expanded ? 1.0 : 0.0
            return (at, at, at)
        }
        // Progress runs from the opposite rest to the transition's target; map to "expandedness".
        let f = running.frame.progress(at: t), c = running.corner.progress(at: t), b = running.blur.progress(at: t)
        return running.target == .expanded ? (f, c, b) : (1 - f, 1 - c, 1 - b)
    }

    func cardY(at t: Double) -> Double {
        configuration.collapsedY + progress(at: t).frame * (configuration.expandedY - configuration.collapsedY)
    }

    private func handleRect(at t: Double) -> Rect {
        Rect(x: 0, y: cardY(at: t), width: configuration.containerWidth, height: configuration.handleHeight)
    }

    public func render(at t: Double) -> Frame {
        let c = configuration
        let p = progress(at: t)
        let y = c.collapsedY + p.frame * (c.expandedY - c.collapsedY)
        let radius = p.corner * c.cornerRadius
        return Frame(
            t: t,
            properties: [Field("cardY", .number(y)), Field("cornerRadius", .number(radius)),
                         Field("blurFraction", .number(p.blur)), Field("state", .string(position.rawValue)),
                         Field("interactive", .bool(isInteractive)), Field("animating", .bool(transition != nil))],
            layers: [
                Layer(id: "backdrop", kind: .blur, frame: Rect(x: 0, y: 0, width: c.containerWidth, height: c.containerHeight),
                      blur: Layer.Blur(fraction: p.blur, style: c.blurStyle, radius: p.blur * c.blurRadius)),
                Layer(id: "card", frame: Rect(x: 0, y: y, width: c.containerWidth, height: c.cardHeight),
                      backgroundColor: c.cardColor, cornerRadius: radius),
                Layer(id: "grabber", frame: Rect(x: c.containerWidth / 2 - 18, y: y + 8, width: 36, height: 5),
                      backgroundColor: c.handleColor, cornerRadius: 2.5),
            ])
    }
}
