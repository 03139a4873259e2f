/// A simulated control: the shared instance (definition and configuration) and this session's
/// own state, a value-type state machine driven by inputs at times. Copies share storage until
/// one of them changes.
public struct DefinedControl: Sendable, Equatable {
    public let instance: ControlInstance
    /// The time of the last input or internal transition (the semantic state is read then).
    var time = 0.0
    /// Everything else that changes, in one buffer: a copy of the control (a checkpoint, a
    /// frame sampled ahead) is one retain, and the first change after a copy copies it.
    /// `nonisolated(unsafe)`: a `ManagedBuffer` cannot be `Sendable`; a control changes its state
    /// only when it holds it alone (`unique`), and a state shared between copies, and so possibly
    /// between threads, is only read.
    nonisolated(unsafe) private var buffer: ControlState

    /// The state, copied first if another copy of the control shares it.
    private var unique: ControlState {
        mutating get {
            if !isKnownUniquelyReferenced(&buffer) { buffer = buffer.copy() }
            return buffer
        }
    }

    // MARK: State access

    @inline(__always)
    private var layout: StateLayout { instance.layout }

    @inline(__always)
    func variable(_ index: Int) -> Double {
        buffer.load(Double.self, at: layout.variables + 8 * index)
    }

    @inline(__always)
    mutating func setVariable(_ index: Int, _ value: Double) {
        unique.store(value, at: layout.variables + 8 * index)
    }

    /// `body` changing animated value `index` in place.
    @inline(__always)
    mutating func updateAnimated<Result>(_ index: Int, _ body: (inout AnimatedValue) -> Result) -> Result {
        unique.updateAnimated(index, body)
    }

    // An input's slot is its recognizer, then which kind it is (a byte after the widest
    // recognizer the definition uses): as wide as that, not as `InputState` (the widest
    // recognizer of all, a pinch's).

    @inline(__always)
    func input(_ index: Int) -> InputState {
        let at = layout.inputs + layout.inputStride * index
        return switch buffer.load(InputKind.self, at: at + layout.inputKind) {
        case .control: .control(buffer.load(ControlTracking.self, at: at))
        case .tap: .tap(buffer.load(TapRecognizer.self, at: at))
        case .pan: .pan(buffer.load(PanRecognizer.self, at: at))
        case .longPress: .longPress(buffer.load(LongPressRecognizer.self, at: at))
        case .swipe: .swipe(buffer.load(SwipeRecognizer.self, at: at))
        case .transform: .transform(buffer.load(TransformRecognizer.self, at: at))
        }
    }

    @inline(__always)
    mutating func setInput(_ index: Int, _ value: InputState) {
        let at = layout.inputs + layout.inputStride * index, state = unique
        let kind: InputKind
        switch value {
        case let .control(tracking): kind = .control; state.store(tracking, at: at)
        case let .tap(tap): kind = .tap; state.store(tap, at: at)
        case let .pan(pan): kind = .pan; state.store(pan, at: at)
        case let .longPress(press): kind = .longPress; state.store(press, at: at)
        case let .swipe(swipe): kind = .swipe; state.store(swipe, at: at)
        case let .transform(transform): kind = .transform; state.store(transform, at: at)
        }
        state.store(kind, at: at + layout.inputKind)
    }

    @inline(__always)
    func basic(_ index: Int) -> BasicAnimation? {
        buffer.load(BasicAnimation?.self, at: layout.basics + layout.basicStride * index)
    }

    @inline(__always)
    mutating func setBasic(_ index: Int, _ value: BasicAnimation?) {
        unique.store(value, at: layout.basics + layout.basicStride * index)
    }

    /// The header's lists: read as copies (one retain), changed in place. The frame's reads
    /// (`nextDeadline`, a program's read of a group) are questions asked of `ControlState` instead.
    var groups: [PropertyAnimatorGroup?] {
        get { buffer.groups }
        set { unique.updating { $0.groups = newValue } }
        _modify {
            let state = unique
            var groups = state.updating { header in exchange(&header.groups, with: []) }
            defer { state.updating { $0.groups = groups } }
            yield &groups
        }
    }
    var timers: [PendingTimer] {
        get { buffer.timers }
        set { unique.updating { $0.timers = newValue } }
        _modify {
            let state = unique
            var timers = state.updating { header in exchange(&header.timers, with: []) }
            defer { state.updating { $0.timers = timers } }
            yield &timers
        }
    }
    var deferred: [(group: Int, completion: PropertyAnimatorGroup.Completion)] {
        get { buffer.deferred }
        set { unique.updating { $0.deferred = newValue } }
        _modify {
            let state = unique
            var deferred = state.updating { header in exchange(&header.deferred, with: []) }
            defer { state.updating { $0.deferred = deferred } }
            yield &deferred
        }
    }

    /// The state as it is, to ask questions of (an animated value's presentation, a group
    /// member's progress: `ControlState` reads them in place); changes go through `unique`.
    @inline(__always)
    var storage: ControlState { buffer }

    var inputCount: Int { instance.definition.inputs.count }

    /// When the pointer last went down, kept (in a variable slot of its own) only by a
    /// definition that reads an input's `elapsed`.
    var touchDown: Double {
        instance.definition.elapsedSlot.map { variable($0) } ?? 0
    }

    /// An emptied timer list lets its storage go (`removeFirst` and `removeAll(where:)` keep it),
    /// so a session at rest holds none.
    mutating func releaseEmptyTimers() {
        if timers.isEmpty, timers.capacity != 0 { timers = [] }
    }

    enum InputState: Sendable, Equatable {
        case control(ControlTracking)
        case tap(TapRecognizer)
        case pan(PanRecognizer)
        case longPress(LongPressRecognizer)
        case swipe(SwipeRecognizer)
        case transform(TransformRecognizer)
    }

    /// Which `InputState` an input's slot holds (its last byte).
    enum InputKind: UInt8 {
        case control, tap, pan, longPress, swipe, transform
    }

    struct PendingTimer: Sendable, Equatable {
        var t: Double
        var kind: Kind

        enum Kind: Sendable, Equatable {
            case timer(Int)
            /// A control input's minimum highlight is over.
            case unhighlight(input: Int)
            /// A recognizer's own timer: a long press's minimum duration, a multi-tap's wait for its next tap.
            case recognizer(input: Int)
            /// An `animate`'s completion on animated value `animated` (its first scalar; 32 bits so
            /// that a pending timer stays three words, as sessions hold many).
            case completion(ReactionList, animated: Int32, finished: Bool)
        }
    }

    /// The control before any input: the instance's initial state, shared until it changes.
    public init(configuration instance: ControlInstance) {
        self.instance = instance
        buffer = instance.initialState
    }

    /// The state buffer, for the instance to keep as every session's initial state.
    var stateBuffer: ControlState { buffer }

    /// Builds the initial state (once per instance: `ControlInstance.initialState`).
    init(building instance: ControlInstance) {
        self.instance = instance
        let definition = instance.definition
        let constants = instance.constants
        buffer = ControlState.make(definition.stateLayout, groups: definition.groups.count)
        var animated: [AnimatedValue] = []
        for spec in definition.animated {
            for k in 0..<spec.type.width { animated.append(AnimatedValue(constants[spec.initial + k])) }
        }
        buffer.initializeAnimated(animated)
        for (index, spec) in definition.variables.enumerated() { setVariable(index, constants[spec.initial]) }
        if let slot = definition.elapsedSlot { setVariable(slot, 0) }
        for (index, input) in definition.inputs.enumerated() {
            switch input {
            case let .control(spec):
                setInput(index, .control(ControlTracking(bounds: Rect(x: 0, y: 0, width: 0, height: 0), slop: constants[spec.slop],
                                                          selected: constants[spec.selected] != 0, enabled: constants[spec.enabled] != 0,
                                                          changesSelectionAsPrimaryAction: constants[spec.changesSelection] != 0)))
            case let .tap(spec):
                let taps = constants[spec.numberOfTapsRequired]
                setInput(index, .tap(TapRecognizer(allowableMovement: constants[spec.allowableMovement],
                                                   maximumDuration: constants[spec.maximumDuration],
                                                   numberOfTapsRequired: taps >= 1 && taps <= 100 ? Int16(taps) : taps > 100 ? 100 : 1)))
            case let .longPress(spec):
                setInput(index, .longPress(LongPressRecognizer(minimumPressDuration: constants[spec.minimumPressDuration],
                                                               allowableMovement: constants[spec.allowableMovement])))
            case let .pan(spec):
                setInput(index, .pan(PanRecognizer(hysteresis: constants[spec.hysteresis], edges: spec.edges, axis: spec.axis,
                                                   directionalLock: spec.directionalLock)))
            case let .transform(spec):
                setInput(index, .transform(TransformRecognizer(spec.kind)))
            case let .swipe(spec):
                setInput(index, .swipe(SwipeRecognizer(direction: spec.direction,
                                                       minimumPrimaryMovement: constants[spec.minimumPrimaryMovement],
                                                       maximumSecondaryMovement: constants[spec.maximumSecondaryMovement])))
            }
        }
        for index in definition.basics.indices { setBasic(index, nil) }
    }

    public var configuration: ControlInstance { instance }
    public var kind: String { instance.name }
    var definition: ControlDefinition { instance.definition }

    // MARK: Deadlines

    /// The earliest time an internal transition is due, if any.
    public var nextDeadline: Double? {
        let layout = self.layout
        var earliest = buffer.headerDeadline
        for index in 0..<layout.basicCount {
            if let end = basic(index)?.endTime, end < earliest ?? .infinity { earliest = end }
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
            releaseEmptyTimers()
            let before = self
            do throws(ControlError) {
                defer { if !deferred.isEmpty { deferred.removeAll() } }
                switch timer.kind {
                case let .timer(index):
                    try runEntry(definition.timers[index].reactions, at: deadline, emit: &produced)
                case let .unhighlight(input):
                    guard case var .control(tracking) = self.input(input) else { break }
                    let changed = tracking.unhighlight()
                    setInput(input, .control(tracking))
                    if changed, case let .control(spec) = definition.inputs[input] {
                        try runEntry(spec.onStateChange, at: deadline, emit: &produced)
                    }
                case let .recognizer(input):
                    try recognizerTimer(input, at: deadline, emit: &produced)
                case let .completion(list, _, finished):
                    try Registers.forReactions(count: frameSize) { (r) throws(ControlError) in
                        r[0] = finished ? 1 : 0
                        try run(list, r, at: deadline, emit: &produced)
                    }
                }
                try runDeferred(emit: &produced)
            } catch {
                self = before
                return
            }
            emit.take(produced)
            return
        }
        if let index = definition.basics.indices.first(where: { basic($0)?.endTime == deadline }) {
            setBasic(index, nil)
            let before = self
            do throws(ControlError) {
                try runEntry(definition.basics[index].onComplete, at: deadline, emit: &produced)
                try runDeferred(emit: &produced)
            } catch {
                self = before
                return
            }
            emit.take(produced)
            return
        }
        if let index = groups.firstIndex(where: { $0?.naturalEndTime == deadline }), groups[index] != nil {
            let completions = groups[index]!.advance(to: deadline)
            let before = self
            do throws(ControlError) {
                try deliver(completions, group: index, emit: &produced)
                try runDeferred(emit: &produced)
            } catch {
                self = before
                return
            }
            emit.take(produced)
        }
    }

    // MARK: Reading

    /// The semantic state (`isOn`, `state`, …) at the last change.
    public var state: [Field] {
        let plan = definition.report
        return instance.evaluate(plan.program, source: self, at: time) { r in
            plan.fields.map { Field($0.name, fieldValue(r, $0)) }
        }
    }

    /// The frame at `t`, assuming no deadline lies before `t` (`frame(at:)` handles later times).
    public func render(at t: Double) -> Frame {
        // Rendered in place into the storage the frame's layers share; the shape read in place
        // from the instance (a copy retains each of its arrays).
        let instance = self.instance
        let storage = FrameStorage.make(count: instance.frameShape.count)
        storage.withValues { render(at: t, into: $0) }
        return Frame(t: t, shape: instance.frameShape, storage: storage)
    }

    /// The frame at `t` as `instance.frameShape`'s values, written to `values` (assuming no
    /// deadline lies before `t`, as `render(at:)`).
    func render(at t: Double, into values: FrameValues) {
        let instance = self.instance
        instance.evaluate(instance.definition.render.program, source: self, at: t) { r in
            let steps = instance.renderSteps.elements, count = instance.renderSteps.count
            var index = 0
            while index < count {
                let step = steps[index]
                index += 1
                let v = values.from(Int(step.offset))
                switch step.kind {
                case .number: v[0] = value(step.operand, r)
                case .color: for k in 0..<4 { v[k] = value(step.operand, r, k) }
                case .text: v[0] = instance.frameShape.text(instance.strings, value(step.operand, r))
                case .enumeration:
                    v[0] = instance.frameShape.text(enumeration: Int(step.extra), cases: Int(step.count), value(step.operand, r))
                case .visibility:
                    let shown = value(step.operand, r) != 0
                    v[0] = shown ? 1 : 0
                    if !shown { index += Int(step.count) }
                case .shown: v[0] = 1
                }
            }
        }
    }

    /// An output's value: in a register, the instance's constants or the literals.
    @inline(__always)
    func value(_ operand: Operand, _ r: Registers, _ k: Int = 0) -> Double {
        let i = Int(operand.index) + k
        switch operand.kind {
        case .register: return r[i]
        case .constant: return instance.constantTable[i]
        case .literal: return instance.literals[i]
        }
    }

    @inline(__always)
    func color(_ operand: Operand, _ r: Registers) -> Color {
        Color(red: value(operand, r, 0), green: value(operand, r, 1), blue: value(operand, r, 2), alpha: value(operand, r, 3))
    }

    @inline(__always)
    func fieldValue(_ r: Registers, _ field: OutputField) -> FieldValue {
        let number = value(field.value, r)
        switch field.kind {
        case .number: return .number(number)
        case .bool: return .bool(number != 0)
        case .color: return .color(color(field.value, r))
        case .string: return .string(instance.strings[number])
        case let .enumeration(enumIndex):
            let cases = instance.definition.outputEnums[enumIndex].cases
            let index = Int(number)
            return .string(cases.indices.contains(index) ? cases[index] : "")
        }
    }

    public static func == (a: DefinedControl, b: DefinedControl) -> Bool {
        guard a.instance === b.instance, a.time == b.time else { return false }
        if a.buffer === b.buffer { return true }
        let definition = a.instance.definition
        return a.deferred.isEmpty && b.deferred.isEmpty && a.groups == b.groups && a.timers == b.timers
            && a.touchDown == b.touchDown
            && definition.variables.indices.allSatisfy { a.variable($0) == b.variable($0) }
            && (0..<definition.animatedScalars).allSatisfy { a.buffer.animated($0, equals: b.buffer) }
            && definition.inputs.indices.allSatisfy { a.input($0) == b.input($0) }
            && definition.basics.indices.allSatisfy { a.basic($0) == b.basic($0) }
    }

}
