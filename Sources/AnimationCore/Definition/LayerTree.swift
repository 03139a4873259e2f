/// The layer tree as a definition's flat `layers` list declares it, checked one layer at a time
/// as the loader reads them: a layer names its superlayer by id (`"superlayer": "card"`), and the
/// list is the tree in drawing order (a layer, then its sublayers and theirs, then the next layer
/// that is not one of them), as Core Animation draws a layer before its sublayers.
struct LayerTree {
    /// Every layer's id and named superlayer, in list order (repeated layers' copies included),
    /// read ahead so a fault can say what the list holds further down.
    private let declared: [(id: String?, superlayer: String?)]
    /// The last layer read and its superlayers, outermost first, each with when it shows.
    private var chain: [(id: String, shown: Typed?)] = []

    init(declared: [(String?, String?)]) {
        self.declared = declared.map { (id: $0.0, superlayer: $0.1) }
    }

    /// Reads layer `id`, a sublayer of `superlayer` when it names one; returns when its superlayer
    /// shows (nil: always, or no superlayer). Refuses (at `path`) a superlayer that is itself, is
    /// not declared, is declared after it, closes a cycle, is not the last layer read or one of its
    /// superlayers, or puts it deeper than `DefinitionLimits.maximumLayerDepth`.
    mutating func enter(_ id: String, superlayer: String?, at path: TreePath) throws(DocumentError) -> Typed? {
        guard let superlayer else {
            chain = [(id, nil)]
            return nil
        }
        guard superlayer != id else { throw DocumentError(.cycle, at: path, "layer '\(id)' cannot be its own superlayer") }
        guard let depth = chain.lastIndex(where: { $0.id == superlayer }) else { throw misplaced(id, superlayer, at: path) }
        guard depth + 2 <= DefinitionLimits.maximumLayerDepth else {
            throw DocumentError(.layerTreeTooDeep, at: path,
                                "layer '\(id)' would be \(depth + 2) levels deep; a layer tree may be at most \(DefinitionLimits.maximumLayerDepth) deep")
        }
        chain.removeSubrange(depth + 1 ..< chain.count)
        let shown = chain[depth].shown
        chain.append((id, nil))
        return shown
    }

    /// When the layer just entered shows (its own `visible` and its superlayers').
    mutating func shown(_ shown: Typed?) {
        chain[chain.count - 1].shown = shown
    }

    /// Why `superlayer` cannot be `id`'s: unknown, declared later (perhaps a cycle), or not
    /// among the layers its sublayers may follow.
    private func misplaced(_ id: String, _ superlayer: String, at path: TreePath) -> DocumentError {
        let ids = declared.compactMap(\.id)
        guard let later = declared.firstIndex(where: { $0.id == superlayer }) else {
            return DocumentError(.unknownReference, at: path,
                                 "no layer '\(superlayer)'\(ObjectReader.suggestion(superlayer, ids)); the layers are \(ids.joined(separator: ", "))")
        }
        let mine = declared.firstIndex { $0.id == id } ?? declared.count
        guard later > mine else {
            let between = chain.last.map { "'\($0.id)'" } ?? "another layer"
            return DocumentError(.invalidDefinition, at: path,
                                 "superlayer '\(superlayer)' is declared earlier, but \(between), not one of its sublayers, comes between them: "
                                     + "list a layer's sublayers right after it")
        }
        // Following the superlayers on from there back to this layer is a cycle.
        var names = [id, superlayer]
        while let next = declared.first(where: { $0.id == names.last })?.superlayer, !names.dropFirst().contains(next) {
            names.append(next)
            if next == id {
                return DocumentError(.cycle, at: path, "the superlayers go round: \(names.map { "'\($0)'" }.joined(separator: " → "))")
            }
        }
        return DocumentError(.invalidDefinition, at: path,
                             "superlayer '\(superlayer)' is declared after layer '\(id)': list a layer before its sublayers")
    }
}
