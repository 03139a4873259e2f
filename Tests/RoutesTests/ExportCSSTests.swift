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

/// One property's rule in a CSS export: what its comment states, its easing and keyframes.
struct CSSExportRule {
    var property: String
    var normalization: String
    var easing: LinearFunction
    var easingText: String
    var fromDeclaration: String
    var toDeclaration: String

    /// The rules of a CSS export, in order, read line by line.
    static func parse(_ css: String) throws -> [CSSExportRule] {
        var rules: [CSSExportRule] = []
        var current: (property: String, normalization: String)?
        var easing: String?
        var from: String?
        for line in css.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if line.hasPrefix("/* "), let colon = line.range(of: ": normalisation ") {
                let property = String(line[line.index(line.startIndex, offsetBy: 3)..<colon.lowerBound])
                let normalization = line[colon.upperBound...].prefix { $0 != "," }
                current = (property, String(normalization))
            } else if line.hasPrefix("animation-timing-function: ") {
                easing = String(line.dropFirst("animation-timing-function: ".count).dropLast())
            } else if line.hasPrefix("from { ") {
                from = String(line.dropFirst("from { ".count).dropLast("; }".count))
            } else if line.hasPrefix("to { "), let (property, normalization) = current, let easing, let from {
                rules.append(CSSExportRule(property: property, normalization: normalization, easing: try LinearFunction(easing),
                                           easingText: easing, fromDeclaration: from,
                                           toDeclaration: String(line.dropFirst("to { ".count).dropLast("; }".count))))
                current = nil
            }
        }
        return rules
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

    /// Progress as the export's header defines it for `normalization`, worked out here.
    static func progress(_ values: [Double], _ normalization: String) -> [Double] {
        let first = values[0]
        switch normalization {
        case "endpoints": return values.map { ($0 - first) / (values[values.count - 1] - first) }
        case "peak":
            let peak = values.max { abs($0 - first) < abs($1 - first) }!
            return values.map { ($0 - first) / (peak - first) }
        default: return values.map { _ in 0 }
        }
    }
}

/// A scenario: a control, events, a frames window, and the normalisation each property must get.
struct ExportScenario: Sendable, CustomTestStringConvertible {
    let name: String
    let control: String
    let events: String
    let window: String
    let normalizations: [String: String]

    var testDescription: String { name }

    static let all = [
        ExportScenario(name: "switch toggle", control: "switch", events: #"{"type":"touchDown","t":0,"x":25,"y":15}"#,
                       window: "?from=0&to=0.4&fps=60", normalizations: ["thumbCenterX": "endpoints"]),
        // The seed's pulse: a spring to 0.9 with overshoot, then on completion a spring back to 1.
        ExportScenario(name: "button pulse", control: "button", events: #"{"type":"tap","t":0,"x":100,"y":25}"#,
                       window: "?from=0&to=1&fps=120", normalizations: ["scale": "peak", "opacity": "constant"]),
        // The press alone: 1 → 0.9 with overshoot past 0.9, so progress exceeds 1.
        ExportScenario(name: "button press overshoot", control: "button", events: #"{"type":"touchDown","t":0,"x":100,"y":25}"#,
                       window: "?from=0&to=0.25&fps=240", normalizations: ["scale": "endpoints", "opacity": "constant"]),
        ExportScenario(name: "card expand", control: "card", events: #"{"type":"tap","t":0,"x":195,"y":800}"#,
                       window: "?from=0&to=1.2&fps=60",
                       normalizations: ["cardY": "endpoints", "cornerRadius": "endpoints", "blurFraction": "endpoints"]),
    ]

    /// A fresh app with the scenario's session and events; its id.
    func start() throws -> (TestApp, String) {
        let app = TestApp()
        let id = try app.create(control: control)
        _ = try app.applied(id, events)
        return (app, id)
    }
}

@Suite("Export: CSS linear() easings")
struct ExportCSSTests {
    @Test(arguments: ExportScenario.all, [0.001, 0.01])
    func everyEasingStaysWithinToleranceOfEveryFrame(_ scenario: ExportScenario, tolerance: Double) throws {
        let (app, id) = try scenario.start()
        let query = scenario.window + (tolerance == 0.001 ? "&format=css" : "&format=css&tolerance=\(tolerance)")
        let response = app.get("/v1/sessions/\(id)/frames\(query)")
        try #require(response.status == 200, "\(response.text)")
        #expect(response.contentType == "text/css; charset=utf-8")
        let rules = try CSSExportRule.parse(response.text)
        let series = try NumericSeries(app, id, scenario.window)
        #expect(rules.map(\.property) == series.values.map(\.name))
        for (rule, (name, values)) in zip(rules, series.values) {
            #expect(rule.normalization == scenario.normalizations[name], "\(name)")
            let progress = NumericSeries.progress(values, rule.normalization)
            let worst = progress.indices.map { k in abs(rule.easing(Double(k) / Double(values.count - 1)) - progress[k]) }.max()!
            #expect(worst <= tolerance, "\(name): \(worst) from \(rule.easingText)")
            #expect(rule.easing.points.count < values.count, "\(name) was not simplified")
        }
    }

    @Test func aCoarserToleranceNeedsFewerStops() throws {
        let (app, id) = try ExportScenario.all[3].start()
        let stops = try [0.0001, 0.001, 0.01, 0.1].map { tolerance in
            try CSSExportRule.parse(app.get("/v1/sessions/\(id)/frames?from=0&to=1.2&format=css&tolerance=\(tolerance)").text)
                .first { $0.property == "cardY" }?.easing.points.count ?? 0
        }
        #expect(stops == stops.sorted(by: >) && Set(stops).count == 4, "\(stops)")
        #expect(stops[0] < 73, "73 frames")
    }

    @Test func springOvershootLeavesZeroToOne() throws {
        let (app, id) = try ExportScenario.all[2].start()
        let rules = try CSSExportRule.parse(app.get("/v1/sessions/\(id)/frames?from=0&to=0.25&fps=240&format=css").text)
        let scale = try #require(rules.first { $0.property == "scale" })
        // Case A overshoots by 13%: the press passes 0.9 on its way to 0.8869.
        #expect(scale.easing.points.map(\.output).max()! > 1.13)
        #expect(scale.fromDeclaration == "transform: scale(1)")
    }

    @Test func pulseKeyframesCarryTheStartAndThePeak() throws {
        let (app, id) = try ExportScenario.all[1].start()
        let rules = try CSSExportRule.parse(app.get("/v1/sessions/\(id)/frames?from=0&to=1&fps=120&format=css").text)
        let scale = try #require(rules.first { $0.property == "scale" })
        let series = try NumericSeries(app, id, "?from=0&to=1&fps=120")
        let peak = series.values[0].values.min()!
        #expect(scale.fromDeclaration == "transform: scale(1)")
        #expect(scale.toDeclaration == "transform: scale(\(DecimalText.text(peak, decimals: 6)))")
        // The pulse returns: progress ends at 0, having reached 1 at the peak.
        #expect(scale.easing.points.last?.output == 0)
        #expect(scale.easing.points.contains { $0.output == 1 })
    }

    @Test func propertiesMapToCSS() throws {
        let (app, id) = try ExportScenario.all[3].start()
        let text = app.get("/v1/sessions/\(id)/frames?from=0&to=1.2&format=css").text
        let rules = try CSSExportRule.parse(text)
        #expect(rules.map(\.fromDeclaration) == ["transform: translateY(779px)", "border-radius: 0px", "--blurFraction: 0"])
        #expect(rules.map(\.toDeclaration) == ["transform: translateY(244px)", "border-radius: 12px", "--blurFraction: 1"])
        #expect(text.contains("@property --blurFraction {"))
        #expect(text.contains(".card-cardY {\n  animation-name: card-cardY;\n  animation-duration: 1200ms;"))
        #expect(text.contains("@keyframes card-cornerRadius {"))
        #expect(text.contains("format=waapi"))
        #expect(!text.contains("card-state") && !text.contains("card-interactive"), "strings and booleans are not exported")
    }

    @Test func aSingleFrameIsAConstantEasing() throws {
        let (app, id) = try ExportScenario.all[0].start()
        let rules = try CSSExportRule.parse(app.get("/v1/sessions/\(id)/frames?from=2&to=2&format=css").text)
        #expect(rules.map(\.easingText) == ["linear(0, 0 100%)"])
        #expect(rules.map(\.normalization) == ["constant"])
    }
}
