/// Header fields in arrival order; names compare case-insensitively (RFC 9110 §5.1).
public struct HTTPHeaders: Sendable, Equatable, Sequence {
    public private(set) var fields: [(name: String, value: String)]

    public init(_ fields: [(name: String, value: String)] = []) {
        self.fields = fields
    }

    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.fields.count == rhs.fields.count
            && zip(lhs.fields, rhs.fields).allSatisfy { $0.name == $1.name && $0.value == $1.value }
    }

    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
        fields.makeIterator()
    }

    public mutating func add(_ name: String, _ value: String) {
        fields.append((name, value))
    }

    /// Replaces every field with this name by one field.
    public mutating func set(_ name: String, _ value: String) {
        remove(name)
        fields.append((name, value))
    }

    public mutating func remove(_ name: String) {
        fields.removeAll { Self.sameName($0.name, name) }
    }

    /// The first value with this name.
    public subscript(_ name: String) -> String? {
        fields.first { Self.sameName($0.name, name) }?.value
    }

    /// Every value with this name, in order.
    public func values(_ name: String) -> [String] {
        // One pass and one array (none when absent), not a filtered copy of the fields mapped again.
        var values: [String] = []
        for field in fields where Self.sameName(field.name, name) { values.append(field.value) }
        return values
    }

    public func contains(_ name: String) -> Bool { self[name] != nil }

    /// How many lines carry this name (without collecting their values).
    public func count(of name: String) -> Int {
        fields.reduce(0) { $0 + (Self.sameName($1.name, name) ? 1 : 0) }
    }

    /// Field names are tokens (ASCII), so ASCII case folding is the whole comparison; it runs on
    /// every header lookup of every request, so it builds no lowercased copies. A byte outside ASCII
    /// (which no parsed name has) compares exactly.
    public static func sameName(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        // Both sides' bytes in place: a request's head is looked up a dozen times, and the generic
        // view comparison cost more than the rest.
        let x = a.utf8.span, y = b.utf8.span
        for index in 0 ..< x.count where HTTPSyntax.asciiLowercased(x[index]) != HTTPSyntax.asciiLowercased(y[index]) {
            return false
        }
        return true
    }
}
