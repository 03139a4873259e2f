/// A JSON object: members in document order, keys unique, looked up by key.
///
/// Small objects (the API's usual case) are searched linearly; once an object has more than
/// `indexThreshold` members it also keeps a key → position index, so a hostile body with
/// thousands of keys costs neither the parser nor a caller quadratic time.
public struct JSONObject: Sendable {
    public private(set) var members: [JSON.Member]
    private var index: [String: Int]?

    static let indexThreshold = 12

    public init() {
        members = []
    }

    /// Keys must be unique: a repeated key is a programmer error (parsed input never has one).
    public init(_ members: [(key: String, value: JSON)]) {
        self.init()
        self.members.reserveCapacity(members.count)
        for member in members {
            let inserted = insertNew(key: member.key, value: member.value)
            precondition(inserted, "duplicate key \"\(member.key)\" in a JSONObject")
        }
    }

    @inlinable public var count: Int { members.count }
    @inlinable public var isEmpty: Bool { members.isEmpty }
    public var keys: [String] { members.map(\.key) }

    /// For the parser, which has already rejected duplicates and may have built the index.
    init(uniqueMembers members: [(key: String, value: JSON)], index: [String: Int]?) {
        self.members = members
        self.index = members.count > Self.indexThreshold ? index ?? Self.makeIndex(members.lazy.map(\.key)) : nil
    }

    /// The value for `key`. Setting a new key appends it; setting an existing key replaces the
    /// value in place; setting nil removes the member.
    public subscript(key: String) -> JSON? {
        get {
            position(of: key).map { members[$0].value }
        }
        set {
            switch (position(of: key), newValue) {
            case (let position?, let value?):
                members[position].value = value
            case (let position?, nil):
                members.remove(at: position)
                rebuildIndex()
            case (nil, let value?):
                _ = insertNew(key: key, value: value)
            case (nil, nil):
                break
            }
        }
    }

    /// The position of `key` in `members`.
    public func position(of key: String) -> Int? {
        if let index { return index[key] }
        return members.firstIndex { $0.key == key }
    }

    /// Appends the member unless the key is already present; returns whether it was appended.
    mutating func insertNew(key: String, value: JSON) -> Bool {
        guard position(of: key) == nil else { return false }
        members.append((key: key, value: value))
        if index != nil {
            index![key] = members.count - 1
        } else if members.count > Self.indexThreshold {
            rebuildIndex()
        }
        return true
    }

    private mutating func rebuildIndex() {
        index = members.count > Self.indexThreshold ? Self.makeIndex(members.lazy.map(\.key)) : nil
    }

    /// Key → position for unique `keys`.
    static func makeIndex(_ keys: some Sequence<String>) -> [String: Int] {
        var index = [String: Int](minimumCapacity: keys.underestimatedCount)
        for (position, key) in keys.enumerated() { index[key] = position }
        return index
    }
}

extension JSONObject: Equatable {
    /// Same keys with equal values in the same order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.members.count == rhs.members.count
            && zip(lhs.members, rhs.members).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }
}

/// The members by position, in document order (what a reader that reports unused members counts).
extension JSONObject: RandomAccessCollection {
    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { members.count }

    @inlinable public subscript(position: Int) -> JSON.Member { members[position] }

    @inlinable public func makeIterator() -> IndexingIterator<[JSON.Member]> {
        members.makeIterator()
    }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, JSON)...) {
        self.init(elements.map { (key: $0.0, value: $0.1) })
    }
}
