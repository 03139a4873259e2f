import AnimationCore

/// Reads one JSON object strictly: typed accessors that name the field on error, and
/// `finish()` rejecting any member nobody asked for (a typo is an error, never ignored).
struct ObjectReader {
    let object: JSONObject
    let path: String
    private var used = MemberPositions()

    init(_ json: JSON, path: String) throws(WireError) {
        guard case let .object(object) = json else {
            throw WireError(field: path.isEmpty ? nil : path, "expected an object, got \(json.kindName)")
        }
        self.object = object
        self.path = path
    }

    func field(_ key: String) -> String { WireError.join(path, key) }

    /// The member, null included (a null where a value belongs is an error, not an absence).
    mutating func raw(_ key: String) -> JSON? {
        guard let position = object.position(of: key) else { return nil }
        used.insert(position)
        return object.members[position].value
    }

    func has(_ key: String) -> Bool { object[key] != nil }

    mutating func number(_ key: String) throws(WireError) -> Double? {
        guard let value = raw(key) else { return nil }
        guard case let .number(number) = value else {
            throw WireError(field: field(key), "expected a number, got \(value.kindName)")
        }
        return number
    }

    mutating func number(_ key: String, default fallback: Double) throws(WireError) -> Double {
        try number(key) ?? fallback
    }

    mutating func requiredNumber(_ key: String) throws(WireError) -> Double {
        guard let value = try number(key) else { throw WireError(field: field(key), "is required") }
        return value
    }

    mutating func bool(_ key: String) throws(WireError) -> Bool? {
        guard let value = raw(key) else { return nil }
        guard case let .bool(flag) = value else {
            throw WireError(field: field(key), "expected true or false, got \(value.kindName)")
        }
        return flag
    }

    mutating func bool(_ key: String, default fallback: Bool) throws(WireError) -> Bool {
        try bool(key) ?? fallback
    }

    mutating func string(_ key: String) throws(WireError) -> String? {
        guard let value = raw(key) else { return nil }
        guard case let .string(text) = value else {
            throw WireError(field: field(key), "expected a string, got \(value.kindName)")
        }
        return text
    }

    /// A string that must be one of `choices`.
    mutating func choice<T: RawRepresentable & CaseIterable>(_ key: String, default fallback: T) throws(WireError) -> T
        where T.RawValue == String {
        guard let text = try string(key) else { return fallback }
        guard let value = T(rawValue: text) else {
            let names = T.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
            throw WireError(field: field(key), "must be one of \(names)")
        }
        return value
    }

    mutating func color(_ key: String, default fallback: Color) throws(WireError) -> Color {
        guard let text = try string(key) else { return fallback }
        guard let color = Color(parsing: text) else {
            throw WireError(field: field(key), "'\(text)' is not a colour: use #RGB, #RRGGBB, #RRGGBBAA or a system colour name")
        }
        return color
    }

    mutating func array(_ key: String) throws(WireError) -> [JSON]? {
        guard let value = raw(key) else { return nil }
        guard case let .array(items) = value else {
            throw WireError(field: field(key), "expected an array, got \(value.kindName)")
        }
        return items
    }

    mutating func object(_ key: String) throws(WireError) -> ObjectReader? {
        guard let value = raw(key) else { return nil }
        return try ObjectReader(value, path: field(key))
    }

    /// Throws on the first member that was never asked for.
    func finish() throws(WireError) {
        for (position, member) in object.members.enumerated() where !used.contains(position) {
            throw WireError(field: field(member.key), "unknown field")
        }
    }
}
