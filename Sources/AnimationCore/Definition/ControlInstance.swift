/// A definition with one resolved configuration, named as the session's control: the constant
/// tables every program of a session reads. Immutable; sessions of one configuration share one.
///
/// `@unchecked Sendable`: immutable once made (`initialState`, `animatorPlans` and `echo` are set
/// at the end of `init`, before the instance is shared).
public final class ControlInstance: @unchecked Sendable, Equatable {
    public let definition: ControlDefinition
    /// The control's name as sessions report it (`button`, or a registered name).
    public let name: String
    let values: [ParameterValue]
    let constants: [Double]
    let strings: StringTable
    let springs: [SpringTiming]
    /// `springs`, and the definition's literal springs, each as a `Timing` made once (its box
    /// shared by every animation on it).
    let springTimings: [Timing]
    let literalSpringTimings: [Timing]
    let timings: [Timing]
    let curves: [CubicBezier]
    /// `constants` as the machine reads them.
    let constantTable: FixedArray<Double>
    /// The definition's code, literals and reactions (`definition`'s tables, which it holds).
    let code: FixedArray<Instruction>
    let literals: FixedArray<Double>
    let reactions: FixedArray<Reaction>
    let frameSize: Int
    let layout: StateLayout
    /// What every frame of this instance shares, and where its values go.
    public let frameShape: FrameShape
    /// The render's writes of a frame's values, in order.
    let renderSteps: FixedArray<RenderStep>
    /// The state of a session before its first input, the same for every session of this
    /// instance: made once and shared (copy-on-write, as any copy of a control), so a new
    /// session and its first checkpoint cost no state of their own. Set at the end of `init`.
    private(set) var initialState: ControlState!
    /// Each group's animators' plans as the initial state makes them, shared by every animator made
    /// of the same numbers (`makeMember`): a session's animators then hold one pointer each to
    /// them instead of a resolved spring and curve of their own. Set at the end of `init`.
    private(set) var animatorPlans: [[SharedAnimatorPlan?]] = []
    /// Which members of each group report their completion (`PropertyAnimatorGroup.completing`).
    let groupCompleting: [[Bool]]

    /// Reads `configuration` (nil: every default) against the definition's parameters: shapes and
    /// types first, then bounds in declaration order, then the cross-field checks. Faults are
    /// named under `path` (`config.effects[1].ratio`).
    public init(_ definition: ControlDefinition, name: String, configuration: JSON?,
                at path: TreePath = TreePath([.key("config")])) throws(DocumentError) {
        var reader = try ObjectReader(configuration ?? .object([:]), at: path)
        var values: [ParameterValue] = []
        for spec in definition.parameters { values.append(try spec.read(from: &reader)) }
        try reader.finish()
        for (spec, value) in zip(definition.parameters, values) {
            try spec.validate(value, at: path.appending(spec.name))
        }
        var table = Flattened(definition: definition)
        for (slots, (spec, value)) in zip(definition.layout, zip(definition.parameters, values)) {
            table.store(value, spec, slots)
        }
        table.runSetup()
        for check in definition.checks where table.numbers[check.slot] == 0 {
            throw DocumentError(.invalidField, at: path.appending(check.field), check.message)
        }
        self.definition = definition
        self.name = name
        self.values = values
        constants = table.numbers
        strings = StringTable(literals: definition.literalStrings, instance: table.strings)
        springs = table.springs
        springTimings = table.springs.map(Timing.spring)
        literalSpringTimings = definition.literalSprings.map(Timing.spring)
        timings = table.timings
        curves = table.curves
        constantTable = FixedArray(constants)
        code = definition.codeTable
        literals = definition.literalTable
        reactions = definition.reactionTable
        frameSize = max(definition.frameSize, 8)
        frameShape = FrameShape(definition.render, strings: strings, enumerations: definition.outputEnums)
        renderSteps = FixedArray(RenderStep.steps(definition.render, shape: frameShape, enumerations: definition.outputEnums))
        layout = definition.stateLayout
        groupCompleting = definition.groups.map { $0.members.map { $0.onComplete != nil } }
        let initial = DefinedControl(building: self)
        initialState = initial.stateBuffer
        animatorPlans = initial.initialAnimatorPlans()
        echo = makeEcho()
    }

    /// The fully resolved configuration, as sessions echo it: made once (a create writes it to
    /// the journal and into its answer, and sessions of one configuration share the instance).
    /// Set at the end of `init`.
    public private(set) var echo: JSON = .null

    private func makeEcho() -> JSON {
        var members: [JSON.Member] = []
        for (slots, (spec, value)) in zip(definition.layout, zip(definition.parameters, values)) {
            var derived = 0.0
            if case let .derived(slot, _) = slots { derived = constants[slot] }
            members.append((spec.name, spec.echo(value, derived: derived)))
        }
        return .object(JSONObject(members))
    }

    /// The same definition and configuration (whatever the name).
    public func hasConfiguration(of other: ControlInstance) -> Bool {
        definition === other.definition && values == other.values
    }

    public static func == (a: ControlInstance, b: ControlInstance) -> Bool {
        a === b || (a.name == b.name && a.hasConfiguration(of: b))
    }

    /// Runs `program` with a fresh register file over this instance's tables, then `body` on it.
    @inline(__always)
    func evaluate<Source: MachineSource, Result>(_ program: Program, source: Source, at t: Double,
                                                 _ body: (Registers) -> Result) -> Result {
        Registers.with(count: frameSize) { r in
            run(program, r, source: source, at: t)
            return readRegisters(r, body)
        }
    }

    /// `body` over the registers, in a call of its own. Inlined into `evaluate`, Swift 6.3's
    /// optimiser moved the reads of a body that builds its result from the registers (a region's
    /// rectangle) after the register file's stack space was given back: the release build read
    /// below the stack pointer (valgrind), right only while nothing else used that stack. A call
    /// that returns before the space is given back cannot be reordered past it.
    @inline(never)
    private func readRegisters<Result>(_ r: Registers, _ body: (Registers) -> Result) -> Result {
        body(r)
    }

    @inline(__always)
    func run<Source: MachineSource>(_ program: Program, _ r: Registers, source: Source, at t: Double) {
        guard program.count > 0 else { return }
        Machine.run(code.elements, from: Int(program.start), count: Int(program.count), r, literals: literals.elements,
                    constants: constantTable.elements, strings: strings, source, at: t)
    }
}

/// An instance's tables while they are filled: the configuration flattened into slots, then the
/// set-up (derived constants, hoisted expressions, initial values, checks) run over them.
private struct Flattened {
    let definition: ControlDefinition
    var numbers: [Double]
    var strings: [String] = []
    var springs: [SpringTiming] = []
    var timings: [Timing] = []
    var curves: [CubicBezier] = []

    init(definition: ControlDefinition) {
        self.definition = definition
        numbers = Array(repeating: 0, count: definition.tableSize)
    }

    mutating func store(_ value: ParameterValue, _ spec: ParameterSpec, _ slots: ParameterSlots) {
        switch (slots, value) {
        case let (.scalar(slot, _), .number(number)): numbers[slot] = number
        case let (.scalar(slot, _), .bool(flag)): numbers[slot] = flag ? 1 : 0
        case let (.scalar(slot, _), .enumeration(index)): numbers[slot] = Double(index)
        case let (.scalar(slot, _), .color(color)):
            numbers[slot] = color.red; numbers[slot + 1] = color.green
            numbers[slot + 2] = color.blue; numbers[slot + 3] = color.alpha
        case let (.scalar(slot, _), .string(text)):
            numbers[slot] = Double(definition.literalStrings.count + strings.count)
            strings.append(text)
        case let (.spring(_, duration, settling), .spring(spring)):
            springs.append(spring)
            numbers[duration] = spring.duration
            numbers[settling] = spring.settlingDuration
        case let (.timing(_, duration, isSpring), .timing(timing)):
            timings.append(timing)
            numbers[duration] = timing.duration
            numbers[isSpring] = timing.isSpring ? 1 : 0
        case let (.curve, .curve(curve)):
            curves.append(curve)
        case let (.effects(variants), .effects(effects)):
            guard case let .effects(spec, _) = spec.kind else { return }
            for (index, variant) in variants.enumerated() {
                let given = effects.first { $0.variant == index }
                numbers[variant.presence] = given == nil ? 0 : 1
                for (position, (fieldSpec, fieldSlots)) in zip(spec.variants[index].fields, variant.fields).enumerated() {
                    store(given?.fields[position] ?? fieldSpec.defaultValue ?? Self.placeholder(fieldSpec), fieldSpec, fieldSlots)
                }
            }
        default:
            break
        }
    }

    /// What an absent effect's required field reads as.
    private static func placeholder(_ spec: ParameterSpec) -> ParameterValue {
        switch spec.kind {
        case .bool: .bool(false)
        case .color: .color(Color(red: 0, green: 0, blue: 0, alpha: 0))
        case .string: .string("")
        case .enumeration: .enumeration(0)
        default: .number(0)
        }
    }

    /// Runs the set-up steps in order; each reads the slots before it.
    mutating func runSetup() {
        let definition = self.definition
        let strings = StringTable(literals: definition.literalStrings, instance: self.strings)
        Registers.with(count: definition.frameSize) { r in
            for step in definition.setup {
                Machine.run(definition.codeTable.elements, from: Int(step.program.start), count: Int(step.program.count), r,
                            literals: definition.literalTable.elements, constants: numbers, strings: strings, NoSource(), at: 0)
                for k in 0..<step.width { numbers[step.slot + k] = r[step.result + k] }
            }
        }
    }
}
