extension ObjectReader {
    /// " (did you mean 'x'?)" when one of `known` is a near miss of `name` (a typo: one edit in a
    /// name of 4 to 8 characters, two in a longer one; none in a shorter one); "" otherwise.
    public static func suggestion(_ name: String, _ known: [String]) -> String {
        guard let nearest = nearest(name, in: known) else { return "" }
        return " (did you mean '\(nearest)'?)"
    }

    /// The closest of `known` within the typo bound; the first of equals.
    public static func nearest(_ name: String, in known: [String]) -> String? {
        let limit = name.count < 4 ? 0 : (name.count <= 8 ? 1 : 2)
        guard limit > 0 else { return nil }
        var best: (String, Int)?
        for candidate in known where candidate != name {
            let distance = editDistance(name, candidate, limit: limit)
            if distance <= limit, distance < best?.1 ?? .max { best = (candidate, distance) }
        }
        return best?.0
    }

    /// Levenshtein distance between `a` and `b` (case-insensitively, as a typo of case is one),
    /// or `limit + 1` once it must exceed `limit`.
    static func editDistance(_ a: String, _ b: String, limit: Int) -> Int {
        let x = Array(a.lowercased()), y = Array(b.lowercased())
        guard abs(x.count - y.count) <= limit else { return limit + 1 }
        var previous = Array(0...y.count)
        for i in 1...max(x.count, 1) where !x.isEmpty {
            var current = [i] + Array(repeating: 0, count: y.count)
            var rowMinimum = i
            for j in stride(from: 1, through: y.count, by: 1) {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
                rowMinimum = min(rowMinimum, current[j])
            }
            if rowMinimum > limit { return limit + 1 }
            previous = current
        }
        return x.isEmpty ? y.count : previous[y.count]
    }
}
