import Testing
@testable import Routes

@Suite("Export: Web Animations API keyframes")
struct ExportWAAPITests {
    @Test(arguments: ExportScenario.all)
    func keyframesFollowEveryFrameWithinTolerance(_ scenario: ExportScenario) throws {
        let (app, id) = try scenario.start()
        let reply = try expectOK(app.get("/v1/sessions/\(id)/frames\(scenario.window)&format=waapi&tolerance=0.002"))
        let series = try NumericSeries(app, id, scenario.window)
        let css = try CSSExportRule.parse(app.get("/v1/sessions/\(id)/frames\(scenario.window)&format=css&tolerance=0.002").text)
        #expect(reply["from"] == 0)
        #expect(reply["tolerance"] == 0.002)
        let span = series.times.last! - series.times.first!
        #expect(abs((reply["duration"]?.doubleValue ?? 0) - span * 1000) < 1e-9)
        let properties = try #require(reply["properties"]?.objectValue)
        #expect(properties.keys == series.values.map(\.name))
        for ((name, values), rule) in zip(series.values, css) {
            let property = try #require(properties[name])
            #expect(property["easing"] == "linear")
            #expect(property["normalization"]?.stringValue == rule.normalization)
            #expect(property["linear"]?.stringValue == rule.easingText, "the same stops as the CSS")
            let cssProperty = try #require(property["cssProperty"]?.stringValue)
            let keyframes = try #require(property["keyframes"]?.arrayValue)
            let offsets = keyframes.compactMap { $0["offset"]?.doubleValue }
            let points = keyframes.compactMap { frame in frame["value"]?.doubleValue }
            #expect(offsets.count == keyframes.count && points.count == keyframes.count)
            #expect(offsets.first == 0 && offsets.last == 1 && offsets == offsets.sorted())
            #expect(keyframes.allSatisfy { $0[cssProperty]?.stringValue != nil }, "each keyframe sets \(cssProperty)")
            // Linear between keyframes, in the property's own units.
            let easing = try LinearFunction("linear(" + zip(points, offsets).map { "\($0) \($1 * 100)%" }.joined(separator: ", ") + ")")
            let allowed = try #require(property["valueTolerance"]?.doubleValue)
            let worst = values.indices.map { k in abs(easing(Double(k) / Double(values.count - 1)) - values[k]) }.max()!
            #expect(worst <= allowed + 1e-12, "\(name): \(worst) > \(allowed)")
        }
    }

    @Test func cardKeyframesSetTransforms() throws {
        let (app, id) = try ExportScenario.all[3].start()
        let reply = try expectOK(app.get("/v1/sessions/\(id)/frames?from=0&to=1.2&format=waapi"))
        let cardY = try #require(reply["properties"]?["cardY"])
        expectClose(cardY["keyframes"]?[0], ["offset": 0, "value": 779, "transform": "translateY(779px)"])
        #expect(cardY["keyframes"]?.arrayValue?.last?["transform"] == "translateY(244px)")
        expectClose(cardY["valueTolerance"], 0.535)   // 0.001 of the 535 pt travelled
        #expect(reply["properties"]?["blurFraction"]?["cssProperty"] == "--blurFraction")
    }
}
