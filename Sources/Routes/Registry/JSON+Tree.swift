import AnimationCore

/// The API's JSON and AnimationCore's document trees are the same shape: members keep their
/// order both ways, numbers stay `Double`s, so a round trip is exact.
extension Tree {
    public init(_ json: JSON) {
        switch json {
        case .null: self = .null
        case let .bool(value): self = .bool(value)
        case let .number(value): self = .number(value)
        case let .string(value): self = .string(value)
        case let .array(items): self = .array(items.map(Tree.init))
        case let .object(object): self = .object(object.members.map { Tree.Member($0.key, Tree($0.value)) })
        }
    }
}

extension JSON {
    public init(_ tree: Tree) {
        switch tree {
        case .null: self = .null
        case let .bool(value): self = .bool(value)
        case let .number(value): self = .number(value)
        case let .string(value): self = .string(value)
        case let .array(items): self = .array(items.map(JSON.init))
        case let .object(members):
            // Keys are unique in a tree made from parsed JSON; a repeated key keeps its first value.
            var object = JSONObject()
            for member in members where object[member.key] == nil { object[member.key] = JSON(member.value) }
            self = .object(object)
        }
    }
}
