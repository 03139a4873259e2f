/// A request's query string, strict: known keys only, each once, numbers finite.
struct Query {
    private var pairs: [(key: String, value: String)] = []

    init(_ raw: Substring?, allowed: [String]) throws(Problem) {
        guard let raw, !raw.isEmpty else { return }
        // A request target is ASCII (the parser refuses anything else), so a byte's index is a
        // character's: the parts are cut where their bytes are found, with nothing allocated.
        var rest = raw
        while !rest.isEmpty {
            let end = rest.utf8.firstIndex(of: UInt8(ascii: "&")) ?? rest.endIndex
            let part = rest[..<end]
            rest = end == rest.endIndex ? rest[end...] : rest[rest.utf8.index(after: end)...]
            guard !part.isEmpty else { continue }
            let equals = part.utf8.firstIndex(of: UInt8(ascii: "="))
            guard let key = Self.percentDecode(equals.map { part[..<$0] } ?? part) else {
                throw Problem(400, "invalid_query", "query parameter name is not valid percent-encoded UTF-8")
            }
            guard allowed.contains(key) else {
                throw Problem(400, "invalid_query", "unknown query parameter '\(key)'; this endpoint takes \(allowed.joined(separator: ", "))", field: key)
            }
            guard !pairs.contains(where: { $0.key == key }) else {
                throw Problem(400, "invalid_query", "query parameter '\(key)' given more than once", field: key)
            }
            guard let value = Self.percentDecode(equals.map { part[part.utf8.index(after: $0)...] } ?? "") else {
                throw Problem(400, "invalid_query", "query parameter '\(key)' is not valid percent-encoded UTF-8", field: key)
            }
            pairs.append((key, value))
        }
    }

    /// Members given one by one, as a body's window is (`from`, `to`, `fps` of a scenario run).
    init(pairs: [(key: String, value: String)]) {
        self.pairs = pairs
    }

    func string(_ key: String) -> String? {
        pairs.first { $0.key == key }?.value
    }

    /// A finite number, or nil when absent.
    func number(_ key: String) throws(Problem) -> Double? {
        guard let text = string(key) else { return nil }
        guard !text.isEmpty, text.utf8.allSatisfy(Self.isNumberByte), let value = Double(text), value.isFinite else {
            throw Problem(400, "invalid_query", "'\(key)' must be a finite number, got '\(text)'", field: key)
        }
        return value
    }

    /// The bytes a number may be written with here: digits, ".", exponents and signs.
    private static func isNumberByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0") ... UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"),
             UInt8(ascii: "+"), UInt8(ascii: "-"): true
        default: false
        }
    }

    static func percentDecode(_ text: Substring) -> String? {
        // Most parameters (`t=0.25`) have nothing to decode: the text is already the value.
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) else { return String(text) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "+"):
                bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
                bytes.append(high << 4 | low)
            default:
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
