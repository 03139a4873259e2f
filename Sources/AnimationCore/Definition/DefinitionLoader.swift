extension ControlDefinition {
    /// Loads and compiles a definition document; throws naming the first fault's path.
    public convenience init(_ document: JSON) throws(DocumentError) {
        var loader = DefinitionLoader()
        let parts = try loader.load(document)
        self.init(description: parts.description, parameters: parts.parameters, commands: parts.commands,
                  layout: parts.layout, checks: parts.checks, gen: loader.gen, strings: loader.strings.texts,
                  springs: loader.springs, variables: parts.variables, animated: parts.animated, inputs: parts.inputs,
                  actions: parts.actions, timers: parts.timers, basics: parts.basics, groups: parts.groups,
                  render: parts.render, report: parts.report, frameSize: loader.gen.maxRegisters, pools: loader.pools)
        content = parts.content
        inputNames = loader.declaredInputs
        do {
            _ = try ControlInstance(self, name: "", configuration: nil)
        } catch {
            throw DocumentError(.invalidDefinition, at: TreePath([.key("parameters")]),
                                "the defaults are not a valid configuration: \(error.path.pointer): \(error.message)")
        }
    }
}

/// What a loaded definition is made of, before it becomes a `ControlDefinition`.
struct DefinitionParts {
    var description: String?
    var parameters: [ParameterSpec] = []
    var layout: [ParameterSlots] = []
    var checks: [Check] = []
    var commands: [CommandSpec] = []
    var variables: [VariableSpec] = []
    var animated: [AnimatedSpec] = []
    var inputs: [InputSpec] = []
    var actions: [ActionSpec] = []
    var timers: [TimerSpec] = []
    var basics: [BasicSpec] = []
    var groups: [GroupSpec] = []
    var render = RenderPlan(program: .empty, properties: [], layers: [])
    var report = OutputPlan(program: .empty, fields: [])
    /// Where children go in a scene (`DefinitionLoader+Content.swift`); nil: the control takes none.
    var content: ContentSpec?
}

/// A name a reaction can act on.
enum Target {
    case variable(Int, ValueType)
    case animated(Int, ValueType)
    case input(Int, InputKind)
    case basic(Int)
    case group(Int, members: [String])
    case timer(Int)

    var what: String {
        switch self {
        case .variable: "a variable"
        case .animated: "an animated value"
        case let .input(_, kind): "a \(kind.rawValue) input"
        case .basic: "a basic animation"
        case .group: "an animator group"
        case .timer: "a timer"
        }
    }
}

enum InputKind: String, CaseIterable {
    case control, tap, pan, longPress, swipe, screenEdgePan, pinch, rotation
}

/// Reads a definition document section by section: declarations first (so every name is known),
/// then expressions, reactions and the render tree.
struct DefinitionLoader {
    let gen = CodeGen()
    let strings = StringPool()
    let pools = ReactionPools()
    /// Springs written literally in reactions or animator timings.
    var springs: [SpringTiming] = []
    /// `animate`'s completion lists, entry points of their own (the per-entry reaction bound).
    var completionLists: [(path: TreePath, list: ReactionList)] = []
    /// Names visible to expressions of the configuration alone.
    var configNames: [String: Binding] = ["pi": .expression(.number(Double.pi))]
    /// Names visible to expressions of the state (render, reactions, values).
    var stateNames: [String: Binding] = [:]
    var declared: [String: TreePath] = [:]
    var targets: [String: Target] = [:]
    var expressionCount = 0
    var instanceSprings = 0
    var instanceTimings = 0
    var instanceCurves = 0
    var parts = DefinitionParts()
    /// Action signatures, known before any body is compiled.
    var actionIndex: [String: Int] = [:]
    var actionParameters: [[ParameterSpec]] = []
    /// Input names in declaration order.
    var declaredInputs: [String] = []

    static let reserved: Set<String> = ["event", "true", "false", "pi"]
    static let sections = ["description", "parameters", "checks", "constants", "variables", "animated", "inputs",
                           "commands", "actions", "timers", "animations", "animators", "values", "state",
                           "properties", "layers", "content"]

    mutating func load(_ document: JSON) throws(DocumentError) -> DefinitionParts {
        var top = try ObjectReader(document, at: .root, code: .invalidDefinition)
        parts.description = try top.string("description")
        if let section = try top.object("parameters") { try loadParameters(section) }
        try loadConstants(top.object("constants"))
        if let checks = try top.array("checks") { try loadChecks(checks, at: top.field("checks")) }
        stateNames = configNames
        if let section = try top.object("variables") { try loadVariables(section) }
        if let section = try top.object("animated") { try loadAnimated(section) }
        // Declarations: every primitive is named before any expression of the state is read.
        let inputs = try top.object("inputs")
        let animations = try top.object("animations")
        let animators = try top.object("animators")
        let timers = try top.object("timers")
        if let inputs { try declareInputs(inputs) }
        if let animations { try declareBasics(animations) }
        if let animators { try declareGroups(animators) }
        if let timers { try declareTimers(timers) }
        if let section = try top.object("values") { try loadValues(section) }
        let actions = try top.object("actions")
        if let actions { try declareActions(actions) }
        // Bodies.
        if let inputs {
            try compileInputs(inputs)
            symmetrizeSimultaneity()
        }
        if let section = try top.object("commands") { try compileCommands(section) }
        if let actions { try compileActions(actions) }
        if let timers { try compileTimers(timers) }
        if let animations { try compileBasics(animations) }
        if let animators { try compileGroups(animators) }
        try checkActionCycles(at: top.field("actions"))
        try checkReactionCounts()
        if let section = try top.object("content") { try compileContent(section) }
        try compileReport(top.object("state"))
        try compileRender(properties: top.object("properties"), layers: top.array("layers"), at: top.field("layers"))
        do {
            try top.finish()
        } catch {
            throw DocumentError(.invalidDefinition, at: error.path,
                                "unknown section; a definition has \(Self.sections.joined(separator: ", "))")
        }
        return parts
    }

    // MARK: Names

    /// Declares a name in one namespace for the whole definition.
    mutating func declare(_ name: String, at path: TreePath) throws(DocumentError) {
        guard Self.isName(name) else {
            throw DocumentError(.invalidDefinition, at: path, "'\(name)' is not a name: use at most 64 ASCII letters, digits and _, not starting with a digit")
        }
        guard !Self.reserved.contains(name) else {
            throw DocumentError(.duplicateName, at: path, "'\(name)' is reserved")
        }
        if let earlier = declared[name] {
            throw DocumentError(.duplicateName, at: path, "'\(name)' is already declared at \(earlier.pointer)")
        }
        declared[name] = path
    }

    /// `[A-Za-z_][A-Za-z0-9_]*`, at most 64 characters: what an expression can refer to.
    static func isName(_ text: String) -> Bool {
        let bytes = text.utf8
        func letter(_ b: UInt8) -> Bool { (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b) || b == 0x5F }
        guard let first = bytes.first, letter(first), bytes.count <= 64 else { return false }
        return bytes.allSatisfy { letter($0) || (0x30...0x39).contains($0) }
    }

    /// A section's members, bounded in number.
    func members(_ section: ObjectReader) throws(DocumentError) -> JSONObject {
        guard section.members.count <= DefinitionLimits.maximumNames else {
            throw DocumentError(.tooManyNames, at: section.path,
                                "\(section.members.count) names; a section may have at most \(DefinitionLimits.maximumNames)")
        }
        return section.members
    }

    // MARK: Expressions

    /// An expression: a JSON number or bool literal, or a string of the expression language.
    mutating func expression(_ tree: JSON, at path: TreePath, names: [String: Binding],
                             expecting type: ValueType? = nil) throws(DocumentError) -> Typed {
        expressionCount += 1
        guard expressionCount <= DefinitionLimits.maximumExpressions else {
            throw DocumentError(.tooManyExpressions, at: path, "more than \(DefinitionLimits.maximumExpressions) expressions in one definition")
        }
        let text: String
        switch tree {
        case let .number(value): text = "\(value)"; if type == nil || type == .number { return .number(value) }
        case let .bool(value): text = "\(value)"; if type == nil || type == .bool { return .bool(value) }
        case let .string(expression): text = expression
        default:
            throw DocumentError(.invalidDefinition, at: path, "expected an expression (a string, a number or true/false), got \(tree.kindName)")
        }
        let parsed = try Self.parse(text, at: path)
        let checker = Checker(scope: Scope(names: names), strings: strings)
        do {
            return try checker.check(parsed, expecting: type)
        } catch {
            var message = error.message
            if error.code == .unknownReference, let name = Self.unknownName(error.message) {
                if names[name] == nil, stateNames[name] != nil {
                    message = "'\(name)' is part of the state, and this place is computed once from the configuration: it may name parameters, constants and pi"
                } else {
                    message += ObjectReader.suggestion(name, names.keys.sorted() + Color.systemColors.map(\.name))
                }
            }
            throw DocumentError(error.code, at: path, Self.located(message, error.offset, text))
        }
    }

    /// The name in the checker's "unknown reference 'x'".
    private static func unknownName(_ message: String) -> String? {
        let prefix = "unknown reference '"
        guard message.hasPrefix(prefix), message.hasSuffix("'") else { return nil }
        return String(message.dropFirst(prefix.count).dropLast())
    }

    static func parse(_ text: String, at path: TreePath) throws(DocumentError) -> Expression {
        do {
            return try ExpressionParser.parse(text)
        } catch {
            let code: DocumentError.Code = error.tooDeep ? .expressionTooDeep : error.tooLarge ? .expressionTooLarge : .expressionSyntax
            throw DocumentError(code, at: path, located(error.message, error.offset, text))
        }
    }

    static func located(_ message: String, _ offset: Int, _ text: String) -> String {
        let shown = text.count > 80 ? String(text.prefix(80)) + "…" : text
        return "\(message) (at character \(offset + 1) of '\(shown)')"
    }

    /// The names an expression text refers to (the first component of each path), for ordering.
    static func references(_ tree: JSON) -> [String] {
        guard case let .string(text) = tree, let parsed = try? ExpressionParser.parse(text) else { return [] }
        var names: [String] = []
        func walk(_ e: Expression) {
            switch e.syntax {
            case let .path(components): if !names.contains(components[0]) { names.append(components[0]) }
            case let .call(_, arguments): arguments.forEach(walk)
            case let .unary(_, operand): walk(operand)
            case let .binary(_, a, b): walk(a); walk(b)
            case let .conditional(c, a, b): walk(c); walk(a); walk(b)
            default: break
            }
        }
        walk(parsed)
        return names
    }

    /// `entries` ordered so that each comes after those it refers to; a cycle is an error.
    static func dependencyOrder(_ entries: [(name: String, tree: JSON, path: TreePath)]) throws(DocumentError) -> [Int] {
        let index = Dictionary(uniqueKeysWithValues: entries.enumerated().map { ($1.name, $0) })
        let dependencies = entries.map { entry in references(entry.tree).compactMap { index[$0] } }
        var state = Array(repeating: 0, count: entries.count)  // 0 new, 1 visiting, 2 done
        var order: [Int] = []
        var stack: [Int] = []
        func visit(_ node: Int) -> [Int]? {
            if state[node] == 2 { return nil }
            if state[node] == 1 { return Array(stack[(stack.firstIndex(of: node) ?? 0)...]) + [node] }
            state[node] = 1
            stack.append(node)
            for dependency in dependencies[node] {
                if let cycle = visit(dependency) { return cycle }
            }
            stack.removeLast()
            state[node] = 2
            order.append(node)
            return nil
        }
        for node in entries.indices {
            if let cycle = visit(node) {
                let names = cycle.map { entries[$0].name }.joined(separator: " → ")
                throw DocumentError(.cycle, at: entries[cycle[0]].path, "'\(entries[cycle[0]].name)' depends on itself: \(names)")
            }
        }
        return order
    }

    /// A constant expression computed once per instance, in a slot of its own.
    func slot(for typed: Typed) -> Int {
        if case let .constant(slot, _) = typed { return slot }
        return gen.hoist(typed)
    }
}
