/// How an endpoint that samples motion answers: its own JSON, or the motion exported.
enum ExportFormat: String, CaseIterable, Sendable {
    /// The endpoint's own JSON (frames, or curve samples).
    case json
    /// `text/css`: per numeric property a `linear()` easing, a class and `@keyframes`.
    case css
    /// `application/json`: Web Animations API keyframes from the same simplified stops.
    case waapi
    /// `image/svg+xml`: a plot of every numeric property against time, events marked.
    case svg
}

/// `format`, `tolerance` and `name` from a query, validated before anything is sampled.
struct ExportOptions: Sendable {
    static let queryKeys = ["format", "tolerance", "name"]
    /// A fraction of each value's range over the window: every value stays within it at every sample.
    static let defaultTolerance = 0.001
    static let toleranceRange = 0.000001...0.1

    let format: ExportFormat
    let tolerance: Double
    /// Replaces the control kind (or `spring`, `cubic`) in class and animation names, so several
    /// exports can share a page.
    let name: String?

    init(_ query: Query) throws(Problem) {
        let formatName = query.string("format") ?? ExportFormat.json.rawValue
        guard let format = ExportFormat(rawValue: formatName) else {
            let names = ExportFormat.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
            throw Problem(400, "invalid_query", "unknown format '\(formatName)': use one of \(names)", field: "format")
        }
        let tolerance = try query.number("tolerance")
        if tolerance != nil, format != .css, format != .waapi {
            throw Problem(400, "invalid_query", "'tolerance' applies to format=css and format=waapi only", field: "tolerance")
        }
        let range = Self.toleranceRange
        guard range.contains(tolerance ?? Self.defaultTolerance) else {
            throw Problem(400, "invalid_query", "'tolerance' must be between \(DecimalText.text(range.lowerBound, decimals: 6)) and \(DecimalText.text(range.upperBound, decimals: 6)) (a fraction of each value's range)",
                          field: "tolerance")
        }
        let name = query.string("name")
        if let name {
            guard format == .css || format == .waapi else {
                throw Problem(400, "invalid_query", "'name' applies to format=css and format=waapi only", field: "name")
            }
            guard Self.isClassName(name) else {
                throw Problem(400, "invalid_query", "'name' must be 1 to 64 letters, digits, '-' or '_', starting with a letter or '_'",
                              field: "name")
            }
        }
        self.format = format
        self.tolerance = tolerance ?? Self.defaultTolerance
        self.name = name
    }

    /// A CSS identifier that needs no escaping, short enough to prefix every class.
    static func isClassName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, text.unicodeScalars.count <= 64 else { return false }
        func letter(_ c: Unicode.Scalar) -> Bool { c.isASCII && (("a"..."z").contains(c) || ("A"..."Z").contains(c) || c == "_") }
        return letter(first) && text.unicodeScalars.allSatisfy { letter($0) || ("0"..."9").contains($0) || $0 == "-" }
    }

    /// `kind` made a class name: a control's name may hold characters a CSS identifier cannot.
    static func className(_ kind: String) -> String {
        let name = CSSName.identifier(kind)
        return isClassName(name) ? name : "_" + String(name.prefix(63))
    }

    /// Exports outlive the JSON's unbounded `to`: their durations must stay finite numbers.
    var maximumTo: Double { format == .json ? .infinity : EventCodec.maximumTime }

    /// The export of `motion`; `json` is the endpoint's own and never reaches here.
    func response(for motion: SampledMotion) -> HTTPResponse {
        var motion = motion
        motion.name = name ?? Self.className(motion.name)
        return switch format {
        case .json:
            preconditionFailure("format=json is answered by the endpoint")
        case .css:
            HTTPResponse(status: 200, contentType: "text/css; charset=utf-8", body: CSSExport.render(ExportPlan(motion, tolerance: tolerance)))
        case .waapi:
            HTTPResponse(status: 200, contentType: "application/json", body: WAAPIExport.render(ExportPlan(motion, tolerance: tolerance)))
        case .svg:
            HTTPResponse(status: 200, contentType: "image/svg+xml", body: SVGPlot.render(motion))
        }
    }
}
