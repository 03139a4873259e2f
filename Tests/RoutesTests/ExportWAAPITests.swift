import Testing
@testable import Routes

@Suite("Export: Web Animations API keyframes, and names on a shared page")
struct ExportWAAPITests {
    /// `element.animate()` ignores hyphenated names: keyframe and style keys are camelCase, or
    /// custom properties.
    @Test(arguments: ExportScenario.all)
    func propertyNamesAreTheOnesElementAnimateReads(_ scenario: ExportScenario) throws {
        let (app, id) = try scenario.start()
        let reply = try expectOK(app.get("/v1/sessions/\(id)/frames\(scenario.window)&format=waapi"))
        let keyframeKeys = (reply["animations"]?.arrayValue ?? []).flatMap { animation in
            (animation["keyframes"]?.arrayValue ?? []).flatMap { $0.objectValue?.keys ?? [] }
        }
        let styleKeys = (reply["elements"]?.arrayValue ?? []).flatMap { $0["style"]?.objectValue?.keys ?? [] }
        #expect(!keyframeKeys.isEmpty && !styleKeys.isEmpty)
        for key in keyframeKeys + styleKeys where key != "offset" {
            #expect(key.wholeMatch(of: /--[A-Za-z0-9_-]+|[a-z][A-Za-z]*/) != nil, "\(key) is not a name element.animate() reads")
        }
        for animation in reply["animations"]?.arrayValue ?? [] {
            let offsets = (animation["keyframes"]?.arrayValue ?? []).compactMap { $0["offset"]?.doubleValue }
            #expect(offsets.first == 0 && offsets.last == 1 && offsets == offsets.sorted())
            #expect(animation["options"]?["fill"] == "both")
            expectClose(animation["options"]?["duration"], reply["duration"] ?? .null)
        }
    }

    @Test func theAnswerSaysWhatToRegisterAndWhatMarkupItPlays() throws {
        let (app, id) = try ExportScenario.named("card expand").start()
        let reply = try expectOK(app.get("/v1/sessions/\(id)/frames?from=0&to=1.2&format=waapi"))
        #expect(reply["markup"] == """
            <div class="card">
              <div class="card-backdrop"></div>
              <div class="card-card"></div>
              <div class="card-grabber"></div>
            </div>
            """)
        expectClose(reply["bounds"], ["x": 0, "y": 0, "width": 390, "height": 844])
        expectClose(reply["registrations"]?[0], ["name": "--cardY", "syntax": "<number>", "inherits": true, "initialValue": "0"])
        #expect(reply["registrations"]?.arrayValue?.compactMap { $0["name"]?.stringValue }
                == ["--cardY", "--cornerRadius", "--blurFraction", "--blur-fraction"])
        let rules = try #require(reply["propertyRules"]?.stringValue)
        #expect(rules.contains("@property --blur-fraction {\n  syntax: \"<number>\";\n  inherits: false;\n  initial-value: 0;\n}"))
        expectClose(reply["duration"], 1200)
        let cardY = try #require(reply["animations"]?.arrayValue?.first { $0["source"] == "properties/cardY" })
        #expect(cardY["normalization"] == "endpoints")
        expectClose(cardY["valueTolerance"], ["cardY": 0.535])   // 0.001 of the 535 pt travelled
        #expect(cardY["options"]?["easing"]?.stringValue?.hasPrefix("linear(0, ") == true)
    }

    /// The seed's ring runs counter-clockwise from the top: the circle, whose own path starts at
    /// 3 o'clock clockwise, mirrored about its horizontal diameter and turned a quarter back.
    @Test func theArcIsACircleThatStartsAtTheTop() throws {
        let (app, id) = try ExportScenario.named("progress ring").start()
        let reply = try expectOK(app.get("/v1/sessions/\(id)/frames?from=0&to=4&fps=30&format=waapi"))
        #expect(reply["markup"] == """
            <div class="progressButton">
              <div class="progressButton-button"></div>
              <svg class="progressButton-ring" viewBox="0 0 32 32"><circle cx="16" cy="16" r="15.5" pathLength="1" transform="rotate(-90 16 16) translate(0 32) scale(1 -1)"/></svg>
            </div>
            """)
    }

    @Test func aNameLetsSessionsShareAPage() throws {
        let (app, id) = try ExportScenario.named("switch toggle").start()
        var selectors: [String: Set<String>] = [:]
        for name in ["left", "right_2"] {
            let reply = try expectOK(app.get("/v1/sessions/\(id)/frames?from=0&to=0.4&format=waapi&name=\(name)"))
            #expect(reply["name"]?.stringValue == name)
            let all = ((reply["elements"]?.arrayValue ?? []) + (reply["animations"]?.arrayValue ?? [])).compactMap { $0["selector"]?.stringValue }
            #expect(all.allSatisfy { $0 == ".\(name)" || $0.hasPrefix(".\(name)-") }, "\(all)")
            #expect(reply["markup"]?.stringValue?.hasPrefix("<div class=\"\(name)\">\n  <div class=\"\(name)-track\"></div>") == true)
            selectors[name] = Set(all)
            let css = app.get("/v1/sessions/\(id)/frames?from=0&to=0.4&format=css&name=\(name)").text
            #expect(css.contains("@keyframes \(name)-thumb {") && css.contains("@keyframes \(name)--thumbCenterX {"))
            #expect(!css.contains(".switch"))
        }
        #expect(selectors["left"]!.isDisjoint(with: selectors["right_2"]!))
    }

    @Test(arguments: [
        ("format=css&name=1up", "name"),
        ("format=css&name=a.b", "name"),
        ("format=waapi&name=a%20b", "name"),
        ("format=waapi&name=" + String(repeating: "a", count: 65), "name"),
        ("format=waapi&name=", "name"),
        ("format=svg&name=a", "name"),
        ("name=a", "name"),
    ])
    func badNamesAreRefused(_ query: String, _ field: String) throws {
        let (app, id) = try ExportScenario.named("switch toggle").start()
        try expectProblem(app.get("/v1/sessions/\(id)/frames?\(query)"), 400, "invalid_query", field: field)
    }
}
