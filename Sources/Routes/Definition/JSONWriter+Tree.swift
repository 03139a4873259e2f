import AnimationCore

extension JSONWriter {
    /// A document tree, written as `value(_: JSON)` writes the same JSON.
    public mutating func value(_ tree: Tree) {
        switch tree {
        case .null: null()
        case let .bool(flag): value(flag)
        case let .number(number): value(number)
        case let .string(text): value(text)
        case let .array(items):
            beginArray()
            for item in items { value(item) }
            endArray()
        case let .object(members):
            beginObject()
            for member in members {
                key(member.key)
                value(member.value)
            }
            endObject()
        }
    }
}
