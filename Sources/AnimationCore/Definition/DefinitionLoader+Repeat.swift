/// One layer of the render tree as compiled: its document (without `repeat`), the names its
/// expressions see besides the definition's, and a condition ANDed into its `visible`.
struct LayerCopy {
    var tree: JSON
    var names: [String: Binding]
    var shown: Typed?
}

extension DefinitionLoader {
    /// A layer, or with `"repeat": {"count": …, "maximum": n, "as": "index"}` the `n` copies it
    /// stands for (docs/controls.md, repeated layers): copy k has the id `<id>k`, sees `index`
    /// (or the name `as` gives) as the number k, and shows only while k < count. `maximum` is a
    /// literal, so the number of layers is known when the definition loads; `count` is an
    /// expression of the state, so a parameter (the segments of a segmented control) decides how
    /// many show.
    mutating func layerCopies(_ tree: JSON, at path: TreePath) throws(DocumentError) -> [LayerCopy] {
        guard case let .object(members) = tree, let spec = tree["repeat"] else {
            return [LayerCopy(tree: tree, names: stateNames, shown: nil)]
        }
        var r = try ObjectReader(spec, at: path.appending("repeat"), code: .invalidDefinition)
        guard let maximum = try r.number("maximum") else { throw r.error("maximum", "is required: how many copies at most") }
        guard maximum >= 1, maximum <= Double(DefinitionLimits.maximumLayers), maximum == maximum.rounded() else {
            throw DocumentError(.outOfRange, at: r.field("maximum"), "must be a whole number from 1 to \(DefinitionLimits.maximumLayers)")
        }
        let name = try r.string("as") ?? "index"
        guard Self.isName(name) else {
            throw DocumentError(.invalidDefinition, at: r.field("as"), "'\(name)' is not a name: use at most 64 ASCII letters, digits and _, not starting with a digit")
        }
        guard !Self.reserved.contains(name), stateNames[name] == nil else {
            throw DocumentError(.duplicateName, at: r.field("as"), "'\(name)' cannot name the copy's index: it is reserved or already a name of the definition")
        }
        guard let countTree = r.raw("count") else { throw r.error("count", "is required: how many copies show") }
        let count = try expression(countTree, at: r.field("count"), names: stateNames, expecting: .number)
        try r.finish()
        guard case let .string(id)? = tree["id"] else { return [LayerCopy(tree: tree, names: stateNames, shown: nil)] }
        var copies: [LayerCopy] = []
        for k in 0..<Int(maximum) {
            var names = stateNames
            names[name] = .expression(.number(Double(k)))
            let copy = members.compactMap { member -> JSON.Member? in
                switch member.key {
                case "repeat": nil
                case "id": ("id", .string(id + String(k)))
                default: member
                }
            }
            copies.append(LayerCopy(tree: .object(JSONObject(copy)), names: names,
                                    shown: .binary(.less, .number(Double(k)), count, .bool)))
        }
        return copies
    }
}
