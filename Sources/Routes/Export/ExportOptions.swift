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

/// `format` and `tolerance` from a query, validated before anything is sampled.
struct ExportOptions: Sendable {
    static let queryKeys = ["format", "tolerance"]
    /// In progress units: the easing stays within this of every sample's progress.
    static let defaultTolerance = 0.001
    static let toleranceRange = 0.000001...0.1

    let format: ExportFormat
    let tolerance: Double

    init(_ query: Query) throws(Problem) {
        let name = query.string("format") ?? ExportFormat.json.rawValue
        guard let format = ExportFormat(rawValue: name) else {
            let names = ExportFormat.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
            throw Problem(400, "invalid_query", "unknown format '\(name)': use one of \(names)", field: "format")
        }
        let tolerance = try query.number("tolerance")
        if tolerance != nil, format != .css, format != .waapi {
            throw Problem(400, "invalid_query", "'tolerance' applies to format=css and format=waapi only", field: "tolerance")
        }
        let range = Self.toleranceRange
        guard range.contains(tolerance ?? Self.defaultTolerance) else {
            throw Problem(400, "invalid_query", "'tolerance' must be between \(DecimalText.text(range.lowerBound, decimals: 6)) and \(DecimalText.text(range.upperBound, decimals: 6)) (progress units)",
                          field: "tolerance")
        }
        self.format = format
        self.tolerance = tolerance ?? Self.defaultTolerance
    }

    /// Exports outlive the JSON's unbounded `to`: their durations must stay finite numbers.
    var maximumTo: Double { format == .json ? .infinity : EventCodec.maximumTime }

    /// The export of `motion`; `json` is the endpoint's own and never reaches here.
    func response(for motion: SampledMotion) -> HTTPResponse {
        switch format {
        case .json:
            preconditionFailure("format=json is answered by the endpoint")
        case .css:
            HTTPResponse(status: 200, contentType: "text/css; charset=utf-8", body: CSSExport.render(motion, tolerance: tolerance))
        case .waapi:
            HTTPResponse(status: 200, contentType: "application/json", body: WAAPIExport.render(motion, tolerance: tolerance))
        case .svg:
            HTTPResponse(status: 200, contentType: "image/svg+xml", body: SVGPlot.render(motion))
        }
    }
}
