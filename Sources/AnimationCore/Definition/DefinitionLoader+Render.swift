extension DefinitionLoader {
    /// `state`: the semantic state a session reports, `{"name": expression}` in order.
    mutating func compileReport(_ section: TreeReader?) throws(DocumentError) {
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
    mutating func compileRender(properties: TreeReader?, layers: [Tree]?, at path: TreePath) throws(DocumentError) {
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
        var plans: [LayerPlan] = []
        for (index, tree) in layers.enumerated() {
            let copies = try layerCopies(tree, at: path.appending(index))
            guard plans.count + copies.count <= DefinitionLimits.maximumLayers else {
                throw DocumentError(.tooManyLayers, at: path.appending(index),
                                    "\(plans.count + copies.count) layers with the repeated ones; a definition may have at most \(DefinitionLimits.maximumLayers)")
            }
            for copy in copies {
                plans.append(try layer(copy, at: path.appending(index), builder: &builder, ids: plans.map(\.id)))
            }
        }
        parts.render = RenderPlan(program: builder.finish(), properties: fields, layers: plans)
    }

    private mutating func layer(_ copy: LayerCopy, at path: TreePath, builder: inout ProgramBuilder, ids: [String]) throws(DocumentError) -> LayerPlan {
        var r = try TreeReader(copy.tree, at: path, code: .invalidDefinition)
        let stateNames = copy.names
        let id = try r.requiredString("id")
        guard !ids.contains(id) else { throw DocumentError(.duplicateName, at: r.field("id"), "another layer is '\(id)'") }
        let kindName = try r.string("kind") ?? "rect"
        guard let kind = Layer.Kind(rawValue: kindName) else {
            throw DocumentError(.unknownPrimitive, at: r.field("kind"), "unknown layer kind '\(kindName)'; the kinds are rect, arc, blur")
        }
        func field(_ reader: inout TreeReader, _ key: String, _ type: ValueType, default fallback: Tree?) throws(DocumentError) -> Operand? {
            guard let value = reader.raw(key) ?? fallback else { return nil }
            return builder.operand(try expression(value, at: reader.field(key), names: stateNames, expecting: type))
        }
        func required(_ reader: inout TreeReader, _ key: String, _ type: ValueType) throws(DocumentError) -> Operand {
            guard let register = try field(&reader, key, type, default: nil) else { throw reader.error(key, "is required") }
            return register
        }
        var visible: Operand?
        if let shown = copy.shown {
            let own = try r.raw("visible").map { tree throws(DocumentError) in
                try expression(tree, at: r.field("visible"), names: stateNames, expecting: .bool)
            }
            visible = builder.operand(own.map { Typed.binary(.and, shown, $0, .bool) } ?? shown)
        } else {
            visible = try field(&r, "visible", .bool, default: nil)
        }
        guard var frame = try r.object("frame") else { throw r.error("frame", "is required: {\"x\", \"y\", \"width\", \"height\"}") }
        let rect = (x: try required(&frame, "x", .number), y: try required(&frame, "y", .number),
                    width: try required(&frame, "width", .number), height: try required(&frame, "height", .number))
        try frame.finish()
        let background = try field(&r, "backgroundColor", .color, default: nil)
        let cornerRadius = try field(&r, "cornerRadius", .number, default: 0)!
        let opacity = try field(&r, "opacity", .number, default: 1)!
        let scale = try field(&r, "scale", .number, default: 1)!
        var stroke: (color: Operand, lineWidth: Operand, strokeEnd: Operand, startAngle: Operand, clockwise: Operand)?
        if var s = try r.object("stroke") {
            stroke = (color: try required(&s, "color", .color), lineWidth: try field(&s, "lineWidth", .number, default: 1)!,
                      strokeEnd: try field(&s, "strokeEnd", .number, default: 1)!,
                      startAngle: try field(&s, "startAngle", .number, default: .string("-pi / 2"))!,
                      clockwise: try field(&s, "clockwise", .bool, default: false)!)
            try s.finish()
        }
        var blur: (fraction: Operand, style: Operand, radius: Operand)?
        if var b = try r.object("blur") {
            blur = (fraction: try required(&b, "fraction", .number), style: try required(&b, "style", .string),
                    radius: try required(&b, "radius", .number))
            try b.finish()
        }
        if kind == .arc, stroke == nil { throw r.error("stroke", "is required for an arc") }
        if kind == .blur, blur == nil { throw r.error("blur", "is required for a blur") }
        try r.finish()
        return LayerPlan(id: id, kind: kind, visible: visible, frame: rect, backgroundColor: background,
                         cornerRadius: cornerRadius, opacity: opacity, scale: scale, stroke: stroke, blur: blur)
    }
}
