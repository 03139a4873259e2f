extension DefinitionLoader {
    /// `animate`'s `mode` (`additive`, the default; `retarget`; `fromCurrent`), `delay` (an
    /// expression of seconds, for the additive and from-current modes: a retargeting spring
    /// takes over at once, from the value and velocity shown), `repeatCount` (an expression of
    /// cycles, or `"infinity"`) and `autoreverses`.
    mutating func animateMode(_ r: inout TreeReader, builder: inout ProgramBuilder,
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
    mutating func animateCompletion(_ r: inout TreeReader) throws(DocumentError) -> ReactionList {
        guard let tree = r.raw("completion") else { return .empty }
        var names = stateNames
        names["event"] = .namespace(nil, ["finished": .expression(.register(0, .bool))])
        let list = try reactions(tree, at: r.field("completion"), context: ReactionContext(names: names, fixed: 1))
        completionLists.append((r.field("completion"), list))
        return list
    }
}
