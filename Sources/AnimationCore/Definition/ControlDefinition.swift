/// A control described as data and compiled: its parameters, the primitives it is built from,
/// the reactions to its inputs, and what its frames show. Immutable and shared by every session
/// made from it; a session's own state is a few slot arrays (`DefinedControl`).
///
/// `ControlDefinition(_:)` reads a definition document (docs/controls.md), resolves every name
/// and checks every type when it loads, so a definition that loads cannot fail at run time in
/// any way but the ones documented (an animator asked to do what UIKit refuses).
///
/// `@unchecked Sendable`: immutable once loaded (`content` is set by the loader before the
/// definition is shared).
public final class ControlDefinition: @unchecked Sendable {
    public let description: String?
    public let parameters: [ParameterSpec]
    public let commands: [CommandSpec]
    let layout: [ParameterSlots]
    let checks: [Check]
    let code: [Instruction]
    let literals: [Double]
    let literalStrings: [String]
    let literalSprings: [SpringTiming]
    let setup: [SetupStep]
    let tableSize: Int
    let variables: [VariableSpec]
    let animated: [AnimatedSpec]
    /// Animated values by scalar: a colour takes four in a row.
    let animatedScalars: Int
    let inputs: [InputSpec]
    /// Some input needs arbitration after each event: a long press or a multi-tap (with timers of
    /// their own), a tap with failure requirements.
    let arbitrates: Bool
    let actions: [ActionSpec]
    let timers: [TimerSpec]
    let basics: [BasicSpec]
    let groups: [GroupSpec]
    let render: RenderPlan
    let report: OutputPlan
    /// Registers the largest context needs.
    let frameSize: Int
    /// Where a session's state lives in its buffer.
    let stateLayout: StateLayout
    /// The variable slot (after the declared variables) that keeps when the pointer last went
    /// down, when some expression reads an input's `elapsed`; nil otherwise, costing nothing.
    let elapsedSlot: Int?
    /// `code` and `literals` as the machine reads them (`FixedArray`).
    let codeTable: FixedArray<Instruction>
    let literalTable: FixedArray<Double>
    /// The reactions of every list, and what they index (see `Reaction`).
    let reactionTable: FixedArray<Reaction>
    let emitNames: [String]
    let emitFields: [OutputField]
    let runArguments: [(result: Int, width: Int)]
    let continueTimings: [AnimatorTiming?]
    /// The enums output fields name cases of.
    let outputEnums: [EnumType]
    /// Curves reactions use, and the control inputs' per-event reaction lists.
    let reactionCurves: [CubicBezier]
    let eventLists: [ReactionList]
    /// What each motion reaction moves, and where its numbers are.
    let motionPlans: [MotionPlan]
    let keyframePlans: [KeyframePlan]
    /// Where a scene puts the control's children and how they move with it; nil: it takes none
    /// (docs/scenes.md). Set once, by the loader.
    var content: ContentSpec?
    /// The inputs' names, by index (a scene's `requireToFail` names them). Set once, by the loader.
    var inputNames: [String] = []

    init(description: String?, parameters: [ParameterSpec], commands: [CommandSpec], layout: [ParameterSlots],
         checks: [Check], gen: CodeGen, strings: [String], springs: [SpringTiming], variables: [VariableSpec],
         animated: [AnimatedSpec], inputs: [InputSpec], actions: [ActionSpec], timers: [TimerSpec],
         basics: [BasicSpec], groups: [GroupSpec], render: RenderPlan, report: OutputPlan, frameSize: Int,
         pools: ReactionPools) {
        self.description = description
        self.parameters = parameters
        self.commands = commands
        self.layout = layout
        self.checks = checks
        code = gen.code
        literals = gen.literals
        literalStrings = strings
        literalSprings = springs
        setup = gen.setup
        tableSize = gen.tableSize
        self.variables = variables
        self.animated = animated
        animatedScalars = animated.reduce(0) { $0 + $1.type.width }
        self.inputs = inputs
        arbitrates = inputs.contains { input in
            switch input {
            case .longPress, .swipe: true
            case let .tap(spec): spec.multiTap || spec.requireToFail != 0
            case let .pan(spec): spec.requireToFail != 0
            default: false
            }
        }
        self.actions = actions
        self.timers = timers
        self.basics = basics
        self.groups = groups
        self.render = render
        self.report = report
        self.frameSize = frameSize
        let readsElapsed = gen.code.contains { instruction in
            guard instruction.op == .read, let kind = Read.Kind(rawValue: instruction.a) else { return false }
            return ReadField.isElapsed(kind, Int(instruction.c))
        }
        elapsedSlot = readsElapsed ? variables.count : nil
        stateLayout = StateLayout(animated: animated.reduce(0) { $0 + $1.type.width },
                                  variables: variables.count + (readsElapsed ? 1 : 0), inputs: inputs, basics: basics.count)
        codeTable = FixedArray(gen.code)
        literalTable = FixedArray(gen.literals)
        reactionTable = FixedArray(pools.reactions)
        emitNames = pools.emitNames
        emitFields = pools.fields
        runArguments = pools.arguments
        continueTimings = pools.timings
        outputEnums = pools.enums
        reactionCurves = pools.curves
        eventLists = pools.eventLists
        motionPlans = pools.motions
        keyframePlans = pools.keyframes
    }

    public func command(named name: String) -> CommandSpec? {
        commands.first { $0.name == name }
    }
}

/// A command clients post, with typed arguments, and the reactions it runs.
public struct CommandSpec: Sendable {
    public let name: String
    public let parameters: [ParameterSpec]
    let reactions: ReactionList
    /// The arguments as plain data, for handling the command without copying the specs.
    let plan: [ArgumentPlan]

    init(name: String, parameters: [ParameterSpec], reactions: ReactionList) {
        self.name = name
        self.parameters = parameters
        self.reactions = reactions
        plan = parameters.map(ArgumentPlan.init)
    }

    /// Reads the arguments from the event object (`type` and `t` already read); checks types and
    /// fills defaults, in declaration order. Bounds are checked when the command is handled.
    public func decodeArguments(from reader: inout ObjectReader) throws(DocumentError) -> Command {
        var arguments: [FieldValue] = []
        for parameter in parameters {
            arguments.append(parameter.fieldValue(try parameter.read(from: &reader)))
        }
        try reader.finish()
        return Command(name, arguments)
    }
}

/// How a command argument goes into registers: its type, and a number's bounds.
struct ArgumentPlan: Sendable {
    enum Kind: UInt8, Sendable { case number, bool, color, enumeration }
    var kind: Kind
    var bounds: NumberBounds?
    /// Each case's name, for an enum (its index is the value).
    var cases: [String]

    init(_ spec: ParameterSpec) {
        bounds = nil
        cases = []
        switch spec.kind {
        case let .number(numberBounds, _):
            kind = .number
            bounds = numberBounds
        case .bool: kind = .bool
        case .color: kind = .color
        case let .enumeration(type, _):
            kind = .enumeration
            cases = type.cases
        default: kind = .number
        }
    }

    var width: Int { kind == .color ? 4 : 1 }
}

/// Where a parameter's value lives in an instance.
indirect enum ParameterSlots: Sendable {
    /// Scalars in the constant table (a colour takes four slots).
    case scalar(Int, ValueType)
    case spring(Int, duration: Int, settling: Int)
    case timing(Int, duration: Int, isSpring: Int)
    case curve(Int)
    /// Per variant: a presence slot and the fields'.
    case effects([(presence: Int, fields: [ParameterSlots])])
    /// Computed by the set-up.
    case derived(Int, ValueType)
}

struct Check: Sendable {
    var slot: Int
    var field: TreePath
    var message: String
}

struct VariableSpec: Sendable {
    var name: String
    var type: ValueType
    /// Slot of the constant table holding the initial value.
    var initial: Int
}

struct AnimatedSpec: Sendable {
    var name: String
    var type: ValueType
    var initial: Int
    /// The first of its scalars in the session's animated values.
    var first: Int
}

struct ActionSpec: Sendable {
    var name: String
    var parameters: [ParameterSpec]
    var reactions: ReactionList
}

struct TimerSpec: Sendable {
    var name: String
    var reactions: ReactionList
}

struct BasicSpec: Sendable {
    var name: String
    var onComplete: ReactionList
}

struct GroupSpec: Sendable {
    var name: String
    var members: [MemberSpec]
    var primary: Int
    var progressFrom: [Int]
}

struct MemberSpec: Sendable {
    var name: String
    /// The name as a literal string (`event.animator` of its completion).
    var nameString: Int
    /// Computes the duration and the timing's numbers when the group starts.
    var program: Program
    var duration: Int
    var timing: AnimatorTiming
    var scrubsLinearly: Bool
    var onComplete: ReactionList?
}

/// A `UIViewPropertyAnimator` timing, with registers of the program that computes its numbers.
enum AnimatorTiming: Sendable {
    case cubic(CubicBezier)
    case dampedSpring(dampingRatio: Int, initialVelocity: Int)
    /// A spring of the configuration (springs table) or a literal (the definition's springs).
    case spring(SpringSource)
}

enum SpringSource: Sendable {
    case instance(Int)
    case literal(Int)
}

/// How `animate` times its motion.
enum TimingSource: Sendable {
    /// A timing parameter (curve or spring) of the instance.
    case timing(Int)
    case spring(SpringSource)
    /// A spring whose relative initial velocity (UIKit's `initialSpringVelocity`) the reaction's
    /// program computes, in register `velocity`.
    case springWithVelocity(SpringSource, velocity: Int)
    /// A curve (an index of the definition's curves) over a duration computed by the reaction's program.
    case curve(Int, duration: Int)
    /// A curve parameter of the instance over a duration computed by the reaction's program.
    case instanceCurve(Int, duration: Int)
}

enum InputSpec: Sendable {
    case control(ControlInputSpec)
    case tap(TapInputSpec)
    case pan(PanInputSpec)
    case longPress(LongPressInputSpec)
    case swipe(SwipeInputSpec)
    case transform(TransformInputSpec)

    /// The recognizers (by input index, one bit each) this one recognizes simultaneously with:
    /// one that begins makes every other still possible fail, except these.
    var simultaneous: UInt64 {
        get {
            switch self {
            case .control: 0
            case let .tap(spec): spec.simultaneous
            case let .pan(spec): spec.simultaneous
            case let .longPress(spec): spec.simultaneous
            case let .swipe(spec): spec.simultaneous
            case let .transform(spec): spec.simultaneous
            }
        }
        set {
            switch self {
            case .control: break
            case var .tap(spec): spec.simultaneous = newValue; self = .tap(spec)
            case var .pan(spec): spec.simultaneous = newValue; self = .pan(spec)
            case var .longPress(spec): spec.simultaneous = newValue; self = .longPress(spec)
            case var .swipe(spec): spec.simultaneous = newValue; self = .swipe(spec)
            case var .transform(spec): spec.simultaneous = newValue; self = .transform(spec)
            }
        }
    }

    /// The recognizers (by input index, one bit each) that must fail before this one's
    /// recognition (a tap) or began (a pan, a long press) is delivered.
    var requireToFail: UInt64 {
        switch self {
        case let .tap(spec): spec.requireToFail
        case let .pan(spec): spec.requireToFail
        case let .longPress(spec): spec.requireToFail
        case .control, .swipe, .transform: 0
        }
    }
}

/// A region: a program computing x, y, width and height, or, when they depend on the
/// configuration alone, four slots of the constant table.
struct RegionSpec: Sendable {
    var program: Program
    var registers: (Int, Int, Int, Int)
    var constant: Int?
}

/// Plain data, so reading one while a touch is handled copies nothing counted.
struct ControlInputSpec: Sendable {
    var region: RegionSpec
    var slop: Int
    var selected: Int
    var enabled: Int
    var changesSelection: Int
    var emitsControlEvents: Bool
    var onStateChange: ReactionList
    /// By `ControlTracking.Event`, in its declaration order: a range of the definition's event lists.
    var on: PoolRange
    /// What the UIControl subclass overrides (`beginsTracking`, `beginTracking`, …).
    var overrides: ControlOverrides = .none
}

struct TapInputSpec: Sendable {
    var region: RegionSpec
    var allowableMovement: Int
    var maximumDuration: Int
    var numberOfTapsRequired: Int
    /// `numberOfTapsRequired` was given: the tap may wait for a next tap.
    var multiTap: Bool
    var recognized: ReactionList
    /// `requireToFail`: the recognizers (one bit per input index) that must fail before a
    /// recognition of this one is delivered.
    var requireToFail: UInt64 = 0
    var simultaneous: UInt64 = 0
}

struct PanInputSpec: Sendable {
    var region: RegionSpec
    var hysteresis: Int
    /// A screen-edge pan's `UIRectEdge` bits (0 for a plain pan), the axis it begins along, the
    /// scroll view's directional lock: constants of the definition.
    var edges: UInt8 = 0
    var axis: PanRecognizer.Axis = .both
    var directionalLock = false
    var began: ReactionList
    var changed: ReactionList
    var ended: ReactionList
    var cancelled: ReactionList
    var simultaneous: UInt64 = 0
    /// `requireToFail`: the recognizers (one bit per input index) that must fail before its
    /// began is delivered (docs/fidelity.md#arbitration).
    var requireToFail: UInt64 = 0
}

struct SwipeInputSpec: Sendable {
    var region: RegionSpec
    var direction: SwipeRecognizer.Direction
    var minimumPrimaryMovement: Int
    var maximumSecondaryMovement: Int
    var recognized: ReactionList
    var simultaneous: UInt64 = 0
}

/// A pinch or a rotation: two fingers.
struct TransformInputSpec: Sendable {
    var region: RegionSpec
    var kind: TransformRecognizer.Kind
    var began: ReactionList
    var changed: ReactionList
    var ended: ReactionList
    var cancelled: ReactionList
    var simultaneous: UInt64 = 0
}

struct LongPressInputSpec: Sendable {
    var region: RegionSpec
    var minimumPressDuration: Int
    var allowableMovement: Int
    var began: ReactionList
    var changed: ReactionList
    var ended: ReactionList
    var cancelled: ReactionList
    var simultaneous: UInt64 = 0
    /// `requireToFail`: the recognizers (one bit per input index) that must fail before its
    /// began is delivered (docs/fidelity.md#arbitration).
    var requireToFail: UInt64 = 0
}

/// What a frame shows: one program computing every property and layer field.
struct RenderPlan: Sendable {
    var program: Program
    var properties: [OutputField]
    var layers: [LayerPlan]
}

struct OutputPlan: Sendable {
    var program: Program
    var fields: [OutputField]
}

/// A named value a frame, the state or an emission carries: where it is and how to read it.
struct OutputField: Sendable {
    var name: String
    var kind: Kind
    var value: Operand

    /// Plain data: an enum's cases are the definition's `outputEnums[index]`.
    enum Kind: Sendable, Equatable {
        case number, bool, color, string
        case enumeration(Int)
    }
}

struct LayerPlan: Sendable {
    var id: String
    var kind: Layer.Kind
    /// The id of the layer it is a sublayer of (declared before it), nil for a top-level layer.
    var superlayer: String?
    var visible: Operand?
    /// Which of `LayerSchema.parts` it has (bit `i` for part `i`).
    var parts: UInt32
    /// Its parts' fields, in the table's order.
    var fields: [LayerOperand]
}

/// A layer field's value and what kind of value it is.
struct LayerOperand: Sendable {
    var operand: Operand
    var kind: FrameShape.Kind
}

/// Where an output's value is: a register of the program, or (a value of the configuration
/// alone, or a literal) a slot of the instance's constants or of the literals, read as is.
struct Operand: Sendable {
    var kind: Kind
    var index: Int32

    enum Kind: UInt8, Sendable {
        case register, constant, literal
    }

    static func register(_ index: Int) -> Operand { Operand(kind: .register, index: Int32(index)) }
}
