/// Reads one object of a document strictly: typed accessors that name the member on error, and
/// `finish()` refusing any member nobody asked for (a typo is an error, never ignored).
///
/// The messages are the API's, so a configuration read here answers exactly as the hand-written
/// codecs did: "expected a number, got a string", "is required", "unknown field".
public struct TreeReader: Sendable {
    public let members: JSONObject
    public let path: TreePath
    /// The code shape faults carry: `invalid_field` for what clients send, `invalid_definition`
    /// for a definition.
    public let code: DocumentError.Code
    private var used = MemberPositions()
    /// The keys asked for, in a definition (whose unknown fields are answered with the fields
    /// the place takes); empty, never allocated, for what clients send.
    private var asked: [String] = []

    public init(_ tree: Tree, at path: TreePath, code: DocumentError.Code = .invalidField) throws(DocumentError) {
        guard case let .object(members) = tree else {
            throw DocumentError(code, at: path, "expected an object, got \(tree.kindName)")
        }
        self.members = members
        self.path = path
        self.code = code
    }

    public func field(_ key: String) -> TreePath { path.appending(key) }

    public func error(_ key: String, _ message: String) -> DocumentError {
        DocumentError(code, at: field(key), message)
    }

    public func has(_ key: String) -> Bool { members.contains { $0.key == key } }

    /// The keys in document order.
    public var keys: [String] { members.map(\.key) }

    /// The member, null included (a null where a value belongs is an error, not an absence).
    public mutating func raw(_ key: String) -> Tree? {
        if code == .invalidDefinition, !asked.contains(key) { asked.append(key) }
        guard let position = members.firstIndex(where: { $0.key == key }) else { return nil }
        used.insert(position)
        return members[position].value
    }

    public mutating func number(_ key: String) throws(DocumentError) -> Double? {
        guard let value = raw(key) else { return nil }
        guard case let .number(number) = value else { throw error(key, "expected a number, got \(value.kindName)") }
        return number
    }

    public mutating func number(_ key: String, default fallback: Double) throws(DocumentError) -> Double {
        try number(key) ?? fallback
    }

    public mutating func requiredNumber(_ key: String) throws(DocumentError) -> Double {
        guard let value = try number(key) else { throw error(key, "is required") }
        return value
    }

    public mutating func bool(_ key: String) throws(DocumentError) -> Bool? {
        guard let value = raw(key) else { return nil }
        guard case let .bool(flag) = value else { throw error(key, "expected true or false, got \(value.kindName)") }
        return flag
    }

    public mutating func bool(_ key: String, default fallback: Bool) throws(DocumentError) -> Bool {
        try bool(key) ?? fallback
    }

    public mutating func string(_ key: String) throws(DocumentError) -> String? {
        guard let value = raw(key) else { return nil }
        guard case let .string(text) = value else { throw error(key, "expected a string, got \(value.kindName)") }
        return text
    }

    public mutating func requiredString(_ key: String) throws(DocumentError) -> String {
        guard let text = try string(key) else { throw error(key, "is required") }
        return text
    }

    /// A string that must be one of `choices`, as its index.
    public mutating func choice(_ key: String, _ choices: [String]) throws(DocumentError) -> Int? {
        guard let text = try string(key) else { return nil }
        guard let index = choices.firstIndex(of: text) else {
            throw error(key, "must be one of \(choices.map { "'\($0)'" }.joined(separator: ", "))")
        }
        return index
    }

    public mutating func color(_ key: String) throws(DocumentError) -> Color? {
        guard let text = try string(key) else { return nil }
        guard let color = Color(parsing: text) else {
            throw error(key, "'\(text)' is not a colour: use #RGB, #RRGGBB, #RRGGBBAA or a system colour name")
        }
        return color
    }

    public mutating func array(_ key: String) throws(DocumentError) -> [Tree]? {
        guard let value = raw(key) else { return nil }
        guard case let .array(items) = value else { throw error(key, "expected an array, got \(value.kindName)") }
        return items
    }

    public mutating func object(_ key: String) throws(DocumentError) -> TreeReader? {
        guard let value = raw(key) else { return nil }
        return try TreeReader(value, at: field(key), code: code)
    }

    /// Throws on the first member that was never asked for; in a definition, naming the fields
    /// the place takes and the nearest of them.
    public func finish() throws(DocumentError) {
        for (position, member) in members.enumerated() where !used.contains(position) {
            guard code == .invalidDefinition, !asked.isEmpty else { throw error(member.key, "unknown field") }
            let near = DefinitionLoader.suggestion(member.key, asked)
            throw error(member.key, "unknown field\(near); the fields here are \(asked.joined(separator: ", "))")
        }
    }
}
