import AnimationCore

/// Reads a scene document's `bindings` and `actions` (docs/scenes.md#bindings-and-actions) into
/// `SceneLink`s, shape only: `Scene.linking` checks the names and expressions.
///
/// - binding: `{"from": {"view", "property"}, "to": {"view", "command", "args": {name: expression}}}`
/// - action: `{"on": {"view", "emission"}, "send": {"view", "command", "args": {name: expression}}}`
///
/// An argument is an expression's text, or a number or bool written as itself.
enum SceneLinkReader {
    static func read(_ items: [JSON], at path: String, bindings: Bool) throws(WireError) -> [SceneLink] {
        var links: [SceneLink] = []
        for (index, item) in items.enumerated() {
            var r = try ObjectReader(item, path: path + "[\(index)]")
            let (fromKey, triggerKey, toKey) = bindings ? ("from", "property", "to") : ("on", "emission", "send")
            guard var from = try r.object(fromKey) else { throw WireError(field: r.field(fromKey), "is required: {view, \(triggerKey)}") }
            guard var to = try r.object(toKey) else { throw WireError(field: r.field(toKey), "is required: {view, command, args}") }
            try r.finish()
            guard let source = try from.string("view") else { throw WireError(field: from.field("view"), "is required: a view's id") }
            guard let trigger = try from.string(triggerKey) else { throw WireError(field: from.field(triggerKey), "is required") }
            try from.finish()
            guard let target = try to.string("view") else { throw WireError(field: to.field("view"), "is required: a view's id") }
            guard let command = try to.string("command") else { throw WireError(field: to.field("command"), "is required") }
            var arguments: [(name: String, expression: String)] = []
            if let args = try to.object("args") {
                for (name, value) in args.object.members {
                    switch value {
                    case let .string(text): arguments.append((name, text))
                    case let .number(number): arguments.append((name, "\(number)"))
                    case let .bool(flag): arguments.append((name, flag ? "true" : "false"))
                    default: throw WireError(field: args.field(name), "expected an expression (a string), a number or a bool")
                    }
                }
            }
            try to.finish()
            links.append(SceneLink(from: source, bindings ? .property(trigger) : .emission(trigger), to: target,
                                   command: command, arguments: arguments))
        }
        return links
    }
}
