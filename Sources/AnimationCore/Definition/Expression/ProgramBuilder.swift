/// A compiled expression (or several, sharing registers): instructions `start..<start+count` of
/// the definition's code, needing `registers` registers.
struct Program: Sendable, Equatable {
    var start: Int32
    var count: Int32
    var registers: Int32

    static let empty = Program(start: 0, count: 0, registers: 0)
}

/// One step of an instance's set-up: a program of the configuration whose result fills `width`
/// slots of the constant table from `slot` on.
struct SetupStep: Sendable {
    var program: Program
    var result: Int
    var slot: Int
    var width: Int
}

/// Everything a definition's programs share while it is compiled: the code, the literal pool,
/// the set-up steps and the layout of the instance's constant table.
/// `@unchecked Sendable`: filled by one compilation, on its thread, and only read after it.
final class CodeGen: @unchecked Sendable {
    var code: [Instruction] = []
    var literals: [Double] = []
    var setup: [SetupStep] = []
    /// Slots of the instance's constant table allocated so far.
    var tableSize = 0
    /// The definition's `values`, by index, and the order they may be computed in.
    var values: [Typed] = []
    var valueOrder: [Int] = []
    /// The most registers any program needs: the size of a context's register file.
    var maxRegisters = 1

    func allocateSlots(_ width: Int) -> Int {
        defer { tableSize += width }
        return tableSize
    }

    func literal(_ value: Double) -> Int {
        // Bit patterns, so that 0 and −0 (and distinct NaNs) stay distinct.
        if let index = literals.firstIndex(where: { $0.bitPattern == value.bitPattern }) { return index }
        literals.append(value)
        return literals.count - 1
    }

    func literal(_ color: Color) -> Int {
        let channels = [color.red, color.green, color.blue, color.alpha]
        for start in stride(from: 0, to: max(literals.count - 3, 0), by: 1)
            where (0..<4).allSatisfy({ literals[start + $0].bitPattern == channels[$0].bitPattern }) {
            return start
        }
        literals += channels
        return literals.count - 4
    }

    /// Computes a constant expression once per instance: a set-up step into new slots.
    func hoist(_ typed: Typed) -> Int {
        var builder = ProgramBuilder(self, base: 0, hoisting: false)
        let result = builder.emit(typed)
        let program = builder.finish()
        let width = typed.type.width
        let slot = allocateSlots(width)
        setup.append(SetupStep(program: program, result: result, slot: slot, width: width))
        return slot
    }

    func append(_ instructions: [Instruction]) -> Int32 {
        defer { code += instructions }
        return Int32(code.count)
    }
}

/// Compiles typed expressions into one program. Reads and values the expressions use are
/// computed once, at the program's start (in dependency order); everything that depends on the
/// configuration alone is hoisted into the instance's set-up.
struct ProgramBuilder {
    let gen: CodeGen
    let hoisting: Bool
    private(set) var next: Int
    private var main: [Instruction] = []
    private var reads: [(Read, Int)] = []
    private var valueRegisters: [Int: Int] = [:]
    private var valueWidths: [Int: Int] = [:]

    init(_ gen: CodeGen, base: Int, hoisting: Bool = true) {
        self.gen = gen
        self.next = base
        self.hoisting = hoisting
    }

    mutating func allocate(_ width: Int) -> Int {
        defer { next += width }
        return next
    }

    private mutating func append(_ op: Op, _ dst: Int, _ a: Int = 0, _ b: Int = 0, _ c: Int = 0) {
        main.append(Instruction(op, Int32(dst), Int32(a), Int32(b), Int32(c)))
    }

    /// Where an output's value will be: literals and values of the configuration alone are read
    /// where they are; anything else is computed into a register.
    mutating func operand(_ typed: Typed) -> Operand {
        switch typed {
        case let .number(value): return Operand(kind: .literal, index: Int32(gen.literal(value)))
        case let .bool(value): return Operand(kind: .literal, index: Int32(gen.literal(value ? 1 : 0)))
        case let .string(index), let .enumCase(index, _): return Operand(kind: .literal, index: Int32(gen.literal(Double(index))))
        case let .color(color): return Operand(kind: .literal, index: Int32(gen.literal(color)))
        case let .constant(slot, _): return Operand(kind: .constant, index: Int32(slot))
        default:
            if hoisting, typed.isConstant { return Operand(kind: .constant, index: Int32(gen.hoist(typed))) }
            return .register(emit(typed))
        }
    }

    /// Emits `typed`; returns the register holding its value (the first of four for a colour).
    mutating func emit(_ typed: Typed) -> Int {
        switch typed {
        case let .register(register, _):
            return register
        case let .read(read, _):
            if let known = reads.first(where: { $0.0 == read }) { return known.1 }
            let r = allocate(read.width)
            reads.append((read, r))
            return r
        case let .value(index, type):
            if let known = valueRegisters[index] { return known }
            let r = allocate(type.width)
            valueRegisters[index] = r
            valueWidths[index] = type.width
            return r
        default:
            let r = allocate(typed.type.width)
            emit(typed, into: r)
            return r
        }
    }

    /// Emits `typed` so that its value ends in register `dst` (and the three after it, for a
    /// colour), writing it there directly wherever it can.
    mutating func emit(_ typed: Typed, into dst: Int) {
        if hoisting, !typed.isLeaf, typed.isConstant {
            return load(slot: gen.hoist(typed), type: typed.type, into: dst)
        }
        switch typed {
        case let .number(value): append(.literal, dst, gen.literal(value))
        case let .bool(value): append(.literal, dst, gen.literal(value ? 1 : 0))
        case let .string(index), let .enumCase(index, _): append(.literal, dst, gen.literal(Double(index)))
        case let .color(color): append(.literal4, dst, gen.literal(color))
        case let .constant(slot, type): load(slot: slot, type: type, into: dst)
        case let .variable(slot, _): append(.variable, dst, slot)
        case .register, .read, .value:
            let source = emit(typed)
            if source != dst { append(typed.type.width == 4 ? .move4 : .move, dst, source) }
        case let .unary(op, operand, _):
            append(op == .negate ? .negate : .not, dst, emit(operand))
        case let .binary(op, left, right, _):
            binary(op, left, right, into: dst)
        case let .call(function, arguments, type):
            let registers = arguments.map { emit($0) }
            let x = registers[0], y = registers.count > 1 ? registers[1] : 0, z = registers.count > 2 ? registers[2] : 0
            switch function {
            case .min: append(.minimum, dst, x, y)
            case .max: append(.maximum, dst, x, y)
            case .abs: append(.absolute, dst, x)
            case .floor: append(.floor, dst, x)
            case .ceil: append(.ceil, dst, x)
            case .round: append(.round, dst, x)
            case .sqrt: append(.squareRoot, dst, x)
            case .clamp: append(.clamp, dst, x, y, z)
            case .mix: append(type == .color ? .mix4 : .mix, dst, x, y, z)
            case .project: append(.project, dst, x, y)
            case .rubberBand: append(.rubberBand, dst, x, y, z)
            case .rubberBandInverse: append(.rubberBandInverse, dst, x, y, z)
            case .pow: append(.power, dst, x, y)
            case .sin: append(.sine, dst, x)
            case .cos: append(.cosine, dst, x)
            case .atan2: append(.arcTangent2, dst, x, y)
            case .sign: append(.sign, dst, x)
            case .hypot: append(.hypotenuse, dst, x, y)
            case .format:
                guard case let .number(decimals) = arguments[1] else { preconditionFailure("format's decimals are a literal (the checker's rule)") }
                append(.format, dst, x, Int(decimals))
            }
        case let .conditional(condition, a, b, _):
            let c = emit(condition)
            let toElse = main.count
            append(.jumpIfFalse, 0, c)
            emit(a, into: dst)
            let toEnd = main.count
            append(.jump, 0)
            main[toElse].b = Int32(main.count)
            emit(b, into: dst)
            main[toEnd].a = Int32(main.count)
        }
    }

    private mutating func load(slot: Int, type: ValueType, into dst: Int) {
        append(type.width == 4 ? .constant4 : .constant, dst, slot)
    }

    private mutating func binary(_ op: BinaryOperator, _ left: Typed, _ right: Typed, into dst: Int) {
        if op == .and || op == .or {
            // Short-circuit: the right side runs only when it decides.
            emit(left, into: dst)
            let skip = main.count
            append(op == .and ? .jumpIfFalse : .jumpIfTrue, 0, dst)
            emit(right, into: dst)
            main[skip].b = Int32(main.count)
            return
        }
        let a = emit(left)
        let b = emit(right)
        let operandType = left.type
        switch op {
        case .add: append(.add, dst, a, b)
        case .subtract: append(.subtract, dst, a, b)
        case .multiply: append(.multiply, dst, a, b)
        case .divide: append(.divide, dst, a, b)
        case .remainder: append(.remainder, dst, a, b)
        case .less: append(.less, dst, a, b)
        case .lessEqual: append(.lessEqual, dst, a, b)
        case .greater: append(.greater, dst, a, b)
        case .greaterEqual: append(.greaterEqual, dst, a, b)
        case .equal, .notEqual:
            let equal = op == .equal
            switch operandType {
            case .color: append(equal ? .equal4 : .notEqual4, dst, a, b)
            case .string: append(equal ? .equalString : .notEqualString, dst, a, b)
            default: append(equal ? .equal : .notEqual, dst, a, b)
            }
        case .and, .or: break
        }
    }

    /// The program: reads, then the values needed (in dependency order), then the expressions.
    mutating func finish() -> Program {
        // Every value a needed value needs, transitively.
        var pending = Array(valueRegisters.keys)
        while let index = pending.popLast() {
            var values: [Int] = []
            var found: [Read] = []
            gen.values[index].collect(values: &values, reads: &found)
            for read in found where !reads.contains(where: { $0.0 == read }) {
                reads.append((read, allocate(read.width)))
            }
            for value in values where valueRegisters[value] == nil {
                let width = gen.values[value].type.width
                valueRegisters[value] = allocate(width)
                valueWidths[value] = width
                pending.append(value)
            }
        }
        let body = main
        main = []
        for (read, register) in reads {
            append(.read, register, Int(read.kind.rawValue), read.index, read.field)
        }
        for index in gen.valueOrder {
            guard let register = valueRegisters[index] else { continue }
            emit(gen.values[index], into: register)
        }
        let prologue = main.count
        for var instruction in body {
            switch instruction.op {
            case .jump: instruction.a += Int32(prologue)
            case .jumpIfFalse, .jumpIfTrue: instruction.b += Int32(prologue)
            default: break
            }
            main.append(instruction)
        }
        let start = gen.append(main)
        gen.maxRegisters = max(gen.maxRegisters, next)
        return Program(start: start, count: Int32(main.count), registers: Int32(next))
    }
}

/// Fields of an animated value's read.
enum AnimatedField {
    static let presentation: Int = 0, target = 1, velocity = 2, isAnimating = 3
    /// Added to the field of a colour's read (which fills four registers).
    static let colorOffset = 16
}
