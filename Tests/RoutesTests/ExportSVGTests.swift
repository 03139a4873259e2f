import AnimationCore
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import Routes

/// What an SVG export holds, read with Foundation's XML parser (which refuses ill-formed XML).
final class SVGSummary: NSObject, XMLParserDelegate {
    var root: String?
    var namespace: String?
    var series: [String] = []
    var events = 0
    var eventTitles: [String] = []
    private var inEvent = false
    private var text = ""

    static func parse(_ bytes: [UInt8]) throws -> SVGSummary {
        let summary = SVGSummary()
        let parser = XMLParser(data: Data(bytes))
        parser.delegate = summary
        try #require(parser.parse(), "not well-formed XML: \(String(describing: parser.parserError))")
        return summary
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        if root == nil {
            root = name
            namespace = attributes["xmlns"]
        }
        if attributes["class"] == "series" { series.append(attributes["data-property"] ?? "?") }
        if attributes["class"] == "event" {
            events += 1
            inEvent = true
        }
        text = ""
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if inEvent && name == "title" { eventTitles.append(text) }
        if name == "g" { inEvent = false }
    }
}

@Suite("Export: SVG plots")
struct ExportSVGTests {
    @Test(arguments: ExportScenario.all)
    func oneSeriesPerNumericPropertyAndOneMarkPerEvent(_ scenario: ExportScenario) throws {
        let (app, id) = try scenario.start()
        let response = app.get("/v1/sessions/\(id)/frames\(scenario.window)&format=svg")
        try #require(response.status == 200, "\(response.text)")
        #expect(response.contentType == "image/svg+xml")
        let svg = try SVGSummary.parse(response.body)
        let expected = try NumericSeries(app, id, scenario.window)
        #expect(svg.root == "svg")
        #expect(svg.namespace == "http://www.w3.org/2000/svg")
        #expect(svg.series == expected.values.map(\.name))
        #expect(svg.events == expected.emittedCount)
        #expect(svg.eventTitles.count == expected.emittedCount)
        #expect(expected.emittedCount > 0)
    }

    @Test func eventTooltipsNameTheEventItsTimeAndFields() throws {
        let (app, id) = try ExportScenario.named("switch toggle").start()
        let svg = try SVGSummary.parse(app.get("/v1/sessions/\(id)/frames?from=0&to=0.4&format=svg").body)
        #expect(svg.eventTitles == ["valueChanged at t = 0 s (isOn: true)"])
    }

    @Test func aWindowWithoutEventsHasNoMarks() throws {
        let (app, id) = try ExportScenario.named("card expand").start()
        let svg = try SVGSummary.parse(app.get("/v1/sessions/\(id)/frames?from=2&to=3&format=svg").body)
        #expect(svg.series == ["cardY", "cornerRadius", "blurFraction"])
        #expect(svg.events == 0)
    }

    @Test func textIsEscaped() throws {
        let window = SampleWindow(from: 0, to: 1, fps: 2, count: 3)
        let motion = SampledMotion(
            name: "x", title: #"a <b> & "c" 'd'"#, window: window,
            series: [.init(name: "p<1>", values: [0, 0.5, 1]), .init(name: "q&", values: [3, 3, 3])],
            emissions: [Emission(t: 0.5, name: "e<>", fields: [Field("s", .string("\"&\""))])])
        let svg = try SVGSummary.parse(SVGPlot.render(motion))
        #expect(svg.series == ["p<1>", "q&"])
        #expect(svg.eventTitles == [#"e<> at t = 0.5 s (s: "&")"#])
    }

    @Test func noNumericPropertiesIsStillAPlot() throws {
        let motion = SampledMotion(name: "x", title: "empty", window: SampleWindow(from: 0, to: 0, fps: 60, count: 1),
                                   series: [], emissions: [])
        let svg = try SVGSummary.parse(SVGPlot.render(motion))
        #expect(svg.root == "svg")
        #expect(svg.series.isEmpty)
    }
}
