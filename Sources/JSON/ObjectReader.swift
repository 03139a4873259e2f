/// Reads one JSON object strictly: typed accessors that name the member on error, and `finish()`
/// refusing any member nobody asked for (a typo is an error, never ignored).
///
/// The one reader of objects: the API's request bodies, events and scene documents (Routes), and
/// control definitions, configurations and command arguments (AnimationCore's loaders). Its faults
/// are `DocumentError`s with the API's messages ("expected a number, got a string", "is required",
/// "unknown field"), so whatever reads a document answers a client the same way.
public struct ObjectReader: Sendable {
    public let members: JSONObject
    public let path: TreePath
    /// The code shape faults carry: `invalid_field` for what clients send, `invalid_definition`
    /// for a definition.
    public let code: DocumentError.Code
    private var used = MemberPositions()
    /// The keys asked for, in a definition (whose unknown fields are answered with the fields
    /// the place takes); empty, never allocated, for what clients send.
    private var asked: [String] = []

    public init(_ json: JSON, at path: TreePath = .root, code: DocumentError.Code = .invalidField) throws(DocumentError) {
        guard case let .object(members) = json else {
            throw DocumentError(code, at: path, "expected an object, got \(json.kindName)")
        }
        self.members = members
        self.path = path
        self.code = code
    }

    public func field(_ key: String) -> TreePath { path.appending(key) }

    public func error(_ key: String, _ message: String) -> DocumentError {
        DocumentError(code, at: field(key), message)
    }

    public func has(_ key: String) -> Bool { members.position(of: key) != nil }

    /// The keys in document order.
    public var keys: [String] { members.map(\.key) }

    /// The member, null included (a null where a value belongs is an error, not an absence).
    public mutating func raw(_ key: String) -> JSON? {
        if code == .invalidDefinition, !asked.contains(key) { asked.append(key) }
        guard let position = members.position(of: key) else { return nil }
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
        guard let index = choices.firstIndex(of: text) else { throw notOneOf(key, choices) }
        return index
    }

    /// A string that must name one of `T`'s cases (inlinable: specialised where it is called).
    @inlinable public mutating func choice<T: RawRepresentable & CaseIterable>(_ key: String, default fallback: T) throws(DocumentError) -> T
        where T.RawValue == String {
        guard let text = try string(key) else { return fallback }
        guard let value = T(rawValue: text) else { throw notOneOf(key, T.allCases.map(\.rawValue)) }
        return value
    }

    @usableFromInline func notOneOf(_ key: String, _ choices: [String]) -> DocumentError {
        error(key, "must be one of \(choices.map { "'\($0)'" }.joined(separator: ", "))")
    }

    public mutating func array(_ key: String) throws(DocumentError) -> [JSON]? {
        guard let value = raw(key) else { return nil }
        guard case let .array(items) = value else { throw error(key, "expected an array, got \(value.kindName)") }
        return items
    }

    public mutating func object(_ key: String) throws(DocumentError) -> ObjectReader? {
        guard let value = raw(key) else { return nil }
        return try ObjectReader(value, at: field(key), code: code)
    }

    /// Throws on the first member that was never asked for; in a definition, naming the fields
    /// the place takes and the nearest of them.
    public func finish() throws(DocumentError) {
        for (position, member) in members.enumerated() where !used.contains(position) {
            guard code == .invalidDefinition, !asked.isEmpty else { throw error(member.key, "unknown field") }
            let near = Self.suggestion(member.key, asked)
            throw error(member.key, "unknown field\(near); the fields here are \(asked.joined(separator: ", "))")
        }
    }
}
