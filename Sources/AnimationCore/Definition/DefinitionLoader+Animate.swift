extension DefinitionLoader {
    /// `animate`'s `mode` (`additive`, the default; `retarget`; `fromCurrent`), `delay` (an
    /// expression of seconds, for the additive and from-current modes: a retargeting spring
    /// takes over at once, from the value and velocity shown), `repeatCount` (an expression of
    /// cycles, or `"infinity"`) and `autoreverses`.
    mutating func animateMode(_ r: inout ObjectReader, builder: inout ProgramBuilder,
                              names: [String: Binding]) throws(DocumentError) -> AnimateMode {
        let index = try r.choice("mode", AnimateMode.names) ?? 0
        var mode = AnimateMode(kind: AnimateMode.Kind(rawValue: UInt8(index)) ?? .additive)
        if let tree = r.raw("delay") {
            guard mode.kind != .retarget else {
                throw r.error("delay", "a retargeting animation starts at once; use mode additive or fromCurrent for a delay")
            }
            mode.delay = Int32(builder.emit(try expression(tree, at: r.field("delay"), names: names, expecting: .number)))
        }
        if let tree = r.raw("repeatCount") {
            if case .string("infinity") = tree {
                mode.repeatsForever = true
            } else {
                mode.repeatCount = Int32(builder.emit(try expression(tree, at: r.field("repeatCount"), names: names, expecting: .number)))
            }
        }
        mode.autoreverses = try r.bool("autoreverses", default: false)
        if (mode.repeatCount >= 0 || mode.repeatsForever || mode.autoreverses) && mode.kind == .retarget {
            throw r.error(r.has("repeatCount") ? "repeatCount" : "autoreverses",
                          "a retargeting spring cannot repeat; use mode additive or fromCurrent")
        }
        return mode
    }

    /// `animate`'s `completion`: reactions run when the animation ends, an entry point of their
    /// own (what the reaction that started it saw is gone), with `event.finished` (UIKit's
    /// completion argument: false when the animation was taken away before its end).
    mutating func animateCompletion(_ r: inout ObjectReader) throws(DocumentError) -> ReactionList {
        guard let tree = r.raw("completion") else { return .empty }
        var names = stateNames
        names["event"] = .namespace(nil, ["finished": .expression(.register(0, .bool))])
        let list = try reactions(tree, at: r.field("completion"), context: ReactionContext(names: names, fixed: 1))
        completionLists.append((r.field("completion"), list))
        return list
    }
}

/// An `animate` reaction's `keyframes` as compiled (docs/controls.md, keyframes): the registers
/// its program computes each value into (the animated value's width each), and the literal
/// timing of the path, checked when the definition loaded. Kept in the definition's
/// `keyframePlans`; the reaction holds only the plan's index.
struct KeyframePlan: Sendable {
    var values: [Int]
    var keyTimes: [Double]?
    var timingFunctions: [CubicBezier]
    var mode: KeyframePath.Mode
    /// `tensionValues`, `continuityValues`, `biasValues` per keyframe; empty when none is given.
    var shapes: [KeyframePath.Shape] = []

    /// Values one keyframe animation may list.
    static let maximumValues = 64
}

extension DefinitionLoader {
    /// `keyframes`: `values` (expressions of the animated value's type, 2 to 64), optional
    /// `keyTimes` (literal numbers), `timingFunctions` (curve names or `{"controlPoints"}`, one per
    /// segment), `calculationMode`, and for the cubic modes `tensionValues`, `continuityValues`
    /// and `biasValues` (literal numbers, one per keyframe at most); each rule of Apple's
    /// `keyTimes` documentation is checked here, at the entry that breaks it.
    mutating func keyframePlan(_ tree: JSON, at path: TreePath, type: ValueType, builder: inout ProgramBuilder,
                               names: [String: Binding]) throws(DocumentError) -> Int {
        var r = try ObjectReader(tree, at: path, code: .invalidDefinition)
        let mode = KeyframePath.Mode(rawValue: UInt8(try r.choice("calculationMode", KeyframePath.Mode.names) ?? 0)) ?? .linear
        guard let values = try r.array("values") else { throw r.error("values", "is required: the keyframes' values, from 2 to \(KeyframePlan.maximumValues)") }
        guard values.count >= 2, values.count <= KeyframePlan.maximumValues else {
            throw DocumentError(.invalidDefinition, at: r.field("values"), "needs from 2 to \(KeyframePlan.maximumValues) values, got \(values.count)")
        }
        var registers: [Int] = []
        for (i, value) in values.enumerated() {
            registers.append(builder.emit(try expression(value, at: r.field("values").appending(i), names: names, expecting: type)))
        }
        var keyTimes: [Double]?
        if let list = try r.array("keyTimes") {
            guard !mode.isPaced else {
                throw r.error("keyTimes", "\(mode.name) spaces its key times by the distance along the values (Core Animation ignores keyTimes there); remove keyTimes")
            }
            var times: [Double] = []
            for (i, item) in list.enumerated() {
                guard let time = item.doubleValue else {
                    throw DocumentError(.invalidDefinition, at: r.field("keyTimes").appending(i),
                                        "expected a number from 0 to 1 (key times are literals, checked when the definition loads), got \(item.kindName)")
                }
                times.append(time)
            }
            do {
                try KeyframePath.check(keyTimes: times, values: values.count, mode: mode)
            } catch {
                guard let index = Int(error.parameter) else {
                    throw DocumentError(.invalidDefinition, at: r.field("keyTimes"), "\(error.reason), got \(times.count)")
                }
                throw DocumentError(.outOfRange, at: r.field("keyTimes").appending(index), error.reason)
            }
            keyTimes = times
        }
        var functions: [CubicBezier] = []
        if let list = try r.array("timingFunctions") {
            guard mode == .linear || mode == .cubic else {
                throw r.error("timingFunctions", mode.isPaced
                    ? "\(mode.name) moves at one speed (Core Animation ignores timingFunctions there); remove timingFunctions"
                    : "discrete jumps from value to value: there is nothing to time; remove timingFunctions")
            }
            guard list.count == values.count - 1 else {
                throw r.error("timingFunctions", "needs one timing function per segment: \(values.count - 1) for \(values.count) values, got \(list.count)")
            }
            for (i, item) in list.enumerated() {
                functions.append(try timingFunction(item, at: r.field("timingFunctions").appending(i)))
            }
        }
        let shapes = try keyframeShapes(&r, mode: mode, values: values.count)
        try r.finish()
        pools.keyframes.append(KeyframePlan(values: registers, keyTimes: keyTimes, timingFunctions: functions, mode: mode, shapes: shapes))
        return pools.keyframes.count - 1
    }

    /// `tensionValues`, `continuityValues` and `biasValues`: the Kochanek–Bartels parameters of
    /// each keyframe for the cubic modes, literal numbers from −1 to 1, at most one per value (a
    /// keyframe left out takes 0, as Core Animation's documentation says).
    private func keyframeShapes(_ r: inout ObjectReader, mode: KeyframePath.Mode, values: Int) throws(DocumentError) -> [KeyframePath.Shape] {
        var shapes: [KeyframePath.Shape] = []
        for key in ["tensionValues", "continuityValues", "biasValues"] {
            guard let list = try r.array(key) else { continue }
            guard mode.isCubic else {
                throw r.error(key, "shapes only the cubic calculation modes (Core Animation ignores it otherwise); use calculationMode cubic or cubicPaced, or remove \(key)")
            }
            guard list.count <= values else {
                throw r.error(key, "needs at most one number per value: \(values) for \(values) values, got \(list.count) (a keyframe left out takes 0)")
            }
            if shapes.count < list.count { shapes += Array(repeating: KeyframePath.Shape(), count: list.count - shapes.count) }
            for (i, item) in list.enumerated() {
                guard let number = item.doubleValue else {
                    throw DocumentError(.invalidDefinition, at: r.field(key).appending(i),
                                        "expected a number from -1 to 1 (a literal, checked when the definition loads), got \(item.kindName)")
                }
                guard number >= -1, number <= 1 else {
                    throw DocumentError(.outOfRange, at: r.field(key).appending(i), "must be from -1 to 1 (Kochanek–Bartels' range), got \(number)")
                }
                switch key {
                case "tensionValues": shapes[i].tension = number
                case "continuityValues": shapes[i].continuity = number
                default: shapes[i].bias = number
                }
            }
        }
        return shapes
    }

    /// A segment's `CAMediaTimingFunction`: a curve's name or `{"controlPoints": [x1, y1, x2, y2]}`.
    private func timingFunction(_ item: JSON, at path: TreePath) throws(DocumentError) -> CubicBezier {
        if case let .string(name) = item {
            guard let curve = CubicBezier.named(name) else {
                let known = CubicBezier.named.map(\.name)
                throw DocumentError(.invalidDefinition, at: path,
                                    "unknown curve '\(name)'\(ObjectReader.suggestion(name, known)): use one of \(known.joined(separator: ", ")) or {\"controlPoints\": [x1, y1, x2, y2]}")
            }
            return curve
        }
        var r = try ObjectReader(item, at: path, code: .invalidDefinition)
        guard r.has("curve") || r.has("controlPoints") else {
            throw DocumentError(.invalidDefinition, at: path, "a timing function is a curve's name or {\"controlPoints\": [x1, y1, x2, y2]}")
        }
        let curve = try Self.definitionFault { () throws(DocumentError) in try CurveSpec.decode(&r) }
        try r.finish()
        return curve
    }
}

extension DefinitionLoader {
    /// `animate` with `keyframes` instead of `to`: the path's values, a curve timing over the
    /// whole (`CAAnimation`'s `duration` and `timingFunction`), and `animate`'s `delay`,
    /// `repeatCount`, `autoreverses` and `completion`. No `mode`: it replaces what is in flight.
    mutating func keyframesReaction(_ tree: JSON, _ r: inout ObjectReader, first: Int, type: ValueType,
                                    builder: inout ProgramBuilder, names: [String: Binding]) throws(DocumentError) -> Reaction {
        guard !r.has("to") else {
            throw r.error("to", "a keyframe animation ends at its last value: list the values under keyframes, without 'to'")
        }
        guard !r.has("mode") else {
            throw r.error("mode", "a keyframe animation replaces what is in flight (a non-additive CAKeyframeAnimation); mode does not apply")
        }
        let plan = try keyframePlan(tree, at: r.field("keyframes"), type: type, builder: &builder, names: names)
        guard let timingTree = r.raw("timing") else {
            throw r.error("timing", "is required: {\"curve\", \"duration\"} over the whole keyframe animation")
        }
        let timing = try timingSource(timingTree, at: r.field("timing"), names: names, builder: &builder)
        switch timing {
        case .spring, .springWithVelocity:
            throw DocumentError(.typeMismatch, at: r.field("timing"),
                                "a keyframe animation runs on a curve and a duration (CAKeyframeAnimation's duration and timingFunction), not a spring")
        default:
            break
        }
        let mode = try animateMode(&r, builder: &builder, names: names)
        let program = builder.finish()
        let completion = try animateCompletion(&r)
        return .keyframes(animated: first, width: type.width, program, plan: plan, timing: timing, mode: mode, completion: completion)
    }
}
