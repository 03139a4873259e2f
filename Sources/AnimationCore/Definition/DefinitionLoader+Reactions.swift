/// Where reactions are compiled: the names they see and the fixed registers taken so far
/// (event fields or arguments, then `let`s).
struct ReactionContext {
    var names: [String: Binding]
    var fixed: Int
}

extension DefinitionLoader {
    static let verbs = ["set", "animate", "emit", "if", "let", "run", "schedule", "cancel", "setSelected", "setEnabled",
                        "reset", "add", "pause", "resume", "remove", "start", "interrupt", "scrub", "continue", "reverse",
                        "setReversed", "discard"] + MotionPlan.Kind.allCases.map(\.rawValue)

    // MARK: Declarations

    mutating func declareInputs(_ section: ObjectReader) throws(DocumentError) {
        for member in try members(section) {
            let path = section.field(member.key)
            try declare(member.key, at: path)
            var r = try ObjectReader(member.value, at: path, code: .invalidDefinition)
            let type = try r.requiredString("type")
            guard let kind = InputKind(rawValue: type) else {
                let known = InputKind.allCases.map(\.rawValue)
                throw DocumentError(.unknownPrimitive, at: r.field("type"),
                                    "unknown input '\(type)'\(ObjectReader.suggestion(type, known)); the inputs are \(known.joined(separator: ", "))")
            }
            let index = targets.values.filter { if case .input = $0 { true } else { false } }.count
            targets[member.key] = .input(index, kind)
            declaredInputs.append(member.key)
            let fields: [String: Binding]
            switch kind {
            case .control: fields = ReadField.bindings(.control, index: index, ReadField.control, bools: [0, 1, 2, 3, 4])
            case .pan, .screenEdgePan: fields = ReadField.bindings(.pan, index: index, ReadField.pan, bools: [0, 1])
            case .swipe: fields = ReadField.bindings(.swipe, index: index, ReadField.swipe, bools: [0])
            case .pinch, .rotation: fields = ReadField.bindings(.transform, index: index, ReadField.transform, bools: [0, 1])
            case .tap: fields = ReadField.bindings(.tap, index: index, ReadField.tap, bools: [0])
            case .longPress: fields = ReadField.bindings(.longPress, index: index, ReadField.longPress, bools: [0, 1])
            }
            stateNames[member.key] = .namespace(nil, fields)
        }
    }

    mutating func declareBasics(_ section: ObjectReader) throws(DocumentError) {
        for (index, member) in try members(section).enumerated() {
            try declare(member.key, at: section.field(member.key))
            targets[member.key] = .basic(index)
            stateNames[member.key] = .namespace(nil, ReadField.bindings(.basic, index: index, ReadField.basic, bools: ReadField.basicBools))
        }
    }

    mutating func declareGroups(_ section: ObjectReader) throws(DocumentError) {
        for (index, member) in try members(section).enumerated() {
            let path = section.field(member.key)
            try declare(member.key, at: path)
            let r = try ObjectReader(member.value, at: path, code: .invalidDefinition)
            guard case let .object(memberTrees)? = r.members.first(where: { $0.key == "members" })?.value, !memberTrees.isEmpty else {
                throw r.error("members", "is required: {\"name\": {\"duration\": …, \"timing\": …}, …}")
            }
            guard memberTrees.count <= 16 else { throw r.error("members", "a group has at most 16 animators") }
            let names = memberTrees.map(\.key)
            targets[member.key] = .group(index, members: names)
            var fields = ReadField.bindings(.group, index: index, ReadField.group, bools: ReadField.groupBools)
            for (position, name) in names.enumerated() {
                guard Self.isName(name), fields[name] == nil else {
                    throw DocumentError(.invalidDefinition, at: r.field("members").appending(name), "'\(name)' cannot name an animator here")
                }
                fields[name] = .namespace(nil, ReadField.bindings(.member, index: index, ReadField.member, bools: ReadField.memberBools,
                                                                  offset: position * ReadField.memberStride))
            }
            stateNames[member.key] = .namespace(nil, fields)
        }
    }

    mutating func declareTimers(_ section: ObjectReader) throws(DocumentError) {
        let all = try members(section)
        guard all.count <= DefinitionLimits.maximumTimers else {
            throw DocumentError(.tooManyTimers, at: section.path, "\(all.count) timers; a definition may have at most \(DefinitionLimits.maximumTimers)")
        }
        for (index, member) in all.enumerated() {
            try declare(member.key, at: section.field(member.key))
            targets[member.key] = .timer(index)
            stateNames[member.key] = .namespace(nil, ReadField.bindings(.timer, index: index, ReadField.timer, bools: [0]))
        }
    }

    mutating func declareActions(_ section: ObjectReader) throws(DocumentError) {
        for member in try members(section) {
            let path = section.field(member.key)
            guard Self.isName(member.key) else { throw DocumentError(.invalidDefinition, at: path, "'\(member.key)' is not a name") }
            var r = try ObjectReader(member.value, at: path, code: .invalidDefinition)
            actionIndex[member.key] = actionParameters.count
            actionParameters.append(try arguments(r.object("parameters")))
        }
    }

    /// Typed arguments of a command or an action.
    mutating func arguments(_ section: ObjectReader?) throws(DocumentError) -> [ParameterSpec] {
        guard let section else { return [] }
        var specs: [ParameterSpec] = []
        for member in try members(section) {
            let path = section.field(member.key)
            guard Self.isName(member.key), !Self.reserved.contains(member.key) else {
                throw DocumentError(.invalidDefinition, at: path, "'\(member.key)' is not an argument name")
            }
            let spec = try parameter(member.key, member.value, at: path, structured: false)
            if case .string = spec.kind { throw DocumentError(.invalidDefinition, at: path, "an argument is a number, bool, color or enum, not string") }
            specs.append(spec)
        }
        return specs
    }

    /// Names for arguments in registers from 0 on; returns them and the registers taken.
    static func argumentBindings(_ specs: [ParameterSpec]) -> ([String: Binding], Int) {
        var names: [String: Binding] = [:]
        var next = 0
        for spec in specs {
            let type = spec.valueType ?? .number
            names[spec.name] = .expression(.register(next, type))
            next += type.width
        }
        return (names, next)
    }

    // MARK: Bodies

    mutating func compileInputs(_ section: ObjectReader) throws(DocumentError) {
        for member in section.members {
            let path = section.field(member.key)
            var r = try ObjectReader(member.value, at: path, code: .invalidDefinition)
            let kind = InputKind(rawValue: try r.requiredString("type")) ?? .control
            guard let regionTree = r.raw("region") else { throw r.error("region", "is required: {\"x\", \"y\", \"width\", \"height\"}") }
            let region = try self.region(regionTree, at: r.field("region"))
            var on = try r.object("on")
            let location: [String: Binding] = ["location": .namespace(nil, ["x": .expression(.register(0, .number)),
                                                                            "y": .expression(.register(1, .number))])]
            func eventContext(_ fields: [String: Binding], _ fixed: Int) -> ReactionContext {
                var names = stateNames
                names["event"] = .namespace(nil, fields)
                return ReactionContext(names: names, fixed: fixed)
            }
            switch kind {
            case .control:
                let slop = try option(&r, "slop", default: .number(ControlTracker.defaultSlop), .number)
                let enabled = try option(&r, "enabled", default: .bool(true), .bool)
                let selected = try option(&r, "selected", default: .bool(false), .bool)
                let changes = try option(&r, "changesSelectionAsPrimaryAction", default: .bool(false), .bool)
                let emits = try r.bool("emitsControlEvents", default: false)
                let onStateChange = try reactions(r.raw("onStateChange"), at: r.field("onStateChange"),
                                                  context: ReactionContext(names: stateNames, fixed: 0))
                var handlers: [ReactionList] = []
                for event in ControlTracking.Event.allCases {
                    let tree = on.flatMap { reader -> JSON? in var reader = reader; return reader.raw(event.rawValue) }
                    if on != nil { _ = on!.raw(event.rawValue) }
                    handlers.append(try reactions(tree, at: path.appending("on").appending(event.rawValue), context: eventContext(location, 2)))
                }
                let overrides = try controlOverrides(&r, on: on, at: path, context: eventContext(location, 2))
                try finishEvents(on, "control events", ControlTracking.Event.allCases.map(\.rawValue) + ControlOverrides.events)
                parts.inputs.append(.control(ControlInputSpec(
                    region: region, slop: slop, selected: selected, enabled: enabled, changesSelection: changes,
                    emitsControlEvents: emits, onStateChange: onStateChange, on: pools.addEventLists(handlers), overrides: overrides)))
            case .tap:
                let movement = try option(&r, "allowableMovement", default: .number(TapRecognizer.defaultAllowableMovement), .number)
                let duration = try option(&r, "maximumDuration", default: .number(TapRecognizer.defaultMaximumDuration), .number)
                let recognized = try reactions(on?.raw("recognized"), at: path.appending("on").appending("recognized"),
                                               context: eventContext(location, 2))
                if on != nil { _ = on!.raw("recognized") }
                try finishEvents(on, "tap events", ["recognized"])
                let multiTap = r.has("numberOfTapsRequired")
                let taps = try option(&r, "numberOfTapsRequired", default: .number(1), .number)
                let required = try inputMask(&r, "requireToFail", of: member.key)
                parts.inputs.append(.tap(TapInputSpec(region: region, allowableMovement: movement, maximumDuration: duration,
                                                      numberOfTapsRequired: taps, multiTap: multiTap, recognized: recognized,
                                                      requireToFail: required,
                                                      simultaneous: try inputMask(&r, "simultaneousWith", of: member.key))))
            case .pan, .screenEdgePan:
                let hysteresis: Int
                var axis = PanRecognizer.Axis.both, directionalLock = false, edges: UInt8 = 0
                if kind == .pan {
                    hysteresis = try option(&r, "hysteresis", default: .number(PanRecognizer.defaultHysteresis), .number)
                    axis = PanRecognizer.Axis(rawValue: UInt8(try r.choice("axis", ["both", "horizontal", "vertical"]) ?? 0)) ?? .both
                    directionalLock = try r.bool("directionalLock", default: false)
                } else {
                    hysteresis = try slot(for: expression(.number(PanRecognizer.screenEdgeHysteresis), at: r.field("type"),
                                                          names: configNames, expecting: .number))
                    edges = try optionSet(&r, "edges", [("top", 1), ("left", 2), ("bottom", 4), ("right", 8)], required: true)
                }
                let moving = eventContext(["translation": vector(0), "velocity": vector(2), "location": vector(4)], 6)
                let lists = try continuousEvents(&on, at: path, moving: moving, cancelled: eventContext([:], 0), "pan events")
                parts.inputs.append(.pan(PanInputSpec(
                    region: region, hysteresis: hysteresis, edges: edges, axis: axis, directionalLock: directionalLock,
                    began: lists[0], changed: lists[1], ended: lists[2], cancelled: lists[3],
                    simultaneous: try inputMask(&r, "simultaneousWith", of: member.key),
                    requireToFail: try inputMask(&r, "requireToFail", of: member.key))))
            case .pinch, .rotation:
                let value = kind == .pinch ? "scale" : "rotation"
                let moving = eventContext([value: .expression(.register(0, .number)), "velocity": .expression(.register(1, .number)),
                                           "location": vector(2)], 4)
                let lists = try continuousEvents(&on, at: path, moving: moving, cancelled: eventContext([:], 0), "\(kind.rawValue) events")
                parts.inputs.append(.transform(TransformInputSpec(
                    region: region, kind: kind == .pinch ? .pinch : .rotation, began: lists[0], changed: lists[1], ended: lists[2],
                    cancelled: lists[3], simultaneous: try inputMask(&r, "simultaneousWith", of: member.key))))
            case .swipe:
                let direction = try optionSet(&r, "direction", SwipeRecognizer.Direction.named.map { ($0.0, $0.1.rawValue) },
                                              required: false)
                let primary = try option(&r, "minimumPrimaryMovement",
                                         default: .number(SwipeRecognizer.defaultMinimumPrimaryMovement), .number)
                let secondary = try option(&r, "maximumSecondaryMovement",
                                           default: .number(SwipeRecognizer.defaultMaximumSecondaryMovement), .number)
                let recognized = try reactions(on?.raw("recognized"), at: path.appending("on").appending("recognized"),
                                               context: eventContext(["location": vector(0), "translation": vector(2)], 4))
                try finishEvents(on, "swipe events", ["recognized"])
                parts.inputs.append(.swipe(SwipeInputSpec(
                    region: region, direction: SwipeRecognizer.Direction(rawValue: direction == 0 ? 1 : direction),
                    minimumPrimaryMovement: primary, maximumSecondaryMovement: secondary, recognized: recognized,
                    simultaneous: try inputMask(&r, "simultaneousWith", of: member.key))))
            case .longPress:
                let duration = try option(&r, "minimumPressDuration",
                                          default: .number(LongPressRecognizer.defaultMinimumPressDuration), .number)
                let movement = try option(&r, "allowableMovement", default: .number(LongPressRecognizer.defaultAllowableMovement), .number)
                let lists = try continuousEvents(&on, at: path, moving: eventContext(location, 2), cancelled: eventContext([:], 0), "long press events")
                parts.inputs.append(.longPress(LongPressInputSpec(
                    region: region, minimumPressDuration: duration, allowableMovement: movement, began: lists[0], changed: lists[1],
                    ended: lists[2], cancelled: lists[3], simultaneous: try inputMask(&r, "simultaneousWith", of: member.key),
                    requireToFail: try inputMask(&r, "requireToFail", of: member.key))))
            }
            _ = r.raw("on")
            _ = r.raw("type")
            try r.finish()
        }
    }

    /// An event field of two registers from `x` on: `.x` and `.y`.
    private func vector(_ x: Int) -> Binding {
        .namespace(nil, ["x": .expression(.register(x, .number)), "y": .expression(.register(x + 1, .number))])
    }

    /// A continuous recognizer's `began`, `changed`, `ended` (seeing `moving`) and `cancelled`
    /// reaction lists, in that order; any other event under `on` is refused, naming `what`.
    private mutating func continuousEvents(_ on: inout ObjectReader?, at path: TreePath, moving: ReactionContext,
                                           cancelled: ReactionContext, _ what: String) throws(DocumentError) -> [ReactionList] {
        var lists: [ReactionList] = []
        let names = ["began", "changed", "ended", "cancelled"]
        for name in names {
            let tree = on?.raw(name)
            lists.append(try reactions(tree, at: path.appending("on").appending(name), context: name == "cancelled" ? cancelled : moving))
        }
        try finishEvents(on, what, names)
        return lists
    }

    /// A set of named flags, UIKit's option sets (`UIRectEdge`, a swipe's `direction`): one name or
    /// an array of names, literal (the recognizer is configured once, as UIKit's is at creation).
    private func optionSet(_ r: inout ObjectReader, _ key: String, _ names: [(String, UInt8)],
                           required: Bool) throws(DocumentError) -> UInt8 {
        let listed = "one of \(names.map { "'\($0.0)'" }.joined(separator: ", ")) or an array of them"
        guard let tree = r.raw(key) else {
            if required { throw r.error(key, "is required: \(listed)") }
            return 0
        }
        let items: [(JSON, TreePath)]
        switch tree {
        case .string: items = [(tree, r.field(key))]
        case let .array(list) where !list.isEmpty: items = list.enumerated().map { ($0.element, r.field(key).appending($0.offset)) }
        default: throw r.error(key, "must be \(listed) (a constant: no expression)")
        }
        var bits: UInt8 = 0
        for (item, at) in items {
            guard case let .string(name) = item, let bit = names.first(where: { $0.0 == name })?.1 else {
                let text = if case let .string(name) = item { "'\(name)'\(ObjectReader.suggestion(name, names.map(\.0)))" } else { "this" }
                throw DocumentError(.invalidDefinition, at: at, "\(text) is not one of \(names.map { "'\($0.0)'" }.joined(separator: ", "))")
            }
            bits |= bit
        }
        return bits
    }

    /// `requireToFail` or `simultaneousWith`: names of other recognizers (tap, pan, longPress
    /// inputs), as one bit per input index.
    private func inputMask(_ r: inout ObjectReader, _ key: String, of name: String) throws(DocumentError) -> UInt64 {
        guard let list = try r.array(key) else { return 0 }
        var mask: UInt64 = 0
        for (position, item) in list.enumerated() {
            let at = r.field(key).appending(position)
            guard case let .string(other) = item else { throw DocumentError(.invalidDefinition, at: at, "expected an input's name") }
            guard case let .input(index, kind)? = targets[other] else {
                let inputs = declaredInputs.joined(separator: ", ")
                throw DocumentError(.unknownReference, at: at,
                                    "unknown input '\(other)'\(ObjectReader.suggestion(other, declaredInputs)); the inputs are \(inputs)")
            }
            guard kind != .control, other != name else {
                throw DocumentError(.typeMismatch, at: at, "'\(key)' names another recognizer (tap, pan, longPress, swipe, screenEdgePan, pinch, rotation); '\(other)' is \(other == name ? "this one" : "a control input")")
            }
            guard index < 64 else { throw DocumentError(.invalidDefinition, at: at, "only the first 64 inputs can be named here") }
            mask |= 1 << UInt64(index)
        }
        return mask
    }

    /// Either side declaring two recognizers simultaneous makes them so (as either delegate
    /// answering true to `shouldRecognizeSimultaneouslyWith` does).
    mutating func symmetrizeSimultaneity() {
        for index in parts.inputs.indices where index < 64 {
            let mask = parts.inputs[index].simultaneous
            for other in parts.inputs.indices where other < 64 && mask & (1 << UInt64(other)) != 0 {
                parts.inputs[other].simultaneous |= 1 << UInt64(index)
            }
        }
    }

    private func finishEvents(_ on: ObjectReader?, _ what: String, _ known: [String]) throws(DocumentError) {
        guard let on else { return }
        for member in on.members where !known.contains(member.key) {
            throw DocumentError(.unknownPrimitive, at: on.field(member.key),
                                "unknown \(what.dropLast()) '\(member.key)'; the \(what) are \(known.joined(separator: ", "))")
        }
    }

    /// An option of the configuration alone, computed once per instance: its slot.
    private mutating func option(_ r: inout ObjectReader, _ key: String, default fallback: JSON, _ type: ValueType) throws(DocumentError) -> Int {
        let tree = r.raw(key) ?? fallback
        return slot(for: try expression(tree, at: r.field(key), names: configNames, expecting: type))
    }

    /// `{"x", "y", "width", "height"}`, expressions of the state.
    mutating func region(_ tree: JSON, at path: TreePath) throws(DocumentError) -> RegionSpec {
        var r = try ObjectReader(tree, at: path, code: .invalidDefinition)
        var typed: [Typed] = []
        for key in ["x", "y", "width", "height"] {
            guard let value = r.raw(key) else { throw r.error(key, "is required") }
            typed.append(try expression(value, at: r.field(key), names: stateNames, expecting: .number))
        }
        try r.finish()
        var builder = ProgramBuilder(gen, base: 0)
        let registers = typed.map { builder.emit($0) }
        var constant: Int?
        if typed.allSatisfy(\.isConstant) {
            // Four consecutive slots, computed once per instance.
            let first = gen.tableSize
            for expression in typed { _ = gen.hoist(expression) }
            constant = first
        }
        return RegionSpec(program: builder.finish(), registers: (registers[0], registers[1], registers[2], registers[3]),
                          constant: constant)
    }

    mutating func compileCommands(_ section: ObjectReader) throws(DocumentError) {
        for member in try members(section) {
            let path = section.field(member.key)
            guard Self.isName(member.key), !["touchDown", "touchMove", "touchUp", "touchCancel", "tap", "drag"].contains(member.key) else {
                throw DocumentError(.invalidDefinition, at: path, "'\(member.key)' cannot name a command")
            }
            var r = try ObjectReader(member.value, at: path, code: .invalidDefinition)
            let specs = try arguments(r.object("parameters"))
            for spec in specs where spec.name == "type" || spec.name == "t" {
                throw DocumentError(.invalidDefinition, at: r.field("parameters").appending(spec.name), "'\(spec.name)' is the event's own field")
            }
            let (fields, fixed) = Self.argumentBindings(specs)
            var names = stateNames
            names["event"] = .namespace(nil, fields)
            let body = try reactions(r.raw("do"), at: r.field("do"), context: ReactionContext(names: names, fixed: fixed))
            try r.finish()
            parts.commands.append(CommandSpec(name: member.key, parameters: specs, reactions: body))
        }
    }

    mutating func compileActions(_ section: ObjectReader) throws(DocumentError) {
        for member in section.members {
            let path = section.field(member.key)
            var r = try ObjectReader(member.value, at: path, code: .invalidDefinition)
            _ = r.raw("parameters")
            let specs = actionParameters[actionIndex[member.key] ?? 0]
            var (names, fixed) = Self.argumentBindings(specs)
            for (name, binding) in names {
                guard stateNames[name] == nil else {
                    throw DocumentError(.duplicateName, at: r.field("parameters").appending(name), "'\(name)' is already a name of the definition")
                }
                names[name] = binding
            }
            names.merge(stateNames) { local, _ in local }
            let body = try reactions(r.raw("do"), at: r.field("do"), context: ReactionContext(names: names, fixed: fixed))
            try r.finish()
            parts.actions.append(ActionSpec(name: member.key, parameters: specs, reactions: body))
        }
    }

    mutating func compileTimers(_ section: ObjectReader) throws(DocumentError) {
        for member in section.members {
            var r = try ObjectReader(member.value, at: section.field(member.key), code: .invalidDefinition)
            let body = try reactions(r.raw("do"), at: r.field("do"), context: ReactionContext(names: stateNames, fixed: 0))
            try r.finish()
            parts.timers.append(TimerSpec(name: member.key, reactions: body))
        }
    }

    mutating func compileBasics(_ section: ObjectReader) throws(DocumentError) {
        for member in section.members {
            var r = try ObjectReader(member.value, at: section.field(member.key), code: .invalidDefinition)
            if let type = try r.string("type"), type != "basic" {
                throw DocumentError(.unknownPrimitive, at: r.field("type"), "unknown animation '\(type)'; the animations are basic")
            }
            let body = try reactions(r.raw("onComplete"), at: r.field("onComplete"), context: ReactionContext(names: stateNames, fixed: 0))
            try r.finish()
            parts.basics.append(BasicSpec(name: member.key, onComplete: body))
        }
    }

    mutating func compileGroups(_ section: ObjectReader) throws(DocumentError) {
        for member in section.members {
            var r = try ObjectReader(member.value, at: section.field(member.key), code: .invalidDefinition)
            var membersReader = try r.object("members")!
            let names = membersReader.keys
            var specs: [MemberSpec] = []
            var completionNames = stateNames
            completionNames["event"] = .namespace(nil, ["position": .expression(.register(0, .enumeration(.position))),
                                                        "animator": .expression(.register(1, .string))])
            for name in names {
                let tree = membersReader.raw(name)!
                var m = try ObjectReader(tree, at: membersReader.field(name), code: .invalidDefinition)
                var builder = ProgramBuilder(gen, base: 0)
                guard let durationTree = m.raw("duration") else { throw m.error("duration", "is required") }
                let duration = builder.emit(try expression(durationTree, at: m.field("duration"), names: stateNames, expecting: .number))
                guard let timingTree = m.raw("timing") else { throw m.error("timing", "is required: a curve or a spring") }
                let timing = try animatorTiming(timingTree, at: m.field("timing"), names: stateNames, builder: &builder)
                let linear = try m.bool("scrubsLinearly", default: true)
                let onComplete: ReactionList? = m.has("onComplete")
                    ? try reactions(m.raw("onComplete"), at: m.field("onComplete"), context: ReactionContext(names: completionNames, fixed: 2))
                    : nil
                try m.finish()
                specs.append(MemberSpec(name: name, nameString: strings.intern(name), program: builder.finish(), duration: duration, timing: timing,
                                        scrubsLinearly: linear, onComplete: onComplete))
            }
            func memberIndex(_ text: String, at path: TreePath) throws(DocumentError) -> Int {
                guard let index = names.firstIndex(of: text) else {
                    throw DocumentError(.unknownReference, at: path, "'\(text)' is not one of the animators \(names.joined(separator: ", "))")
                }
                return index
            }
            let primary = try r.string("primary").map { text throws(DocumentError) in try memberIndex(text, at: r.field("primary")) } ?? 0
            var progressFrom = [primary]
            if let list = try r.array("progressFrom") {
                progressFrom = []
                for (index, item) in list.enumerated() {
                    guard case let .string(text) = item else {
                        throw DocumentError(.invalidDefinition, at: r.field("progressFrom").appending(index), "expected an animator's name")
                    }
                    progressFrom.append(try memberIndex(text, at: r.field("progressFrom").appending(index)))
                }
            }
            try membersReader.finish()
            try r.finish()
            parts.groups.append(GroupSpec(name: member.key, members: specs, primary: primary, progressFrom: progressFrom))
        }
    }

    /// A `UIViewPropertyAnimator` timing: `{"curve": …}` / `{"controlPoints": […]}`,
    /// `{"dampingRatio": …, "initialVelocity": …}`, or `{"spring": <a spring parameter or literal>}`.
    mutating func animatorTiming(_ tree: JSON, at path: TreePath, names: [String: Binding],
                                 builder: inout ProgramBuilder) throws(DocumentError) -> AnimatorTiming {
        var r = try ObjectReader(tree, at: path, code: .invalidDefinition)
        let timing: AnimatorTiming
        if r.has("curve") || r.has("controlPoints") {
            timing = .cubic(try Self.definitionFault { () throws(DocumentError) in try CurveSpec.decode(&r) })
        } else if let ratio = r.raw("dampingRatio") {
            let zeta = builder.emit(try expression(ratio, at: r.field("dampingRatio"), names: names, expecting: .number))
            let velocity = builder.emit(try expression(r.raw("initialVelocity") ?? .number(0), at: r.field("initialVelocity"),
                                                       names: names, expecting: .number))
            timing = .dampedSpring(dampingRatio: zeta, initialVelocity: velocity)
        } else if let spring = r.raw("spring") {
            timing = .spring(try springSource(spring, at: r.field("spring"), names: names))
        } else {
            throw DocumentError(.invalidDefinition, at: path, "a timing has curve, controlPoints, dampingRatio or spring")
        }
        try r.finish()
        return timing
    }

    /// A spring parameter by name, or a spring written out (resolved once, at load).
    mutating func springSource(_ tree: JSON, at path: TreePath, names: [String: Binding]) throws(DocumentError) -> SpringSource {
        if case let .string(text) = tree {
            let parsed = try Self.parse(text, at: path)
            guard case let .path(components) = parsed.syntax, case let (.spring(index, _)?, resolved) = Scope(names: names).resolve(components),
                  resolved == components.count else {
                throw DocumentError(.typeMismatch, at: path, "'\(text)' is not a spring parameter")
            }
            return .instance(index)
        }
        let spring = try Self.definitionFault { () throws(DocumentError) in try SpringSpec.decode(tree, at: path) }
        springs.append(spring)
        return .literal(springs.count - 1)
    }

    // MARK: Reactions

    /// Compiles a list on the side, then appends it to the pool (its nested lists first), so
    /// every list is one range.
    mutating func reactions(_ tree: JSON?, at path: TreePath, context: ReactionContext) throws(DocumentError) -> ReactionList {
        guard let tree else { return .empty }
        guard case let .array(items) = tree else {
            throw DocumentError(.invalidDefinition, at: path, "expected a list of reactions, got \(tree.kindName)")
        }
        var context = context
        var list: [Reaction] = []
        for (index, item) in items.enumerated() {
            list += try reaction(item, at: path.appending(index), context: &context)
        }
        return pools.add(list)
    }

    private func target(_ r: inout ObjectReader, _ verb: String) throws(DocumentError) -> Target {
        let name = try r.requiredString(verb)
        guard let target = targets[name] else {
            if configNames[name] != nil {
                throw DocumentError(.typeMismatch, at: r.field(verb),
                                    "'\(name)' is a parameter or a constant, and those are read-only (the session's configuration); '\(verb)' acts on a variable, an animated value or a primitive: declare one under variables or animated")
            }
            if stateNames[name] != nil {
                throw DocumentError(.typeMismatch, at: r.field(verb), "'\(name)' is a value, computed from the state; '\(verb)' cannot act on it")
            }
            throw DocumentError(.unknownReference, at: r.field(verb),
                                "unknown reference '\(name)'\(ObjectReader.suggestion(name, Array(targets.keys).sorted()))")
        }
        return target
    }

    private func mismatch(_ r: ObjectReader, _ verb: String, _ target: Target, _ wanted: String) -> DocumentError {
        let name = r.members.first { $0.key == verb }?.value.stringValue ?? ""
        return DocumentError(.typeMismatch, at: r.field(verb), "'\(verb)' acts on \(wanted); '\(name)' is \(target.what)")
    }

    private mutating func reaction(_ tree: JSON, at path: TreePath, context: inout ReactionContext) throws(DocumentError) -> [Reaction] {
        var r = try ObjectReader(tree, at: path, code: .invalidDefinition)
        guard let verb = r.keys.first(where: { Self.verbs.contains($0) }) else {
            let near = r.keys.lazy.compactMap { ObjectReader.nearest($0, in: Self.verbs) }.first.map { " (did you mean '\($0)'?)" } ?? ""
            throw DocumentError(.unknownPrimitive, at: path,
                                "a reaction names one of \(Self.verbs.joined(separator: ", ")); got \(r.keys.isEmpty ? "nothing" : r.keys.joined(separator: ", "))\(near)")
        }
        var builder = ProgramBuilder(gen, base: context.fixed)
        func value(_ key: String, _ type: ValueType?, default fallback: JSON? = nil) throws(DocumentError) -> Int {
            guard let tree = r.raw(key) ?? fallback else { throw r.error(key, "is required") }
            return builder.emit(try expression(tree, at: r.field(key), names: context.names, expecting: type))
        }
        let result: [Reaction]
        switch verb {
        case "decelerate", "page", "move", "snap":
            let kind = MotionPlan.Kind(rawValue: verb) ?? .move
            result = [try motionReaction(kind, &r, names: context.names, builder: &builder)]
        case "set":
            let target = try self.target(&r, verb)
            switch target {
            case let .variable(index, type):
                let register = try value("to", type)
                result = [.set(variable: index, builder.finish(), result: register)]
            case let .animated(index, type):
                let register = try value("to", type)
                result = [.jump(animated: parts.animated[index].first, width: type.width, builder.finish(), result: register)]
            default:
                throw mismatch(r, verb, target, "a variable or an animated value")
            }
        case "animate":
            let target = try self.target(&r, verb)
            guard case let .animated(index, type) = target else { throw mismatch(r, verb, target, "an animated value") }
            if let keyframes = r.raw("keyframes") {
                result = [try keyframesReaction(keyframes, &r, first: parts.animated[index].first, type: type,
                                                builder: &builder, names: context.names)]
                break
            }
            let register = try value("to", type)
            guard let timingTree = r.raw("timing") else { throw r.error("timing", "is required: a timing or spring parameter, {\"curve\", \"duration\"} or {\"spring\"}") }
            let timing = try timingSource(timingTree, at: r.field("timing"), names: context.names, builder: &builder)
            let mode = try animateMode(&r, builder: &builder, names: context.names)
            let program = builder.finish()
            let completion = try animateCompletion(&r)
            result = [.animate(animated: parts.animated[index].first, width: type.width, program, result: register,
                               timing: timing, mode: mode, completion: completion)]
        case "emit":
            let name = try r.requiredString(verb)
            guard !name.isEmpty else { throw r.error(verb, "an emission needs a name") }
            var fields: [OutputField] = []
            if var fieldReader = try r.object("fields") {
                for member in fieldReader.members {
                    _ = fieldReader.raw(member.key)
                    let typed = try expression(member.value, at: fieldReader.field(member.key), names: context.names)
                    fields.append(pools.output(member.key, typed.type, builder.operand(typed)))
                }
            }
            result = [.emit(name: pools.emitName(name), fields: pools.addFields(fields), builder.finish())]
        case "if":
            let condition = try value("if", .bool)
            let program = builder.finish()
            guard r.has("then") else { throw r.error("then", "is required: the reactions when the condition holds") }
            let then = try reactions(r.raw("then"), at: r.field("then"), context: context)
            let otherwise = try reactions(r.raw("else"), at: r.field("else"), context: context)
            result = [.branch(program, condition: condition, then: then, otherwise: otherwise)]
        case "let":
            guard let bindings = try r.object("let") else { throw r.error(verb, "is required") }
            var list: [Reaction] = []
            for member in bindings.members {
                let memberPath = bindings.field(member.key)
                guard Self.isName(member.key), !Self.reserved.contains(member.key) else {
                    throw DocumentError(.invalidDefinition, at: memberPath, "'\(member.key)' is not a name")
                }
                guard context.names[member.key] == nil else {
                    throw DocumentError(.duplicateName, at: memberPath, "'\(member.key)' is already a name here")
                }
                var local = ProgramBuilder(gen, base: context.fixed)
                let typed = try expression(member.value, at: memberPath, names: context.names)
                let computed = local.emit(typed)
                let register = context.fixed
                context.fixed += typed.type.width
                // The program's temporaries start after the new local, so nothing it writes overlaps it.
                var program = local.finish()
                program.registers = max(program.registers, Int32(context.fixed))
                gen.maxRegisters = max(gen.maxRegisters, context.fixed)
                list.append(.bind(program, result: computed, register: register, width: typed.type.width))
                context.names[member.key] = .expression(.register(register, typed.type))
            }
            _ = builder
            result = list
        case "run":
            let name = try r.requiredString(verb)
            guard let action = actionIndex[name] else {
                throw DocumentError(.unknownReference, at: r.field(verb), "unknown action '\(name)'")
            }
            var arguments: [(result: Int, width: Int)] = []
            let withReader = try r.object("with")
            var given = withReader
            for spec in actionParameters[action] {
                let type = spec.valueType ?? .number
                let register: Int
                if let tree = given?.raw(spec.name) {
                    register = builder.emit(try expression(tree, at: given!.field(spec.name), names: context.names, expecting: type))
                } else if let fallback = spec.defaultValue {
                    register = builder.emit(Self.literal(fallback, type))
                } else if let given {
                    throw DocumentError(.invalidDefinition, at: given.field(spec.name), "is required: an argument of '\(name)'")
                } else {
                    throw DocumentError(.invalidDefinition, at: r.field("with"), "is required: '\(name)' takes \(spec.name)")
                }
                arguments.append((register, type.width))
            }
            if let given { try given.finish() }
            result = [.run(action: action, builder.finish(), arguments: pools.addArguments(arguments))]
        case "schedule":
            let target = try self.target(&r, verb)
            guard case let .timer(index) = target else { throw mismatch(r, verb, target, "a timer") }
            let after = try value("after", .number)
            result = [.schedule(timer: index, builder.finish(), after: after)]
        case "cancel":
            let target = try self.target(&r, verb)
            guard case let .timer(index) = target else { throw mismatch(r, verb, target, "a timer") }
            result = [.cancelTimer(index)]
        case "setSelected", "setEnabled":
            let target = try self.target(&r, verb)
            guard case let .input(index, .control) = target else { throw mismatch(r, verb, target, "a control input") }
            let register = try value("to", .bool)
            result = [verb == "setSelected" ? .setSelected(input: index, builder.finish(), result: register)
                                            : .setEnabled(input: index, builder.finish(), result: register)]
        case "reset":
            let target = try self.target(&r, verb)
            guard case let .input(index, kind) = target, kind != .control else { throw mismatch(r, verb, target, "a recognizer input (tap, pan, longPress, swipe, screenEdgePan, pinch, rotation)") }
            result = [.reset(input: index)]
        case "add":
            let target = try self.target(&r, verb)
            guard case let .basic(index) = target else { throw mismatch(r, verb, target, "a basic animation") }
            let from = try value("from", .number)
            let to = try value("to", .number)
            let duration = try value("duration", .number)
            var curve = -1
            if r.has("curve") || r.has("controlPoints") {
                curve = pools.curve(try Self.definitionFault { () throws(DocumentError) in try CurveSpec.decode(&r) })
            }
            result = [.addBasic(index, builder.finish(), from: from, to: to, duration: duration, curve: curve)]
        case "pause":
            let target = try self.target(&r, verb)
            switch target {
            case let .basic(index): result = [.pauseBasic(index)]
            case let .group(index, _): result = [.pauseGroup(index)]
            default: throw mismatch(r, verb, target, "a basic animation or an animator group")
            }
        case "resume", "remove":
            let target = try self.target(&r, verb)
            guard case let .basic(index) = target else { throw mismatch(r, verb, target, "a basic animation") }
            result = [verb == "resume" ? .resumeBasic(index) : .removeBasic(index)]
        case "start", "interrupt", "reverse", "discard":
            let target = try self.target(&r, verb)
            guard case let .group(index, _) = target else { throw mismatch(r, verb, target, "an animator group") }
            switch verb {
            case "start": result = [.startGroup(index)]
            case "interrupt": result = [.interruptGroup(index)]
            case "reverse": result = [.reverseGroup(index)]
            default: result = [.discardGroup(index)]
            }
        case "scrub":
            let target = try self.target(&r, verb)
            guard case let .group(index, _) = target else { throw mismatch(r, verb, target, "an animator group") }
            let fraction = try value("fraction", .number)
            result = [.scrubGroup(index, builder.finish(), fraction: fraction)]
        case "setReversed":
            let target = try self.target(&r, verb)
            guard case let .group(index, _) = target else { throw mismatch(r, verb, target, "an animator group") }
            let register = try value("to", .bool)
            result = [.setReversedGroup(index, builder.finish(), result: register)]
        default:  // continue
            let target = try self.target(&r, verb)
            guard case let .group(index, members) = target else { throw mismatch(r, verb, target, "an animator group") }
            let factor = try value("durationFactor", .number, default: .number(0))
            var timings: [AnimatorTiming?] = Array(repeating: nil, count: members.count)
            if let timingReader = try r.object("timing") {
                for member in timingReader.members {
                    guard let position = members.firstIndex(of: member.key) else {
                        throw DocumentError(.unknownReference, at: timingReader.field(member.key),
                                            "'\(member.key)' is not one of the animators \(members.joined(separator: ", "))")
                    }
                    timings[position] = try animatorTiming(member.value, at: timingReader.field(member.key),
                                                           names: context.names, builder: &builder)
                }
            }
            result = [.continueGroup(index, builder.finish(), durationFactor: factor, timings: pools.addTimings(timings))]
        }
        try r.finish()
        return result
    }

    /// `animate`'s timing: a timing or spring parameter's name, `{"curve"|"controlPoints", "duration"}`
    /// (`curve` a curve's name or a curve parameter), or `{"spring": <a spring parameter or literal>}`.
    mutating func timingSource(_ tree: JSON, at path: TreePath, names: [String: Binding],
                                       builder: inout ProgramBuilder) throws(DocumentError) -> TimingSource {
        if case let .string(text) = tree {
            let parsed = try Self.parse(text, at: path)
            if case let .path(components) = parsed.syntax {
                let (binding, resolved) = Scope(names: names).resolve(components)
                if resolved == components.count {
                    if case let .timing(index, _)? = binding { return .timing(index) }
                    if case let .spring(index, _)? = binding { return .spring(.instance(index)) }
                }
            }
            throw DocumentError(.typeMismatch, at: path, "'\(text)' is not a timing or spring parameter")
        }
        var r = try ObjectReader(tree, at: path, code: .invalidDefinition)
        let source: TimingSource
        if let spring = r.raw("spring") {
            let base = try springSource(spring, at: r.field("spring"), names: names)
            if let velocity = r.raw("initialVelocity") {
                source = .springWithVelocity(base, velocity: builder.emit(
                    try expression(velocity, at: r.field("initialVelocity"), names: names, expecting: .number)))
            } else {
                source = .spring(base)
            }
        } else if case let .string(name)? = r.members.first(where: { $0.key == "curve" })?.value,
                  case let .curve(index)? = names[name] {
            // A curve parameter (a declared name comes before the curve of that name).
            _ = r.raw("curve")
            guard let duration = r.raw("duration") else { throw r.error("duration", "is required for a curve") }
            source = .instanceCurve(index, duration: builder.emit(try expression(duration, at: r.field("duration"), names: names, expecting: .number)))
        } else {
            let curve = try Self.definitionFault { () throws(DocumentError) in try CurveSpec.decode(&r) }
            guard let duration = r.raw("duration") else { throw r.error("duration", "is required for a curve") }
            source = .curve(pools.curve(curve), duration: builder.emit(try expression(duration, at: r.field("duration"), names: names, expecting: .number)))
        }
        try r.finish()
        return source
    }

    static func literal(_ value: ParameterValue, _ type: ValueType) -> Typed {
        switch value {
        case let .number(number): .number(number)
        case let .bool(flag): .bool(flag)
        case let .color(color): .color(color)
        case let .enumeration(index): if case let .enumeration(enumType) = type { .enumCase(index, enumType) } else { .number(Double(index)) }
        default: .number(0)
        }
    }

    // MARK: Bounds

    /// Actions that run each other must not run themselves.
    func checkActionCycles(at path: TreePath) throws(DocumentError) {
        let edges = parts.actions.map { action in pools.runs(action.reactions) }
        var state = Array(repeating: 0, count: edges.count)
        func visit(_ node: Int, _ trail: [Int]) throws(DocumentError) {
            if state[node] == 2 { return }
            if state[node] == 1 {
                let cycle = (trail[(trail.firstIndex(of: node) ?? 0)...] + [node]).map { parts.actions[$0].name }
                throw DocumentError(.cycle, at: path.appending(parts.actions[node].name),
                                    "'\(parts.actions[node].name)' runs itself: \(cycle.joined(separator: " → "))")
            }
            state[node] = 1
            for next in edges[node] { try visit(next, trail + [node]) }
            state[node] = 2
        }
        for node in edges.indices { try visit(node, []) }
    }

    /// Every entry point runs at most `maximumReactionsPerInput` reactions, actions expanded.
    func checkReactionCounts() throws(DocumentError) {
        let actions = parts.actions.map(\.reactions)
        var counts: [Int?] = Array(repeating: nil, count: actions.count)
        /// What runs on its own (an input's events, a command, a timer, a completion), where it is declared.
        var entries: [(String, TreePath, [ReactionList])] = []
        func at(_ section: String, _ names: String...) -> TreePath {
            names.reduce(TreePath([.key(section)])) { $0.appending($1) }
        }
        for (input, name) in zip(parts.inputs, declaredInputs) {
            switch input {
            case let .control(spec):
                let lists = (Int(spec.on.start)..<Int(spec.on.start + spec.on.count)).map { pools.eventLists[$0] }
                entries.append((name, at("inputs", name), [spec.onStateChange] + lists + spec.overrides.lists))
            case let .tap(spec): entries.append((name, at("inputs", name), [spec.recognized]))
            case let .pan(spec): entries.append((name, at("inputs", name), [spec.began, spec.changed, spec.ended, spec.cancelled]))
            case let .longPress(spec): entries.append((name, at("inputs", name), [spec.began, spec.changed, spec.ended, spec.cancelled]))
            case let .swipe(spec): entries.append((name, at("inputs", name), [spec.recognized]))
            case let .transform(spec): entries.append((name, at("inputs", name), [spec.began, spec.changed, spec.ended, spec.cancelled]))
            }
        }
        entries += completionLists.map { ("the completion", $0.path, [$0.list]) }
        entries += parts.commands.map { ($0.name, at("commands", $0.name), [$0.reactions]) }
        entries += parts.timers.map { ($0.name, at("timers", $0.name), [$0.reactions]) }
        entries += parts.basics.map { ($0.name, at("animations", $0.name), [$0.onComplete]) }
        entries += parts.groups.flatMap { group in
            group.members.map { (group.name + "." + $0.name, at("animators", group.name, "members", $0.name), [$0.onComplete ?? .empty]) }
        }
        for (name, path, lists) in entries {
            let total = lists.reduce(0) { $0 + pools.count($1, actions: actions, counts: &counts) }
            guard total <= DefinitionLimits.maximumReactionsPerInput else {
                throw DocumentError(.tooManyReactions, at: path,
                                    "'\(name)' runs \(total) reactions (actions expanded); at most \(DefinitionLimits.maximumReactionsPerInput)")
            }
        }
    }
}
