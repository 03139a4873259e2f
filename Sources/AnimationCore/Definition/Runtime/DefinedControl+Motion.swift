extension DefinedControl {
    /// Starts motion plan `index` at `t`, its numbers in `r` (docs/controls.md#motion). Each moved
    /// value starts from where it shows. A motion that ends where it starts leaves the value at
    /// rest there and schedules no completion; one that lasts replaces the value's animations and
    /// (re)schedules its completion timer for the instant it comes to rest.
    mutating func startMotion(_ index: Int, _ r: Registers, at t: Double) throws(ControlError) {
        let plan = definition.motionPlans[index]
        for axis in plan.axes { try cutCompletions(of: axis.animated, at: t) }
        var end = t
        do throws(ParameterError) {
            switch plan.kind {
            case .decelerate: end = try decelerate(plan, r, at: t)
            case .page: end = try page(plan, r, at: t)
            case .move: end = try move(plan, r, at: t)
            case .snap: end = try snap(plan, r, at: t)
            }
        } catch {
            throw .invalidParameter(error)
        }
        guard plan.completion >= 0, end > t else { return }
        timers.removeAll { $0.kind == .timer(plan.completion) }
        try schedule(.timer(plan.completion), at: max(end, t + DefinitionLimits.minimumTimerDelay))
    }

    /// Where animated value `first` shows at `t`.
    private func shown(_ first: Int, at t: Double) -> Double {
        storage.sample(ofAnimated: first, at: t).value
    }

    /// The value follows `motion` if it lasts, else rests where the motion rests.
    private mutating func start(_ motion: AnimatedMotion, on first: Int, at t: Double) {
        if motion.endTime > t {
            updateAnimated(first) { $0.follow(motion) }
        } else {
            updateAnimated(first) { $0.set(motion.restingValue) }
        }
    }

    /// Fields: velocity, minimum, maximum, bounces; shared: rate, stopSpeed, bounceDecay, bounceEpsilon.
    private mutating func decelerate(_ plan: MotionPlan, _ r: Registers, at t: Double) throws(ParameterError) -> Double {
        let s = plan.shared
        let physics = try ScrollPhysics(decelerationRate: r[s[0]], stopSpeed: r[s[1]], bounceDecay: r[s[2]], bounceEpsilon: r[s[3]])
        let releases = plan.axes.map { axis in
            let f = axis.registers
            return ScrollDeceleration.Release(offset: shown(axis.animated, at: t), velocity: r[f[0]], minimum: r[f[1]],
                                              maximum: r[f[2]], bounces: r[f[3]] != 0)
        }
        let motion = ScrollDeceleration(horizontal: releases[0], vertical: releases.count > 1 ? releases[1] : .still(),
                                        at: t, physics: physics)
        for (axis, segment) in zip(plan.axes, [motion.horizontal, motion.vertical]) {
            start(.deceleration(segment), on: axis.animated, at: t)
        }
        return motion.endTime
    }

    /// Fields: velocity, pageSize, minimum, maximum, bounces, dimension, origin, pageVelocity; shared:
    /// flickSpeed, ceilingAtEnd, clockRate. The page is picked by `pageVelocity`; the spring starts
    /// with `velocity`.
    private mutating func page(_ plan: MotionPlan, _ r: Registers, at t: Double) throws(ParameterError) -> Double {
        let s = plan.shared
        let uikit = PagingMotion.Snap.uikit
        let snap = try PagingMotion.Snap(settleSpeed: uikit.settleSpeed, settleDistance: uikit.settleDistance,
                                         passSpeed: uikit.passSpeed, clockRate: r[s[2]], timeLimit: uikit.timeLimit)
        var end = t
        for axis in plan.axes {
            let f = axis.registers
            let offset = shown(axis.animated, at: t), velocity = r[f[0]]
            let target = PageTarget(offset: offset, velocity: r[f[7]], pageSize: r[f[1]], origin: r[f[6]],
                                    minimum: r[f[2]], maximum: r[f[3]], flickSpeed: r[s[0]], ceilingAtEnd: r[s[1]] != 0)
            // At rest on its page already: nothing to settle.
            if target.offset == offset && velocity == 0 { continue }
            let motion = PagingMotion(offset: offset, velocity: velocity, target: target,
                                      spring: try DiscreteSpring.paging(dimension: r[f[5]]), minimum: r[f[2]],
                                      maximum: r[f[3]], bounces: r[f[4]] != 0, at: t, snap: snap)
            start(.paging(motion), on: axis.animated, at: t)
            end = max(end, motion.endTime)
        }
        return end
    }

    /// Fields: to; shared: duration. Every moved value takes the same time, unless none moves.
    private mutating func move(_ plan: MotionPlan, _ r: Registers, at t: Double) throws(ParameterError) -> Double {
        let duration = r[plan.shared[0]]
        let moves = try plan.axes.map { (axis) throws(ParameterError) in
            try SineMove(from: shown(axis.animated, at: t), to: r[axis.registers[0]], at: t, duration: duration)
        }
        guard moves.contains(where: { $0.from != $0.to }) else { return t }
        for (axis, move) in zip(plan.axes, moves) { start(.sine(move), on: axis.animated, at: t) }
        return t + duration
    }

    /// Fields: velocity, position; shared: decelerationRate, minimumSpeed, flickSpeed,
    /// flickAdvances, response, dampingRatio, flickDampingRatio. Targets whose condition is false
    /// are not candidates; with none, nothing happens.
    private mutating func snap(_ plan: MotionPlan, _ r: Registers, at t: Double) throws(ParameterError) -> Double {
        let s = plan.shared
        let chooser = try ProjectedSnap(decelerationRate: r[s[0]], minimumSpeed: r[s[1]], flickSpeed: r[s[2]],
                                        flickAdvances: r[s[3]] != 0)
        let springs = try SnapSpring(response: r[s[4]], dampingRatio: r[s[5]], flickDampingRatio: r[s[6]])
        let candidates = plan.targets.indices.filter {
            r[plan.targets[$0].at].isFinite && (plan.targets[$0].when < 0 || r[plan.targets[$0].when] != 0)
        }
        let axis = plan.axes[0]
        let velocity = ScrollDeceleration.bounded(r[axis.registers[0]], ScrollDeceleration.maximumSpeed)
        guard let choice = chooser.choose(position: r[axis.registers[1]], velocity: velocity,
                                          targets: candidates.map { r[plan.targets[$0].at] }) else { return t }
        if plan.index >= 0 { setVariable(plan.index, Double(candidates[choice.index])) }
        let shown = shown(axis.animated, at: t)
        let timing = try springs.parameters(from: shown, to: choice.target, velocity: velocity, flick: choice.isFlick).resolve()
        updateAnimated(axis.animated) { $0.retarget(to: choice.target, spring: timing, velocity: velocity, at: t) }
        return storage.isAnimating(animated: axis.animated, at: t) ? t + timing.duration : t
    }
}
