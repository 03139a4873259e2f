import Foundation
import Testing
@testable import Routes

/// A CSS `linear()` easing parsed back from text, as CSS Easing Level 2 defines it: entries
/// `<number> <percentage>{0,2}`; a missing first input is 0%, a missing last 100%, a run of
/// missing inputs is spread evenly between its neighbours, an input below an earlier one is
/// raised to it. Written here from the spec, apart from the code under test.
struct LinearFunction {
    var points: [(input: Double, output: Double)]

    init(_ text: String) throws {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        try #require(trimmed.hasPrefix("linear(") && trimmed.hasSuffix(")"), "not a linear() easing: \(text)")
        var points: [(input: Double?, output: Double)] = []
        for entry in trimmed.dropFirst("linear(".count).dropLast().split(separator: ",") {
            let parts = entry.split(separator: " ")
            let output = try #require(parts.first.flatMap { Double($0) }, "bad entry '\(entry)'")
            let inputs = try parts.dropFirst().map { part in
                try #require(part.hasSuffix("%") ? Double(part.dropLast()) : nil, "bad input '\(part)'") / 100
            }
            try #require(inputs.count <= 2, "too many inputs in '\(entry)'")
            if inputs.isEmpty { points.append((nil, output)) }
            for input in inputs { points.append((input, output)) }
        }
        try #require(points.count >= 2, "linear() needs two points: \(text)")
        if points[0].input == nil { points[0].input = 0 }
        if points[points.count - 1].input == nil { points[points.count - 1].input = 1 }
        var largest = 0.0
        for index in points.indices {
            if let input = points[index].input {
                largest = max(largest, input)
                points[index].input = largest
            }
        }
        var index = 1
        while index < points.count {
            guard points[index].input == nil else { index += 1; continue }
            let start = index - 1
            var end = index
            while points[end].input == nil { end += 1 }
            let (a, b) = (points[start].input!, points[end].input!)
            for k in index..<end { points[k].input = a + (b - a) * Double(k - start) / Double(end - start) }
            index = end
        }
        self.points = points.map { ($0.input!, $0.output) }
    }

    /// The easing's output at input `x`.
    func callAsFunction(_ x: Double) -> Double {
        var a = (points.lastIndex { $0.input <= x }) ?? 0
        if a == points.count - 1 { a -= 1 }
        let (pa, pb) = (points[a], points[a + 1])
        if pa.input == pb.input { return pb.output }
        return pa.output + (x - pa.input) / (pb.input - pa.input) * (pb.output - pa.output)
    }
}

/// An export read back, whichever format it came in: each element's static style and each
/// animation's keyframes, property names as `element.animate()` spells them.
struct ExportDocument {
    struct Animation {
        var selector: String
        var source: String
        /// `linear`, or a `linear()` easing over the whole animation.
        var easing: String
        var keyframes: [(offset: Double, values: [String: String])]
    }

    var styles: [String: [String: String]] = [:]
    var animations: [Animation] = []
    /// Custom property → its `syntax`.
    var registrations: [String: String] = [:]

    /// From `format=waapi`.
    init(waapi: JSON) throws {
        for element in waapi["elements"]?.arrayValue ?? [] {
            let selector = try #require(element["selector"]?.stringValue)
            styles[selector] = try Self.strings(element["style"])
        }
        for animation in waapi["animations"]?.arrayValue ?? [] {
            let keyframes = try (animation["keyframes"]?.arrayValue ?? []).map { keyframe in
                var values = try Self.strings(keyframe)
                values["offset"] = nil
                return (offset: try #require(keyframe["offset"]?.doubleValue), values: values)
            }
            animations.append(Animation(selector: try #require(animation["selector"]?.stringValue),
                                        source: try #require(animation["source"]?.stringValue),
                                        easing: try #require(animation["options"]?["easing"]?.stringValue),
                                        keyframes: keyframes))
        }
        for registration in waapi["registrations"]?.arrayValue ?? [] {
            registrations[try #require(registration["name"]?.stringValue)] = registration["syntax"]?.stringValue
        }
    }

    /// From `format=css` exported under `name`: its rules read with a small parser of the blocks
    /// it writes; an animation's source from its element (`.name` the properties, `.name-id` a
    /// layer) and its name (`name--p` for property p).
    init(css: String, name: String) throws {
        let text = css.replacing(/\/\*[\s\S]*?\*\//, with: "")
        var keyframes: [String: [(offset: Double, values: [String: String])]] = [:]
        var elementAnimations: [(selector: String, names: [String], easings: [String])] = []
        for (prelude, body) in Self.blocks(text) {
            if prelude.hasPrefix("@property ") {
                let name = String(prelude.dropFirst("@property ".count))
                registrations[name] = Self.declarations(body)["syntax"]?.trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            } else if prelude.hasPrefix("@keyframes ") {
                keyframes[String(prelude.dropFirst("@keyframes ".count))] = try Self.blocks(body).map { selector, declarations in
                    let offset = selector == "from" ? 0 : selector == "to" ? 1 : try #require(Double(selector.dropLast())) / 100
                    return (offset, Dictionary(uniqueKeysWithValues: Self.declarations(declarations).map { (camelCase($0.key), $0.value) }))
                }
            } else {
                var style = Dictionary(uniqueKeysWithValues: Self.declarations(body).map { (camelCase($0.key), $0.value) })
                if let names = style.removeValue(forKey: "animationName") {
                    elementAnimations.append((prelude, Self.list(names), Self.list(style["animationTimingFunction"] ?? "")))
                }
                for key in ["animationDuration", "animationTimingFunction", "animationFillMode"] { style[key] = nil }
                styles[prelude] = style
            }
        }
        for (selector, names, easings) in elementAnimations {
            for (index, animation) in names.enumerated() {
                let source = selector == ".\(name)" ? "properties/" + animation.dropFirst(name.count + 2)
                    : "layers/" + selector.dropFirst(name.count + 2)
                animations.append(Animation(selector: selector, source: source, easing: easings[index % easings.count],
                                            keyframes: try #require(keyframes[animation], "no @keyframes \(animation)")))
            }
        }
    }

    /// `prelude { body }` at the top level of `text`, bodies with their nested blocks.
    static func blocks(_ text: String) -> [(String, String)] {
        var result: [(String, String)] = []
        var depth = 0
        var prelude = "", body = ""
        for character in text {
            switch character {
            case "{":
                if depth > 0 { body.append(character) }
                depth += 1
            case "}":
                depth -= 1
                if depth == 0 {
                    result.append((prelude.trimmingCharacters(in: .whitespacesAndNewlines), body))
                    prelude = ""
                    body = ""
                } else {
                    body.append(character)
                }
            default:
                if depth == 0 { prelude.append(character) } else { body.append(character) }
            }
        }
        return result
    }

    /// `name: value;` pairs.
    static func declarations(_ body: String) -> [String: String] {
        var result: [String: String] = [:]
        for declaration in body.split(separator: ";") {
            guard let colon = declaration.firstIndex(of: ":") else { continue }
            let name = declaration[..<colon].trimmingCharacters(in: .whitespacesAndNewlines)
            result[name] = declaration[declaration.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return result
    }

    /// A comma-separated list, commas inside parentheses kept.
    static func list(_ text: String) -> [String] {
        var items: [String] = [], current = "", depth = 0
        for character in text {
            if character == "(" { depth += 1 }
            if character == ")" { depth -= 1 }
            if character == ",", depth == 0 {
                items.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
            } else {
                current.append(character)
            }
        }
        return items + [current.trimmingCharacters(in: .whitespaces)]
    }

    private static func strings(_ json: JSON?) throws -> [String: String] {
        var result: [String: String] = [:]
        for member in json?.objectValue?.members ?? [] {
            result[member.key] = member.value.stringValue ?? member.value.doubleValue.map { "\($0)" }
        }
        return result
    }
}

/// `border-radius` → `borderRadius`; custom properties as they are. Written here, apart from
/// the code under test.
func camelCase(_ name: String) -> String {
    guard !name.hasPrefix("--") else { return name }
    let parts = name.split(separator: "-")
    return (parts.first.map(String.init) ?? "") + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
}

/// What an export's animations show at each sample, compared with the frames: the largest
/// deviation per `source/field`, in units of the allowance (tolerance × the field's range over
/// the window, at least 1e-6, or a quarter of an 8-bit step for colour channels). 1 is the promise.
struct ExportOracle {
    let frames: [JSON]
    let tolerance: Double
    let name: String
    /// The first frame's back-most layer: the box the layers are placed in.
    let origin: (x: Double, y: Double)

    init(frames: JSON, tolerance: Double, name: String) throws {
        self.frames = try #require(frames["frames"]?.arrayValue)
        self.tolerance = tolerance
        self.name = name
        let back = self.frames.first?["layers"]?[0]
        origin = (back?["x"]?.doubleValue ?? 0, back?["y"]?.doubleValue ?? 0)
    }

    /// A value's numbers (`translate(2px, 3px) scale(1)` → [2, 3, 1]) or a colour's four bytes.
    static func numbers(_ text: String) -> [Double] {
        if text.hasPrefix("#"), text.count == 9 {
            let hex = Array(text.utf8.dropFirst())
            return stride(from: 0, to: 8, by: 2).map { Double(Int(String(decoding: hex[$0..<$0 + 2], as: UTF8.self), radix: 16)!) }
        }
        return text.matches(of: /-?[0-9]+(\.[0-9]+)?(e[-+]?[0-9]+)?/).compactMap { Double($0.output.0) }
    }

    /// Between two keyframe values a fraction `u` of the way: numbers linearly, colours in
    /// premultiplied sRGB, `visibility` visible anywhere strictly between if either end is.
    static func interpolate(_ a: String, _ b: String, _ u: Double) -> [Double] {
        if a == "visible" || a == "hidden" {
            let shown = u <= 0 ? a == "visible" : u >= 1 ? b == "visible" : (a == "visible" || b == "visible")
            return [shown ? 1 : 0]
        }
        let (x, y) = (numbers(a), numbers(b))
        if a.hasPrefix("#") {
            let alpha = x[3] + (y[3] - x[3]) * u
            let channels = (0..<3).map { i in alpha > 0 ? (x[i] * x[3] + (y[i] * y[3] - x[i] * x[3]) * u) / alpha : 0 }
            return channels + [alpha]
        }
        return zip(x, y).map { $0 + ($1 - $0) * u }
    }

    /// The animation's value of `property` at `u` (0 at the first sample, 1 at the last).
    static func value(_ animation: ExportDocument.Animation, _ property: String, at u: Double) throws -> [Double] {
        let frames = animation.keyframes
        if animation.easing != "linear" {
            let p = try LinearFunction(animation.easing)(u)
            return interpolate(frames[0].values[property]!, frames[frames.count - 1].values[property]!, p)
        }
        let i = max(0, min((frames.lastIndex { $0.offset <= u } ?? 0), frames.count - 2))
        let (a, b) = (frames[i], frames[i + 1])
        let v = b.offset > a.offset ? min(max((u - a.offset) / (b.offset - a.offset), 0), 1) : 1
        return interpolate(a.values[property]!, b.values[property]!, v)
    }

    static let layerProperties: Set<String> = ["transform", "width", "height", "opacity", "borderRadius", "backgroundColor",
                                               "stroke", "strokeWidth", "strokeDashoffset", "backdropFilter", "--blur-fraction"]

    /// The frame's truth for `property` of `source` at frame k, named per component; nil where the
    /// layer is not drawn (only `visibility` is compared there).
    func expected(_ source: String, _ property: String, _ k: Int) -> [(field: String, value: Double, isColor: Bool)]? {
        let frame = frames[k]
        if source.hasPrefix("properties/") {
            let name = String(source.dropFirst("properties/".count))
            guard let value = frame["properties"]?[name] else { return nil }
            if let text = value.stringValue { return Self.numbers(text).map { (name, $0, true) } }
            return [(name, value.doubleValue ?? .nan, false)]
        }
        let id = String(source.dropFirst("layers/".count))
        let layer = frame["layers"]?.arrayValue?.first { $0["id"]?.stringValue == id }
        if property == "visibility" { return [("visible", layer == nil ? 0 : 1, false)] }
        guard let layer else { return nil }
        func number(_ field: String, _ value: JSON?) -> (String, Double, Bool) { (field, value?.doubleValue ?? .nan, false) }
        func color(_ field: String, _ value: JSON?) -> [(String, Double, Bool)] {
            Self.numbers(value?.stringValue ?? "#00000000").map { (field, $0, true) }
        }
        switch property {
        case "transform":
            return [number("x", .number((layer["x"]?.doubleValue ?? 0) - origin.x)),
                    number("y", .number((layer["y"]?.doubleValue ?? 0) - origin.y)), number("scale", layer["scale"])]
        case "width", "height": return [number(property, .number(max(0, layer[property]?.doubleValue ?? 0)))]
        case "opacity": return [number("opacity", .number(min(max(layer["opacity"]?.doubleValue ?? 0, 0), 1)))]
        case "borderRadius": return [number("cornerRadius", .number(max(0, layer["cornerRadius"]?.doubleValue ?? 0)))]
        case "backgroundColor": return color("backgroundColor", layer["backgroundColor"])
        case "stroke": return color("stroke.color", layer["stroke"]?["color"])
        case "strokeWidth": return [number("stroke.lineWidth", layer["stroke"]?["lineWidth"])]
        case "strokeDashoffset": return [number("stroke.strokeEnd", .number(1 - (layer["stroke"]?["strokeEnd"]?.doubleValue ?? 0)))]
        case "backdropFilter": return [number("blur.radius", layer["blur"]?["radius"])]
        case "--blur-fraction": return [number("blur.fraction", layer["blur"]?["fraction"])]
        default: return [("unknown property \(property)", .nan, false)]
        }
    }

    /// The allowance of each component of `property`, from its range over the frames that have it.
    func allowances(_ source: String, _ property: String) -> [Double] {
        let columns = frames.indices.compactMap { expected(source, property, $0) }
        guard let first = columns.first else { return [] }
        return first.indices.map { i in
            let values = columns.map { $0[i].value }
            if property == "visibility" { return 1 }
            let floor = first[i].isColor ? 0.25 : 1e-6
            if first[i].isColor {
                // One allowance for a colour: its widest channel's range.
                let range = (0..<4).map { c in (columns.map { $0[c].value }.max() ?? 0) - (columns.map { $0[c].value }.min() ?? 0) }.max() ?? 0
                return max(tolerance * range, floor)
            }
            return max(tolerance * ((values.max() ?? 0) - (values.min() ?? 0)), floor)
        }
    }

    /// The worst deviation per `source/field` over every sample, in allowances, for every
    /// animated property and every static declaration of a layer's element.
    func deviations(_ document: ExportDocument) throws -> [String: Double] {
        var worst: [String: Double] = [:]
        func record(_ source: String, _ property: String, _ k: Int, _ actual: [Double], _ allowed: [Double]) {
            guard let truth = expected(source, property, k) else { return }
            for (i, component) in truth.enumerated() {
                // A colour channel of a transparent colour has nothing to match.
                if component.isColor, i < 3, truth.count == 4, truth[3].value == 0 { continue }
                let deviation = i < actual.count ? abs(actual[i] - component.value) / allowed[i] : .infinity
                worst["\(source)/\(component.field)", default: 0] = max(worst["\(source)/\(component.field)", default: 0], deviation)
            }
        }
        let count = frames.count
        for animation in document.animations {
            for property in animation.keyframes[0].values.keys {
                let allowed = allowances(animation.source, property)
                for k in 0..<count {
                    let u = count > 1 ? Double(k) / Double(count - 1) : 0
                    record(animation.source, property, k, try Self.value(animation, property, at: u), allowed)
                }
            }
        }
        // What does not move is in the elements' styles, and must hold at every sample too.
        for (selector, style) in document.styles {
            let layer = selector.hasPrefix(".\(name)-")
            let source = layer ? "layers/" + selector.dropFirst(name.count + 2) : "properties"
            for (property, value) in style where layer ? Self.layerProperties.contains(property) : property.hasPrefix("--") {
                // A blur layer's tint is the page's drawing of its style, not a frame field.
                if property == "backgroundColor", !value.hasPrefix("#") { continue }
                let source = layer ? source : "properties/" + property.dropFirst(2)
                let allowed = allowances(source, property)
                for k in 0..<count { record(source, property, k, Self.numbers(value), allowed) }
            }
        }
        return worst
    }
}

/// A session's numeric frame properties over a window, from the JSON frames.
struct NumericSeries {
    var times: [Double]
    var values: [(name: String, values: [Double])]
    var emittedCount: Int

    init(_ app: TestApp, _ id: String, _ window: String) throws {
        let reply = try app.frames(id, window)
        let frames = try #require(reply["frames"]?.arrayValue)
        times = frames.compactMap { $0["t"]?.doubleValue }
        let first = try #require(frames.first?["properties"]?.objectValue)
        values = first.members.filter { $0.value.doubleValue != nil }.map { member in
            (member.key, frames.compactMap { $0["properties"]?[member.key]?.doubleValue })
        }
        emittedCount = reply["emitted"]?.arrayValue?.count ?? -1
    }
}
