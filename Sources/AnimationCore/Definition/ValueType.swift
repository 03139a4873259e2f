/// The types an expression can have. Every value lives in `Double` registers: a number as
/// itself, a bool as 0 or 1, an enum case as its index, a string as an index into the string
/// table, a colour as four registers (red, green, blue, alpha).
public enum ValueType: Sendable, Equatable, CustomStringConvertible {
    case number
    case bool
    case color
    case string
    case enumeration(EnumType)

    /// Registers a value of this type takes.
    var width: Int { self == .color ? 4 : 1 }

    public var description: String {
        switch self {
        case .number: "number"
        case .bool: "bool"
        case .color: "colour"
        case .string: "string"
        case let .enumeration(type): "enum (\(type.cases.map { "'\($0)'" }.joined(separator: ", ")))"
        }
    }
}

/// An enum's cases, in order. Two enums with the same cases are the same type.
public struct EnumType: Sendable, Equatable {
    public let cases: [String]
    public init(_ cases: [String]) { self.cases = cases }

    /// The cases as a message lists them: `'a', 'b' or 'c'`.
    var spelled: String {
        let quoted = cases.map { "'\($0)'" }
        guard quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " or " + quoted[quoted.count - 1]
    }

    /// The outcome of an animator's completion (`UIViewAnimatingPosition`).
    static let position = EnumType(["end", "start", "current"])
}
