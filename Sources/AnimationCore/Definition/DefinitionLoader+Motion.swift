extension DefinitionLoader {
    /// Axis fields that, left out, take another field's value: a page's spring `dimension` is its
    /// `pageSize`, the velocity that picks the page is the spring's `velocity`.
    static let defaultingField = ["dimension": "pageSize", "pageVelocity": "velocity"]

    /// A motion reaction (`decelerate`, `page`, `move`, `snap`; docs/controls.md#motion): the
    /// animated values it moves (a name, or a list of one or two), a field per moved value (one
    /// expression for all, or a list with one per value), the kind's shared fields, and
    /// optionally the timer to fire when the motion comes to rest.
    mutating func motionReaction(_ kind: MotionPlan.Kind, _ r: inout ObjectReader, names: [String: Binding],
                                 builder: inout ProgramBuilder) throws(DocumentError) -> Reaction {
        let verb = kind.rawValue
        let moved = try movedValues(&r, verb, kind: kind)
        let (axisFields, sharedFields) = MotionPlan.fields(of: kind)
        func compile(_ tree: JSON, at path: TreePath, _ type: ValueType) throws(DocumentError) -> Int {
            builder.emit(try expression(tree, at: path, names: names, expecting: type))
        }
        var registers = Array(repeating: [Int](), count: moved.count)
        for field in axisFields {
            let trees: [(JSON, TreePath)]
            if let given = r.raw(field.key) {
                if case let .array(items) = given {
                    guard items.count == moved.count else {
                        throw r.error(field.key, "expected \(moved.count) expressions, one per moved value, got \(items.count)")
                    }
                    trees = items.enumerated().map { ($1, r.field(field.key).appending($0)) }
                } else {
                    trees = [(given, r.field(field.key))]
                }
            } else if let fallback = field.fallback {
                trees = [(fallback, r.field(field.key))]
            } else if let copied = Self.defaultingField[field.key],
                      let source = axisFields.firstIndex(where: { $0.key == copied }) {
                // The registers of the field it defaults to, compiled before (it comes first).
                for index in registers.indices { registers[index].append(registers[index][source]) }
                continue
            } else if field.key == "position" {
                trees = moved.map { (.string($0.name), r.field(verb)) }
            } else {
                throw r.error(field.key, "is required")
            }
            if trees.count == 1 {
                let register = try compile(trees[0].0, at: trees[0].1, field.type)
                for index in registers.indices { registers[index].append(register) }
            } else {
                for (index, (tree, path)) in trees.enumerated() { registers[index].append(try compile(tree, at: path, field.type)) }
            }
        }
        var shared: [Int] = []
        for field in sharedFields {
            let tree = r.raw(field.key) ?? field.fallback ?? .number(0)
            shared.append(try compile(tree, at: r.field(field.key), field.type))
        }
        var targets: [(at: Int, when: Int)] = []
        var index = -1
        if kind == .snap {
            guard let items = try r.array("targets"), !items.isEmpty else {
                throw r.error("targets", "is required: a list of positions, each an expression or {\"at\", \"when\"}")
            }
            guard items.count <= MotionPlan.maximumTargets else {
                throw r.error("targets", "a snap has at most \(MotionPlan.maximumTargets) targets")
            }
            for (position, item) in items.enumerated() {
                let path = r.field("targets").appending(position)
                guard case .object = item else {
                    targets.append((try compile(item, at: path, .number), -1))
                    continue
                }
                var target = try ObjectReader(item, at: path, code: .invalidDefinition)
                guard let at = target.raw("at") else { throw target.error("at", "is required") }
                let register = try compile(at, at: target.field("at"), .number)
                var when = -1
                if let condition = target.raw("when") { when = try compile(condition, at: target.field("when"), .bool) }
                try target.finish()
                targets.append((register, when))
            }
            if let name = try r.string("index") {
                guard case let .variable(variable, .number)? = self.targets[name] else {
                    throw r.error("index", "'\(name)' is not a number variable")
                }
                index = variable
            }
        }
        var completion = -1
        if let name = try r.string("completion") {
            guard case let .timer(timer)? = self.targets[name] else {
                throw r.error("completion", "'\(name)' is not a timer")
            }
            completion = timer
        }
        let axes = zip(moved, registers).map { MotionPlan.Axis(animated: $0.first, registers: $1) }
        pools.motions.append(MotionPlan(kind: kind, axes: axes, shared: shared, targets: targets, index: index,
                                        completion: completion))
        return .motion(plan: pools.motions.count - 1, builder.finish())
    }

    /// The animated numbers a motion moves: `"name"` or `["x", "y"]`.
    private func movedValues(_ r: inout ObjectReader, _ verb: String,
                             kind: MotionPlan.Kind) throws(DocumentError) -> [(name: String, first: Int)] {
        let names: [String]
        switch r.raw(verb) {
        case let .string(name)?: names = [name]
        case let .array(items)?:
            names = items.compactMap(\.stringValue)
            guard names.count == items.count, !names.isEmpty else {
                throw r.error(verb, "expected an animated value's name or a list of names")
            }
        default:
            throw r.error(verb, "expected an animated value's name or a list of names")
        }
        let limit = MotionPlan.maximumAxes(of: kind)
        guard names.count <= limit else { throw r.error(verb, "'\(verb)' moves at most \(limit) value\(limit == 1 ? "" : "s")") }
        var moved: [(name: String, first: Int)] = []
        for name in names {
            guard let target = targets[name] else { throw DocumentError(.unknownReference, at: r.field(verb), "unknown reference '\(name)'") }
            guard case let .animated(index, .number) = target else {
                throw DocumentError(.typeMismatch, at: r.field(verb), "'\(verb)' moves animated numbers; '\(name)' is \(target.what)")
            }
            guard !moved.contains(where: { $0.name == name }) else { throw r.error(verb, "'\(name)' is listed twice") }
            moved.append((name, parts.animated[index].first))
        }
        return moved
    }
}
