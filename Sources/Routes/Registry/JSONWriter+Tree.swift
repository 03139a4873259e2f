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

    /// A document tree in canonical form: every object's members sorted by key (byte order of
    /// the UTF-8, which is code-point order; parsed JSON has no repeated keys), numbers as
    /// `value(_: Double)` spells them, nothing else changed. Two trees that are the same JSON
    /// value write the same bytes.
    public mutating func canonicalValue(_ tree: Tree) {
        switch tree {
        case .null, .bool, .number, .string: value(tree)
        case let .array(items):
            beginArray()
            for item in items { canonicalValue(item) }
            endArray()
        case let .object(members):
            beginObject()
            for member in members.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
                key(member.key)
                canonicalValue(member.value)
            }
            endObject()
        }
    }
}
