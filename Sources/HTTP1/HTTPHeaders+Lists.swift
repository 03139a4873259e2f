
extension HTTPHeaders {
    /// The elements of a comma-separated list field across all its lines (RFC 9110 §5.6.1),
    /// trimmed and lowercased, empty elements dropped. For fields whose elements are tokens or numbers.
    public func listElements(_ name: String) -> [String] {
        values(name).flatMap { value in
            value.split(separator: ",").compactMap { element in
                let trimmed = element.trimmingSpacesAndTabs()
                return trimmed.isEmpty ? nil : trimmed.lowercased()
            }
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
