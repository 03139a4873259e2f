import Testing
@testable import Routes

/// Expected frames: easeInEaseOut values from the reference's `UnitBezier(0.42, 0, 0.58, 1)`,
/// springs from its table (case A for the button press, case C for the card).
@Suite("API: GET frames and frame")
struct APIFramesTests {
    /// A switch frame with the thumb centre at `x` (track 51×31, thumb 27 at y 2, white).
    static func switchFrame(t: Double, x: Double, track: String, isOn: Bool) -> JSON {
        [
            "t": .number(t),
            "properties": ["thumbCenterX": .number(x), "trackColor": .string(track), "isOn": .bool(isOn)],
            "layers": [
                ["id": "track", "kind": "rect", "x": 0, "y": 0, "width": 51, "height": 31,
                 "backgroundColor": .string(track), "cornerRadius": 15.5, "opacity": 1, "scale": 1],
                ["id": "thumb", "kind": "rect", "x": .number(x - 13.5), "y": 2, "width": 27, "height": 27,
                 "backgroundColor": "#ffffffff", "cornerRadius": 13.5, "opacity": 1, "scale": 1],
            ],
        ]
    }

    @Test func designExampleSwitchFrames() throws {
        let app = TestApp()
        let id = try app.create(control: "switch")
        _ = try app.applied(id, #"{"type":"touchDown","t":0,"x":25,"y":15}"#)
        // 0.25 s easeInEaseOut from 15.5 to 35.5: x = 15.5 + 20·curve(t/0.25); the track colour
        // #e9e9ea → #34c759 by the same progress, per channel, rounded.
        expectClose(try app.frames(id, "?from=0&to=0.05&fps=60"), [
            "from": 0, "to": 0.05, "fps": 60, "count": 4,
            "frames": [
                Self.switchFrame(t: 0, x: 15.5, track: "#e9e9eaff", isOn: true),
                Self.switchFrame(t: 0.016666666666666666, x: 15.672943904, track: "#e7e9e9ff", isOn: true),
                Self.switchFrame(t: 0.03333333333333333, x: 16.210199699, track: "#e3e8e5ff", isOn: true),
                Self.switchFrame(t: 0.05, x: 17.133196441, track: "#dae6deff", isOn: true),
            ],
            "emitted": [["t": 0, "name": "valueChanged", "isOn": true]],
        ], tolerance: 1e-7)
    }

    @Test func defaultsAreSessionTimeOneSecondAt60fps() throws {
        let app = TestApp()
        let id = try app.create(control: "switch")
        let fresh = try app.frames(id)
        #expect(fresh["from"] == 0)
        #expect(fresh["to"] == 1)
        #expect(fresh["fps"] == 60)
        #expect(fresh["count"] == 61)
        #expect(fresh["frames"]?.arrayValue?.count == 61)
        // 60/60 is exactly 1; adding 1/60 sixty times would give 1.0000000000000013 and lose the frame.
        #expect(fresh["frames"]?[60]?["t"] == 1)

        _ = try app.applied(id, #"{"type":"touchDown","t":0.1,"x":25,"y":15}"#)
        let later = try app.frames(id)
        #expect(later["from"] == 0.1)
        #expect(later["to"] == 1.1)
        #expect(later["count"] == 61)
        #expect(later["frames"]?[1]?["t"] == 0.11666666666666667)   // 0.1 + 1/60
        #expect(later["frames"]?[60]?["t"] == 1.1)                  // 0.1 + 60/60
        #expect(try app.frames(id, "?fps=2")["count"] == 3)
        #expect(try app.frames(id, "?from=0.5")["to"] == 1.5)
    }

    @Test func frameTimesAreComputedByIndex() throws {
        let app = TestApp()
        let id = try app.create(control: "card")
        let reply = try app.frames(id, "?from=0.1&to=0.2&fps=30")
        #expect(reply["count"] == 4)
        // 0.1 s is frame 3 of the 30 fps grid: (3 + k)/30 for k = 0…3. Accumulating 1/30 would end at
        // 0.19999999999999998; 0.1 + 2/30 would print 0.16666666666666669 where a window from 0 prints 5/30.
        #expect(reply.each("frames", "t") == [0.1, 0.13333333333333333, 0.16666666666666666, 0.2])
        let single = try app.frames(id, "?from=2&to=2")
        #expect(single["count"] == 1)
        #expect(single["frames"]?[0]?["t"] == 2)
    }

    /// Frames are matched by index (docs/scenarios.md): whatever window asks for an instant of the
    /// grid, its frame is the same, `t` included, byte for byte.
    @Test func oneInstantPrintsTheSameInEveryWindow() throws {
        let app = TestApp()
        let id = try app.create(control: "button")
        _ = try app.applied(id, #"{"events":[{"type":"tap","t":0.2,"x":60,"y":22,"duration":0.5},{"type":"tap","t":1.3,"x":60,"y":22}]}"#)
        let whole = try #require(try app.frames(id, "?from=0&to=2&fps=60")["frames"]?.arrayValue)
        for (from, first) in [("0.1", 6), ("0.5", 30), ("0.95", 57), ("1.3", 78), ("1.2999999999", 78)] {
            let part = try #require(try app.frames(id, "?from=\(from)&to=2&fps=60")["frames"]?.arrayValue)
            #expect(part.count == whole.count - first, "from \(from)")
            for (k, frame) in part.enumerated() where frame != whole[first + k] {
                Issue.record("from \(from): frame \(k) is \(frame), the window from 0 has \(whole[first + k])")
                break
            }
        }
        // 0.95 + 21/60 is 1.2999999999999998, a hair before the tap at 1.3; frame 78 of the grid is 1.3.
        let late = try app.frames(id, "?from=0.95&to=1.3&fps=60")
        #expect(late["frames"]?[21]?["t"] == 1.3)
        #expect(late["frames"]?[21]?["properties"]?["highlighted"] == true)
        // Off the grid, the window is its own: from + k/fps.
        let off = try app.frames(id, "?from=0.005&to=1.005&fps=60")
        #expect(off["frames"]?[1]?["t"] == 0.021666666666666667)
        #expect(off["frames"]?[60]?["t"] == 1.005)
    }

    @Test func buttonPressFollowsTheSeedSpring() throws {
        let app = TestApp()
        let id = try app.create(control: "button")
        _ = try app.applied(id, #"{"type":"touchDown","t":0,"x":100,"y":25}"#)
        // scale = 1 + (0.9 − 1)·progress, case A: progress 1.131421 at 0.05 s, 1.069836 at 0.10 s.
        let scales = try app.frames(id, "?from=0&to=0.1&fps=20").each("frames", "properties", "scale")
        expectClose(.array(scales.map { $0 ?? .null }), [1, 0.8868579, 0.8930164], tolerance: 1e-6)
    }

    @Test func cardExpandsOnTheCriticallyDampedSpring() throws {
        let app = TestApp()
        let id = try app.create(control: "card")
        _ = try app.applied(id, #"{"type":"expand","t":0}"#)
        // Case C (0.9 s, ζ 1): progress 0.944477 at 0.45 s. cardY = 779 − 535 × 0.944477;
        // the corner radius is linear: 12 × 0.5; the blur follows the same spring as the frame.
        expectClose(try app.frame(id, "?t=0.45"), [
            "t": 0.45,
            "properties": ["cardY": 273.704805, "cornerRadius": 6, "blurFraction": 0.944477, "state": "collapsed",
                           "interactive": false, "animating": true],
            "layers": [
                ["id": "backdrop", "kind": "blur", "x": 0, "y": 0, "width": 390, "height": 844, "cornerRadius": 0,
                 "opacity": 1, "scale": 1, "blur": ["fraction": 0.944477, "style": "dark", "radius": 18.88954]],
                ["id": "card", "kind": "rect", "x": 0, "y": 273.704805, "width": 390, "height": 600,
                 "backgroundColor": "#ffffffff", "cornerRadius": 6, "opacity": 1, "scale": 1],
                ["id": "grabber", "kind": "rect", "x": 177, "y": 281.704805, "width": 36, "height": 5,
                 "backgroundColor": "#c7c7ccff", "cornerRadius": 2.5, "opacity": 1, "scale": 1],
            ],
        ])
        // The frame animator completes at its duration, after the last event: predicted.
        #expect(try app.frames(id, "?from=0.8&to=1&fps=10")["emitted"] == [
            ["t": 0.9, "name": "animatorCompleted", "animator": "frame", "position": "end"],
            ["t": 0.9, "name": "stateChanged", "state": "expanded"],
        ])
    }

    @Test func emittedCoversTheWindowIncludingPredictions() throws {
        let app = TestApp()
        let id = try app.create(control: "progressButton")
        _ = try app.applied(id, #"{"type":"start","t":0}"#)
        // 3 s from strokeEnd 0 to 1: `completed` at t = 3, after the last input.
        let around = try app.frames(id, "?from=2.9&to=3.1")
        #expect(around["emitted"] == [["t": 3, "name": "completed"]])
        #expect(around["count"] == 13)
        let strokes = around.each("frames", "properties", "strokeEnd")
        expectClose(strokes.first ?? nil, 0.9666666666666667, tolerance: 1e-12)   // 2.9 / 3
        #expect(strokes.dropFirst(6).allSatisfy { $0 == 1 })                       // t ≥ 2.9 + 6/60 = 3
        #expect(around["frames"]?[12]?["properties"]?["animating"] == false)

        expectClose(try app.frames(id, "?from=0&to=1")["emitted"], [["t": 0, "name": "started", "startRatio": 0, "remaining": 3]])
        #expect(try app.frames(id, "?from=3.5&to=4")["emitted"] == [])
        #expect(try app.frames(id, "?from=3&to=3")["emitted"] == [["t": 3, "name": "completed"]])
    }

    @Test func oneFrameAtTAndAtSessionTimeByDefault() throws {
        let app = TestApp()
        let id = try app.create(control: "switch")
        expectClose(try app.frame(id), Self.switchFrame(t: 0, x: 15.5, track: "#e9e9eaff", isOn: false))
        _ = try app.applied(id, #"{"type":"touchDown","t":0.25,"x":25,"y":15}"#)
        // Half-way through the 0.25 s curve (easeInEaseOut(0.5) = 0.5): x = 15.5 + 20 × 0.5.
        let middle = try app.frame(id, "?t=0.375")
        #expect(middle["t"] == 0.375)
        expectClose(middle["properties"]?["thumbCenterX"], 25.5, tolerance: 1e-9)
        // Before the touchDown the switch was off and at rest.
        expectClose(try app.frame(id, "?t=0.2"), Self.switchFrame(t: 0.2, x: 15.5, track: "#e9e9eaff", isOn: false))
        #expect(try app.frame(id)["t"] == 0.25)
        // One frame equals the same time in a frames reply.
        #expect(try app.frames(id, "?from=0.375&to=0.375")["frames"]?[0] == middle)
    }

    @Test func sameCreateAndEventsGiveByteIdenticalFrames() throws {
        let setup = [
            ("button", #"{"events":[{"type":"tap","t":0,"x":100,"y":25},{"type":"setSelected","t":0.2,"selected":true}]}"#),
            ("card", #"{"type":"drag","t":0,"from":{"x":195,"y":800},"to":{"x":195,"y":500},"duration":0.3}"#),
            ("switch", #"{"events":[{"type":"touchDown","t":0,"x":25,"y":15},{"type":"touchUp","t":0.05,"x":25,"y":15},{"type":"touchDown","t":0.1,"x":25,"y":15}]}"#),
            ("progressButton", #"{"type":"start","t":0.05,"startRatio":0.25}"#),
        ]
        let first = TestApp(), second = TestApp()
        second.clock.advance(by: 5)   // virtual sessions do not read the clock
        for (control, events) in setup {
            for app in [first, second] {
                let id = try app.create(control: control)
                _ = try app.applied(id, events)
            }
        }
        for id in ["id-1", "id-2", "id-3", "id-4"] {
            let target = "/v1/sessions/\(id)/frames?from=0&to=2&fps=120"
            let bytes = first.get(target).body
            #expect(bytes == second.get(target).body, "\(id)")
            #expect(bytes == first.get(target).body, "sampling must not change \(id)")
        }
    }

    /// Past the first checkpoints (every 32 events), a session with 100 inputs samples its past
    /// exactly as a session that has only the inputs up to then.
    @Test func longLogsSampleThePastLikeShortOnes() throws {
        func taps(_ count: Int) -> String {
            let events = (0..<count).map { #"{"type":"tap","t":\#(Double($0) * 0.2),"x":25,"y":15}"# }
            return #"{"events":[\#(events.joined(separator: ","))]}"#
        }
        let app = TestApp()
        let long = try app.create(control: "switch"), short = try app.create(control: "switch")
        #expect(try app.applied(long, taps(50))["accepted"] == 100)
        expectClose(try app.applied(short, taps(20))["time"], 3.9, tolerance: 1e-12)   // 19 × 0.2 + 0.1
        let window = "/frames?from=0&to=3.8&fps=60"
        let body = app.get("/v1/sessions/\(long)" + window).body
        #expect(body == app.get("/v1/sessions/\(short)" + window).body)
        #expect(try app.frames(long, "?from=0&to=3.8&fps=60")["emitted"]?.arrayValue?.count == 19)
    }

    @Test func framesOfThePastDoNotChangeWithLaterEvents() throws {
        let app = TestApp()
        let id = try app.create(control: "button")
        _ = try app.applied(id, #"{"type":"tap","t":0,"x":100,"y":25}"#)
        let target = "/v1/sessions/\(id)/frames?from=0&to=0.5"
        let before = app.get(target).body
        _ = try app.applied(id, #"{"type":"tap","t":0.75,"x":100,"y":25}"#)
        #expect(app.get(target).body == before)
    }

    @Test func frameLimitBoundsTheCount() throws {
        let app = TestApp.small()
        let id = try app.create(control: "switch")
        #expect(try app.frames(id, "?from=0&to=99&fps=1")["count"] == 100)
        try expectProblem(app.get("/v1/sessions/\(id)/frames?from=0&to=100&fps=1"), 400, "frame_limit", field: "fps")
        try expectProblem(app.get("/v1/sessions/\(id)/frames?from=0&to=2"), 400, "frame_limit", field: "to")

        let roomy = TestApp()
        let other = try roomy.create(control: "switch")
        try expectProblem(roomy.get("/v1/sessions/\(other)/frames?to=1000"), 400, "frame_limit", field: "to")
        try expectProblem(roomy.get("/v1/sessions/\(other)/frames?to=1e300&fps=1e300"), 400, "frame_limit", field: "fps")
    }

    @Test(arguments: [
        ("frames?from=abc", "from"), ("frames?from=", "from"), ("frames?from=-1", "from"), ("frames?from=nan", "from"),
        ("frames?from=1&to=0.5", "to"), ("frames?to=1e400", "to"), ("frames?fps=0", "fps"), ("frames?fps=-60", "fps"),
        ("frames?fps=60&step=2", "step"), ("frames?fps=60&fps=30", "fps"), ("frames?from=%zz", "from"), ("frames?from=2e9", "from"),
        ("frame?t=-1", "t"), ("frame?t=abc", "t"), ("frame?t=2e9", "t"), ("frame?t=0&t=1", "t"), ("frame?from=0", "from"),
    ])
    func invalidQueryNamesTheParameter(_ path: String, _ field: String) throws {
        let app = TestApp()
        let id = try app.create(control: "switch")
        try expectProblem(app.get("/v1/sessions/\(id)/\(path)"), 400, "invalid_query", field: field)
    }
}
