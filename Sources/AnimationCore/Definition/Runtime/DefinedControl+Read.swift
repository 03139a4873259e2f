extension DefinedControl: MachineSource {

    /// What programs read of the primitives, at `t`.
    func read(_ kind: Int32, _ index: Int32, _ field: Int32, at t: Double, into r: Registers) {
        let i = Int(index), f = Int(field)
        func flag(_ value: Bool) -> Double { value ? 1 : 0 }
        switch Read.Kind(rawValue: kind) {
        case .animated?:
            let width = f >= AnimatedField.colorOffset ? 4 : 1
            let field = f % AnimatedField.colorOffset
            for k in 0..<width {
                switch field {
                case AnimatedField.presentation: r[k] = storage.sample(ofAnimated: i + k, at: t).value
                case AnimatedField.target: r[k] = storage.target(ofAnimated: i + k)
                case AnimatedField.velocity: r[k] = storage.sample(ofAnimated: i + k, at: t).velocity
                default: r[0] = flag(storage.isAnimating(animated: i + k, at: t)); return
                }
            }
        case .control?:
            guard case let .control(tracking) = input(i) else { r[0] = 0; return }
            switch f {
            case 0: r[0] = flag(tracking.isHighlighted)
            case 1: r[0] = flag(tracking.isSelected)
            case 2: r[0] = flag(tracking.isEnabled)
            case 3: r[0] = flag(tracking.isTracking)
            case 4: r[0] = flag(tracking.isTouchInside)
            default: r[0] = elapsed(tracking.isTracking, at: t)
            }
        case .pan?:
            guard case let .pan(pan) = input(i) else { r[0] = 0; return }
            switch f {
            case 0: r[0] = flag(pan.isRecognized && !pan.isHeld)
            case 1: r[0] = flag(pan.phase != .idle)
            default: r[0] = elapsed(pan.phase != .idle, at: t)
            }
        case .tap?:
            guard case let .tap(tap) = input(i) else { r[0] = 0; return }
            r[0] = f == 0 ? flag(tap.isTracking) : elapsed(tap.isTracking, at: t)
        case .transform?:
            guard case let .transform(transform) = input(i) else { r[0] = 0; return }
            switch f {
            case 0: r[0] = flag(transform.isRecognized)
            case 1: r[0] = flag(transform.isTracking)
            default: r[0] = elapsed(transform.isTracking, at: t)
            }
        case .swipe?:
            guard case let .swipe(swipe) = input(i) else { r[0] = 0; return }
            r[0] = f == 0 ? flag(swipe.isTracking) : elapsed(swipe.isTracking, at: t)
        case .longPress?:
            guard case let .longPress(press) = input(i) else { r[0] = 0; return }
            switch f {
            case 0: r[0] = flag(press.isRecognized && !press.isHeld)
            case 1: r[0] = flag(press.phase != .idle)
            default: r[0] = elapsed(press.phase != .idle, at: t)
            }
        case .basic?:
            guard let animation = basic(i) else { r[0] = 0; return }
            switch f {
            case 0: r[0] = 1
            case 1: r[0] = flag(animation.isPaused)
            case 2: r[0] = animation.value(at: t) ?? animation.from
            case 3: r[0] = animation.remaining(at: t)
            case 4: r[0] = animation.duration
            case 5: r[0] = animation.fraction(at: t)
            case 6: r[0] = animation.from
            default: r[0] = animation.to
            }
        case .group?:
            // Read in place: a copy of the group retained its arrays.
            guard let group = storage.group(i) else { r[0] = 0; return }
            switch f {
            case 0: r[0] = 1
            case 1: r[0] = flag(group.isPaused)
            case 2: r[0] = flag(group.isReversed)
            case 3: r[0] = flag(group.isRunning)
            default: r[0] = group.progressWhenInterrupted
            }
        case .member?:
            // The member read where it is: a copy of it (and of its group) cost a memcpy of the
            // animator and retains of everything it holds, for every read of every frame.
            let member = f / ReadField.memberStride
            switch f % ReadField.memberStride {
            case 0: r[0] = storage.sample(ofMember: member, of: i, at: t)?.progress ?? 0
            case 1: r[0] = storage.fractionComplete(ofMember: member, of: i, at: t) ?? 0
            case 2: r[0] = storage.sample(ofMember: member, of: i, at: t)?.velocity ?? 0
            case 3: r[0] = flag(storage.flags(ofMember: member, of: i)?.isActive ?? false)
            case 4: r[0] = flag(storage.flags(ofMember: member, of: i)?.isRunning ?? false)
            default: r[0] = flag(storage.flags(ofMember: member, of: i)?.isReversed ?? false)
            }
        case .timer?:
            r[0] = flag(timers.contains { $0.kind == .timer(i) })
        case nil:
            r[0] = 0
        }
    }

    /// Seconds since the pointer went down, for an input tracking it; 0 otherwise.
    @inline(__always)
    private func elapsed(_ tracking: Bool, at t: Double) -> Double {
        tracking ? max(t - touchDown, 0) : 0
    }
}
