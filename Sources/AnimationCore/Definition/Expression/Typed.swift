/// An expression with every name resolved to a slot and every node typed: what the compiler
/// turns into instructions.
indirect enum Typed: Sendable {
    case number(Double)
    case bool(Bool)
    case color(Color)
    /// An index into the definition's literal strings.
    case string(Int)
    case enumCase(Int, EnumType)
    /// The instance's constant table (configuration, derived constants, hoisted expressions).
    case constant(Int, ValueType)
    case variable(Int, ValueType)
    /// A fixed register of the running context: an event field, an argument, a `let`.
    case register(Int, ValueType)
    /// A primitive's state at the evaluation's time.
    case read(Read, ValueType)
    /// One of the definition's `values`, computed once per program.
    case value(Int, ValueType)
    case unary(UnaryOperator, Typed, ValueType)
    case binary(BinaryOperator, Typed, Typed, ValueType)
    case call(Function, [Typed], ValueType)
    case conditional(Typed, Typed, Typed, ValueType)

    var type: ValueType {
        switch self {
        case .number: .number
        case .bool: .bool
        case .color: .color
        case .string: .string
        case let .enumCase(_, type): .enumeration(type)
        case let .constant(_, type), let .variable(_, type), let .register(_, type), let .read(_, type),
             let .value(_, type), let .unary(_, _, type), let .binary(_, _, _, type), let .call(_, _, type),
             let .conditional(_, _, _, type):
            type
        }
    }

    /// Depends on the configuration alone, so it can be computed once per session.
    var isConstant: Bool {
        switch self {
        case .number, .bool, .color, .string, .enumCase, .constant: true
        case .variable, .register, .read, .value: false
        case let .unary(_, operand, _): operand.isConstant
        case let .binary(_, left, right, _): left.isConstant && right.isConstant
        case let .call(_, arguments, _): arguments.allSatisfy(\.isConstant)
        case let .conditional(condition, a, b, _): condition.isConstant && a.isConstant && b.isConstant
        }
    }

    /// A leaf needs no computing of its own.
    var isLeaf: Bool {
        switch self {
        case .unary, .binary, .call, .conditional: false
        default: true
        }
    }

    /// Values and reads this expression uses directly.
    func collect(values: inout [Int], reads: inout [Read]) {
        switch self {
        case let .value(index, _): if !values.contains(index) { values.append(index) }
        case let .read(read, _): if !reads.contains(read) { reads.append(read) }
        case let .unary(_, operand, _): operand.collect(values: &values, reads: &reads)
        case let .binary(_, left, right, _):
            left.collect(values: &values, reads: &reads)
            right.collect(values: &values, reads: &reads)
        case let .call(_, arguments, _): for argument in arguments { argument.collect(values: &values, reads: &reads) }
        case let .conditional(condition, a, b, _):
            condition.collect(values: &values, reads: &reads)
            a.collect(values: &values, reads: &reads)
            b.collect(values: &values, reads: &reads)
        default: break
        }
    }
}

/// A primitive's readable state: which kind, which one, which field.
struct Read: Sendable, Equatable {
    var kind: Kind
    var index: Int
    var field: Int
    /// Registers it fills: 4 for a colour.
    var width = 1

    enum Kind: Int32, Sendable {
        case animated, control, pan, tap, basic, group, member, timer, longPress, swipe, transform
    }
}

enum Function: String, Sendable, CaseIterable {
    case min, max, abs, floor, ceil, round, sqrt, clamp, mix, project, rubberBand
    case pow, sin, cos, atan2, sign, hypot, rubberBandInverse, format
}
