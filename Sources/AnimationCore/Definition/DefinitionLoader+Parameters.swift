extension DefinitionLoader {
    // MARK: Parameters

    mutating func loadParameters(_ section: ObjectReader) throws(DocumentError) {
        for member in try members(section) {
            let path = section.field(member.key)
            try declare(member.key, at: path)
            let spec = try parameter(member.key, member.value, at: path, structured: true)
            let slots = layout(spec)
            parts.parameters.append(spec)
            parts.layout.append(slots)
            if case .derived = spec.kind { continue }      // bound once computed, with the constants
            configNames[member.key] = binding(slots, spec)
        }
    }

    /// A parameter's declaration: `{"type": …, "default": …, bounds…}`. Command and action
    /// arguments take the scalar types only.
    mutating func parameter(_ name: String, _ tree: JSON, at path: TreePath, structured: Bool) throws(DocumentError) -> ParameterSpec {
        var r = try ObjectReader(tree, at: path, code: .invalidDefinition)
        _ = try r.string("description")
        let type = try r.requiredString("type")
        let structuredTypes = ["spring", "curve", "timing", "effects", "derived"]
        guard structured || !structuredTypes.contains(type) else {
            throw r.error("type", "an argument is a number, bool, color or enum, not \(type)")
        }
        let kind: ParameterSpec.Kind
        switch type {
        case "number":
            var bounds = NumberBounds()
            bounds.minimum = try r.number("minimum")
            bounds.exclusiveMinimum = try r.number("exclusiveMinimum")
            bounds.maximum = try r.number("maximum")
            bounds.exclusiveMaximum = try r.number("exclusiveMaximum")
            if let range = try r.array("range") {
                guard range.count == 2, let low = range[0].doubleValue, let high = range[1].doubleValue, low <= high else {
                    throw r.error("range", "expected [low, high], two numbers with low ≤ high")
                }
                bounds.range = (low, high)
            }
            bounds.integer = try r.bool("integer", default: false)
            let fallback = try r.number("default")
            if let fallback, let violation = bounds.violation(fallback) {
                throw DocumentError(.outOfRange, at: r.field("default"), "the default \(ParameterError.format(fallback)) \(violation)")
            }
            kind = .number(bounds, fallback)
        case "bool":
            kind = .bool(try r.bool("default"))
        case "color":
            kind = .color(try Self.definitionFault { () throws(DocumentError) in try r.color("default") })
        case "string":
            kind = .string(try r.string("default"))
        case "enum":
            let names = try Self.enumCases(&r)
            var fallback: Int?
            if let text = try r.string("default") {
                guard let index = names.firstIndex(of: text) else {
                    throw DocumentError(.outOfRange, at: r.field("default"), "'\(text)' is not one of the cases")
                }
                fallback = index
            }
            kind = .enumeration(EnumType(names), fallback)
        case "spring":
            kind = .spring(try r.raw("default").map { tree throws(DocumentError) in
                try Self.definitionFault { () throws(DocumentError) in try SpringSpec.decode(tree, at: r.field("default")) }
            })
        case "curve":
            kind = .curve(try r.raw("default").map { tree throws(DocumentError) in
                try Self.definitionFault { () throws(DocumentError) in
                    var reader = try ObjectReader(tree, at: r.field("default"))
                    let curve = try CurveSpec.decode(&reader)
                    try reader.finish()
                    return curve
                }
            })
        case "timing":
            kind = .timing(try r.raw("default").map { tree throws(DocumentError) in
                try Self.definitionFault { () throws(DocumentError) in
                    let timing = try Timing.decode(tree, at: r.field("default"))
                    try timing.validate(at: r.field("default"))
                    return timing
                }
            })
        case "effects":
            guard var variants = try r.object("variants") else { throw r.error("variants", "is required: {\"name\": {fields}}") }
            var spec = EffectsSpec(variants: [])
            for member in variants.members {
                _ = variants.raw(member.key)
                var fields = try ObjectReader(member.value, at: variants.field(member.key), code: .invalidDefinition)
                var specs: [ParameterSpec] = []
                for field in fields.members {
                    _ = fields.raw(field.key)
                    guard Self.isName(field.key), field.key != "type" else {
                        throw fields.error(field.key, "'\(field.key)' is not a field name")
                    }
                    let fieldSpec = try parameter(field.key, field.value, at: fields.field(field.key), structured: true)
                    switch fieldSpec.kind {
                    case .effects, .derived:
                        throw fields.error(field.key, "an effect's field cannot be of type \(fieldSpec.typeName)")
                    case .spring(nil), .curve(nil), .timing(nil):
                        throw DocumentError(.invalidDefinition, at: fields.field(field.key).appending("default"),
                                            "is required for an effect's \(fieldSpec.typeName) field")
                    default: break
                    }
                    specs.append(fieldSpec)
                }
                spec.variants.append((member.key, specs))
            }
            guard !spec.variants.isEmpty else { throw r.error("variants", "must name at least one effect") }
            var fallback: [EffectValue]?
            if let tree = r.raw("default") {
                let probe = ParameterSpec(name: name, kind: .effects(spec, nil))
                let value = try Self.definitionFault { () throws(DocumentError) in try probe.decode(tree, at: r.field("default")) }
                do {
                    try probe.validate(value, at: r.field("default"))
                } catch {
                    throw DocumentError(.outOfRange, at: error.path, error.message)
                }
                if case let .effects(effects) = value { fallback = effects }
            }
            kind = .effects(spec, fallback)
        case "derived":
            guard let value = r.raw("value") else { throw r.error("value", "is required: the expression it is computed by") }
            guard case let .string(text) = value else { throw r.error("value", "expected an expression string, got \(value.kindName)") }
            kind = .derived(try Self.parse(text, at: r.field("value")), text: text, path: r.field("value"))
        default:
            throw DocumentError(.unknownPrimitive, at: r.field("type"),
                                "unknown parameter type '\(type)'; the types are number, bool, color, string, enum, spring, curve, timing, effects, derived")
        }
        try r.finish()
        return ParameterSpec(name: name, kind: kind)
    }

    /// A value decoder's fault in a definition's default is the definition's fault.
    static func definitionFault<T>(_ body: () throws(DocumentError) -> T) throws(DocumentError) -> T {
        do {
            return try body()
        } catch {
            throw DocumentError(.invalidDefinition, at: error.path, error.message)
        }
    }

    /// Slots for a parameter's value in the instance.
    mutating func layout(_ spec: ParameterSpec) -> ParameterSlots {
        switch spec.kind {
        case .number, .bool, .string, .enumeration, .color:
            let type = spec.valueType ?? .number
            return .scalar(gen.allocateSlots(type.width), type)
        case .spring:
            defer { instanceSprings += 1 }
            return .spring(instanceSprings, duration: gen.allocateSlots(1), settling: gen.allocateSlots(1))
        case .timing:
            defer { instanceTimings += 1 }
            return .timing(instanceTimings, duration: gen.allocateSlots(1), isSpring: gen.allocateSlots(1))
        case .curve:
            defer { instanceCurves += 1 }
            return .curve(instanceCurves)
        case let .effects(effects, _):
            return .effects(effects.variants.map { variant in
                (presence: gen.allocateSlots(1), fields: variant.fields.map { layout($0) })
            })
        case .derived:
            return .derived(-1, .number)     // allocated when compiled
        }
    }

    /// What expressions see of a parameter.
    func binding(_ slots: ParameterSlots, _ spec: ParameterSpec) -> Binding {
        switch (slots, spec.kind) {
        case let (.spring(index, duration, settling), _):
            return .spring(index, members: ["duration": .expression(.constant(duration, .number)),
                                            "settlingDuration": .expression(.constant(settling, .number))])
        case let (.timing(index, duration, isSpring), _):
            return .timing(index, members: ["duration": .expression(.constant(duration, .number)),
                                            "isSpring": .expression(.constant(isSpring, .bool))])
        case let (.curve(index), _):
            return .curve(index)
        case let (.effects(variants), .effects(effects, _)):
            var members: [String: Binding] = [:]
            for (variant, variantSlots) in zip(effects.variants, variants) {
                var fields: [String: Binding] = [:]
                for (field, fieldSlots) in zip(variant.fields, variantSlots.fields) { fields[field.name] = binding(fieldSlots, field) }
                members[variant.name] = .namespace(.constant(variantSlots.presence, .bool), fields)
            }
            return .namespace(nil, members)
        case let (.scalar(slot, type), _), let (.derived(slot, type), _):
            return .expression(.constant(slot, type))
        case (.effects, _):
            return .namespace(nil, [:])
        }
    }

    // MARK: Constants and derived parameters

    mutating func loadConstants(_ section: ObjectReader?) throws(DocumentError) {
        var entries: [(name: String, tree: JSON, path: TreePath)] = []
        for spec in parts.parameters {
            if case let .derived(_, text, path) = spec.kind { entries.append((spec.name, .string(text), path)) }
        }
        if let section {
            for member in try members(section) {
                try declare(member.key, at: section.field(member.key))
                entries.append((member.key, member.value, section.field(member.key)))
            }
        }
        for index in try Self.dependencyOrder(entries) {
            let entry = entries[index]
            let typed = try expression(entry.tree, at: entry.path, names: configNames)
            let slot = slot(for: typed)
            configNames[entry.name] = .expression(.constant(slot, typed.type))
            if let position = parts.parameters.firstIndex(where: { $0.name == entry.name }) {
                guard typed.type == .number else {
                    throw DocumentError(.typeMismatch, at: entry.path, "a derived parameter is a number, got \(typed.type)")
                }
                parts.layout[position] = .derived(slot, .number)
            }
        }
    }

    mutating func loadChecks(_ items: [JSON], at path: TreePath) throws(DocumentError) {
        for (index, item) in items.enumerated() {
            var r = try ObjectReader(item, at: path.appending(index), code: .invalidDefinition)
            guard let require = r.raw("require") else { throw r.error("require", "is required: a condition that must hold") }
            let condition = try expression(require, at: r.field("require"), names: configNames, expecting: .bool)
            let field = try r.requiredString("field")
            guard parts.parameters.contains(where: { $0.name == field }) else {
                throw DocumentError(.unknownReference, at: r.field("field"), "'\(field)' is not a parameter")
            }
            let message = try r.requiredString("message")
            try r.finish()
            parts.checks.append(Check(slot: gen.hoist(condition), field: TreePath([.key(field)]), message: message))
        }
    }

    // MARK: State

    mutating func loadVariables(_ section: ObjectReader) throws(DocumentError) {
        for member in try members(section) {
            let path = section.field(member.key)
            try declare(member.key, at: path)
            var r = try ObjectReader(member.value, at: path, code: .invalidDefinition)
            let type = try scalarType(&r, allowing: ["number", "bool", "enum"])
            guard let initial = r.raw("initial") else { throw r.error("initial", "is required") }
            let typed = try expression(initial, at: r.field("initial"), names: configNames, expecting: type)
            try r.finish()
            let index = parts.variables.count
            parts.variables.append(VariableSpec(name: member.key, type: type, initial: gen.hoist(typed)))
            stateNames[member.key] = .expression(.variable(index, type))
            targets[member.key] = .variable(index, type)
        }
    }

    mutating func loadAnimated(_ section: ObjectReader) throws(DocumentError) {
        var first = 0
        for member in try members(section) {
            let path = section.field(member.key)
            try declare(member.key, at: path)
            var r = try ObjectReader(member.value, at: path, code: .invalidDefinition)
            let type = try scalarType(&r, allowing: ["number", "color"])
            guard let initial = r.raw("initial") else { throw r.error("initial", "is required") }
            let typed = try expression(initial, at: r.field("initial"), names: configNames, expecting: type)
            try r.finish()
            let index = parts.animated.count
            parts.animated.append(AnimatedSpec(name: member.key, type: type, initial: gen.hoist(typed), first: first))
            let width = type.width
            // A colour's reads are fields 16 on: four registers.
            let colorOffset = width == 4 ? AnimatedField.colorOffset : 0
            func read(_ field: Int, _ readType: ValueType) -> Binding {
                .expression(.read(Read(kind: .animated, index: first, field: field + (readType.width == 4 ? colorOffset : 0),
                                       width: readType.width), readType))
            }
            stateNames[member.key] = .namespace(
                .read(Read(kind: .animated, index: first, field: AnimatedField.presentation + colorOffset, width: width), type),
                ["target": read(AnimatedField.target, type), "velocity": read(AnimatedField.velocity, type),
                 "isAnimating": read(AnimatedField.isAnimating, .bool)])
            targets[member.key] = .animated(index, type)
            first += width
        }
    }

    /// `"type": …` of a variable or animated value (an enum lists its `cases`).
    mutating func scalarType(_ r: inout ObjectReader, allowing allowed: [String]) throws(DocumentError) -> ValueType {
        let type = try r.requiredString("type")
        guard allowed.contains(type) else {
            throw DocumentError(.unknownPrimitive, at: r.field("type"), "must be one of \(allowed.map { "'\($0)'" }.joined(separator: ", "))")
        }
        switch type {
        case "number": return .number
        case "bool": return .bool
        case "color": return .color
        default:
            let names = try Self.enumCases(&r)
            return .enumeration(EnumType(names))
        }
    }

    /// An enum's `cases`: a non-empty list of distinct, non-empty names.
    static func enumCases(_ r: inout ObjectReader) throws(DocumentError) -> [String] {
        guard let cases = try r.array("cases"), !cases.isEmpty else { throw r.error("cases", "is required: a list of names") }
        var names: [String] = []
        for (index, item) in cases.enumerated() {
            guard case let .string(text) = item, !text.isEmpty, !names.contains(text) else {
                throw DocumentError(.invalidDefinition, at: r.field("cases").appending(index), "expected a name that is not listed yet")
            }
            names.append(text)
        }
        return names
    }

    // MARK: Values

    mutating func loadValues(_ section: ObjectReader) throws(DocumentError) {
        var entries: [(name: String, tree: JSON, path: TreePath)] = []
        for member in try members(section) {
            try declare(member.key, at: section.field(member.key))
            entries.append((member.key, member.value, section.field(member.key)))
        }
        gen.values = Array(repeating: .number(0), count: entries.count)
        for index in try Self.dependencyOrder(entries) {
            let entry = entries[index]
            let typed = try expression(entry.tree, at: entry.path, names: stateNames)
            if typed.isConstant {
                stateNames[entry.name] = .expression(.constant(slot(for: typed), typed.type))
            } else {
                gen.values[index] = typed
                gen.valueOrder.append(index)
                stateNames[entry.name] = .expression(.value(index, typed.type))
            }
        }
    }
}
