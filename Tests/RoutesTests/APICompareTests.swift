import Testing
@testable import Routes

/// `POST /v1/scenarios/compare`: identical inputs compare equal; a small damping change and a
/// one-frame delay are reported at the frame where they first show.
@Suite("API: comparing a scenario with a golden or another scenario")
struct APICompareTests {
    /// The card expanded at 0.5 s (0.9 s spring, damping `damping`), sampled 0 to 2 s at 60 fps.
    static func card(damping: Double = 1, expandAt: Double = 0.5) -> String {
        #"{"control":"card","config":{"dampingRatio":\#(damping)},"events":[{"type":"expand","t":\#(expandAt)}]}"#
    }

    static let window = #""from":0,"to":2,"fps":60"#

    func compare(_ app: TestApp, _ body: String, query: String = "") throws -> JSON {
        try expectOK(app.post("/v1/scenarios/compare\(query)", body))
    }

    @Test func identicalInputsCompareEqual() throws {
        let app = TestApp()
        let golden = try expectOK(app.post("/v1/scenarios/run", #"{"scenario":\#(Self.card()),\#(Self.window)}"#))
        let result = try compare(app, #"{"scenario":\#(Self.card()),"golden":\#(golden),"tolerance":0}"#)
        #expect(result["equal"] == true)
        #expect(result["emitted"] == ["equal": true, "unexpected": [], "missing": []])
        let properties = try #require(result["properties"]?.objectValue)
        #expect(properties.keys == ["cardY", "cornerRadius", "blurFraction", "state", "interactive", "animating"])
        for (_, property) in properties.members {
            #expect(property == ["maxDeviation": 0, "firstDivergence": .null])
        }
        let against = try compare(app, #"{"scenario":\#(Self.card()),"against":\#(Self.card()),\#(Self.window)}"#)
        #expect(against["equal"] == true)
    }

    @Test func aDampingChangeOf0005DivergesOnTheFirstFrameAfterTheExpand() throws {
        let app = TestApp()
        let result = try compare(app, #"{"scenario":\#(Self.card(damping: 0.995)),"against":\#(Self.card()),\#(Self.window),"tolerance":0.000001}"#)
        #expect(result["equal"] == false)
        // Both springs start together at 0.5 (frame 30); the first frame after it, 31/60 s, tells them apart.
        #expect(result["properties"]?["cardY"]?["firstDivergence"] == .number(31.0 / 60))
        // The corner radius animates linearly, whatever the damping.
        #expect(result["properties"]?["cornerRadius"] == ["maxDeviation": 0, "firstDivergence": .null])
        // A few points at most over the 535 pt move (1.73 measured): the springs differ little.
        let deviation = try #require(result["properties"]?["cardY"]?["maxDeviation"]?.doubleValue)
        #expect(deviation > 0.1 && deviation < 5, "\(deviation)")
        // Both end at 0.5 + 0.9 = 1.4: the completions agree.
        #expect(result["emitted"]?["equal"] == true)
    }

    @Test func aOneFrameDelayIsReportedAtTheFrameItShows() throws {
        let app = TestApp()
        // The golden is the card expanded a frame late.
        let golden = try expectOK(app.post("/v1/scenarios/run", #"{"scenario":\#(Self.card(expandAt: 0.5 + 1.0 / 60)),\#(Self.window)}"#))
        let result = try compare(app, #"{"scenario":\#(Self.card()),"golden":\#(golden)}"#)
        #expect(result["equal"] == false)
        // At 0.5 both are still collapsed; at 31/60 the scenario's card has moved, the golden's not yet.
        #expect(result["properties"]?["cardY"]?["firstDivergence"] == .number(31.0 / 60))
        #expect(result["properties"]?["animating"]?["firstDivergence"] == 0.5)
        #expect(result["properties"]?["animating"]?["maxDeviation"] == 1)
        // The start and the two completions differ by a frame: each side's are unmatched.
        let emitted = try #require(result["emitted"])
        #expect(emitted["equal"] == false)
        let late = 0.5 + 1.0 / 60
        #expect(emitted["unexpected"]?.arrayValue?.map { $0["t"] } == [0.5, 1.4, 1.4])
        #expect(emitted["missing"]?.arrayValue?.map { $0["t"] } == [.number(late), .number(late + 0.9), .number(late + 0.9)])
    }

    @Test func theOverlayPlotDrawsBothSides() throws {
        let app = TestApp()
        let response = app.post("/v1/scenarios/compare?format=svg",
                                #"{"scenario":\#(Self.card(damping: 0.5)),"against":\#(Self.card()),\#(Self.window)}"#)
        #expect(response.status == 200)
        #expect(response.contentType == "image/svg+xml")
        let svg = response.text
        // Three numeric properties, each drawn once solid and once dashed.
        #expect(svg.components(separatedBy: #"<polyline class="series""#).count - 1 == 3)
        #expect(svg.components(separatedBy: #"<polyline class="reference" data-property="cardY""#).count - 1 == 1)
        #expect(svg.components(separatedBy: #"<polyline class="reference""#).count - 1 == 3)
    }

    @Test func refusals() throws {
        let app = TestApp()
        let card = Self.card()
        try expectProblem(app.post("/v1/scenarios/compare", #"{"scenario":\#(card)}"#), 400, "invalid_field", field: "/golden")
        try expectProblem(app.post("/v1/scenarios/compare", #"{"scenario":\#(card),"golden":{"frames":[]},"against":\#(card)}"#),
                          400, "invalid_field", field: "/against")
        try expectProblem(app.post("/v1/scenarios/compare", #"{"scenario":\#(card),"golden":{"from":0,"to":1,"frames":[]}}"#),
                          400, "invalid_field", field: "/golden/fps")
        try expectProblem(app.post("/v1/scenarios/compare", #"{"scenario":\#(card),"golden":{"from":0,"to":1,"fps":60,"frames":[]},"from":0}"#),
                          400, "invalid_field", field: "/from")
        try expectProblem(app.post("/v1/scenarios/compare", #"{"scenario":\#(card),"against":\#(card),"tolerance":-1}"#),
                          400, "invalid_field", field: "/tolerance")
        try expectProblem(app.post("/v1/scenarios/compare", #"{"scenario":\#(card),"against":{"control":"card","events":[{"type":"expand","t":-1}]}}"#),
                          400, "invalid_field", field: "/against/events/0/t")
        try expectProblem(app.post("/v1/scenarios/compare?format=css", #"{"scenario":\#(card),"against":\#(card)}"#),
                          400, "invalid_query", field: "format")
    }

    /// Values of every kind: numbers by difference, colours by channel, the rest equal or not.
    @Test func deviationsByKind() {
        #expect(FrameComparison.deviation(2.5, 2) == .measured(0.5))
        guard case let .measured(step) = FrameComparison.deviation("#ff000080", "#fe000080") else {
            Issue.record("a colour difference is measured")
            return
        }
        #expect(abs(step - 1.0 / 255) < 1e-12)
        #expect(FrameComparison.deviation("#00000000", "#ffffffff") == .measured(1))
        #expect(FrameComparison.deviation(true, false) == .discrete(equal: false))
        #expect(FrameComparison.deviation("expanded", "expanded") == .discrete(equal: true))
        #expect(FrameComparison.deviation(1, "1") == .incomparable)
        #expect(FrameComparison.deviation(1, nil) == .incomparable)
    }
}
