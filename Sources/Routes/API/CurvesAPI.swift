import AnimationCore

/// `GET /v1/curves/spring` and `GET /v1/curves/cubic`: sample a timing curve without a session,
/// as JSON or in the frames' export formats (css, waapi, svg) with `progress` as the one
/// numeric property. Query fields are named as in the wire `Spring` object and a switch's
/// `animation`, and are decoded by the same codecs, so errors name the same fields.
struct CurvesAPI: Sendable {
    let environment: AppEnvironment

    var routes: [Router.Route] {
        [
            .init("GET", "/v1/curves/spring", spring),
            .init("GET", "/v1/curves/cubic", cubic),
        ]
    }

    static let springKeys = ["type", "duration", "dampingRatio", "initialVelocity", "mass", "stiffness", "damping",
                             "allowsOverdamping", "response", "bounce"]
    static let cubicKeys = ["curve", "controlPoints", "duration"]
    static let windowKeys = ["from", "to", "fps"]
    /// Bounds control points' y so that sampled progress stays finite.
    static let maximumControlY = 1_000_000.0
    /// A cubic curve's duration when none is given: one second, so time reads as the curve's x.
    static let defaultCubicDuration = 1.0

    // MARK: Handlers

    func spring(_ context: RequestContext) throws(Problem) -> HTTPResponse {
        let query = try Query(context.request.queryString, allowed: Self.springKeys + Self.windowKeys + ExportOptions.queryKeys)
        let export = try ExportOptions(query)
        let timing = try decodeSpring(query)
        // By default the window is what an animation shows: until the spring's duration.
        let window = try sampleWindow(query, span: timing.duration)
        let samples = (0..<window.count).map { timing.sample(at: window.time($0)) }
        guard export.format == .json else {
            let title = "spring k=\(number(timing.spring.stiffness)) c=\(number(timing.spring.damping)) "
                + "m=\(number(timing.spring.mass)) (dampingRatio \(number(timing.spring.dampingRatio))), \(window.description)"
            return export.response(for: motion("spring", title, window, samples.map(\.progress)))
        }
        return json(status: 200, capacity: 512 + window.count * 64) { w in
            w.beginObject()
            w.key("spring")
            w.value(SpringSpec.echo(timing))
            encode(window, samples.map { ($0.progress, $0.velocity) }, rate: "velocity", into: &w)
            w.endObject()
        }
    }

    func cubic(_ context: RequestContext) throws(Problem) -> HTTPResponse {
        let query = try Query(context.request.queryString, allowed: Self.cubicKeys + Self.windowKeys + ExportOptions.queryKeys)
        let export = try ExportOptions(query)
        let curve = try decodeCurve(query)
        let duration = try query.number("duration") ?? Self.defaultCubicDuration
        guard duration > 0, duration <= ParameterError.maximumDuration else {
            throw Problem(400, "invalid_query", "'duration' must be greater than 0 and at most \(Int(ParameterError.maximumDuration))",
                          field: "duration")
        }
        let window = try sampleWindow(query, span: duration)
        // After its duration the animation holds at 1, at rest.
        let samples = (0..<window.count).map { k in
            let x = window.time(k) / duration
            return x > 1 ? (progress: 1, slope: 0) : curve.sample(at: x)
        }
        guard export.format == .json else {
            let points = [curve.p1x, curve.p1y, curve.p2x, curve.p2y].map(number).joined(separator: ", ")
            let title = "cubic-bezier(\(points)) over \(number(duration)) s, \(window.description)"
            return export.response(for: motion("cubic", title, window, samples.map(\.progress)))
        }
        return json(status: 200, capacity: 512 + window.count * 64) { w in
            w.beginObject()
            for member in CurveSpec.echo(curve) {
                w.key(member.key)
                w.value(member.value)
            }
            w.member("duration", duration)
            encode(window, samples.map { ($0.progress, $0.slope) }, rate: "slope", into: &w)
            w.endObject()
        }
    }

    // MARK: Decoding

    /// The spring fields as the JSON object a config would hold, decoded by `SpringSpec`.
    private func decodeSpring(_ query: Query) throws(Problem) -> SpringTiming {
        var object = JSONObject()
        for key in Self.springKeys {
            guard let text = query.string(key) else { continue }
            switch key {
            case "type":
                object[key] = .string(text)
            case "allowsOverdamping":
                guard let flag = Bool(text) else {
                    throw Problem(400, "invalid_query", "'allowsOverdamping' must be true or false, got '\(text)'", field: key)
                }
                object[key] = .bool(flag)
            default:
                object[key] = try query.number(key).map(JSON.number)
            }
        }
        do throws(DocumentError) {
            return try SpringSpec.decode(.object(object), at: .root)
        } catch {
            throw Self.problem(error)
        }
    }

    /// `curve` by name or `controlPoints=x1,y1,x2,y2`, decoded as a switch's animation curve.
    private func decodeCurve(_ query: Query) throws(Problem) -> CubicBezier {
        var object = JSONObject()
        if let name = query.string("curve") { object["curve"] = .string(name) }
        if let text = query.string("controlPoints") {
            // A part that is not a finite decimal number stays a string, which the codec refuses by name.
            object["controlPoints"] = .array(text.split(separator: ",", omittingEmptySubsequences: false).map { part in
                let part = part.trimmingPrefix(" ")
                guard Self.isDecimal(part), let value = Double(part), value.isFinite else { return .string(String(part)) }
                return .number(value)
            })
        }
        let curve: CubicBezier
        do throws(DocumentError) {
            var reader = try ObjectReader(.object(object))
            curve = try CurveSpec.decode(&reader)
        } catch {
            throw Self.problem(error)
        }
        // Any finite y is a curve, but one near the largest Double overflows when sampled.
        guard max(abs(curve.p1y), abs(curve.p2y)) <= Self.maximumControlY else {
            throw Problem(400, "invalid_query", "'controlPoints' y values must be between -\(Int(Self.maximumControlY)) and \(Int(Self.maximumControlY))",
                          field: "controlPoints")
        }
        return curve
    }

    /// `-?digits(.digits)?([eE][-+]?digits)?`, the grammar openapi.yaml states for controlPoints.
    static func isDecimal(_ text: Substring) -> Bool {
        var rest = text.utf8[...]
        func digits() -> Bool {
            let count = rest.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }.count
            rest = rest.dropFirst(count)
            return count > 0
        }
        func skip(_ characters: String) -> Bool {
            guard let first = rest.first, characters.utf8.contains(first) else { return false }
            rest = rest.dropFirst()
            return true
        }
        _ = skip("-")
        guard digits() else { return false }
        if skip("."), !digits() { return false }
        if skip("eE") {
            _ = skip("+-")
            guard digits() else { return false }
        }
        return rest.isEmpty
    }

    private func sampleWindow(_ query: Query, span: Double) throws(Problem) -> SampleWindow {
        try SampleWindow(query, defaultFrom: 0, defaultSpan: span, maximumTo: EventCodec.maximumTime,
                         limit: environment.limits.maxFramesPerRequest)
    }

    /// A codec's complaint about a field, as the query parameter it came from (the query is read
    /// as a flat object, so the path is that parameter's name).
    private static func problem(_ error: DocumentError) -> Problem {
        let name: String? = if case let .key(key)? = error.path.components.first { key } else { error.field }
        let detail = name.map { "'\($0)' \(error.message)" } ?? error.message
        return Problem(400, "invalid_query", detail, field: name)
    }

    // MARK: Encoding

    /// `from`, `to`, `fps`, `count` and `samples: [{t, progress, <rate>}]`; a rate that is not
    /// finite (a vertical cubic end) is `null`.
    private func encode(_ window: SampleWindow, _ samples: [(progress: Double, rate: Double)], rate: String,
                        into w: inout JSONWriter) {
        w.member("from", window.from)
        w.member("to", window.to)
        w.member("fps", window.fps)
        w.member("count", window.count)
        w.key("samples")
        w.beginArray()
        for (k, sample) in samples.enumerated() {
            w.beginObject()
            w.member("t", window.time(k))
            w.member("progress", sample.progress)
            w.key(rate)
            if sample.rate.isFinite { w.value(sample.rate) } else { w.null() }
            w.endObject()
        }
        w.endArray()
    }

    private func motion(_ name: String, _ title: String, _ window: SampleWindow, _ progress: [Double]) -> SampledMotion {
        SampledMotion(name: name, title: title, window: window,
                      series: [.init(name: "progress", values: progress)], emissions: [])
    }

    private func number(_ value: Double) -> String { DecimalText.text(value, decimals: 6) }
}
