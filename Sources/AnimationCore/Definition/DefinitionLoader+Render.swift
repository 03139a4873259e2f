extension DefinitionLoader {
    /// `state`: the semantic state a session reports, `{"name": expression}` in order.
    mutating func compileReport(_ section: ObjectReader?) throws(DocumentError) {
        var builder = ProgramBuilder(gen, base: 0)
        var fields: [OutputField] = []
        if let section {
            for member in try members(section) {
                let typed = try expression(member.value, at: section.field(member.key), names: stateNames)
                fields.append(pools.output(member.key, typed.type, builder.operand(typed)))
            }
        }
        parts.report = OutputPlan(program: builder.finish(), fields: fields)
    }

    /// `properties` (`{"name": expression}`, in order) and `layers`, back to front, in one program.
    mutating func compileRender(properties: ObjectReader?, layers: [JSON]?, at path: TreePath) throws(DocumentError) {
        var builder = ProgramBuilder(gen, base: 0)
        var fields: [OutputField] = []
        if let properties {
            for member in try members(properties) {
                let typed = try expression(member.value, at: properties.field(member.key), names: stateNames)
                fields.append(pools.output(member.key, typed.type, builder.operand(typed)))
            }
        }
        let layers = layers ?? []
        guard layers.count <= DefinitionLimits.maximumLayers else {
            throw DocumentError(.tooManyLayers, at: path, "\(layers.count) layers; a definition may have at most \(DefinitionLimits.maximumLayers)")
        }
        var copies: [(copy: LayerCopy, index: Int)] = []
        for (index, tree) in layers.enumerated() {
            let more = try layerCopies(tree, at: path.appending(index))
            guard copies.count + more.count <= DefinitionLimits.maximumLayers else {
                throw DocumentError(.tooManyLayers, at: path.appending(index),
                                    "\(copies.count + more.count) layers with the repeated ones; a definition may have at most \(DefinitionLimits.maximumLayers)")
            }
            copies += more.map { ($0, index) }
        }
        var tree = LayerTree(declared: copies.map { ($0.copy.tree["id"]?.stringValue, $0.copy.tree["superlayer"]?.stringValue) })
        var plans: [LayerPlan] = []
        for (copy, index) in copies {
            plans.append(try layer(copy, at: path.appending(index), builder: &builder, ids: plans.map(\.id), tree: &tree))
        }
        parts.render = RenderPlan(program: builder.finish(), properties: fields, layers: plans)
    }

    private mutating func layer(_ copy: LayerCopy, at path: TreePath, builder: inout ProgramBuilder, ids: [String],
                                tree: inout LayerTree) throws(DocumentError) -> LayerPlan {
        var r = try ObjectReader(copy.tree, at: path, code: .invalidDefinition)
        let stateNames = copy.names
        let id = try r.requiredString("id")
        guard !ids.contains(id) else { throw DocumentError(.duplicateName, at: r.field("id"), "another layer is '\(id)'") }
        let kindName = try r.string("kind") ?? "rect"
        guard let kind = Layer.Kind(rawValue: kindName) else {
            throw DocumentError(.unknownPrimitive, at: r.field("kind"), "unknown layer kind '\(kindName)'; the kinds are \(Layer.Kind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let superlayer = try r.string("superlayer")
        // A sublayer shows only while its superlayer does (CALayer's isHidden hides the subtree).
        let inherited = try tree.enter(id, superlayer: superlayer, at: r.field("superlayer"))
        var shown: Typed? = copy.shown
        if let own = try r.raw("visible").map({ tree throws(DocumentError) in
            try expression(tree, at: r.field("visible"), names: stateNames, expecting: .bool)
        }) {
            shown = shown.map { Typed.binary(.and, $0, own, .bool) } ?? own
        }
        if let inherited { shown = shown.map { Typed.binary(.and, inherited, $0, .bool) } ?? inherited }
        tree.shown(shown)
        let visible = shown.map { builder.operand($0) }
        var parts: UInt32 = 0
        var fields: [LayerOperand] = []
        for (index, part) in LayerSchema.parts.enumerated() {
            let given = try layerPart(part, in: &r, builder: &builder, names: stateNames, frame: copy.tree["frame"],
                                      before: fields.reduce(0) { $0 + $1.kind.width })
            guard let given else { continue }
            parts |= 1 << UInt32(index)
            fields += given
        }
        for (index, part) in LayerSchema.parts.enumerated() where part.requiredFor == kind && parts & 1 << UInt32(index) == 0 {
            let article = kind.rawValue.first.map { "aeiou".contains($0) } == true ? "an" : "a"
            throw r.error(part.frameObject ?? part.fields[0].key, "is required for \(article) \(kind.rawValue)")
        }
        try r.finish()
        return LayerPlan(id: id, kind: kind, superlayer: superlayer, visible: visible, parts: parts, fields: fields)
    }

    /// The fields of `part` as the layer `r` gives them (each its expression or the table's
    /// default), nil when the layer does not have the part.
    private mutating func layerPart(_ part: LayerPart, in r: inout ObjectReader, builder: inout ProgramBuilder,
                                    names stateNames: [String: Binding], frame: JSON?, before: Int) throws(DocumentError) -> [LayerOperand]? {
        func operands(_ reader: inout ObjectReader) throws(DocumentError) -> [LayerOperand] {
            var operands: [LayerOperand] = []
            for field in part.fields {
                var value = reader.raw(field.key) ?? field.fallback
                // Asked for on every path, so a typo of it is answered with it and the fields here.
                if part.name == "path", field.key == "data", reader.raw("shape") != nil {
                    guard value == nil else { throw reader.error("shape", "a path is given as data or as a named shape, not both") }
                    switch try namedShape(in: &reader, frame: frame) {
                    case let .data(tree):
                        value = tree
                    case let .following(index):
                        // The frame's width is the layer's third value (x, y, width, height first).
                        let code = NamedShape.code(shape: index, distance: before + operands.count - 2)
                        operands.append(LayerOperand(operand: builder.operand(.number(code)), kind: field.kind))
                        continue
                    }
                }
                guard let value else { throw reader.error(field.key, "is required") }
                let typed = try expression(value, at: reader.field(field.key), names: stateNames, expecting: field.kind.valueType)
                operands.append(LayerOperand(operand: builder.operand(typed), kind: field.kind))
            }
            return operands
        }
        switch part.placement {
        case .members:
            guard part.always || part.fields.contains(where: { r.has($0.key) }) else {
                for field in part.fields { _ = r.raw(field.key) }
                return nil
            }
            return try operands(&r)
        case let .flattened(key), let .object(key):
            guard var object = try r.object(key) else {
                guard part.always else { return nil }
                throw r.error(key, "is required: {\(part.fields.map { "\"\($0.key)\"" }.joined(separator: ", "))}")
            }
            let given = try operands(&object)
            try object.finish()
            return given
        }
    }
}

extension DefinitionLoader {
    enum ShapePath {
        /// A string literal of the path data: the box is numbers, resolved here once.
        case data(JSON)
        /// The index of a shape that follows a box given by expressions, stretched when written.
        case following(Int)
    }

    /// A path's `"shape": "name"`: with the layer's frame width and height numbers, the path data
    /// (a string literal) of the built-in shape stretched to it, resolved here once, so a frame
    /// carries plain path data as it always has; else the shape, stretched to the frame's box each
    /// time a frame is written (the box may animate).
    private func namedShape(in reader: inout ObjectReader, frame: JSON?) throws(DocumentError) -> ShapePath {
        guard let name = try reader.string("shape") else { throw reader.error("shape", "expected a string") }
        guard let index = NamedShape.all.firstIndex(where: { $0.name == name }) else {
            let names = NamedShape.all.map(\.name)
            throw reader.error("shape", "unknown shape '\(name)'\(ObjectReader.suggestion(name, names)); the shapes are \(names.joined(separator: ", "))")
        }
        guard let width = frame?["width"]?.doubleValue, let height = frame?["height"]?.doubleValue else { return .following(index) }
        return .data(.string("'\(NamedShape.all[index].pathData(width: width, height: height))'"))
    }
}

extension FrameShape.Kind {
    /// The type a definition's expression for a field of this kind has.
    var valueType: ValueType {
        switch self {
        case .number: .number
        case .bool: .bool
        case .color: .color
        case .text: .string
        }
    }
}
