/// A session's control when it is made from a definition: the shared instance (definition and
/// configuration) and this session's own state, a few compact arrays. A value type like the
/// hand-written controls: copies share storage until one of them changes.
public struct DefinedControl: Control {
    public let instance: ControlInstance
    /// The time of the last input or internal transition (the semantic state is read then).
    var time = 0.0
    var variables: [Double]
    /// Animated scalars (a colour is four).
    var animated: [AnimatedValue]
    var inputs: [InputState]
    var basics: [BasicAnimation?]
    var groups: [Boxed<PropertyAnimatorGroup>?]
    /// Pending timers, in firing order (first scheduled first at equal times).
    var timers: [PendingTimer]
    /// Animator completions that fell due during an operation, run once the current input's
    /// reactions are done (as UIKit calls completions on a later turn). Empty between inputs.
    var deferred: [(group: Int, completion: PropertyAnimatorGroup.Completion)] = []

    enum InputState: Sendable, Equatable {
        case control(ControlTracking)
        case tap(TapRecognizer)
        case pan(PanRecognizer)
    }

    struct PendingTimer: Sendable, Equatable {
        var t: Double
        var kind: Kind

        enum Kind: Sendable, Equatable {
            case timer(Int)
            /// A control input's minimum highlight is over.
            case unhighlight(input: Int)
        }
    }

    public init(configuration instance: ControlInstance) {
        self.instance = instance
        let definition = instance.definition
        let constants = instance.constants
        variables = definition.variables.map { constants[$0.initial] }
        var animated: [AnimatedValue] = []
        for spec in definition.animated {
            for k in 0..<spec.type.width { animated.append(AnimatedValue(constants[spec.initial + k])) }
        }
        self.animated = animated
        inputs = definition.inputs.map { input in
            switch input {
            case let .control(spec):
                .control(ControlTracking(bounds: Rect(x: 0, y: 0, width: 0, height: 0), slop: constants[spec.slop],
                                         selected: constants[spec.selected] != 0, enabled: constants[spec.enabled] != 0,
                                         changesSelectionAsPrimaryAction: constants[spec.changesSelection] != 0))
            case let .tap(spec):
                .tap(TapRecognizer(allowableMovement: constants[spec.allowableMovement], maximumDuration: constants[spec.maximumDuration]))
            case let .pan(spec):
                .pan(PanRecognizer(hysteresis: constants[spec.hysteresis]))
            }
        }
        basics = Array(repeating: nil, count: definition.basics.count)
        groups = Array(repeating: nil, count: definition.groups.count)
        timers = []
    }

    public var configuration: ControlInstance { instance }
    public var kind: String { instance.name }
    var definition: ControlDefinition { instance.definition }

    // MARK: Deadlines

    public var nextDeadline: Double? {
        var earliest = timers.first?.t
        for animation in basics {
            if let end = animation?.endTime, end < earliest ?? .infinity { earliest = end }
        }
        for group in groups {
            if let end = group?.value.naturalEndTime, end < earliest ?? .infinity { earliest = end }
        }
        return earliest
    }

    /// Fires the earliest deadline: at equal times timers first, then basic animations, then
    /// animator groups, each in declaration order. A reaction that fails here is undone with the
    /// rest of its firing's reactions (the transition itself stands); nothing is reported.
    public mutating func fireDeadline(emit: inout [Emission]) {
        guard let deadline = nextDeadline else { return }
        time = deadline
        var produced: [Emission] = []
        if let timer = timers.first, timer.t == deadline {
            timers.removeFirst()
            let before = self
            do throws(ControlError) {
                defer { deferred.removeAll() }
                switch timer.kind {
                case let .timer(index):
                    try runEntry(definition.timers[index].reactions, at: deadline, emit: &produced)
                case let .unhighlight(input):
                    guard case var .control(tracking) = inputs[input] else { break }
                    let changed = tracking.unhighlight()
                    inputs[input] = .control(tracking)
                    if changed, case let .control(spec) = definition.inputs[input] {
                        try runEntry(spec.onStateChange, at: deadline, emit: &produced)
                    }
                }
                try runDeferred(emit: &produced)
            } catch {
                self = before
                return
            }
            emit += produced
            return
        }
        if let index = basics.firstIndex(where: { $0?.endTime == deadline }) {
            basics[index] = nil
            let before = self
            do throws(ControlError) {
                try runEntry(definition.basics[index].onComplete, at: deadline, emit: &produced)
                try runDeferred(emit: &produced)
            } catch {
                self = before
                return
            }
            emit += produced
            return
        }
        if let index = groups.firstIndex(where: { $0?.value.naturalEndTime == deadline }), var group = groups[index]?.value {
            let completions = group.advance(to: deadline)
            groups[index] = Boxed(group)
            let before = self
            do throws(ControlError) {
                try deliver(completions, group: index, emit: &produced)
                try runDeferred(emit: &produced)
            } catch {
                self = before
                return
            }
            emit += produced
        }
    }

    // MARK: Reading

    public var state: [Field] {
        let plan = definition.report
        return instance.evaluate(plan.program, variables: variables, source: self, at: time) { r in
            plan.fields.map { Field($0.name, fieldValue(r, $0)) }
        }
    }

    public func render(at t: Double) -> Frame {
        let plan = definition.render
        return instance.evaluate(plan.program, variables: variables, source: self, at: t) { r in
            var properties: [Field] = []
            properties.reserveCapacity(plan.properties.count)
            for field in plan.properties { properties.append(Field(field.name, fieldValue(r, field))) }
            var layers: [Layer] = []
            layers.reserveCapacity(plan.layers.count)
            for layer in plan.layers {
                if let visible = layer.visible, r[visible] == 0 { continue }
                layers.append(Layer(
                    id: layer.id, kind: layer.kind,
                    frame: Rect(x: r[layer.frame.x], y: r[layer.frame.y], width: r[layer.frame.width], height: r[layer.frame.height]),
                    backgroundColor: layer.backgroundColor.map { Self.color(r, $0) }, cornerRadius: r[layer.cornerRadius],
                    opacity: r[layer.opacity], scale: r[layer.scale],
                    stroke: layer.stroke.map {
                        Layer.Stroke(color: Self.color(r, $0.color), lineWidth: r[$0.lineWidth], strokeEnd: r[$0.strokeEnd],
                                     startAngle: r[$0.startAngle], clockwise: r[$0.clockwise] != 0)
                    },
                    blur: layer.blur.map { Layer.Blur(fraction: r[$0.fraction], style: instance.strings[r[$0.style]], radius: r[$0.radius]) }))
            }
            return Frame(t: t, properties: properties, layers: layers)
        }
    }

    @inline(__always)
    static func color(_ r: UnsafeMutablePointer<Double>, _ register: Int) -> Color {
        Color(red: r[register], green: r[register + 1], blue: r[register + 2], alpha: r[register + 3])
    }

    func fieldValue(_ r: UnsafeMutablePointer<Double>, _ field: OutputField) -> FieldValue {
        let value = r[field.register]
        switch field.type {
        case .number: return .number(value)
        case .bool: return .bool(value != 0)
        case .color: return .color(Self.color(r, field.register))
        case .string: return .string(instance.strings[value])
        case let .enumeration(type):
            let index = Int(value)
            return .string(type.cases.indices.contains(index) ? type.cases[index] : "")
        }
    }

    public static func == (a: DefinedControl, b: DefinedControl) -> Bool {
        a.instance === b.instance && a.time == b.time && a.deferred.isEmpty && b.deferred.isEmpty && a.variables == b.variables && a.animated == b.animated
            && a.inputs == b.inputs && a.basics == b.basics && a.groups == b.groups && a.timers == b.timers
    }
}
