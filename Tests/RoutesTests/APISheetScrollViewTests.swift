import Testing
@testable import Routes

/// The sheet and the scroll view over HTTP: created with their defaults and with a custom
/// configuration, each echoed fully resolved (and accepted back); their commands and pointer
/// events decoded as their definitions declare them.
@Suite("API: sheet and scrollView sessions")
struct APISheetScrollViewTests {
    /// UIKit's values (docs/fidelity.md#sheet), the catalogue's choices where UIKit's defaults show
    /// nothing to drag: detents [medium, large], the grabber visible.
    static let sheetDefaults: JSON = [
        "containerWidth": 393, "containerHeight": 852, "safeAreaTop": 59, "safeAreaBottom": 34, "topOffset": 10,
        "detents": [["type": "medium"], ["type": "large"]], "selectedDetent": "none", "largestUndimmedDetent": "none",
        "prefersGrabberVisible": true, "isModalInPresentation": false, "cornerRadius": 10, "mediumFraction": 0.56,
        "compactMediumFraction": 0.63, "dimmingAlpha": 0.2, "rubberBandCoefficient": 0.55, "topExtentLimit": 100,
        "bottomExtentLimit": 200, "bottomExtentFraction": 0.25, "decelerationRate": 0.99, "minimumSpeed": 250,
        "flickSpeed": 1000, "springResponse": 0.344144233, "dampingRatio": 1, "flickDampingRatio": 0.8,
        "backgroundColor": "#f2f2f7ff", "sheetColor": "#ffffffff", "grabberColor": "#3c3c434d",
    ]

    /// UIKit's values (docs/fidelity.md#scroll-view) on an iPhone 14's bounds, content 2000 high.
    static let scrollViewDefaults: JSON = [
        "width": 390, "height": 844, "contentWidth": 390, "contentHeight": 2000, "contentOffsetX": 0, "contentOffsetY": 0,
        "decelerationRate": 0.998, "bounces": true, "alwaysBounceVertical": false, "alwaysBounceHorizontal": false,
        "isPagingEnabled": false, "isScrollEnabled": true, "rubberBandCoefficient": 0.55,
        "contentOffsetAnimationDuration": 0.3, "didEndDeceleratingOnTouchStop": true, "pagingClockRate": 1,
        "rowHeight": 44, "backgroundColor": "#ffffffff", "contentColor": "#ffffffff", "rowColor": "#f2f2f7ff",
        "pageTintColor": "#007aff14",
    ]

    static func created(_ app: TestApp, _ body: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> JSON {
        let response = app.post("/v1/sessions", body)
        try #require(response.status == 201, "\(response.text)", sourceLocation: sourceLocation)
        return try response.json()
    }

    @Test func theSheetIsCreatedWithItsDefaultsResolved() throws {
        let session = try Self.created(TestApp(), #"{"control":"sheet"}"#)
        #expect(session["config"] == Self.sheetDefaults)
        #expect(session["state"] == ["selectedDetent": "medium", "isPresented": true, "isDragging": false])
    }

    @Test func theScrollViewIsCreatedWithItsDefaultsResolved() throws {
        let session = try Self.created(TestApp(), #"{"control":"scrollView"}"#)
        #expect(session["config"] == Self.scrollViewDefaults)
        #expect(session["state"] == ["contentOffsetX": 0, "contentOffsetY": 0, "isDragging": false, "isDecelerating": false])
    }

    @Test func aSheetConfigurationIsEchoedWithItsDetentsAndColoursNormalised() throws {
        let app = TestApp()
        let session = try Self.created(app, ##"""
            {"control":"sheet","config":{"detents":[{"type":"large"},{"type":"custom","height":300}],"selectedDetent":"custom",
             "largestUndimmedDetent":"custom","cornerRadius":20,"isModalInPresentation":true,"sheetColor":"#eee","grabberColor":"systemGray"}}
            """##)
        var expected = Self.sheetDefaults.objectValue ?? JSONObject()
        expected["detents"] = [["type": "large"], ["type": "custom", "height": 300]]
        expected["selectedDetent"] = "custom"
        expected["largestUndimmedDetent"] = "custom"
        expected["cornerRadius"] = 20
        expected["isModalInPresentation"] = true
        expected["sheetColor"] = "#eeeeeeff"
        expected["grabberColor"] = "#8e8e93ff"
        #expect(session["config"] == .object(expected))
        #expect(session["state"] == ["selectedDetent": "custom", "isPresented": true, "isDragging": false])
        // A custom detent of 300 above the bottom inset: its top is 852 − 34 − 300.
        let frame = try expectOK(app.get("/v1/sessions/id-1/frame?t=0"))
        #expect(frame["properties"]?["sheetTop"] == 518)
    }

    @Test func aScrollViewConfigurationIsEchoed() throws {
        let session = try Self.created(TestApp(), #"""
            {"control":"scrollView","config":{"width":320,"height":568,"contentWidth":1600,"contentHeight":568,"isPagingEnabled":true,
             "decelerationRate":0.99,"bounces":false,"contentOffsetX":640,"rowColor":"systemGray5","pagingClockRate":0.96}}
            """#)
        var expected = Self.scrollViewDefaults.objectValue ?? JSONObject()
        for (key, value) in [("width", 320), ("height", 568), ("contentWidth", 1600), ("contentHeight", 568), ("contentOffsetX", 640)]
            as [(String, JSON)] { expected[key] = value }
        expected["isPagingEnabled"] = true
        expected["decelerationRate"] = 0.99
        expected["bounces"] = false
        expected["rowColor"] = "#e5e5eaff"
        expected["pagingClockRate"] = 0.96
        #expect(session["config"] == .object(expected))
        #expect(session["state"] == ["contentOffsetX": 640, "contentOffsetY": 0, "isDragging": false, "isDecelerating": false])
    }

    @Test(arguments: ["sheet", "scrollView", "slider", "stepper", "segmentedControl"])
    func theEchoIsAcceptedBack(control: String) throws {
        let app = TestApp()
        let echoed = try #require(try Self.created(app, #"{"control":"\#(control)"}"#)["config"])
        let again = try Self.created(app, #"{"control":"\#(control)","config":\#(echoed)}"#)
        #expect(again["config"] == echoed)
    }

    @Test func theirCommandsAreDecodedAsDeclared() throws {
        let app = TestApp()
        let sheet = try app.create(control: "sheet")
        let selected = try expectOK(app.postEvents(sheet, #"{"type":"selectDetent","t":0,"detent":"large","animated":false}"#))
        #expect(selected["state"] == ["selectedDetent": "large", "isPresented": true, "isDragging": false])
        #expect(selected["emitted"] == [], "programmatic: no detentChanged")
        try expectProblem(app.postEvents(sheet, #"{"type":"selectDetent","t":1,"detent":"small"}"#), 400, "invalid_field", field: "/detent")
        let scroll = try app.create(control: "scrollView")
        // animated defaults to true: 0.3 s later the animation's end is sent.
        _ = try expectOK(app.postEvents(scroll, #"{"type":"setContentOffset","t":0,"x":0,"y":300}"#))
        let later = try expectOK(app.postEvents(scroll, #"{"type":"touchDown","t":1,"x":10,"y":10}"#))
        #expect(later["emitted"] == [["t": 0.3, "name": "scrollViewDidEndScrollingAnimation"]])
        #expect(later["state"]?["contentOffsetY"] == 300)
        try expectProblem(app.postEvents(scroll, #"{"type":"setContentOffset","t":2,"x":0,"y":"top"}"#), 400, "invalid_field", field: "/y")
    }

    @Test func aDragShorthandFlicksTheScrollView() throws {
        let app = TestApp()
        let id = try app.create(control: "scrollView")
        // 60 Hz moves from 600 to 300 over 0.25 s: 1200 pt/s; released at 300 − 10 = 290.
        let answer = try expectOK(app.postEvents(id, #"{"type":"drag","t":0,"from":{"x":200,"y":600},"to":{"x":200,"y":300},"duration":0.25}"#))
        let names = answer["emitted"]?.arrayValue?.compactMap { $0["name"]?.stringValue }
        #expect(names == ["scrollViewWillBeginDragging", "scrollViewWillEndDragging", "scrollViewDidEndDragging",
                          "scrollViewWillBeginDecelerating"])
        let willEnd = answer["emitted"]?.arrayValue?[1]
        expectClose(willEnd?["velocityY"], 1.2, tolerance: 1e-9)
        #expect(answer["state"]?["contentOffsetY"] == 290)
    }
}
