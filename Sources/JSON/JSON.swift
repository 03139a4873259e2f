/// A JSON value as the API reads and writes it.
///
/// Numbers are `Double` (RFC 8259 §6 interoperability range) and are always finite when they come
/// from `JSONParser`. Equality is structural; objects compare their members in order, because the
/// order is what `serialize` writes. Strings and keys compare with Swift `String` equality
/// (canonical equivalence).
public enum JSON: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object(JSONObject)

    /// An object's member: its key and its value.
    public typealias Member = (key: String, value: JSON)
}

extension JSON: ExpressibleByNilLiteral {
    public init(nilLiteral: ()) { self = .null }
}

extension JSON: ExpressibleByBooleanLiteral {
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension JSON: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
}

extension JSON: ExpressibleByFloatLiteral {
    public init(floatLiteral value: Double) { self = .number(value) }
}

extension JSON: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
}

extension JSON: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: JSON...) { self = .array(elements) }
}

extension JSON: ExpressibleByDictionaryLiteral {
    /// Members keep the literal's order; a repeated key is a programmer error.
    public init(dictionaryLiteral elements: (String, JSON)...) {
        self = .object(JSONObject(elements.map { (key: $0.0, value: $0.1) }))
    }
}

extension JSON: CustomStringConvertible {
    /// The compact JSON text, as `serialize` writes it.
    public var description: String {
        String(decoding: serialize(self), as: UTF8.self)
    }
}
