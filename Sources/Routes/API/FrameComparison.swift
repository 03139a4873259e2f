import AnimationCore

/// Two frames answers compared property by property (docs/scenarios.md#comparison). Frames are
/// matched by index (both sample the same window, so frame k is at the same `t` in both); for each
/// named property, the largest deviation over the frames and the `t` of the first frame where it
/// exceeds the tolerance:
///
/// - numbers: |a − b|;
/// - colours (`#rrggbbaa`): the largest difference of a channel, each channel from 0 to 1;
/// - booleans and strings: 0 when equal, else 1, and unequal always diverges, whatever the tolerance;
/// - a property missing from one frame, or of another type: no deviation (null), diverging there.
///
/// Emitted callbacks match when they have the same name and fields (in any member order), numbers
/// (and `t`) within the tolerance; each side's callbacks left unmatched (in order) are listed.
struct FrameComparison {
    struct Property: Equatable {
        var name: String
        /// Nil when the values could not be compared at some frame (missing, another type).
        var maxDeviation: Double? = 0
        var firstDivergence: Double?
    }

    var tolerance: Double
    var properties: [Property] = []
    /// Frame counts of the two sides, when they differ.
    var counts: (compared: Int, reference: Int)?
    /// Emitted by the compared side and not by the reference, and the other way round.
    var unexpected: [JSON] = []
    var missing: [JSON] = []

    var equal: Bool {
        counts == nil && unexpected.isEmpty && missing.isEmpty && properties.allSatisfy { $0.firstDivergence == nil }
    }

    /// `compared` and `reference` are frames answers (`{"frames": [...], "emitted": [...]}`).
    init(_ compared: JSON, against reference: JSON, tolerance: Double) {
        self.tolerance = tolerance
        let a = compared["frames"]?.arrayValue ?? [], b = reference["frames"]?.arrayValue ?? []
        if a.count != b.count { counts = (a.count, b.count) }
        var index: [String: Int] = [:]
        for (k, (frameA, frameB)) in zip(a, b).enumerated() {
            let propsA = frameA["properties"]?.objectValue ?? JSONObject(), propsB = frameB["properties"]?.objectValue ?? JSONObject()
            let t = frameA["t"]?.doubleValue ?? Double(k)
            for name in propsA.keys + propsB.keys.filter({ propsA[$0] == nil }) {
                let position: Int
                if let known = index[name] {
                    position = known
                } else {
                    position = properties.count
                    index[name] = position
                    properties.append(Property(name: name))
                    // A property only one side has from a later frame on is missing from the earlier ones.
                    if k > 0 { properties[position].maxDeviation = nil; properties[position].firstDivergence = a.first?["t"]?.doubleValue ?? 0 }
                }
                record(Self.deviation(propsA[name], propsB[name]), at: t, into: &properties[position])
            }
        }
        (unexpected, missing) = Self.unmatched(compared["emitted"]?.arrayValue ?? [], reference["emitted"]?.arrayValue ?? [],
                                               tolerance: tolerance)
    }

    /// A deviation and whether it diverges whatever the tolerance (unequal booleans and strings).
    enum Deviation: Equatable {
        case measured(Double)
        case discrete(equal: Bool)
        case incomparable
    }

    private func record(_ deviation: Deviation, at t: Double, into property: inout Property) {
        let (value, diverges): (Double?, Bool) = switch deviation {
        case let .measured(d): (d, !(d <= tolerance))
        case let .discrete(equal): (equal ? 0 : 1, !equal)
        case .incomparable: (nil, true)
        }
        if let value, let current = property.maxDeviation {
            property.maxDeviation = max(current, value)
        } else {
            property.maxDeviation = nil
        }
        if diverges, property.firstDivergence == nil { property.firstDivergence = t }
    }

    static func deviation(_ a: JSON?, _ b: JSON?) -> Deviation {
        switch (a, b) {
        case let (.number(x)?, .number(y)?):
            return .measured(abs(x - y))
        case let (.bool(x)?, .bool(y)?):
            return .discrete(equal: x == y)
        case let (.string(x)?, .string(y)?):
            if let c = hexColor(x), let d = hexColor(y) {
                return .measured(zip(c, d).map { abs($0 - $1) }.max() ?? 0)
            }
            return .discrete(equal: x == y)
        default:
            return .incomparable
        }
    }

    /// `#rrggbbaa` (as frames write colours) as four channels from 0 to 1.
    static func hexColor(_ text: String) -> [Double]? {
        guard text.utf8.count == 9, text.hasPrefix("#"), let color = Color(parsing: text) else { return nil }
        return [color.red, color.green, color.blue, color.alpha]
    }

    /// Each of `a`'s callbacks matched with the first unmatched alike of `b`'s, in order.
    static func unmatched(_ a: [JSON], _ b: [JSON], tolerance: Double) -> (onlyA: [JSON], onlyB: [JSON]) {
        var used = Array(repeating: false, count: b.count)
        var onlyA: [JSON] = []
        for emission in a {
            if let match = b.indices.first(where: { !used[$0] && alike(emission, b[$0], tolerance: tolerance) }) {
                used[match] = true
            } else {
                onlyA.append(emission)
            }
        }
        return (onlyA, b.indices.filter { !used[$0] }.map { b[$0] })
    }

    static func alike(_ a: JSON, _ b: JSON, tolerance: Double) -> Bool {
        guard let x = a.objectValue, let y = b.objectValue, Set(x.keys) == Set(y.keys) else { return a == b }
        return x.keys.allSatisfy { key in
            switch deviation(x[key], y[key]) {
            case let .measured(d): d <= tolerance
            case let .discrete(equal): equal
            case .incomparable: x[key] == y[key]
            }
        }
    }

    func encode(into w: inout JSONWriter) {
        w.beginObject()
        w.member("equal", equal)
        w.member("tolerance", tolerance)
        if let counts {
            w.key("frameCounts")
            w.beginObject()
            w.member("scenario", counts.compared)
            w.member("reference", counts.reference)
            w.endObject()
        }
        w.key("properties")
        w.beginObject()
        for property in properties {
            w.key(property.name)
            w.beginObject()
            w.key("maxDeviation")
            if let deviation = property.maxDeviation { w.value(deviation) } else { w.null() }
            w.key("firstDivergence")
            if let t = property.firstDivergence { w.value(t) } else { w.null() }
            w.endObject()
        }
        w.endObject()
        w.key("emitted")
        w.beginObject()
        w.member("equal", unexpected.isEmpty && missing.isEmpty)
        w.key("unexpected")
        w.beginArray()
        for emission in unexpected { w.value(emission) }
        w.endArray()
        w.key("missing")
        w.beginArray()
        for emission in missing { w.value(emission) }
        w.endArray()
        w.endObject()
        w.endObject()
    }
}
