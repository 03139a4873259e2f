/// Springs, curves and animation timings as documents spell them, read and echoed in one place
/// for configurations, definitions and the curves API alike.
///
/// A spring is `{"type": "uikit"|"physical"|"response"|"perceptual", …}`; the type may be left out
/// when the fields make it unambiguous. It is echoed with a read-only `resolved` block (accepted
/// back, type-checked and ignored).
public enum SpringSpec {
    public static func decode(_ tree: JSON, at path: TreePath) throws(DocumentError) -> SpringTiming {
        var reader = try ObjectReader(tree, at: path)
        _ = try reader.object("resolved")
        let type: String
        if let given = try reader.string("type") { type = given } else { type = try inferType(reader) }
        let v = try reader.number("initialVelocity", default: 0)
        let parameters: SpringParameters
        switch type {
        case "uikit":
            parameters = .uikit(duration: try reader.requiredNumber("duration"),
                                dampingRatio: try reader.requiredNumber("dampingRatio"), initialVelocity: v)
        case "physical":
            parameters = .physical(mass: try reader.number("mass", default: 1),
                                   stiffness: try reader.requiredNumber("stiffness"),
                                   damping: try reader.requiredNumber("damping"), initialVelocity: v,
                                   allowsOverdamping: try reader.bool("allowsOverdamping", default: false))
        case "response":
            parameters = .response(response: try reader.requiredNumber("response"),
                                   dampingRatio: try reader.requiredNumber("dampingRatio"), initialVelocity: v)
        case "perceptual":
            parameters = .perceptual(duration: try reader.requiredNumber("duration"),
                                     bounce: try reader.number("bounce", default: 0), initialVelocity: v)
        default:
            throw reader.error("type", "must be one of 'uikit', 'physical', 'response', 'perceptual'")
        }
        try reader.finish()
        do {
            return try parameters.resolve()
        } catch {
            throw DocumentError(.invalidField, at: path.appending(error.parameter), error.reason)
        }
    }

    private static func inferType(_ reader: ObjectReader) throws(DocumentError) -> String {
        if reader.has("stiffness") || reader.has("damping") || reader.has("mass") { return "physical" }
        if reader.has("response") { return "response" }
        if reader.has("bounce") { return "perceptual" }
        if reader.has("duration") && reader.has("dampingRatio") { return "uikit" }
        throw reader.error("type", "is required unless the fields say which spring: duration+dampingRatio, mass/stiffness/damping, response, or duration+bounce")
    }

    /// The spring as given, then what it resolved to.
    public static func echo(_ spring: SpringTiming) -> JSON {
        var members: [JSON.Member]
        switch spring.parameters {
        case let .uikit(duration, zeta, v):
            members = [("type", "uikit"), ("duration", .number(duration)), ("dampingRatio", .number(zeta)),
                       ("initialVelocity", .number(v))]
        case let .physical(m, k, c, v, overdamping):
            members = [("type", "physical"), ("mass", .number(m)), ("stiffness", .number(k)),
                       ("damping", .number(c)), ("initialVelocity", .number(v)),
                       ("allowsOverdamping", .bool(overdamping))]
        case let .response(response, zeta, v):
            members = [("type", "response"), ("response", .number(response)), ("dampingRatio", .number(zeta)),
                       ("initialVelocity", .number(v))]
        case let .perceptual(duration, bounce, v):
            members = [("type", "perceptual"), ("duration", .number(duration)), ("bounce", .number(bounce)),
                       ("initialVelocity", .number(v))]
        }
        members.append(("resolved", resolved(spring)))
        return .object(JSONObject(members))
    }

    /// The constants the spring runs with and what its motion looks like.
    public static func resolved(_ spring: SpringTiming) -> JSON {
        [
            "mass": .number(spring.spring.mass), "stiffness": .number(spring.spring.stiffness),
            "damping": .number(spring.spring.damping), "dampingRatio": .number(spring.spring.dampingRatio),
            "response": .number(spring.spring.response), "regime": .string(spring.spring.regime.rawValue),
            "initialVelocity": .number(spring.initialVelocity), "duration": .number(spring.duration),
            "settlingDuration": .number(spring.settlingDuration), "overshoot": .number(spring.overshoot),
            "peakVelocity": .number(spring.peakVelocity),
        ]
    }
}

/// Cubic timing curves: `curve` by name, or `controlPoints: [x1, y1, x2, y2]`; both may be given
/// (as echoed) if they agree.
public enum CurveSpec {
    public static func decode(_ reader: inout ObjectReader, default fallback: CubicBezier = .easeInEaseOut) throws(DocumentError) -> CubicBezier {
        let name = try reader.string("curve")
        var named: CubicBezier?
        if let name {
            guard let curve = CubicBezier.named(name) else {
                let names = CubicBezier.named.map { "'\($0.name)'" }.joined(separator: ", ")
                throw reader.error("curve", "unknown curve '\(name)': use one of \(names) or controlPoints")
            }
            named = curve
        }
        guard let points = try reader.array("controlPoints") else { return named ?? fallback }
        let numbers = points.compactMap(\.doubleValue)
        guard numbers.count == 4, points.count == 4 else {
            throw reader.error("controlPoints", "expected four numbers [x1, y1, x2, y2]")
        }
        let curve: CubicBezier
        do {
            curve = try CubicBezier(numbers[0], numbers[1], numbers[2], numbers[3])
        } catch {
            throw reader.error("controlPoints", "\(error.parameter) \(error.reason)")
        }
        if let named, named != curve {
            throw reader.error("curve", "'\(name ?? "")' disagrees with controlPoints; give one or the other")
        }
        return curve
    }

    /// `curve` (when the curve has a name) and `controlPoints`.
    public static func echo(_ curve: CubicBezier) -> [JSON.Member] {
        var members: [JSON.Member] = []
        if let name = curve.name { members.append(("curve", .string(name))) }
        members.append(("controlPoints", .array([curve.p1x, curve.p1y, curve.p2x, curve.p2y].map(JSON.number))))
        return members
    }
}

/// How `UIView.animate` moves a value (a curve over a duration, added additively as UIKit does,
/// or a spring), as a definition's parameters and reactions give it.
extension Timing {
    public var isSpring: Bool {
        if case .spring = self { return true }
        return false
    }

    /// `{"type": "curve", "duration": 0.25, "curve": …}` (type, duration and curve may be left out:
    /// curve, 0.25 s, easeInEaseOut) or `{"type": "spring", "spring": {…}}`.
    public static func decode(_ tree: JSON, at path: TreePath) throws(DocumentError) -> Timing {
        var reader = try ObjectReader(tree, at: path)
        let timing: Timing
        switch try reader.string("type") ?? "curve" {
        case "curve":
            let duration = try reader.number("duration", default: 0.25)
            timing = .curve(try CurveSpec.decode(&reader), duration: duration)
        case "spring":
            guard let spring = reader.raw("spring") else {
                throw reader.error("spring", "is required for a spring animation, e.g. {\"response\":0.3,\"dampingRatio\":0.75}")
            }
            timing = .spring(try SpringSpec.decode(spring, at: reader.field("spring")))
        case let other:
            throw reader.error("type", "unknown animation '\(other)': use 'curve' or 'spring'")
        }
        try reader.finish()
        return timing
    }

    /// The bound a curve's duration must keep (a spring's was checked when it resolved).
    public func validate(at path: TreePath) throws(DocumentError) {
        guard case let .curve(_, duration) = self else { return }
        do {
            try ParameterError.nonNegative(duration, "duration", upTo: ParameterError.maximumDuration)
        } catch {
            throw DocumentError(.invalidField, at: path.appending("duration"), error.reason)
        }
    }

    public var echo: JSON {
        switch self {
        case let .curve(curve, duration):
            .object(JSONObject([("type", "curve"), ("duration", .number(duration))] + CurveSpec.echo(curve)))
        case let .spring(spring):
            ["type": "spring", "spring": SpringSpec.echo(spring)]
        case let .repeating(base, count, autoreverses):
            // Made only by `animate` at run time, never a parameter; echoed for completeness.
            .object(JSONObject([("repeatCount", .number(count)), ("autoreverses", .bool(autoreverses)), ("timing", base.echo)]))
        }
    }

    /// The engine's segment timing: itself (the same box).
    var timing: Timing { self }
}
