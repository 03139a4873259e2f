import AnimationCore

extension Layer {
    /// The layer has part `name` of `LayerSchema.parts`.
    func has(_ name: String) -> Bool { parts & 1 << UInt32(LayerSchema.part(name)) != 0 }

    /// Field `key` of part `name`, read where the table lays it out; nil when the layer has no such part.
    func field(_ name: String, _ key: String) -> FieldValue? {
        guard let values = part(name) else { return nil }
        guard let at = LayerSchema.parts[LayerSchema.part(name)].fields.firstIndex(where: { $0.key == key }) else {
            preconditionFailure("part '\(name)' has no field '\(key)'")
        }
        return values[at]
    }

    func number(_ name: String, _ key: String) -> Double? {
        if case let .number(value)? = field(name, key) { return value }
        return nil
    }

    func bool(_ name: String, _ key: String) -> Bool? {
        if case let .bool(value)? = field(name, key) { return value }
        return nil
    }

    func color(_ name: String, _ key: String) -> Color? {
        if case let .color(value)? = field(name, key) { return value }
        return nil
    }

    func text(_ name: String, _ key: String) -> String? {
        if case let .string(value)? = field(name, key) { return value }
        return nil
    }
}

extension ExportPlan {
    /// The font the client module draws text in.
    static let systemFont = "-apple-system, system-ui, 'Helvetica Neue', sans-serif"

    /// `text` when it is one of `allowed`, else the first of them (what CSS and the client fall back to).
    static func keyword(_ text: String?, _ allowed: [String]) -> String {
        text.flatMap { allowed.contains($0) ? $0 : nil } ?? allowed[0]
    }
}
