/// Bindings and actions at run time (docs/scenes.md#bindings-and-actions): after each input and
/// each deadline, at its time, the emissions it caused go to the actions (in emission order, each
/// emission to the actions listening, in document order), then every binding reads its property
/// and sends its command if the arguments differ from those it sent last; what those commands
/// emit goes round again; then the exclusive groups: a member whose property has just left its
/// rest value sends the group's command to the others (an emission sets a group off with the
/// actions). Nothing runs between two such instants, so a binding sees a
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
                guard !links.actions.isEmpty || !links.groups.isEmpty, let source = scene.index(of: emission.view) else { continue }
                for action in links.actions where action.source == source && action.trigger == .emission(emission.emission.name) {
                    send(action.command(action.inputs(of: emission.emission)), to: action.target, at: t, emit: &emit)
                }
                for group in links.groups {
                    let name = emission.emission.name
                    if group.trigger == .emission(name), let m = group.members.firstIndex(of: source) {
                        for (k, member) in group.members.enumerated() where k != m {
                            send(group.commands[k].command(group.commands[k].inputs(of: emission.emission)), to: member, at: t, emit: &emit)
                        }
                    }
                    if group.alsoOn.contains(where: { $0.view == source && $0.emission == name }) {
                        for (k, member) in group.members.enumerated() {
                            send(group.commands[k].command([]), to: member, at: t, emit: &emit)
                        }
                    }
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
            if runGroups(at: t, emit: &emit) { sent = true }
            if !sent, next == emit.count { return }
        }
    }

    /// Each property group's members' properties at `t`, flattened group by group: what
    /// `activeMembers` compares with (the values at the scene's start are its members' rest).
    func groupValues(at t: Double) -> [Double] {
        scene.links.groups.flatMap { group -> [Double] in
            guard case let .property(name) = group.trigger else { return group.members.map { _ in 0 } }
            return group.members.map { numberProperty(name, of: $0, at: t) }
        }
    }

    /// The property groups at `t`: a member whose property has left its rest value since the
    /// last instant sends the group's command to every other member. Returns whether any was sent.
    private mutating func runGroups(at t: Double, emit: inout [SceneEmission]) -> Bool {
        var sent = false
        var base = 0
        for group in scene.links.groups {
            defer { base += group.members.count }
            guard case let .property(name) = group.trigger else { continue }
            for (m, member) in group.members.enumerated() {
                let value = numberProperty(name, of: member, at: t)
                let isActive = value != groupRest[base + m]
                let rose = isActive && !activeMembers[base + m]
                activeMembers[base + m] = isActive
                guard rose else { continue }
                for (k, other) in group.members.enumerated() where k != m {
                    send(group.commands[k].command([value]), to: other, at: t, emit: &emit)
                    sent = true
                }
            }
        }
        return sent
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
        guard case let .property(name) = binding.trigger else { return 0 }
        return numberProperty(name, of: binding.source, at: t)
    }

    /// `view`'s property `name` at `t` as a number (a bool as 1 or 0; 0 for none).
    func numberProperty(_ name: String, of view: Int, at t: Double) -> Double {
        guard let control = controls[view] else { return 0 }
        return Self.number(name, in: control.render(at: t))
    }

    /// A frame's property `name` as a number (a bool as 1 or 0; 0 when it has none such).
    static func number(_ name: String, in frame: Frame) -> Double { numberIfAny(name, in: frame) ?? 0 }

    /// A frame's number or bool property `name` as a number, nil when it has none such.
    static func numberIfAny(_ name: String, in frame: Frame) -> Double? {
        switch frame.properties.first(where: { $0.name == name })?.value {
        case let .number(value)?: return value
        case let .bool(flag)?: return flag ? 1 : 0
        default: return nil
        }
    }
}
