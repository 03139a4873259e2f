/// A control described as data and compiled: its parameters, the primitives it is built from,
/// the reactions to its inputs, and what its frames show. Immutable and shared by every session
/// made from it; a session's own state is a few slot arrays (`DefinedControl`).
///
/// `ControlDefinition(_:)` reads a definition document (docs/controls.md), resolves every name
/// and checks every type when it loads, so a definition that loads cannot fail at run time in
/// any way but the ones documented (an animator asked to do what UIKit refuses).
public final class ControlDefinition: Sendable {
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
    let actions: [ActionSpec]
    let timers: [TimerSpec]
    let basics: [BasicSpec]
    let groups: [GroupSpec]
    let render: RenderPlan
    let report: OutputPlan
    /// Registers the largest context needs.
    let frameSize: Int

    init(description: String?, parameters: [ParameterSpec], commands: [CommandSpec], layout: [ParameterSlots],
         checks: [Check], gen: CodeGen, strings: [String], springs: [SpringTiming], variables: [VariableSpec],
         animated: [AnimatedSpec], inputs: [InputSpec], actions: [ActionSpec], timers: [TimerSpec],
         basics: [BasicSpec], groups: [GroupSpec], render: RenderPlan, report: OutputPlan, frameSize: Int) {
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
        self.actions = actions
        self.timers = timers
        self.basics = basics
        self.groups = groups
        self.render = render
        self.report = report
        self.frameSize = frameSize
    }

    public func command(named name: String) -> CommandSpec? {
        commands.first { $0.name == name }
    }
}

/// A command clients post, with typed arguments, and the reactions it runs.
public struct CommandSpec: Sendable {
    public let name: String
    public let parameters: [ParameterSpec]
    let reactions: [Reaction]

    /// Reads the arguments from the event object (`type` and `t` already read); checks types and
    /// fills defaults, in declaration order. Bounds are checked when the command is handled.
    public func decodeArguments(from reader: inout TreeReader) throws(DocumentError) -> Command {
        var arguments: [FieldValue] = []
        for parameter in parameters {
            arguments.append(parameter.fieldValue(try parameter.read(from: &reader)))
        }
        try reader.finish()
        return Command(name, arguments)
    }
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
    var reactions: [Reaction]
}

struct TimerSpec: Sendable {
    var name: String
    var reactions: [Reaction]
}

struct BasicSpec: Sendable {
    var name: String
    var onComplete: [Reaction]
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
    var onComplete: [Reaction]?
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
    /// A curve over a duration computed by the reaction's program.
    case curve(CubicBezier, duration: Int)
}

enum InputSpec: Sendable {
    case control(ControlInputSpec)
    case tap(TapInputSpec)
    case pan(PanInputSpec)

    var name: String {
        switch self {
        case let .control(spec): spec.name
        case let .tap(spec): spec.name
        case let .pan(spec): spec.name
        }
    }
}

/// A region: a program computing x, y, width and height.
struct RegionSpec: Sendable {
    var program: Program
    var registers: (Int, Int, Int, Int)
}

struct ControlInputSpec: Sendable {
    var name: String
    var region: RegionSpec
    var slop: Int
    var selected: Int
    var enabled: Int
    var changesSelection: Int
    var emitsControlEvents: Bool
    var onStateChange: [Reaction]
    /// By `ControlTracking.Event`, in its declaration order.
    var on: [[Reaction]]
}

struct TapInputSpec: Sendable {
    var name: String
    var region: RegionSpec
    var allowableMovement: Int
    var maximumDuration: Int
    var recognized: [Reaction]
}

struct PanInputSpec: Sendable {
    var name: String
    var region: RegionSpec
    var hysteresis: Int
    var began: [Reaction]
    var changed: [Reaction]
    var ended: [Reaction]
    var cancelled: [Reaction]
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

struct OutputField: Sendable {
    var name: String
    var type: ValueType
    var register: Int
}

struct LayerPlan: Sendable {
    var id: String
    var kind: Layer.Kind
    var visible: Int?
    var frame: (x: Int, y: Int, width: Int, height: Int)
    var backgroundColor: Int?
    var cornerRadius: Int
    var opacity: Int
    var scale: Int
    var stroke: (color: Int, lineWidth: Int, strokeEnd: Int, startAngle: Int, clockwise: Int)?
    var blur: (fraction: Int, style: Int, radius: Int)?
}
