extension JSONWriter {
    /// `json` in canonical form: every object's members sorted by key (byte order of the UTF-8,
    /// which is code-point order; an object has no repeated keys), numbers as `value(_: Double)`
    /// spells them, nothing else changed. Two documents that are the same JSON value write the
    /// same bytes (a definition's digest is taken over them).
    public mutating func canonicalValue(_ json: JSON) {
        switch json {
        case .null, .bool, .number, .string: value(json)
        case let .array(items):
            beginArray()
            for item in items { canonicalValue(item) }
            endArray()
        case let .object(object):
            beginObject()
            for member in object.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
                key(member.key)
                canonicalValue(member.value)
            }
            endObject()
        }
    }
}
