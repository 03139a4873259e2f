/// What a name, or a name with members, means where an expression is checked.
indirect enum Binding: Sendable {
    /// A value.
    case expression(Typed)
    /// A spring of the configuration (its index in the instance's springs), with readable members.
    case spring(Int, members: [String: Binding])
    /// An animation timing (curve or spring) of the configuration, with readable members.
    case timing(Int, members: [String: Binding])
    /// A curve of the configuration.
    case curve(Int)
    /// A name with members, itself a value when `value` is set (an effect reads as present or not).
    case namespace(Typed?, [String: Binding])
}

/// The names visible to an expression: the definition's, then the context's (`let`, arguments),
/// and `event` when the context has one.
struct Scope: Sendable {
    var names: [String: Binding]

    func resolve(_ path: [String]) -> (Binding?, resolved: Int) {
        guard var binding = names[path[0]] else { return (nil, 0) }
        for (position, member) in path.enumerated().dropFirst() {
            let members: [String: Binding]
            switch binding {
            case let .spring(_, m), let .timing(_, m), let .namespace(_, m): members = m
            default: return (binding, position)
            }
            guard let next = members[member] else { return (binding, position) }
            binding = next
        }
        return (binding, path.count)
    }
}

/// A fault found while checking: where in the text, which code, what.
struct CheckError: Error, Sendable {
    var offset: Int
    var code: DocumentError.Code
    var message: String
}

/// Resolves names and checks types: the expression language is total (every operation is defined
/// on every value of its types, division by zero included), so what type-checks cannot fail.
struct Checker {
    var scope: Scope
    /// The definition's literal strings, interned.
    var strings: StringPool

    init(scope: Scope, strings: StringPool) {
        self.scope = scope
        self.strings = strings
    }

    func check(_ e: Expression, expecting expected: ValueType? = nil) throws(CheckError) -> Typed {
        let typed = try infer(e)
        guard let expected else { return typed }
        guard let coerced = coerce(typed, to: expected) else {
            throw CheckError(offset: e.offset, code: .typeMismatch, message: "expected \(expected), got \(typed.type)")
        }
        return coerced
    }

    /// A string literal (or a conditional of them) where an enum is expected becomes its case.
    func coerce(_ typed: Typed, to type: ValueType) -> Typed? {
        if typed.type == type { return typed }
        guard case let .enumeration(enumType) = type else { return nil }
        switch typed {
        case let .string(index):
            guard let position = enumType.cases.firstIndex(of: strings.text(index)) else { return nil }
            return .enumCase(position, enumType)
        case let .conditional(condition, a, b, _):
            guard let a = coerce(a, to: type), let b = coerce(b, to: type) else { return nil }
            return .conditional(condition, a, b, type)
        default:
            return nil
        }
    }

    private func infer(_ e: Expression) throws(CheckError) -> Typed {
        switch e.syntax {
        case let .number(value): return .number(value)
        case let .bool(value): return .bool(value)
        case let .color(color): return .color(color)
        case let .string(text): return .string(strings.intern(text))
        case let .path(components): return try resolveValue(components, at: e.offset)
        case let .unary(op, operand):
            let typed = try infer(operand)
            let type: ValueType = op == .negate ? .number : .bool
            guard typed.type == type else {
                throw CheckError(offset: e.offset, code: .typeMismatch, message: "'\(op.rawValue)' needs a \(type), got \(typed.type)")
            }
            return .unary(op, typed, type)
        case let .binary(op, left, right):
            return try binary(op, left, right, at: e.offset)
        case let .conditional(condition, a, b):
            let c = try check(condition, expecting: .bool)
            var x = try infer(a)
            var y = try infer(b)
            if x.type != y.type {
                if let coerced = coerce(y, to: x.type) { y = coerced } else if let coerced = coerce(x, to: y.type) { x = coerced }
            }
            guard x.type == y.type else {
                throw CheckError(offset: e.offset, code: .typeMismatch,
                                 message: "the two branches of '?' differ: \(x.type) and \(y.type)")
            }
            return .conditional(c, x, y, x.type)
        case let .call(name, arguments):
            return try call(name, arguments, at: e.offset)
        }
    }

    private func binary(_ op: BinaryOperator, _ left: Expression, _ right: Expression, at offset: Int) throws(CheckError) -> Typed {
        var l = try infer(left)
        var r = try infer(right)
        switch op {
        case .add, .subtract, .multiply, .divide, .remainder, .less, .lessEqual, .greater, .greaterEqual:
            guard l.type == .number, r.type == .number else {
                throw CheckError(offset: offset, code: .typeMismatch, message: "'\(op.rawValue)' needs numbers, got \(l.type) and \(r.type)")
            }
            return .binary(op, l, r, op.isComparison ? .bool : .number)
        case .and, .or:
            guard l.type == .bool, r.type == .bool else {
                throw CheckError(offset: offset, code: .typeMismatch, message: "'\(op.rawValue)' needs bools, got \(l.type) and \(r.type)")
            }
            return .binary(op, l, r, .bool)
        case .equal, .notEqual:
            if l.type != r.type {
                if let coerced = coerce(r, to: l.type) { r = coerced } else if let coerced = coerce(l, to: r.type) { l = coerced }
            }
            guard l.type == r.type else {
                if case let .enumeration(type) = l.type, case .string = r {
                    throw CheckError(offset: offset, code: .typeMismatch, message: "'\(strings.textOf(r))' is not one of \(type.spelled)")
                }
                if case let .enumeration(type) = r.type, case .string = l {
                    throw CheckError(offset: offset, code: .typeMismatch, message: "'\(strings.textOf(l))' is not one of \(type.spelled)")
                }
                throw CheckError(offset: offset, code: .typeMismatch, message: "'\(op.rawValue)' compares values of one type, got \(l.type) and \(r.type)")
            }
            return .binary(op, l, r, .bool)
        }
    }

    private func call(_ name: String, _ arguments: [Expression], at offset: Int) throws(CheckError) -> Typed {
        guard let function = Function(rawValue: name) else {
            let known = Function.allCases.map(\.rawValue).joined(separator: ", ")
            throw CheckError(offset: offset, code: .unknownReference, message: "unknown function '\(name)'; the functions are \(known)")
        }
        var typed: [Typed] = []
        for argument in arguments { typed.append(try infer(argument)) }
        func require(_ types: [ValueType], _ result: ValueType) throws(CheckError) -> Typed {
            guard typed.map(\.type) == types else {
                let wanted = types.map(\.description).joined(separator: ", ")
                let got = typed.map(\.type.description).joined(separator: ", ")
                throw CheckError(offset: offset, code: .typeMismatch, message: "\(name) takes (\(wanted)), got (\(got))")
            }
            return .call(function, typed, result)
        }
        switch function {
        case .min, .max: return try require([.number, .number], .number)
        case .abs, .floor, .ceil, .round, .sqrt, .sin, .cos, .sign: return try require([.number], .number)
        case .pow, .atan2, .hypot: return try require([.number, .number], .number)
        case .clamp: return try require([.number, .number, .number], .number)
        case .project: return try require([.number, .number], .number)
        case .rubberBand, .rubberBandInverse:
            if typed.count == 2 { typed.append(.number(RubberBand.scrollViewCoefficient)) }
            return try require([.number, .number, .number], .number)
        case .format:
            let call = try require([.number, .number], .string)
            guard case let .number(decimals) = typed[1], decimals == decimals.rounded(),
                  (0 ... Double(FormattedNumber.maximumDecimals)).contains(decimals) else {
                throw CheckError(offset: offset, code: .typeMismatch,
                                 message: "format's decimals must be a whole number from 0 to \(FormattedNumber.maximumDecimals) written as a literal")
            }
            return call
        case .mix:
            if typed.first?.type == .color { return try require([.color, .color, .number], .color) }
            return try require([.number, .number, .number], .number)
        }
    }

    private func resolveValue(_ path: [String], at offset: Int) throws(CheckError) -> Typed {
        let (binding, resolved) = scope.resolve(path)
        let shown = path.joined(separator: ".")
        guard let binding else {
            // A name nothing declares may be one of UIKit's system colours (`systemBlue`, `white`, `clear`).
            if path.count == 1, let named = Color.systemColors.first(where: { $0.name == path[0] }) { return .color(named.color) }
            throw CheckError(offset: offset, code: .unknownReference, message: "unknown reference '\(path[0])'")
        }
        guard resolved == path.count else {
            let prefix = path.prefix(resolved).joined(separator: ".")
            let members = Self.members(of: binding)
            let known = members.isEmpty ? "it has no members" : "its members are \(members.joined(separator: ", "))"
            throw CheckError(offset: offset, code: .unknownReference, message: "'\(prefix)' has no member '\(path[resolved])' (\(known))")
        }
        switch binding {
        case let .expression(typed): return typed
        case let .namespace(value?, _): return value
        case .spring, .timing, .curve, .namespace:
            let members = Self.members(of: binding)
            let hint = members.isEmpty ? "" : "; read one of its members: \(members.map { shown + "." + $0 }.joined(separator: ", "))"
            throw CheckError(offset: offset, code: .typeMismatch, message: "'\(shown)' is not a value\(hint)")
        }
    }

    static func members(of binding: Binding) -> [String] {
        switch binding {
        case let .spring(_, members), let .timing(_, members), let .namespace(_, members): members.keys.sorted()
        default: []
        }
    }
}

/// Literal strings, each once.
/// `@unchecked Sendable`: filled by one compilation, on its thread, and only read after it.
final class StringPool: @unchecked Sendable {
    private(set) var texts: [String] = []

    func intern(_ text: String) -> Int {
        if let index = texts.firstIndex(of: text) { return index }
        texts.append(text)
        return texts.count - 1
    }

    func text(_ index: Int) -> String { texts[index] }

    func textOf(_ typed: Typed) -> String {
        if case let .string(index) = typed { return texts[index] }
        return ""
    }
}
