/// Bindings and actions at run time (docs/scenes.md#bindings-and-actions): after each input and
/// each deadline, at its time, the emissions it caused go to the actions (in emission order, each
/// emission to the actions listening, in document order), then every binding reads its property
/// and sends its command if the arguments differ from those it sent last; what those commands
/// emit goes round again. Nothing runs between two such instants, so a binding sees a
/// deceleration when it ends, and frames, replays and restarts see the same sends.
extension SceneState {
    /// Rounds of actions and bindings at one instant (the links form no cycle: `SceneLinks`).
    static let linkRounds = 2 * SceneLinks.maximum + 1

    /// The command each binding would send now: what the scene starts from, so a binding sends
    /// only when its property changes.
    func boundCommands(at t: Double) -> [Command] {
        scene.links.bindings.map { binding in binding.command([propertyValue(binding, at: t)]) }
    }

    /// Runs the links for the emissions `emit[start...]` (made at `t`) and the bindings' properties at `t`.
    mutating func runLinks(from start: Int, at t: Double, emit: inout [SceneEmission]) {
        let links = scene.links
        guard !links.isEmpty else { return }
        var next = start
        for _ in 0..<Self.linkRounds {
            while next < emit.count {
                let emission = emit[next]
                next += 1
                guard !links.actions.isEmpty, let source = scene.index(of: emission.view) else { continue }
                for action in links.actions where action.source == source && action.trigger == .emission(emission.emission.name) {
                    send(action.command(action.inputs(of: emission.emission)), to: action.target, at: t, emit: &emit)
                }
            }
            var sent = false
            for (k, binding) in links.bindings.enumerated() {
                let command = binding.command([propertyValue(binding, at: t)])
                guard k < bound.count, command != bound[k] else { continue }
                bound[k] = command
                send(command, to: binding.target, at: t, emit: &emit)
                sent = true
            }
            if !sent, next == emit.count { return }
        }
    }

    /// Lets the deadlines to come happen (at most 64: settling takes a few), so that what
    /// links send at them is in the state; returns the last one's time (nil when none is due).
    mutating func runDeadlinesForLinks() -> Double? {
        var last: Double?
        var ignored: [SceneEmission] = []
        for _ in 0..<64 {
            guard let next = nextDeadline else { break }
            advance(to: next, emit: &ignored)
            last = next
        }
        return last
    }

    /// A link's command to `view`'s control at `t`; one the control refuses (an argument out of
    /// its range) changes nothing and is dropped, as a deadline's failing reaction is.
    private mutating func send(_ command: Command, to view: Int, at t: Double, emit: inout [SceneEmission]) {
        guard controls[view] != nil else { return }
        var produced: [Emission] = []
        do throws(ControlError) {
            // A refused command changes nothing (`handle` throws before changing anything).
            try change(view) { (control) throws(ControlError) in try control.handle(.command(command), at: t, emit: &produced) }
        } catch {
            return
        }
        emit += produced.map { SceneEmission(view: scene.nodes[view].id, $0) }
    }

    /// The property a binding follows, at `t`, as a number (a bool as 1 or 0).
    private func propertyValue(_ binding: SceneLinks.Compiled, at t: Double) -> Double {
        guard case let .property(name) = binding.trigger, let control = controls[binding.source] else { return 0 }
        switch control.render(at: t).properties.first(where: { $0.name == name })?.value {
        case let .number(value)?: return value
        case let .bool(flag)?: return flag ? 1 : 0
        default: return 0
        }
    }
}
