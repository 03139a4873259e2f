extension DefinedControl {
    /// Evaluates a reaction's program into the context's registers.
    @inline(__always)
    func compute(_ program: Program, _ r: Registers, at t: Double) {
        instance.run(program, r, source: self, at: t)
    }

    /// Runs `reactions` in order; any failure throws out of the whole input (which the session
    /// then refuses, unchanged).
    mutating func run(_ list: ReactionList, _ r: Registers, at t: Double,
                      emit: inout [Emission]) throws(ControlError) {
        guard list.count > 0 else { return }
        let pool = instance.reactions
        for position in Int(list.start)..<Int(list.start + list.count) {
            let reaction = pool[position]
            switch reaction {
            case let .set(variable, program, result):
                compute(program, r, at: t)
                setVariable(variable, r[result])
            case let .jump(first, width, program, result):
                compute(program, r, at: t)
                for k in 0..<width { updateAnimated(first + k) { $0.set(r[result + k]) } }
                try cutCompletions(of: first, at: t)
            case let .animate(first, width, program, result, timing, mode, completion):
                compute(program, r, at: t)
                try animate(first, width, r, result, timing, mode, completion, at: t)
            case let .keyframes(first, width, program, plan, timing, mode, completion):
                compute(program, r, at: t)
                try animateKeyframes(first, width, r, instance.definition.keyframePlans[plan], timing, mode, completion, at: t)
            case let .emit(name, fields, program):
                compute(program, r, at: t)
                let definition = instance.definition
                var values: [Field] = []
                if fields.count > 0 {
                    values.reserveCapacity(Int(fields.count))
                    for index in Int(fields.start)..<Int(fields.start + fields.count) {
                        values.append(Field(definition.emitFields[index].name, fieldValue(r, definition.emitFields[index])))
                    }
                }
                emit.add(Emission(t: t, name: definition.emitNames[name], fields: values))
            case let .branch(program, condition, then, otherwise):
                compute(program, r, at: t)
                try run(r[condition] != 0 ? then : otherwise, r, at: t, emit: &emit)
            case let .bind(program, result, register, width):
                compute(program, r, at: t)
                for k in 0..<width { r[register + k] = r[result + k] }
            case let .run(action, program, arguments):
                compute(program, r, at: t)
                let definition = instance.definition
                let body = definition.actions[action].reactions
                try Registers.forReactions(count: frameSize) { (frame) throws(ControlError) in
                    var next = 0
                    for index in Int(arguments.start)..<Int(arguments.start + arguments.count) {
                        let argument = definition.runArguments[index]
                        for k in 0..<argument.width { frame[next + k] = r[argument.result + k] }
                        next += argument.width
                    }
                    try run(body, frame, at: t, emit: &emit)
                }
            case let .schedule(timer, program, after):
                compute(program, r, at: t)
                let delay = r[after]
                try schedule(.timer(timer), at: t + (delay >= DefinitionLimits.minimumTimerDelay ? delay : DefinitionLimits.minimumTimerDelay))
            case let .cancelTimer(timer):
                timers.removeAll { $0.kind == .timer(timer) }
                releaseEmptyTimers()
            case let .setSelected(input, program, result), let .setEnabled(input, program, result):
                compute(program, r, at: t)
                guard case var .control(tracking) = self.input(input) else { continue }
                let on = r[result] != 0
                let changed: Bool
                if case .setSelected = reaction { changed = tracking.setSelected(on) } else { changed = tracking.setEnabled(on) }
                setInput(input, .control(tracking))
                if changed, case let .control(spec) = definition.inputs[input] { try runEntry(spec.onStateChange, at: t, emit: &emit) }
            case let .reset(input):
                switch self.input(input) {
                case var .pan(pan):
                    pan.reset()
                    setInput(input, .pan(pan))
                case var .transform(transform):
                    transform.reset()
                    setInput(input, .transform(transform))
                case var .swipe(swipe):
                    swipe.reset()
                    setInput(input, .swipe(swipe))
                    dropRecognizerTimers(input)
                case var .tap(tap):
                    tap.fail()
                    tap.held = nil
                    setInput(input, .tap(tap))
                    dropRecognizerTimers(input)
                case var .longPress(press):
                    press.reset()
                    setInput(input, .longPress(press))
                    dropRecognizerTimers(input)
                case .control: break
                }
            case let .addBasic(index, program, from, to, duration, curve):
                compute(program, r, at: t)
                do {
                    setBasic(index, try BasicAnimation(from: r[from], to: r[to], duration: r[duration],
                                                       curve: curve < 0 ? nil : instance.definition.reactionCurves[curve], begin: t))
                } catch {
                    throw .invalidParameter(error)
                }
            case let .pauseBasic(index):
                guard var animation = basic(index) else { continue }
                animation.pause(at: t)
                setBasic(index, animation)
            case let .resumeBasic(index):
                guard var animation = basic(index) else { continue }
                animation.resume(at: t)
                setBasic(index, animation)
            case let .removeBasic(index):
                setBasic(index, nil)
            case let .motion(plan, program):
                compute(program, r, at: t)
                try startMotion(plan, r, at: t)
            default:
                try runGroupReaction(reaction, r, at: t, emit: &emit)
            }
        }
    }

    private mutating func animate(_ first: Int, _ width: Int, _ r: Registers, _ result: Int,
                                  _ source: TimingSource, _ mode: AnimateMode, _ completion: ReactionList,
                                  at t: Double) throws(ControlError) {
        let (base, relativeVelocity) = try self.timing(source, r)
        let timing = Self.repeating(base, mode, r)
        let delay = mode.delay < 0 ? 0 : AnimateMode.seconds(r[Int(mode.delay)])
        if mode.kind != .additive { try cutCompletions(of: first, at: t) }
        for k in 0..<width {
            switch mode.kind {
            case .retarget:
                if case let .spring(spring) = timing, let relativeVelocity {
                    // The given velocity instead of the current one, relative to the distance left.
                    let shown = storage.sample(ofAnimated: first + k, at: t).value
                    updateAnimated(first + k) { $0.retarget(to: r[result + k], spring: spring,
                                                                velocity: relativeVelocity * (r[result + k] - shown), at: t) }
                } else if case let .spring(spring) = timing {
                    updateAnimated(first + k) { $0.retarget(to: r[result + k], spring: spring, at: t) }
                } else {
                    updateAnimated(first + k) { $0.animate(to: r[result + k], timing: timing, at: t) }
                }
            case .fromCurrent:
                updateAnimated(first + k) { $0.animateFromCurrent(to: r[result + k], timing: timing, at: t, delay: delay) }
            case .additive:
                updateAnimated(first + k) { $0.animate(to: r[result + k], timing: timing, at: t, delay: delay) }
            }
        }
        try scheduleCompletion(completion, of: first, at: t + (mode.kind == .retarget ? 0 : delay) + timing.duration, now: t)
    }

    /// `animate` with `keyframes`: a `CAKeyframeAnimation` of each scalar of the value, replacing
    /// what is in flight (whose completions then run unfinished). Paced key times are spaced by
    /// the distance between values over every scalar at once (a colour's four components), and a
    /// cubicPaced spline by the length of the curve they draw together.
    private mutating func animateKeyframes(_ first: Int, _ width: Int, _ r: Registers, _ plan: KeyframePlan,
                                           _ source: TimingSource, _ mode: AnimateMode, _ completion: ReactionList,
                                           at t: Double) throws(ControlError) {
        let timing = Self.repeating(try self.timing(source, r).timing, mode, r)
        let delay = mode.delay < 0 ? 0 : AnimateMode.seconds(r[Int(mode.delay)])
        var keyTimes = plan.keyTimes
        var pathMode = plan.mode
        if plan.mode == .paced {
            keyTimes = KeyframePath.pacedKeyTimes(segmentLengths: (1..<plan.values.count).map { j in
                var squares = 0.0
                for k in 0..<width {
                    let d = r[plan.values[j] + k] - r[plan.values[j - 1] + k]
                    squares += d * d
                }
                return squares.squareRoot()
            })
            pathMode = .linear
        }
        try cutCompletions(of: first, at: t)
        let paths = KeyframePath.pacedTogether((0..<width).map { k in
            KeyframePath(unchecked: plan.values.map { r[$0 + k] }, keyTimes: keyTimes,
                         timingFunctions: plan.timingFunctions, mode: pathMode, shapes: plan.shapes)
        })
        for (k, path) in paths.enumerated() {
            updateAnimated(first + k) { $0.animateKeyframes(path, timing: timing, at: t, delay: delay) }
        }
        try scheduleCompletion(completion, of: first, at: t + delay + timing.duration, now: t)
    }

    /// An `animate`'s timing as the reaction computed it, and a spring's relative initial velocity.
    private func timing(_ source: TimingSource, _ r: Registers) throws(ControlError) -> (timing: Timing, relativeVelocity: Double?) {
        let timing: Timing
        var relativeVelocity: Double?
        switch source {
        case let .timing(index):
            timing = instance.timings[index].timing
        case let .spring(.instance(index)):
            timing = instance.springTimings[index]
        case let .spring(.literal(index)):
            timing = instance.literalSpringTimings[index]
        case let .springWithVelocity(spring, velocity):
            // A velocity that is not finite (a release at the destination: over a distance of 0)
            // starts the spring at rest.
            let v = r[velocity].isFinite ? r[velocity] : 0
            relativeVelocity = v
            do {
                timing = .spring(try self.spring(spring).parameters.withInitialVelocity(v).resolve())
            } catch {
                throw .invalidParameter(error)
            }
        case let .curve(curve, duration):
            timing = .curve(instance.definition.reactionCurves[curve], duration: r[duration])
        case let .instanceCurve(curve, duration):
            timing = .curve(instance.curves[curve], duration: r[duration])
        }
        return (timing, relativeVelocity)
    }

    /// `repeatCount` and `autoreverses` over `timing` (docs/fidelity.md#repeat), when given.
    private static func repeating(_ timing: Timing, _ mode: AnimateMode, _ r: Registers) -> Timing {
        guard mode.repeatsForever || mode.repeatCount >= 0 || mode.autoreverses else { return timing }
        let count = mode.repeatsForever ? Double.infinity : mode.repeatCount < 0 ? 1 : r[Int(mode.repeatCount)]
        // CAMediaTiming: a count of 0 (or not a number) runs once.
        return .repeating(timing, count: count > 0 ? min(count, 1e9) : 1, autoreverses: mode.autoreverses)
    }

    /// An animation's completion, due at `end`.
    private mutating func scheduleCompletion(_ completion: ReactionList, of first: Int, at end: Double,
                                             now t: Double) throws(ControlError) {
        guard !completion.isEmpty else { return }
        // Repeating forever: UIKit calls the completion only when the animation is taken away.
        guard end.isFinite else { return }
        // UIKit calls a completion on a later turn of the run loop, never inside the call that
        // animated: at least a timer's minimum delay later.
        try schedule(.completion(completion, animated: Int32(first), finished: true),
                     at: max(end, t + DefinitionLimits.minimumTimerDelay))
    }

    /// Animations of animated value `first` were taken away (a `set`, a retargeting or
    /// from-current animation, a motion): their pending completions run with `finished` false,
    /// as UIKit's do when an animation is removed before its end.
    mutating func cutCompletions(of first: Int, at t: Double) throws(ControlError) {
        let value = Int32(first)
        guard timers.contains(where: { if case .completion(_, value, true) = $0.kind { true } else { false } }) else { return }
        var cut: [ReactionList] = []
        timers.removeAll { timer in
            guard case let .completion(list, animated, true) = timer.kind, animated == value else { return false }
            cut.append(list)
            return true
        }
        for list in cut {
            try schedule(.completion(list, animated: value, finished: false), at: t + DefinitionLimits.minimumTimerDelay)
        }
    }

    func spring(_ source: SpringSource) -> SpringTiming {
        switch source {
        case let .instance(index): instance.springs[index]
        case let .literal(index): definition.literalSprings[index]
        }
    }

    mutating func schedule(_ kind: PendingTimer.Kind, at t: Double) throws(ControlError) {
        guard timers.count < DefinitionLimits.maximumPendingTimers else {
            throw .tooManyTimers(limit: DefinitionLimits.maximumPendingTimers)
        }
        let index = timers.firstIndex { $0.t > t } ?? timers.endIndex
        timers.insert(PendingTimer(t: t, kind: kind), at: index)
    }

    // MARK: Animator groups

    private mutating func runGroupReaction(_ reaction: Reaction, _ r: Registers, at t: Double,
                                           emit: inout [Emission]) throws(ControlError) {
        let index: Int
        switch reaction {
        case let .startGroup(g), let .pauseGroup(g), let .interruptGroup(g), let .scrubGroup(g, _, _),
             let .continueGroup(g, _, _, _), let .reverseGroup(g), let .setReversedGroup(g, _, _), let .discardGroup(g):
            index = g
        default:
            return
        }
        if case .startGroup = reaction {
            let spec = definition.groups[index]
            var members: [PropertyAnimator] = []
            for position in spec.members.indices { members.append(try makeMember(index, position, at: t)) }
            do {
                groups[index] = try PropertyAnimatorGroup(members: members, completing: instance.groupCompleting[index],
                                                          primary: spec.primary, progressFrom: spec.progressFrom, at: t)
            } catch {
                throw .animator(error)
            }
            return
        }
        if case .discardGroup = reaction {
            groups[index] = nil
            return
        }
        guard var group = groups[index] else { return }
        var completions: [PropertyAnimatorGroup.Completion] = []
        do throws(AnimatorError) {
            switch reaction {
            case .pauseGroup:
                completions = try group.pause(at: t)
            case .interruptGroup:
                var failure: ControlError?
                completions = try group.interrupt(at: t) { (position) throws(AnimatorError) in
                    do throws(ControlError) {
                        return try makeMember(index, position, at: t)
                    } catch {
                        failure = error
                        throw .invalid(ParameterError("duration", "the animator could not be made"))
                    }
                }
                if let failure { throw failure.animatorError }
            case let .scrubGroup(_, program, fraction):
                compute(program, r, at: t)
                completions = try group.scrub(r[fraction], at: t)
            case let .continueGroup(_, program, factor, timings):
                compute(program, r, at: t)
                let definition = instance.definition
                let parameters = (Int(timings.start)..<Int(timings.start + timings.count)).map { index in
                    definition.continueTimings[index].map { animatorTiming($0, r) }
                }
                completions = try group.continueAnimation(timings: parameters, durationFactor: r[factor], at: t)
            case .reverseGroup:
                completions = try group.reverse(at: t)
            case let .setReversedGroup(_, program, result):
                compute(program, r, at: t)
                completions = try group.setReversed(r[result] != 0, at: t)
            default:
                break
            }
        } catch {
            throw .animator(error)
        }
        groups[index] = group
        // A completion that fell due during the operation runs after this input's reactions.
        for completion in completions { deferred.append((index, completion)) }
    }

    /// Runs the completions deferred during an input, and any they defer in turn (bounded).
    mutating func runDeferred(emit: inout [Emission]) throws(ControlError) {
        var rounds = 0
        while !deferred.isEmpty, rounds < 256 {
            let (group, completion) = deferred.removeFirst()
            try deliver([completion], group: group, emit: &emit)
            rounds += 1
        }
        // Emptied by removeFirst, the list would keep its storage: let it go.
        if !deferred.isEmpty || deferred.capacity != 0 { deferred = [] }
    }

    /// A new animator for member `position` of group `index`, its duration and timing computed now.
    /// When they are bit for bit the ones the instance made its plan of, the animator shares that
    /// plan (what it would make is the same, to the bit); otherwise it makes its own.
    private func makeMember(_ index: Int, _ position: Int, at t: Double) throws(ControlError) -> PropertyAnimator {
        let spec = definition.groups[index].members[position]
        let shared = instance.animatorPlans[index][position]
        return try instance.evaluate(spec.program, source: self, at: t) { (r) -> Result<PropertyAnimator, ControlError> in
            do throws(ParameterError) {
                let duration = r[spec.duration], timing = animatorTiming(spec.timing, r)
                var animator = if let shared, shared.isMade(duration: duration, timing: timing) {
                    PropertyAnimator(plan: shared.plan)
                } else {
                    try PropertyAnimator(duration: duration, timing: timing)
                }
                animator.scrubsLinearly = spec.scrubsLinearly
                return .success(animator)
            } catch {
                return .failure(.animator(.invalid(error)))
            }
        }.get()
    }

    /// The plan of each animator of each group as the instance's initial state computes it
    /// (`ControlInstance.animatorPlans`); nil where that fails.
    func initialAnimatorPlans() -> [[SharedAnimatorPlan?]] {
        definition.groups.map { group in
            group.members.map { spec in
                instance.evaluate(spec.program, source: self, at: 0) { r -> SharedAnimatorPlan? in
                    let duration = r[spec.duration], timing = animatorTiming(spec.timing, r)
                    guard let plan = try? PropertyAnimator.Plan(duration: duration, timing: timing) else { return nil }
                    return SharedAnimatorPlan(duration: duration, timing: timing, plan: plan)
                }
            }
        }
    }

    private func animatorTiming(_ timing: AnimatorTiming, _ r: Registers) -> PropertyAnimator.TimingParameters {
        switch timing {
        case let .cubic(curve): .cubic(curve)
        case let .dampedSpring(zeta, velocity): .dampedSpring(dampingRatio: r[zeta], initialVelocity: r[velocity])
        case let .spring(source): .spring(spring(source).parameters)
        }
    }

    /// Runs the completion reactions of the members that completed, in order.
    mutating func deliver(_ completions: [PropertyAnimatorGroup.Completion], group index: Int,
                          emit: inout [Emission]) throws(ControlError) {
        for completion in completions {
            let spec = definition.groups[index].members[completion.member]
            guard let reactions = spec.onComplete, reactions.count > 0 else { continue }
            try Registers.forReactions(count: frameSize) { (r) throws(ControlError) in
                r[0] = Double(EnumType.position.cases.firstIndex(of: completion.position.rawValue) ?? 0)
                r[1] = Double(spec.nameString)
                try run(reactions, r, at: completion.t, emit: &emit)
            }
        }
    }
}

/// An animator plan with the duration and timing it was made of, for animators made of the same
/// to share it.
struct SharedAnimatorPlan: Sendable {
    let duration: Double
    let timing: PropertyAnimator.TimingParameters
    let plan: PropertyAnimator.Plan

    /// The same numbers, bit for bit (so 0 and −0 differ).
    func isMade(duration: Double, timing: PropertyAnimator.TimingParameters) -> Bool {
        duration.bitPattern == self.duration.bitPattern && timing.hasSameBits(as: self.timing)
    }
}

extension ControlError {
    var animatorError: AnimatorError {
        if case let .animator(error) = self { return error }
        return .invalid(ParameterError("animator", "\(self)"))
    }
}
