/// One typed configuration field (or command argument) a definition declares: its type, its
/// bounds and its default. Clients' values are read against it, checked, and echoed whole.
public struct ParameterSpec: Sendable {
    public let name: String
    let kind: Kind

    indirect enum Kind: Sendable {
        case number(NumberBounds, Double?)
        case bool(Bool?)
        case color(Color?)
        case string(String?)
        case enumeration(EnumType, Int?)
        case spring(SpringTiming?)
        case curve(CubicBezier?)
        case timing(Timing?)
        case effects(EffectsSpec, [EffectValue]?)
        /// Read-only: computed from the others, echoed, and only type-checked when posted back.
        case derived(Expression, text: String, path: TreePath)
    }

    /// The type's name as definitions spell it.
    var typeName: String {
        switch kind {
        case .number: "number"
        case .bool: "bool"
        case .color: "color"
        case .string: "string"
        case .enumeration: "enum"
        case .spring: "spring"
        case .curve: "curve"
        case .timing: "timing"
        case .effects: "effects"
        case .derived: "derived"
        }
    }

    /// The scalar type a value of this parameter has in expressions (nil for structured ones).
    var valueType: ValueType? {
        switch kind {
        case .number: .number
        case .bool: .bool
        case .color: .color
        case .string: .string
        case let .enumeration(type, _): .enumeration(type)
        default: nil
        }
    }
}

/// A number's bounds, each with the message the API has always given for it.
struct NumberBounds: Sendable, Equatable {
    var minimum: Double?
    var exclusiveMinimum: Double?
    var maximum: Double?
    var exclusiveMaximum: Double?
    /// Inclusive, with the single message "must be between a and b".
    var range: (Double, Double)?
    var integer = false

    static func == (a: NumberBounds, b: NumberBounds) -> Bool {
        a.minimum == b.minimum && a.exclusiveMinimum == b.exclusiveMinimum && a.maximum == b.maximum
            && a.exclusiveMaximum == b.exclusiveMaximum && a.range?.0 == b.range?.0 && a.range?.1 == b.range?.1
            && a.integer == b.integer
    }

    /// Why `value` is out of bounds, or nil.
    func violation(_ value: Double) -> String? {
        let format = ParameterError.format
        guard value.isFinite else { return "must be a finite number" }
        if let (low, high) = range, !(value >= low && value <= high) { return "must be between \(format(low)) and \(format(high))" }
        if let bound = exclusiveMinimum, !(value > bound) { return "must be greater than \(format(bound))" }
        if let bound = minimum, !(value >= bound) { return bound == 0 ? "must not be negative" : "must be at least \(format(bound))" }
        if let bound = maximum, !(value <= bound) { return "must be at most \(format(bound))" }
        if let bound = exclusiveMaximum, !(value < bound) { return "must be less than \(format(bound))" }
        if integer, value != value.rounded() { return "must be a whole number" }
        return nil
    }
}

/// A list of tagged effects (`{"type": "scale", …}`), each type at most once.
struct EffectsSpec: Sendable {
    var variants: [(name: String, fields: [ParameterSpec])]

    var spelledNames: String {
        EnumType(variants.map(\.name)).spelled
    }
}

/// A resolved configuration value.
enum ParameterValue: Sendable, Equatable {
    case number(Double)
    case bool(Bool)
    case color(Color)
    case string(String)
    case enumeration(Int)
    case spring(SpringTiming)
    case curve(CubicBezier)
    case timing(Timing)
    case effects([EffectValue])
    /// Computed by the instance.
    case derived
}

struct EffectValue: Sendable, Equatable {
    var variant: Int
    var fields: [ParameterValue]
}

// MARK: Reading values

extension ParameterSpec {
    /// The value when the field is left out, or nil when it is required.
    var defaultValue: ParameterValue? {
        switch kind {
        case let .number(_, value): value.map(ParameterValue.number)
        case let .bool(value): value.map(ParameterValue.bool)
        case let .color(value): value.map(ParameterValue.color)
        case let .string(value): value.map(ParameterValue.string)
        case let .enumeration(_, value): value.map(ParameterValue.enumeration)
        case let .spring(value): value.map(ParameterValue.spring)
        case let .curve(value): value.map(ParameterValue.curve)
        case let .timing(value): value.map(ParameterValue.timing)
        case let .effects(_, value): value.map(ParameterValue.effects)
        case .derived: .derived
        }
    }

    var requiredMessage: String {
        switch kind {
        case .bool: "is required (true or false)"
        case let .enumeration(type, _): "is required: one of \(type.cases.map { "'\($0)'" }.joined(separator: ", "))"
        default: "is required"
        }
    }

    /// Reads this parameter from its object (first phase: shapes and types, no bounds).
    func read(from reader: inout ObjectReader) throws(DocumentError) -> ParameterValue {
        guard let tree = reader.raw(name) else {
            guard let value = defaultValue else { throw reader.error(name, requiredMessage) }
            return value
        }
        return try decode(tree, at: reader.field(name))
    }

    func decode(_ tree: JSON, at path: TreePath) throws(DocumentError) -> ParameterValue {
        func mismatch(_ expected: String) -> DocumentError {
            DocumentError(.invalidField, at: path, "expected \(expected), got \(tree.kindName)")
        }
        switch kind {
        case .number:
            guard case let .number(value) = tree else { throw mismatch("a number") }
            return .number(value)
        case .bool:
            guard case let .bool(value) = tree else { throw mismatch("true or false") }
            return .bool(value)
        case .string:
            guard case let .string(value) = tree else { throw mismatch("a string") }
            return .string(value)
        case .color:
            guard case let .string(text) = tree else { throw mismatch("a string") }
            guard let color = Color(parsing: text) else {
                throw DocumentError(.invalidField, at: path, "'\(text)' is not a colour: use #RGB, #RRGGBB, #RRGGBBAA or a system colour name")
            }
            return .color(color)
        case let .enumeration(type, _):
            guard case let .string(text) = tree else { throw mismatch("a string") }
            guard let index = type.cases.firstIndex(of: text) else {
                throw DocumentError(.invalidField, at: path, "must be one of \(type.cases.map { "'\($0)'" }.joined(separator: ", "))")
            }
            return .enumeration(index)
        case .spring:
            return .spring(try SpringSpec.decode(tree, at: path))
        case .curve:
            var reader = try ObjectReader(tree, at: path)
            let curve = try CurveSpec.decode(&reader)
            try reader.finish()
            return .curve(curve)
        case .timing:
            return .timing(try Timing.decode(tree, at: path))
        case let .effects(spec, _):
            guard case let .array(items) = tree else { throw mismatch("an array") }
            var effects: [EffectValue] = []
            for (index, item) in items.enumerated() {
                effects.append(try Self.decodeEffect(item, spec, at: path.appending(index)))
            }
            return .effects(effects)
        case .derived:
            guard case .number = tree else { throw mismatch("a number") }
            return .derived
        }
    }

    private static func decodeEffect(_ tree: JSON, _ spec: EffectsSpec, at path: TreePath) throws(DocumentError) -> EffectValue {
        var reader = try ObjectReader(tree, at: path)
        guard let type = try reader.string("type") else {
            throw reader.error("type", "is required: \(spec.spelledNames)")
        }
        guard let variant = spec.variants.firstIndex(where: { $0.name == type }) else {
            throw reader.error("type", "unknown effect '\(type)': use \(spec.spelledNames)")
        }
        var fields: [ParameterValue] = []
        for field in spec.variants[variant].fields { fields.append(try field.read(from: &reader)) }
        try reader.finish()
        return EffectValue(variant: variant, fields: fields)
    }

    /// The second phase: bounds, and each effect type at most once.
    func validate(_ value: ParameterValue, at path: TreePath) throws(DocumentError) {
        switch (kind, value) {
        case let (.number(bounds, _), .number(number)):
            if let violation = bounds.violation(number) { throw DocumentError(.invalidField, at: path, violation) }
        case let (.timing, .timing(timing)):
            try timing.validate(at: path)
        case let (.effects(spec, _), .effects(effects)):
            var seen: [Int] = []
            for (index, effect) in effects.enumerated() {
                let name = spec.variants[effect.variant].name
                guard !seen.contains(effect.variant) else {
                    throw DocumentError(.duplicateEffect, at: path.appending(index),
                                        "duplicate effect type '\(name)': each effect type may appear once")
                }
                seen.append(effect.variant)
                for (field, fieldValue) in zip(spec.variants[effect.variant].fields, effect.fields) {
                    try field.validate(fieldValue, at: path.appending(index).appending(field.name))
                }
            }
        default:
            break
        }
    }

    /// The value as the configuration echoes it.
    func echo(_ value: ParameterValue, derived: Double) -> JSON {
        switch (kind, value) {
        case let (_, .number(number)): return .number(number)
        case let (_, .bool(flag)): return .bool(flag)
        case let (_, .color(color)): return .string(color.hex)
        case let (_, .string(text)): return .string(text)
        case let (.enumeration(type, _), .enumeration(index)): return .string(type.cases[index])
        case let (_, .spring(spring)): return SpringSpec.echo(spring)
        case let (_, .curve(curve)): return .object(JSONObject(CurveSpec.echo(curve)))
        case let (_, .timing(timing)): return timing.echo
        case let (.effects(spec, _), .effects(effects)):
            return .array(effects.map { effect in
                let variant = spec.variants[effect.variant]
                var members: [JSON.Member] = [("type", .string(variant.name))]
                for (field, fieldValue) in zip(variant.fields, effect.fields) {
                    members.append((field.name, field.echo(fieldValue, derived: 0)))
                }
                return .object(JSONObject(members))
            })
        case (_, .derived): return .number(derived)
        default: return .null
        }
    }
}

// MARK: Command arguments

extension ParameterSpec {
    /// A command argument as an emission field value (enums as their case names).
    func fieldValue(_ value: ParameterValue) -> FieldValue {
        switch (kind, value) {
        case let (_, .number(number)): .number(number)
        case let (_, .bool(flag)): .bool(flag)
        case let (_, .color(color)): .color(color)
        case let (.enumeration(type, _), .enumeration(index)): .string(type.cases[index])
        case let (_, .string(text)): .string(text)
        default: .number(0)
        }
    }
}
