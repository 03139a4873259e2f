extension HTTPHeaders {
    /// The elements of a comma-separated list field across all its lines (RFC 9110 §5.6.1),
    /// trimmed and lowercased, empty elements dropped. For fields whose elements are tokens or numbers.
    public func listElements(_ name: String) -> [String] {
        var elements: [String] = []
        for field in fields where Self.sameName(field.name, name) {
            elements += Self.asciiListElements(field.value) ?? Self.listElements(of: field.value)
        }
        return elements
    }

    /// The elements of one value, split, trimmed and lowercased by Character (what non-ASCII text needs).
    private static func listElements(of value: String) -> [String] {
        value.split(separator: ",").compactMap { element in
            let trimmed = element.trimmingSpacesAndTabs()
            return trimmed.isEmpty ? nil : trimmed.lowercased()
        }
    }

    /// The same for an ASCII value, by bytes (every list field of every request passes here, and
    /// Character splitting cost more than the rest of the head); nil for a value that is not ASCII,
    /// whose graphemes and case mapping the Character path must judge.
    private static func asciiListElements(_ value: String) -> [String]? {
        let bytes = value.utf8.span
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        var elements: [String] = []
        HTTPSyntax.forEachListElement(bytes) { element in
            elements.append(bytes.extracting(element).asciiLowercased)
        }
        return elements
    }
}

extension HTTPSyntax {
    /// Calls `body` with the range of each non-empty element of a comma-separated list, trimmed of
    /// SP and HTAB.
    static func forEachListElement(_ bytes: Span<UInt8>, omittingEmpty: Bool = true,
                                   _ body: (Range<Int>) -> Void) {
        var start = 0
        while start <= bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: ",") { end += 1 }
            var first = start, last = end
            while first < last, isWhitespace(bytes[first]) { first += 1 }
            while last > first, isWhitespace(bytes[last - 1]) { last -= 1 }
            if first < last || !omittingEmpty { body(first ..< last) }
            start = end + 1
        }
    }
}

extension Substring {
    public func trimmingSpacesAndTabs() -> Substring {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isBlank($0) }), let last = lastIndex(where: { !isBlank($0) }) else {
            return self[endIndex...]
        }
        return self[first ... last]
    }
}
