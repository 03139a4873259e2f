/// A JSON-shaped value with ordered object members: what a control definition, a configuration
/// or a command's arguments are made of. AnimationCore parses no text; the API layer turns its
/// JSON into a `Tree` (and back), so every loader here reports faults as paths into the document.
public enum Tree: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([Tree])
    /// Members in document order; keys are unique (a parsed document has no duplicates).
    case object([Member])

    public struct Member: Sendable, Equatable {
        public var key: String
        public var value: Tree
        public init(_ key: String, _ value: Tree) {
            self.key = key
            self.value = value
        }
    }

    /// The member named `key` when this is an object that has one.
    public subscript(key: String) -> Tree? {
        guard case let .object(members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The JSON type's name, for messages ("expected a number, got a string").
    public var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    public var stringValue: String? {
        if case let .string(text) = self { return text }
        return nil
    }

    public var doubleValue: Double? {
        if case let .number(value) = self { return value }
        return nil
    }
}

extension Tree: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: Tree...) { self = .array(elements) }
    /// Members keep the literal's order.
    public init(dictionaryLiteral elements: (String, Tree)...) {
        self = .object(elements.map { Member($0.0, $0.1) })
    }
}
