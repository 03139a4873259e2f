extension DefinedControl: MachineSource {
    /// What programs read of the primitives, at `t`.
    func read(_ kind: Int32, _ index: Int32, _ field: Int32, at t: Double, into r: UnsafeMutablePointer<Double>) {
        let i = Int(index), f = Int(field)
        func flag(_ value: Bool) -> Double { value ? 1 : 0 }
        switch Read.Kind(rawValue: kind) {
        case .animated?:
            let width = f >= AnimatedField.colorOffset ? 4 : 1
            let field = f % AnimatedField.colorOffset
            for k in 0..<width {
                let value = animated[i + k]
                switch field {
                case AnimatedField.presentation: r[k] = value.value(at: t)
                case AnimatedField.target: r[k] = value.target
                case AnimatedField.velocity: r[k] = value.sample(at: t).velocity
                default: r[0] = flag(value.isAnimating(at: t)); return
                }
            }
        case .control?:
            guard case let .control(tracking) = inputs[i] else { r[0] = 0; return }
            switch f {
            case 0: r[0] = flag(tracking.isHighlighted)
            case 1: r[0] = flag(tracking.isSelected)
            case 2: r[0] = flag(tracking.isEnabled)
            case 3: r[0] = flag(tracking.isTracking)
            default: r[0] = flag(tracking.isTouchInside)
            }
        case .pan?:
            guard case let .pan(pan) = inputs[i] else { r[0] = 0; return }
            r[0] = f == 0 ? flag(pan.isRecognized) : flag(pan.phase != .idle)
        case .tap?:
            guard case let .tap(tap) = inputs[i] else { r[0] = 0; return }
            r[0] = flag(tap.isTracking)
        case .basic?:
            guard let animation = basics[i] else { r[0] = 0; return }
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
            guard let group = groups[i]?.value else { r[0] = 0; return }
            switch f {
            case 0: r[0] = 1
            case 1: r[0] = flag(group.isPaused)
            case 2: r[0] = flag(group.isReversed)
            case 3: r[0] = flag(group.isRunning)
            default: r[0] = group.progressWhenInterrupted
            }
        case .member?:
            let member = f / ReadField.memberStride
            guard let group = groups[i]?.value, group.members.indices.contains(member) else { r[0] = 0; return }
            let animator = group.members[member]
            switch f % ReadField.memberStride {
            case 0: r[0] = animator.progress(at: t)
            case 1: r[0] = animator.fractionComplete(at: t)
            case 2: r[0] = animator.sample(at: t).velocity
            case 3: r[0] = flag(animator.state == .active)
            case 4: r[0] = flag(animator.isRunning)
            default: r[0] = flag(animator.isReversed)
            }
        case .timer?:
            r[0] = flag(timers.contains { $0.kind == .timer(i) })
        case nil:
            r[0] = 0
        }
    }
}
