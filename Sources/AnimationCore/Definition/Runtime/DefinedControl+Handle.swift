extension DefinedControl {
    public mutating func handle(_ input: Input, at t: Double, emit: inout [Emission]) throws(ControlError) {
        time = t
        defer { deferred.removeAll() }
        switch input {
        case let .touch(touch): try handleTouch(touch, at: t, emit: &emit)
        case let .command(command): try handleCommand(command, at: t, emit: &emit)
        }
        try runDeferred(emit: &emit)
    }

    // MARK: Commands

    private mutating func handleCommand(_ command: Command, at t: Double, emit: inout [Emission]) throws(ControlError) {
        guard let spec = definition.command(named: command.name) else {
            throw .unsupportedCommand(command.name, control: instance.name)
        }
        guard command.arguments.count == spec.parameters.count else {
            throw .invalidParameter(ParameterError(spec.parameters.first?.name ?? command.name,
                                                   "expected \(spec.parameters.count) arguments, got \(command.arguments.count)"))
        }
        var values: [ParameterValue] = []
        for (parameter, argument) in zip(spec.parameters, command.arguments) {
            guard let value = parameter.parameterValue(argument) else {
                throw .invalidParameter(ParameterError(parameter.name, "expected a \(parameter.typeName)"))
            }
            if case let (.number(bounds, _), .number(number)) = (parameter.kind, value), let violation = bounds.violation(number) {
                throw .invalidParameter(ParameterError(parameter.name, violation))
            }
            values.append(value)
        }
        try withRegisters(frameSize) { (r) throws(ControlError) in
            var next = 0
            for (parameter, value) in zip(spec.parameters, values) {
                parameter.store(value, into: r + next)
                next += parameter.valueType?.width ?? 1
            }
            try run(spec.reactions, r, at: t, emit: &emit)
        }
    }

    // MARK: Touches

    /// What one input made of a touch, before any reaction runs.
    private enum Recognized {
        case control(Int, ControlTracking.Outcome, Point)
        case tap(Int, Point)
        case pan(Int, PanRecognizer.Event, Point)
    }

    /// Every input sees the touch first (in declaration order; a pan that begins makes every tap
    /// fail, as UIKit's exclusive recognisers do); then the reactions run, in the same order.
    private mutating func handleTouch(_ touch: Touch, at t: Double, emit: inout [Emission]) throws(ControlError) {
        let location = touch.location ?? .zero
        var recognized: [Recognized] = []
        for index in inputs.indices {
            switch (inputs[index], definition.inputs[index]) {
            case let (.control(tracking), .control(spec)):
                var tracking = tracking
                tracking.bounds = region(spec.region, at: t)
                let outcome = tracking.handle(touch, at: t)
                inputs[index] = .control(tracking)
                recognized.append(.control(index, outcome, location))
            case let (.tap(tap), .tap(spec)):
                var tap = tap
                let area = touch.isDown ? region(spec.region, at: t) : .init(x: 0, y: 0, width: 0, height: 0)
                if tap.handle(touch, at: t, accepts: area.contains) { recognized.append(.tap(index, location)) }
                inputs[index] = .tap(tap)
            case let (.pan(pan), .pan(spec)):
                var pan = pan
                let area = touch.isDown ? region(spec.region, at: t) : .init(x: 0, y: 0, width: 0, height: 0)
                let event = pan.handle(touch, at: t, accepts: area.contains)
                inputs[index] = .pan(pan)
                guard let event else { continue }
                if case .began = event { failTaps() }
                recognized.append(.pan(index, event, location))
            default:
                break
            }
        }
        guard !recognized.isEmpty else { return }
        try withRegisters(frameSize) { (r) throws(ControlError) in
            for item in recognized {
                switch item {
                case let .control(index, outcome, point):
                    guard case let .control(spec) = definition.inputs[index] else { continue }
                    if let at = outcome.unhighlightAt { try schedule(.unhighlight(input: index), at: at) }
                    if outcome.cancelsUnhighlight { timers.removeAll { $0.kind == .unhighlight(input: index) } }
                    if outcome.stateChanged { try run(spec.onStateChange, r, at: t, emit: &emit) }
                    for event in outcome.events {
                        if spec.emitsControlEvents { emit.append(Emission(t: t, name: event.rawValue)) }
                        let reactions = spec.on[ControlTracking.Event.allCases.firstIndex(of: event) ?? 0]
                        guard !reactions.isEmpty else { continue }
                        r[0] = point.x
                        r[1] = point.y
                        try run(reactions, r, at: t, emit: &emit)
                    }
                case let .tap(index, point):
                    guard case let .tap(spec) = definition.inputs[index], !spec.recognized.isEmpty else { continue }
                    r[0] = point.x
                    r[1] = point.y
                    try run(spec.recognized, r, at: t, emit: &emit)
                case let .pan(index, event, point):
                    guard case let .pan(spec) = definition.inputs[index] else { continue }
                    let reactions: [Reaction]
                    switch event {
                    case let .began(translation, velocity), let .changed(translation, velocity), let .ended(translation, velocity):
                        r[0] = translation.x; r[1] = translation.y
                        r[2] = velocity.x; r[3] = velocity.y
                        r[4] = point.x; r[5] = point.y
                        switch event {
                        case .began: reactions = spec.began
                        case .changed: reactions = spec.changed
                        default: reactions = spec.ended
                        }
                    case .cancelled:
                        reactions = spec.cancelled
                    }
                    try run(reactions, r, at: t, emit: &emit)
                }
            }
        }
    }

    private mutating func failTaps() {
        for index in inputs.indices {
            if case var .tap(tap) = inputs[index] {
                tap.fail()
                inputs[index] = .tap(tap)
            }
        }
    }

    /// A region's rectangle at `t`.
    func region(_ spec: RegionSpec, at t: Double) -> Rect {
        instance.evaluate(spec.program, variables: variables, source: self, at: t) { r in
            Rect(x: r[spec.registers.0], y: r[spec.registers.1], width: r[spec.registers.2], height: r[spec.registers.3])
        }
    }

    /// The registers one entry point (an input, a command, a timer, a completion) needs.
    var frameSize: Int { max(definition.frameSize, 8) }

    /// Runs an entry point's reactions in a fresh frame (no event fields).
    mutating func runEntry(_ reactions: [Reaction], at t: Double, emit: inout [Emission]) throws(ControlError) {
        guard !reactions.isEmpty else { return }
        try withRegisters(frameSize) { (r) throws(ControlError) in try run(reactions, r, at: t, emit: &emit) }
    }
}

/// A fresh, zeroed register file of `size` registers on the stack for `body`.
@inline(__always)
func withRegisters(_ size: Int, _ body: (UnsafeMutablePointer<Double>) throws(ControlError) -> Void) throws(ControlError) {
    let failure: ControlError? = withUnsafeTemporaryAllocation(of: Double.self, capacity: size) { buffer in
        let r = buffer.baseAddress!
        r.initialize(repeating: 0, count: size)
        do throws(ControlError) {
            try body(r)
            return nil
        } catch {
            return error
        }
    }
    if let failure { throw failure }
}

extension Touch {
    var isDown: Bool {
        if case .down = self { return true }
        return false
    }
}
