import Testing
@testable import Routes

/// Scene sessions through the HTTP API (docs/scenes.md#the-api), in process: the scene checked
/// whole, touches by id in window coordinates, commands by view, frames, the log, the journal.
@Suite("API: scene sessions")
struct APISceneTests {
    /// A list with a button and a plain panel, as docs/scenes.md's worked example.
    static let list = """
        {"scene":{"views":[{"id":"list","control":"scrollView","frame":{"x":0,"y":0,"width":390,"height":844},"children":[
          {"id":"button","control":"button","frame":{"x":95,"y":100,"width":200,"height":50}},
          {"id":"panel","frame":{"x":0,"y":400,"width":390,"height":100}}]}]}}
        """

    /// A drag from (195, 125), 5 pt up every 1/64 s, `steps` moves, then a lift.
    static func drag(steps: Int, touch: Int = 1) -> String {
        var events = [#"{"type":"touchDown","touch":\#(touch),"t":0,"x":195,"y":125}"#]
        for k in 1...steps { events.append(#"{"type":"touchMove","touch":\#(touch),"t":\#(Double(k) / 64),"x":195,"y":\#(125 - 5 * k)}"#) }
        events.append(#"{"type":"touchUp","touch":\#(touch),"t":\#(Double(steps) / 64),"x":195,"y":\#(125 - 5 * steps)}"#)
        return #"{"events":[\#(events.joined(separator: ","))]}"#
    }

    @Test func aSceneIsCreatedWholeAndShowsEveryControlsState() throws {
        let app = TestApp()
        let response = app.post("/v1/sessions", Self.list)
        #expect(response.status == 201, "\(response.text)")
        #expect(response.headers["Location"] == "/v1/sessions/id-1")
        let session = try app.session("id-1")
        #expect(session["state"] == [
            "list": ["contentOffsetX": 0, "contentOffsetY": 0, "isDragging": false, "isDecelerating": false],
            "button": ["highlighted": false, "selected": false, "enabled": true],
        ])
        #expect(session["time"] == 0)
        #expect(session["eventCount"] == 0)
        #expect(session["settledAt"] == 0)
        #expect(session["clock"] == "virtual")
        // The scene as kept: each control by name, with its definition's digest and its whole configuration.
        let views = try #require(session["scene"]?["views"]?.arrayValue)
        #expect(views[0]["control"] == "scrollView")
        #expect(views[0]["digest"]?.stringValue?.count == 64)
        #expect(views[0]["config"]?["contentHeight"] == 2000)
        #expect(views[0]["children"]?[1] == ["id": "panel", "frame": ["x": 0, "y": 400, "width": 390, "height": 100]])
        #expect(try app.listedIDs() == ["id-1"])
        #expect(try expectOK(app.get("/v1/sessions"))["sessions"]?[0] == ["id": "id-1", "views": 3, "clock": "virtual", "time": 0])
    }

    /// UIKit's delayed content touches: a quick drag from a button scrolls the list, and the
    /// button never sees the touch (docs/scenes.md#arbitration).
    @Test func aQuickDragFromAButtonScrollsTheListAndTheButtonSeesNothing() throws {
        let app = TestApp()
        let id = try app.create(Self.list)
        let reply = try app.applied(id, Self.drag(steps: 8))
        #expect(reply["accepted"] == 10)
        #expect(reply["state"]?["list"]?["contentOffsetY"] == 30)
        #expect(reply["state"]?["button"]?["highlighted"] == false)
        let emitted = try #require(reply["emitted"]?.arrayValue)
        #expect(!emitted.isEmpty)
        #expect(emitted.allSatisfy { $0["view"] == "list" }, "\(emitted)")
    }

    /// 40 pt up in the built-in sheetList's list from (195, 700), 5 pt every 1/64 s, the finger kept down.
    static let upInTheSheetsList: String = {
        var events = [#"{"type":"touchDown","touch":1,"t":0,"x":195,"y":700}"#]
        for k in 1...8 { events.append(#"{"type":"touchMove","touch":1,"t":\#(Double(k) / 64),"x":195,"y":\#(700 - 5 * k)}"#) }
        return #"{"events":[\#(events.joined(separator: ","))]}"#
    }()

    /// The built-in sheetList shares a drag in its list as UIKit's sheet does: at the medium
    /// detent (395.04) an upward drag expands the sheet (30 pt past the list's 10 pt hysteresis)
    /// and the list does not scroll; with `prefersScrollingExpandsWhenScrolledToEdge` false the
    /// list scrolls those 30 pt and the sheet stays.
    @Test func theBuiltInSheetListExpandsTheSheetBeforeItsListScrolls() throws {
        let app = TestApp()
        let id = try app.create(#"{"scene":"sheetList"}"#)
        let reply = try app.applied(id, Self.upInTheSheetsList)
        #expect(reply["state"]?["sheet"] == ["selectedDetent": "medium", "isPresented": true, "isDragging": true])
        #expect(reply["state"]?["list"]?["contentOffsetY"] == 0)
        let frame = try expectOK(app.get("/v1/sessions/\(id)/frame?t=0.125"))
        let top = try #require(frame["views"]?[0]?["frame"]?["properties"]?["sheetTop"]?.doubleValue)
        #expect(abs(top - 365.04) < 1e-9, "395.04 − 30")

        let off = try app.create("""
            {"scene":{"views":[{"id":"sheet","control":"sheet","config":{"containerWidth":390,"containerHeight":844},
              "prefersScrollingExpandsWhenScrolledToEdge":false,"frame":{"x":0,"y":0,"width":390,"height":844},
              "children":[{"id":"list","control":"scrollView","config":{"width":390,"height":780},"frame":{"x":0,"y":20,"width":390,"height":780}}]}]}}
            """)
        let stays = try app.applied(off, Self.upInTheSheetsList)
        #expect(stays["state"]?["sheet"]?["isDragging"] == false)
        #expect(stays["state"]?["list"]?["contentOffsetY"] == 30)
        #expect(try app.session(off)["scene"]?["views"]?[0]?["prefersScrollingExpandsWhenScrolledToEdge"] == false)
    }

    /// A built-in scene is decoded once and shared by the sessions made of it (its views, and
    /// its controls' instances, the list's configured one too); what a session's inputs change
    /// is its own: the other sessions draw and answer as a fresh one does.
    @Test func sessionsOfABuiltInSceneShareItsViewsAndNotTheirState() throws {
        let app = TestApp()
        let (first, second) = (try app.create(#"{"scene":"settings"}"#), try app.create(#"{"scene":"settings"}"#))
        let slots = app.router.store.table.withLock { table in [first, second].compactMap { table.scenes[$0] } }
        try #require(slots.count == 2)
        let (a, b) = (slots[0].document.scene.nodes, slots[1].document.scene.nodes)
        #expect(a.count == 45)
        #expect(a[0].id == "list" && a[0].control != nil && a[0].control === b[0].control)
        #expect(a.indices.allSatisfy { a[$0].control === b[$0].control })
        let reply = try app.applied(first, #"{"type":"tap","touch":1,"t":0,"x":348,"y":22}"#)
        #expect(reply["state"]?["switch0"] == ["isOn": true])
        #expect(try app.session(first)["state"]?["switch0"] == ["isOn": true])
        #expect(try app.session(second)["state"]?["switch0"] == ["isOn": false])
        let fresh = try app.create(#"{"scene":"settings"}"#)
        #expect(app.get("/v1/sessions/\(second)/frame?t=0.5").body == app.get("/v1/sessions/\(fresh)/frame?t=0.5").body)
        #expect(app.get("/v1/sessions/\(first)/frame?t=0.5").body != app.get("/v1/sessions/\(fresh)/frame?t=0.5").body)
        // The same tap on the second gives the first's answer and frames, number for number.
        #expect(try app.applied(second, #"{"type":"tap","touch":1,"t":0,"x":348,"y":22}"#) == reply)
        #expect(app.get("/v1/sessions/\(second)/frames?from=0&to=0.5&fps=30").body
                == app.get("/v1/sessions/\(first)/frames?from=0&to=0.5&fps=30").body)
    }

    /// A quick tap is held back 0.15 s, then given whole at the lift.
    @Test func aQuickTapOnTheButtonIsGivenAtTheLift() throws {
        let app = TestApp()
        let id = try app.create(Self.list)
        let reply = try app.applied(id, #"{"type":"tap","touch":7,"t":0,"x":195,"y":125}"#)
        #expect(reply["emitted"]?.arrayValue?.compactMap { $0["name"]?.stringValue }
            == ["stateChanged", "touchDown", "stateChanged", "touchUpInside", "primaryActionTriggered"])
        #expect(reply["emitted"]?[1] == ["view": "button", "t": 0.1, "name": "touchDown"])
        // The log holds the tap's inputs, each with its finger.
        let log = try expectOK(app.get("/v1/sessions/\(id)/events"))
        #expect(log["events"] == [
            ["type": "touchDown", "touch": 7, "t": 0, "x": 195, "y": 125],
            ["type": "touchUp", "touch": 7, "t": 0.1, "x": 195, "y": 125],
        ])
        #expect(log["count"] == 2)
    }

    @Test func commandsAreAddressedToAView() throws {
        let app = TestApp()
        let id = try app.create(Self.list)
        let reply = try app.applied(id, #"{"type":"setSelected","view":"button","t":0.5,"selected":true}"#)
        #expect(reply["state"]?["button"]?["selected"] == true)
        #expect(reply["time"] == 0.5)
        let log = try expectOK(app.get("/v1/sessions/\(id)/events"))
        #expect(log["events"] == [["type": "setSelected", "view": "button", "t": 0.5, "selected": true]])
    }

    /// `?state=changed`: the answer's `state` holds the views the batch changed, in drawing order.
    @Test func aPostAnswersOnlyTheViewsItChangedWhenAsked() throws {
        let app = TestApp()
        let id = try app.create(Self.list)
        // A tap on the plain panel reaches the list's recognisers only.
        var reply = try expectOK(app.post("/v1/sessions/\(id)/events?state=changed", #"{"type":"tap","touch":1,"t":0,"x":195,"y":450}"#))
        #expect(reply["state"] == ["list": ["contentOffsetX": 0, "contentOffsetY": 0, "isDragging": false, "isDecelerating": false]])
        reply = try expectOK(app.post("/v1/sessions/\(id)/events?state=changed",
                                      #"{"type":"setSelected","view":"button","t":0.5,"selected":true}"#))
        #expect(reply["state"] == ["button": ["highlighted": false, "selected": true, "enabled": true]])
        // A tap on the button: the list and the button, nothing else.
        reply = try expectOK(app.post("/v1/sessions/\(id)/events?state=changed&window=0.1&fps=10",
                                      #"{"type":"tap","touch":1,"t":2,"x":195,"y":125}"#))
        #expect(reply["state"]?.objectValue?.keys == ["list", "button"])
        #expect(reply["window"]?["count"] == 2)
        // `state=all` (the default) lists every control; anything else is refused, changing nothing.
        reply = try expectOK(app.post("/v1/sessions/\(id)/events?state=all", #"{"type":"tap","touch":1,"t":3,"x":195,"y":450}"#))
        #expect(reply["state"]?.objectValue?.keys == ["list", "button"])
        let before = try app.session(id)
        try expectProblem(app.post("/v1/sessions/\(id)/events?state=some", #"{"type":"tap","touch":1,"t":4,"x":195,"y":450}"#),
                          400, "invalid_query", field: "state")
        #expect(try app.session(id) == before)
        // A session's answer is its one control's state either way: it takes `state` too.
        let single = try app.create(control: "switch")
        for value in ["all", "changed"] {
            let answer = try expectOK(app.post("/v1/sessions/\(single)/events?state=\(value)", #"{"type":"setOn","t":1,"on":true}"#))
            #expect(answer["state"] == ["isOn": true])
        }
        try expectProblem(app.post("/v1/sessions/\(single)/events?state=some", #"{"type":"setOn","t":2,"on":false}"#),
                          400, "invalid_query", field: "state")
    }

    /// `POST /v1/scenarios/compare` of scenes: each view's properties named `view.property`.
    @Test func aScenesScenarioComparesWithAnotherAndWithAGolden() throws {
        let app = TestApp()
        let scene = String(Self.list.dropFirst().dropLast())
        let tapped = #"{\#(scene),"events":[{"type":"tap","touch":1,"t":0,"x":195,"y":125}]}"#
        let still = #"{\#(scene),"events":[]}"#
        let same = try expectOK(app.post("/v1/scenarios/compare", #"{"scenario":\#(tapped),"against":\#(tapped),"from":0,"to":0.5,"fps":10}"#))
        #expect(same["equal"] == true)
        #expect(same["properties"]?.objectValue?.keys.prefix(3) == ["list.contentOffsetX", "list.contentOffsetY", "list.isTracking"])
        #expect(same["properties"]?["button.highlighted"] == ["maxDeviation": 0, "firstDivergence": nil])
        // Without the tap: the button's callbacks are the scenario's alone, and its highlight diverges.
        let different = try expectOK(app.post("/v1/scenarios/compare", #"{"scenario":\#(tapped),"against":\#(still),"from":0,"to":0.5,"fps":10}"#))
        #expect(different["equal"] == false)
        #expect(different["emitted"]?["missing"] == [])
        let unexpected = try #require(different["emitted"]?["unexpected"]?.arrayValue)
        #expect(!unexpected.isEmpty && unexpected.allSatisfy { $0["view"] == "button" }, "\(unexpected)")
        // A golden: a scene session's own frames answer.
        let id = try app.create(#"{"scenario":\#(tapped)}"#)
        let golden = try expectOK(app.get("/v1/sessions/\(id)/frames?from=0&to=0.5&fps=10")).description
        let compared = try expectOK(app.post("/v1/scenarios/compare", #"{"scenario":\#(tapped),"golden":\#(golden)}"#))
        #expect(compared["equal"] == true, "\(compared)")
        #expect(try expectOK(app.post("/v1/scenarios/compare", #"{"scenario":\#(still),"golden":\#(golden)}"#))["equal"] == false)
        // The plot draws one control's properties: a scene's comparison is JSON only.
        try expectProblem(app.post("/v1/scenarios/compare?format=svg", #"{"scenario":\#(tapped),"against":\#(tapped)}"#),
                          400, "invalid_query", field: "format")
    }

    @Test func twoFingersOnTwoControlsAtOnce() throws {
        let app = TestApp()
        let id = try app.create("""
            {"scene":{"views":[{"id":"a","control":"button","frame":{"x":0,"y":0,"width":200,"height":50}},
                               {"id":"b","control":"button","frame":{"x":0,"y":100,"width":200,"height":50}}]}}
            """)
        let reply = try app.applied(id, """
            {"events":[{"type":"touchDown","touch":1,"t":0,"x":100,"y":25},{"type":"touchDown","touch":2,"t":0.1,"x":100,"y":125}]}
            """)
        #expect(reply["state"] == [
            "a": ["highlighted": true, "selected": false, "enabled": true],
            "b": ["highlighted": true, "selected": false, "enabled": true],
        ])
        try expectEventsRejected(app, id, #"{"type":"touchDown","touch":1,"t":0.2,"x":100,"y":25}"#, 409, "touch_in_use", field: "/touch")
        try expectEventsRejected(app, id, #"{"type":"touchUp","touch":3,"t":0.2,"x":100,"y":25}"#, 409, "invalid_touch_sequence", field: "/type")
        _ = try app.applied(id, #"{"type":"touchUp","touch":1,"t":0.3,"x":100,"y":25}"#)
        #expect(try app.session(id)["state"]?["a"]?["highlighted"] == false)
        #expect(try app.session(id)["state"]?["b"]?["highlighted"] == true)
    }

    @Test func framesHoldEveryVisibleViewInWindowCoordinatesClipped() throws {
        let app = TestApp()
        let id = try app.create(Self.list)
        _ = try app.applied(id, Self.drag(steps: 8))
        let frame = try app.frame(id, "?t=0.125")
        let views = try #require(frame["views"]?.arrayValue)
        #expect(views.map { $0["view"] } == ["list", "button"])
        #expect(views[1]["clip"] == ["x": 0, "y": 0, "width": 390, "height": 844])
        // The button's layers are where the scrolled list shows them: 30 pt up.
        let button = try #require(views[1]["frame"]?["layers"]?.arrayValue?.first)
        #expect(button["x"] == 95)
        #expect(button["y"] == 70)
        let frames = try app.frames(id, "?from=0&to=0.125&fps=64")
        #expect(frames["count"] == 9)
        #expect(frames.each("frames", "views").count == 9)
        #expect(frames["frames"]?[8] == frame)
        // Export options are checked as a session's are, and a scene's frames export as a session's do.
        try expectProblem(app.get("/v1/sessions/\(id)/frames?tolerance=1e308"), 400, "invalid_query", field: "tolerance")
        try expectProblem(app.get("/v1/sessions/\(id)/frames?name=a"), 400, "invalid_query", field: "name")
        let waapi = try app.get("/v1/sessions/\(id)/frames?from=0.125&to=0.125&format=waapi").json()
        #expect(waapi["name"] == "scene")
        // The button moved with the scrolled list, clipped to the list's bounds in its own coordinates.
        let styles = try #require(waapi["elements"]?.arrayValue)
        let drawn = try #require(styles.first { $0["source"] == "layers/button/button" }?["style"])
        #expect(drawn["transform"] == "translate(95px, 70px) scale(1)")
        #expect(drawn["clipPath"]?.stringValue?.hasPrefix("polygon(-95px -70px, ") == true)
    }

    /// A control alone at the window's origin: the same layers, properties and emissions, number
    /// for number, as its own session (the `frame` of its entry is byte for byte the session's).
    @Test(arguments: [
        ("switch", #"{"x":0,"y":0,"width":51,"height":31}"#, #"{"type":"tap","t":0.05,"x":25,"y":15}"#),
        ("button", #"{"x":0,"y":0,"width":200,"height":50}"#, #"{"type":"drag","t":0,"from":{"x":100,"y":25},"to":{"x":100,"y":200},"duration":0.3}"#),
        ("slider", #"{"x":0,"y":0,"width":300,"height":31}"#, #"{"type":"drag","t":0,"from":{"x":15,"y":15},"to":{"x":200,"y":15},"duration":0.25}"#),
        ("scrollView", #"{"x":0,"y":0,"width":390,"height":844}"#, #"{"type":"flick","t":0,"from":{"x":200,"y":600},"to":{"x":200,"y":300},"velocity":{"x":0,"y":-1500}}"#),
    ])
    func aControlAloneAtTheOriginIsItsOwnSession(control: String, frame: String, event: String) throws {
        let app = TestApp()
        let session = try app.create(#"{"control":"\#(control)"}"#)
        let scene = try app.create(#"{"scene":{"views":[{"id":"only","control":"\#(control)","frame":\#(frame)}]}}"#)
        let alone = try app.applied(session, event)
        let inScene = try app.applied(scene, event)
        #expect(inScene["state"] == ["only": try #require(alone["state"])])
        #expect(inScene["emitted"]?.arrayValue?.map { Self.untagged($0) } == alone["emitted"]?.arrayValue)
        let window = "?from=0&to=2&fps=60"
        let sessionFrames = try app.frames(session, window)
        let sceneFrames = try app.frames(scene, window)
        #expect(sceneFrames["count"] == 121)
        for k in 0..<121 {
            #expect(sceneFrames["frames"]?[k]?["views"]?[0]?["frame"] == sessionFrames["frames"]?[k], "frame \(k)")
        }
        #expect(sceneFrames["emitted"]?.arrayValue?.map { Self.untagged($0) } == sessionFrames["emitted"]?.arrayValue)
        #expect(sceneFrames["emitted"]?.arrayValue?.isEmpty == false)
    }

    /// A scene streams as a session does: its frames at the rate, its emissions tagged with their view.
    @Test func aSceneStreamsItsFramesAndEmissions() throws {
        let app = TestApp()
        let id = try app.create(Self.list)
        _ = try app.applied(id, #"{"type":"tap","touch":1,"t":0,"x":195,"y":125}"#)
        let stream = try #require(app.get("/v1/sessions/\(id)/stream?fps=10&from=0&to=0.2").stream)
        let (events, ended) = StreamTests.drive(app, stream, seconds: 1)
        #expect(ended)
        #expect(events.map(\.name) == ["frame", "emitted", "emitted", "emitted", "emitted", "emitted", "frame", "frame", "end"])
        #expect(try JSONParser().parse(Array(events[1].data.utf8)) == [
            "view": "button", "t": 0.1, "name": "stateChanged", "highlighted": true, "selected": false, "enabled": true,
        ])
        let frame = try JSONParser().parse(Array(events[7].data.utf8))
        #expect(frame == (try app.frame(id, "?t=0.2")))
    }

    /// A scene's scenario makes a scene with the same frames, and runs without one.
    @Test func aScenesScenarioMakesTheSameFramesAgain() throws {
        let app = TestApp()
        let id = try app.create(Self.list)
        _ = try app.applied(id, Self.drag(steps: 8))
        _ = try app.applied(id, #"{"type":"setSelected","view":"button","t":0.5,"selected":true}"#)
        let scenario = try expectOK(app.get("/v1/sessions/\(id)/scenario"))
        #expect(scenario["events"]?.arrayValue?.count == 11)
        #expect(scenario["scene"]?["views"]?[0]?["digest"] == nil)
        let scenarioText = app.get("/v1/sessions/\(id)/scenario").text
        let copy = try app.create(#"{"scenario":\#(scenarioText)}"#)
        let window = "?from=0&to=1&fps=30"
        #expect(app.get("/v1/sessions/\(copy)/frames\(window)").body == app.get("/v1/sessions/\(id)/frames\(window)").body)
        let run = app.post("/v1/scenarios/run", #"{"scenario":\#(scenarioText),"from":0,"to":1,"fps":30}"#)
        #expect(run.status == 200)
        #expect(run.body == app.get("/v1/sessions/\(id)/frames\(window)").body)
        // Refused as a create or a batch would be, naming the field under `scenario`.
        try expectProblem(app.post("/v1/sessions", #"{"scenario":{"scene":{"views":[]},"events":[{"type":"touchUp","t":0,"x":1,"y":1}]}}"#),
                          409, "invalid_touch_sequence", field: "/scenario/events/0/type")
    }

    /// An echo's scene posted back as it is (each control with its `digest`) makes the same scene:
    /// the digest is read-only, accepted and ignored; one that is not a string is refused at its place.
    @Test func anEchosScenePostedBackIsAccepted() throws {
        let app = TestApp()
        let id = try app.create(Self.list)
        let echo = try expectOK(app.get("/v1/sessions/\(id)"))
        let scene = String(decoding: serialize(try #require(echo["scene"])), as: UTF8.self)
        #expect(scene.contains(#""digest":""#))
        let copy = try app.create(#"{"scene":\#(scene)}"#)
        #expect(try expectOK(app.get("/v1/sessions/\(copy)"))["scene"] == echo["scene"])
        let window = "?from=0&to=1&fps=30"
        #expect(app.get("/v1/sessions/\(copy)/frames\(window)").body == app.get("/v1/sessions/\(id)/frames\(window)").body)
        try expectProblem(app.post("/v1/sessions", #"{"scene":{"views":[{"id":"a","control":"switch","digest":7,"frame":{"x":0,"y":0,"width":51,"height":31}}]}}"#),
                          400, "invalid_field", field: "/scene/views/0/digest")
    }

    static func untagged(_ emission: JSON) -> JSON {
        guard case var .object(object) = emission else { return emission }
        object["view"] = nil
        return .object(object)
    }

    // MARK: Bad input

    static let refusedScenes: [Refusal] = [
        Refusal(#"{"scene":{"views":[{"id":"a","control":"nope","frame":{"x":0,"y":0,"width":10,"height":10}}]}}"#,
                "unknown_control", "/scene/views/0/control"),
        Refusal(#"{"scene":{"views":[{"id":"a","frame":{"x":0,"y":0,"width":10,"height":10}},{"id":"a","frame":{"x":0,"y":0,"width":10,"height":10}}]}}"#,
                "duplicate_view_id", "/scene/views/1/id"),
        Refusal(#"{"scene":{"views":[{"id":"a","control":"button","frame":{"x":0,"y":0,"width":10,"height":10},"children":[{"id":"b","frame":{"x":0,"y":0,"width":1,"height":1}}]}]}}"#,
                "children_not_accepted", "/scene/views/0/children"),
        Refusal(#"{"scene":{"views":[{"id":"a","frame":{"x":0,"y":0,"width":-1,"height":10}}]}}"#,
                "invalid_frame", "/scene/views/0/frame/width"),
        Refusal(#"{"scene":{"views":[{"id":"a","frame":{"x":0,"y":0,"width":1}}]}}"#,
                "invalid_field", "/scene/views/0/frame/height"),
        Refusal(#"{"scene":{"views":[{"id":"","frame":{"x":0,"y":0,"width":1,"height":1}}]}}"#,
                "invalid_view", "/scene/views/0/id"),
        Refusal(#"{"scene":{"views":[{"id":"a","frame":{"x":0,"y":0,"width":1,"height":1},"recognizesSimultaneouslyWith":["b"]}]}}"#,
                "unknown_view", "/scene/views/0/recognizesSimultaneouslyWith/0"),
        Refusal(#"{"scene":{"views":[{"id":"a","control":"scrollView","frame":{"x":0,"y":0,"width":10,"height":10},"requireToFail":[{"recognizer":"touch","toFail":{"view":"b","recognizer":"pan"}}]},{"id":"b","control":"sheet","frame":{"x":0,"y":0,"width":10,"height":10}}]}}"#,
                "unknown_recognizer", "/scene/views/0/requireToFail/0/recognizer"),
        Refusal(#"{"scene":{"views":[{"id":"a","control":"sheet","frame":{"x":0,"y":0,"width":10,"height":10},"requireToFail":[{"recognizer":"grabber","toFail":{"view":"nowhere","recognizer":"pan"}}]},{"id":"b","control":"sheet","frame":{"x":0,"y":0,"width":10,"height":10}}]}}"#,
                "unknown_view", "/scene/views/0/requireToFail/0/toFail/view"),
        Refusal(#"{"scene":{"views":[{"id":"a","control":"sheet","frame":{"x":0,"y":0,"width":10,"height":10},"requireToFail":[{"recognizer":"grabber","toFail":{"view":"b","recognizer":"nope"}}]},{"id":"b","control":"sheet","frame":{"x":0,"y":0,"width":10,"height":10}}]}}"#,
                "unknown_recognizer", "/scene/views/0/requireToFail/0/toFail/recognizer"),
        Refusal(#"{"scene":{"views":[{"id":"a","control":"switch","config":{"isOn":3},"frame":{"x":0,"y":0,"width":1,"height":1}}]}}"#,
                "invalid_field", "/scene/views/0/config/isOn"),
        Refusal(#"{"scene":{"views":[{"id":"a","clock":"wall","control":"switch","frame":{"x":0,"y":0,"width":1,"height":1}}]}}"#,
                "invalid_field", "/scene/views/0/clock"),
        Refusal(#"{"scene":{"views":[{"id":"a","frame":{"x":0,"y":0,"width":1,"height":1},"colour":"red"}]}}"#,
                "invalid_field", "/scene/views/0/colour"),
        Refusal(#"{"scene":{"views":[]},"control":"switch"}"#, "invalid_field", "/control"),
        Refusal(#"{"scene":{}}"#, "invalid_field", "/scene/views"),
        Refusal(#"{"scene":"nope"}"#, "unknown_scene", "/scene"),
    ]

    /// Each refused whole: nothing is created.
    @Test(arguments: refusedScenes)
    func aBadSceneIsRefusedWholeNamingItsField(_ refusal: Refusal) throws {
        let app = TestApp()
        try expectProblem(app.post("/v1/sessions", refusal.body), refusal.status, refusal.code, field: refusal.field)
        #expect(try app.listedIDs() == [])
    }

    @Test func tooManyViewsAndTooDeepHaveTheirOwnCodes() throws {
        let app = TestApp()
        let view = #"{"id":"v\#(0)","frame":{"x":0,"y":0,"width":1,"height":1}}"#
        let many = (0..<257).map { view.replacingOccurrences(of: "v0", with: "v\($0)") }.joined(separator: ",")
        try expectProblem(app.post("/v1/sessions", #"{"scene":{"views":[\#(many)]}}"#), 400, "too_many_views", field: "/scene/views/256")
        var deep = #"{"id":"d17","frame":{"x":0,"y":0,"width":1,"height":1}}"#
        for level in (1...16).reversed() {
            deep = #"{"id":"d\#(level)","frame":{"x":0,"y":0,"width":1,"height":1},"children":[\#(deep)]}"#
        }
        try expectProblem(app.post("/v1/sessions", #"{"scene":{"views":[\#(deep)]}}"#), 400, "scene_too_deep",
                          field: "/scene/views/0" + String(repeating: "/children/0", count: 16))
        #expect(try app.listedIDs() == [])
    }

    @Test func badEventsAreRefusedChangingNothing() throws {
        let app = TestApp()
        let id = try app.create(Self.list)
        _ = try app.applied(id, #"{"type":"touchDown","t":1,"x":10,"y":10}"#)
        try expectEventsRejected(app, id, #"{"type":"setSelected","view":"nope","t":1,"selected":true}"#, 409, "unknown_view", field: "/view")
        try expectEventsRejected(app, id, #"{"type":"setSelected","view":"panel","t":1,"selected":true}"#, 409, "unknown_view", field: "/view")
        try expectEventsRejected(app, id, #"{"type":"setSelected","t":1,"selected":true}"#, 400, "invalid_field", field: "/view")
        try expectEventsRejected(app, id, #"{"type":"touchDown","view":"button","t":1,"x":1,"y":1}"#, 400, "invalid_field", field: "/view")
        try expectEventsRejected(app, id, #"{"type":"touchDown","touch":-1,"t":1,"x":1,"y":1}"#, 400, "invalid_field", field: "/touch")
        try expectEventsRejected(app, id, #"{"type":"touchDown","touch":1,"t":1.5,"x":1,"y":1}"#, 409, "touch_in_use", field: "/touch")
        try expectEventsRejected(app, id, #"{"type":"touchMove","touch":1,"t":0.5,"x":1,"y":1}"#, 409, "event_out_of_order", field: "/t")
        try expectEventsRejected(app, id, #"{"type":"setSelected","view":"button","t":2,"selected":3}"#, 400, "invalid_field", field: "/selected")
        try expectEventsRejected(app, id, #"{"type":"setOn","view":"button","t":2,"on":true}"#, 400, "unknown_event_type", field: "/type")
        // A batch is all or nothing: a good event before a bad one is not applied either.
        try expectEventsRejected(app, id, """
            {"events":[{"type":"touchUp","t":2,"x":1,"y":1},{"type":"touchUp","t":2.5,"x":1,"y":1}]}
            """, 409, "invalid_touch_sequence", field: "/events/1/type")
    }
}
