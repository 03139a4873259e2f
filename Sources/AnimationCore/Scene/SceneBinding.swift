/// One view following or commanding another, as UIKit's delegate and target-action between views
/// do (docs/scenes.md#bindings-and-actions). A link sends a command to a view's control:
/// - a **binding** when a property of another view, mapped, changes (`scrollViewDidScroll`
///   setting `pageControl.currentPage`): its arguments are expressions of `value`, the property;
/// - an **action** when another view emits a callback (`addTarget(_:action:for:)`): its arguments
///   are expressions of `event.<field>`, the emission's fields.
/// Arguments left out take the command's defaults.
public struct SceneLink: Sendable {
    public enum Trigger: Sendable, Equatable {
        case property(String)
        case emission(String)
    }

    public var source: String
    public var trigger: Trigger
    public var target: String
    public var command: String
    /// Argument name and expression, in document order.
    public var arguments: [(name: String, expression: String)]

    public init(from source: String, _ trigger: Trigger, to target: String, command: String,
                arguments: [(name: String, expression: String)] = []) {
        self.source = source
        self.trigger = trigger
        self.target = target
        self.command = command
        self.arguments = arguments
    }
}

/// A scene's links checked against its views and compiled: what each one reads, which command it
/// sends, and its arguments as programs of the expression machine. Immutable.
public struct SceneLinks: Sendable {
    public static let none = SceneLinks(bindings: [], actions: [], groups: [])
    /// At most this many links of each kind (each is evaluated at every instant something happens).
    public static let maximum = 64

    /// Bindings first, then actions, each in document order: the order they are evaluated in.
    let bindings: [Compiled]
    let actions: [Compiled]
    /// Exclusive groups (SceneExclusiveGroup), in document order.
    let groups: [Group]

    public var isEmpty: Bool { bindings.isEmpty && actions.isEmpty && groups.isEmpty }

    struct Compiled: Sendable {
        let source: Int
        let trigger: SceneLink.Trigger
        let target: Int
        let command: String
        /// By the command's parameters, in their order.
        let arguments: [Argument]
        /// The names the inputs go in, register 0 on: `value`, or the emission's fields.
        let inputs: [String]
        let code: [Instruction]
        let literals: [Double]
        let strings: [String]
        let registers: Int
    }

    enum Argument: Sendable {
        /// A default: sent as it is.
        case fixed(FieldValue)
        /// Computed: the result's register, and whether it is a bool.
        case computed(register: Int, isBool: Bool)
    }

    private init(bindings: [Compiled], actions: [Compiled], groups: [Group]) {
        self.bindings = bindings
        self.actions = actions
        self.groups = groups
    }

    /// Checks `bindings` and `actions` against `scene`'s views (named under `path`'s
    /// `bindings/k` and `actions/k`): every view, property, emission, command and argument
    /// known, every expression typed, and no cycle; then the exclusive `groups` (`exclusive/k`).
    /// The first fault in document order is thrown.
    public init(bindings: [SceneLink], actions: [SceneLink], groups: [SceneExclusiveGroup] = [], in scene: Scene,
                at path: TreePath) throws(SceneError) {
        for (key, list) in [("bindings", bindings), ("actions", actions)] where list.count > Self.maximum {
            throw SceneError(.invalidLink, at: path.appending(key), "a scene has at most \(Self.maximum) \(key)")
        }
        var compiledBindings: [Compiled] = []
        for (k, link) in bindings.enumerated() {
            compiledBindings.append(try Self.compile(link, in: scene, at: path.appending("bindings").appending(k)))
        }
        var compiledActions: [Compiled] = []
        for (k, link) in actions.enumerated() {
            compiledActions.append(try Self.compile(link, in: scene, at: path.appending("actions").appending(k)))
        }
        let links = SceneLinks(bindings: compiledBindings, actions: compiledActions, groups: [])
        if let cycle = links.findCycle(in: scene) {
            let (key, k) = cycle < bindings.count ? ("bindings", cycle) : ("actions", cycle - bindings.count)
            throw SceneError(.linkCycle, at: path.appending(key).appending(k),
                             "this link sets itself off again through the commands it sends: a scene's links must not form a cycle")
        }
        self = SceneLinks(bindings: compiledBindings, actions: compiledActions, groups: try Self.compile(groups, in: scene, at: path))
    }

    // MARK: Checking

    /// `keys`: the members naming the trigger and the command (a binding's `from`/`to`, an
    /// action's `on`/`send` when nil).
    static func compile(_ link: SceneLink, in scene: Scene, at path: TreePath,
                        keys: (from: String, to: String)? = nil) throws(SceneError) -> Compiled {
        let isBinding: Bool
        if case .property = link.trigger { isBinding = true } else { isBinding = false }
        let fromKey = keys?.from ?? (isBinding ? "from" : "on")
        let toKey = keys?.to ?? (isBinding ? "to" : "send")
        let source = try control(link.source, in: scene, at: path.appending(fromKey).appending("view"))
        let target = try control(link.target, in: scene, at: path.appending(toKey).appending("view"))
        let sourceDefinition = scene.nodes[source].control!.definition
        // What the expressions may read: `value`, or the emission's number and bool fields.
        var inputs: [String] = []
        var names: [String: Binding] = [:]
        switch link.trigger {
        case let .property(name):
            guard let field = sourceDefinition.render.properties.first(where: { $0.name == name }) else {
                let known = sourceDefinition.render.properties.map(\.name).joined(separator: ", ")
                throw SceneError(.unknownProperty, at: path.appending(fromKey).appending("property"),
                                 "'\(scene.nodes[source].control!.name)' has no property '\(name)'; its properties are \(known)")
            }
            guard field.kind == .number || field.kind == .bool else {
                throw SceneError(.invalidLink, at: path.appending(fromKey).appending("property"), "a link follows a number or bool property")
            }
            inputs = ["value"]
            names["value"] = .expression(.register(0, field.kind == .bool ? .bool : .number))
        case let .emission(name):
            guard let fields = emissionFields(name, of: sourceDefinition) else {
                let known = emissionNames(of: sourceDefinition).joined(separator: ", ")
                throw SceneError(.unknownEmission, at: path.appending(fromKey).appending("emission"),
                                 "'\(scene.nodes[source].control!.name)' never emits '\(name)'; it emits \(known)")
            }
            var members: [String: Binding] = [:]
            for (field, isBool) in fields {
                members[field] = .expression(.register(inputs.count, isBool ? .bool : .number))
                inputs.append(field)
            }
            names["event"] = .namespace(nil, members)
        }
        let targetDefinition = scene.nodes[target].control!.definition
        guard let command = targetDefinition.command(named: link.command) else {
            let known = targetDefinition.commands.map(\.name).joined(separator: ", ")
            throw SceneError(.unknownCommand, at: path.appending(toKey).appending("command"),
                             "'\(scene.nodes[target].control!.name)' has no command '\(link.command)'; its commands are \(known.isEmpty ? "none" : known)")
        }
        let argsPath = path.appending(toKey).appending("args")
        for (name, _) in link.arguments where !command.parameters.contains(where: { $0.name == name }) {
            throw SceneError(.invalidLink, at: argsPath.appending(name),
                             "'\(link.command)' takes no argument '\(name)'; it takes \(command.parameters.map(\.name).joined(separator: ", "))")
        }
        let gen = CodeGen()
        let strings = StringPool()
        let checker = Checker(scope: Scope(names: names), strings: strings)
        var builder = ProgramBuilder(gen, base: inputs.count, hoisting: false)
        var arguments: [Argument] = []
        for parameter in command.parameters {
            guard let text = link.arguments.first(where: { $0.name == parameter.name })?.expression else {
                guard let value = parameter.defaultValue else {
                    throw SceneError(.invalidLink, at: argsPath, "'\(link.command)' needs the argument '\(parameter.name)'")
                }
                arguments.append(.fixed(parameter.fieldValue(value)))
                continue
            }
            let at = argsPath.appending(parameter.name)
            let type: ValueType
            switch parameter.valueType {
            case .number?: type = .number
            case .bool?: type = .bool
            default: throw SceneError(.invalidLink, at: at, "a link computes number and bool arguments only")
            }
            let typed: Typed
            do {
                typed = try checker.check(try ExpressionParser.parse(text), expecting: type)
            } catch let error as SyntaxError {
                throw SceneError(.invalidLink, at: at, "at \(error.offset): \(error.message)")
            } catch let error as CheckError {
                throw SceneError(.invalidLink, at: at, "at \(error.offset): \(error.message)")
            } catch {
                throw SceneError(.invalidLink, at: at, "\(error)")
            }
            arguments.append(.computed(register: builder.emit(typed), isBool: type == .bool))
        }
        let program = builder.finish()
        let code = Array(gen.code[Int(program.start)..<Int(program.start + program.count)])
        return Compiled(source: source, trigger: link.trigger, target: target, command: link.command, arguments: arguments,
                        inputs: inputs, code: code, literals: gen.literals, strings: strings.texts,
                        registers: max(Int(program.registers), builder.next, inputs.count, 1))
    }

    /// The view named `id`, which must have a control.
    static func control(_ id: String, in scene: Scene, at path: TreePath) throws(SceneError) -> Int {
        guard let view = scene.index(of: id) else { throw SceneError(.unknownView, at: path, "no view has the id '\(id)'") }
        guard scene.nodes[view].control != nil else {
            throw SceneError(.unknownView, at: path, "view '\(id)' is a plain view: it has no control")
        }
        return view
    }

    /// Every name the definition emits: its `emit`s and, with a control input that sends them,
    /// UIControl's events.
    static func emissionNames(of definition: ControlDefinition) -> [String] {
        var names = definition.emitNames
        let sendsControlEvents = definition.inputs.contains { input in
            if case let .control(spec) = input { return spec.emitsControlEvents }
            return false
        }
        if sendsControlEvents { names += ControlTracking.Event.allCases.map(\.rawValue) }
        var seen: Set<String> = []
        return names.filter { seen.insert($0).inserted }
    }

    /// The number and bool fields `name` is emitted with anywhere in the definition (nil: never emitted).
    private static func emissionFields(_ name: String, of definition: ControlDefinition) -> [(String, Bool)]? {
        guard emissionNames(of: definition).contains(name) else { return nil }
        var fields: [(String, Bool)] = []
        for k in 0..<definition.reactionTable.count {
            guard case let .emit(index, range, _) = definition.reactionTable[k], definition.emitNames[index] == name else { continue }
            for k in Int(range.start)..<Int(range.start + range.count) {
                let field = definition.emitFields[k]
                guard field.kind == .number || field.kind == .bool, !fields.contains(where: { $0.0 == field.name }) else { continue }
                fields.append((field.name, field.kind == .bool))
            }
        }
        return fields
    }

    /// The names a command emits at once (its reactions, the actions they run, and the
    /// completions of what they animate, which run at once when nothing moves).
    static func emissions(of command: String, in definition: ControlDefinition) -> Set<String> {
        guard let spec = definition.command(named: command) else { return [] }
        var names: Set<String> = []
        var visited: Set<Int32> = []
        var lists = [spec.reactions]
        while let list = lists.popLast() {
            guard !list.isEmpty, visited.insert(list.start).inserted else { continue }
            for k in Int(list.start)..<Int(list.start + list.count) {
                switch definition.reactionTable[k] {
                case let .emit(name, _, _): names.insert(definition.emitNames[name])
                case let .branch(_, _, then, otherwise): lists += [then, otherwise]
                case let .run(action, _, _): lists.append(definition.actions[action].reactions)
                case let .animate(_, _, _, _, _, _, completion), let .keyframes(_, _, _, _, _, _, completion):
                    lists.append(completion)
                default: break
                }
            }
        }
        return names
    }

    /// A link that sets itself off again: link A leads to link B when A's command goes to B's
    /// view and may set B off at once (B follows a property of that view, which any command may
    /// change, or B acts on an emission that command may send). Index in bindings, then actions.
    private func findCycle(in scene: Scene) -> Int? {
        let links = bindings + actions
        func leadsTo(_ a: Compiled, _ b: Compiled) -> Bool {
            guard a.target == b.source else { return false }
            switch b.trigger {
            case .property: return true
            case let .emission(name):
                return Self.emissions(of: a.command, in: scene.nodes[a.target].control!.definition).contains(name)
            }
        }
        // Depth-first from each link: white 0, on the path 1, done 2.
        var color = [UInt8](repeating: 0, count: links.count)
        func visit(_ i: Int) -> Bool {
            color[i] = 1
            for j in links.indices where leadsTo(links[i], links[j]) {
                if color[j] == 1 { return true }
                if color[j] == 0, visit(j) { return true }
            }
            color[i] = 2
            return false
        }
        for i in links.indices where color[i] == 0 {
            if visit(i) { return i }
        }
        return nil
    }
}

extension SceneLinks.Compiled {
    /// The command with its arguments computed from `inputs` (by `self.inputs`).
    func command(_ values: [Double]) -> Command {
        Registers.with(count: registers, zeroed: registers) { r in
            for (k, value) in values.enumerated() where k < registers { r[k] = value }
            if !code.isEmpty {
                Machine.run(code, from: 0, count: code.count, r, literals: literals.isEmpty ? [0.0] : literals, constants: [0.0],
                            strings: StringTable(literals: strings, instance: []), NoSource(), at: 0)
            }
            return command(from: r)
        }
    }

    /// The command read from the registers, in a call of its own (`ControlInstance.readRegisters`
    /// says why: reads inlined into the registers' scope were moved past its end).
    @inline(never)
    private func command(from r: Registers) -> Command {
        Command(command, arguments.map { argument in
            switch argument {
            case let .fixed(value): value
            case let .computed(register, isBool): isBool ? .bool(r[register] != 0) : .number(r[register])
            }
        })
    }

    /// The inputs an emission gives: its fields by `inputs`' names (0 for one it lacks).
    func inputs(of emission: Emission) -> [Double] {
        inputs.map { name in
            switch emission.fields.first(where: { $0.name == name })?.value {
            case let .number(value)?: value
            case let .bool(flag)?: flag ? 1 : 0
            default: 0
            }
        }
    }
}
