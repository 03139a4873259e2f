import AnimationCore

/// Reads a scene document's `bindings` and `actions` (docs/scenes.md#bindings-and-actions) into
/// `SceneLink`s, shape only: `Scene.linking` checks the names and expressions.
///
/// - binding: `{"from": {"view", "property"}, "to": {"view", "command", "args": {name: expression}}}`
/// - action: `{"on": {"view", "emission"}, "send": {"view", "command", "args": {name: expression}}}`
///
/// An argument is an expression's text, or a number or bool written as itself.
enum SceneLinkReader {
    static func read(_ items: [JSON], at path: TreePath, bindings: Bool) throws(DocumentError) -> [SceneLink] {
        var links: [SceneLink] = []
        for (index, item) in items.enumerated() {
            var r = try ObjectReader(item, at: path.appending(index))
            let (fromKey, triggerKey, toKey) = bindings ? ("from", "property", "to") : ("on", "emission", "send")
            guard var from = try r.object(fromKey) else { throw r.error(fromKey, "is required: {view, \(triggerKey)}") }
            guard var to = try r.object(toKey) else { throw r.error(toKey, "is required: {view, command, args}") }
            try r.finish()
            guard let source = try from.string("view") else { throw from.error("view", "is required: a view's id") }
            guard let trigger = try from.string(triggerKey) else { throw from.error(triggerKey, "is required") }
            try from.finish()
            guard let target = try to.string("view") else { throw to.error("view", "is required: a view's id") }
            guard let command = try to.string("command") else { throw to.error("command", "is required") }
            let arguments = try self.arguments(&to)
            try to.finish()
            links.append(SceneLink(from: source, bindings ? .property(trigger) : .emission(trigger), to: target,
                                   command: command, arguments: arguments))
        }
        return links
    }

    /// Reads `exclusive` (docs/scenes.md#exclusive-groups), shape only:
    /// `{"views": [id…], "when": {"property"} or {"emission"}, "send": {"command", "args"}, "alsoOn": [{"view", "emission"}]}`.
    static func groups(_ items: [JSON], at path: TreePath) throws(DocumentError) -> [SceneExclusiveGroup] {
        var groups: [SceneExclusiveGroup] = []
        for (index, item) in items.enumerated() {
            var r = try ObjectReader(item, at: path.appending(index))
            guard let viewItems = try r.array("views") else { throw r.error("views", "is required: the members' ids") }
            var views: [String] = []
            for (k, view) in viewItems.enumerated() {
                guard case let .string(id) = view else { throw DocumentError(.invalidField, at: r.field("views").appending(k), "expected a view's id") }
                views.append(id)
            }
            guard var when = try r.object("when") else { throw r.error("when", "is required: {property} or {emission}") }
            guard var send = try r.object("send") else { throw r.error("send", "is required: {command, args}") }
            let alsoItems = try r.array("alsoOn") ?? []
            try r.finish()
            let property = try when.string("property"), emission = try when.string("emission")
            let trigger: SceneLink.Trigger
            switch (property, emission) {
            case let (name?, nil): trigger = .property(name)
            case let (nil, name?): trigger = .emission(name)
            default: throw r.error("when", "expected one of property and emission")
            }
            try when.finish()
            guard let command = try send.string("command") else { throw send.error("command", "is required") }
            let arguments = try self.arguments(&send)
            try send.finish()
            var alsoOn: [(view: String, emission: String)] = []
            for (k, also) in alsoItems.enumerated() {
                var a = try ObjectReader(also, at: r.field("alsoOn").appending(k))
                guard let view = try a.string("view") else { throw a.error("view", "is required: a view's id") }
                guard let name = try a.string("emission") else { throw a.error("emission", "is required") }
                try a.finish()
                alsoOn.append((view, name))
            }
            groups.append(SceneExclusiveGroup(views: views, trigger, command: command, arguments: arguments, alsoOn: alsoOn))
        }
        return groups
    }

    /// A link's `args`: each an expression's text, or a number or bool written as itself.
    private static func arguments(_ to: inout ObjectReader) throws(DocumentError) -> [(name: String, expression: String)] {
        var arguments: [(name: String, expression: String)] = []
        guard let args = try to.object("args") else { return [] }
        for (name, value) in args.members {
            switch value {
            case let .string(text): arguments.append((name, text))
            case let .number(number): arguments.append((name, "\(number)"))
            case let .bool(flag): arguments.append((name, flag ? "true" : "false"))
            default: throw args.error(name, "expected an expression (a string), a number or a bool")
            }
        }
        return arguments
    }
}
