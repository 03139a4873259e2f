import Foundation
import Testing
@testable import Routes

/// A scenario: a control, events, and a frames window.
struct ExportScenario: Sendable, CustomTestStringConvertible {
    let name: String
    let control: String
    let events: String
    let window: String

    var testDescription: String { name }

    static let all = [
        ExportScenario(name: "switch toggle", control: "switch", events: #"{"type":"touchDown","t":0,"x":25,"y":15}"#,
                       window: "?from=0&to=0.4&fps=60"),
        // The seed's pulse: a spring to 0.9 with overshoot, then on completion a spring back to 1.
        ExportScenario(name: "button pulse", control: "button", events: #"{"type":"tap","t":0,"x":100,"y":25}"#,
                       window: "?from=0&to=1&fps=120"),
        // The press alone: 1 → 0.9 with overshoot past 0.9, so progress exceeds 1.
        ExportScenario(name: "button press overshoot", control: "button", events: #"{"type":"touchDown","t":0,"x":100,"y":25}"#,
                       window: "?from=0&to=0.25&fps=240"),
        ExportScenario(name: "card expand", control: "card", events: #"{"type":"tap","t":0,"x":195,"y":800}"#,
                       window: "?from=0&to=1.2&fps=60"),
        // The ring appears half a second in (a layer that is not there at first) and fills.
        ExportScenario(name: "progress ring", control: "progressButton", events: #"{"type":"start","t":0.5}"#,
                       window: "?from=0&to=4&fps=30"),
        ExportScenario(name: "card drag", control: "card",
                       events: #"{"type":"drag","t":0.1,"from":{"x":195,"y":790},"to":{"x":195,"y":420},"duration":0.3}"#,
                       window: "?from=0&to=1.5&fps=60"),
    ]

    static func named(_ name: String) -> ExportScenario { all.first { $0.name == name }! }

    /// A fresh app with the scenario's session and events; its id.
    func start() throws -> (TestApp, String) {
        let app = TestApp()
        let id = try app.create(control: control)
        _ = try app.applied(id, events)
        return (app, id)
    }

    /// The export read back, and the oracle over the same window's JSON frames.
    func export(_ format: String, tolerance: Double = 0.001, name: String? = nil) throws -> (ExportDocument, ExportOracle, HTTPResponse) {
        let (app, id) = try start()
        var query = "\(window)&format=\(format)&tolerance=\(tolerance)"
        if let name { query += "&name=\(name)" }
        let response = app.get("/v1/sessions/\(id)/frames\(query)")
        try #require(response.status == 200, "\(response.text)")
        let exportName = name ?? control
        let document = format == "css" ? try ExportDocument(css: response.text, name: exportName)
            : try ExportDocument(waapi: try response.json())
        return (document, try ExportOracle(frames: try app.frames(id, window), tolerance: tolerance, name: exportName), response)
    }
}

@Suite("Export: CSS and WAAPI play as the frames do")
struct ExportCSSTests {
    /// Every animated value and every static declaration, evaluated as a browser interpolates,
    /// stays within its allowance at every sample (an independent evaluation of the keyframes
    /// against the JSON frames).
    @Test(arguments: ExportScenario.all, ["css", "waapi"])
    func everyValueStaysWithinToleranceOfEveryFrame(_ scenario: ExportScenario, format: String) throws {
        for tolerance in [0.001, 0.01] {
            let (document, oracle, _) = try scenario.export(format, tolerance: tolerance)
            let deviations = try oracle.deviations(document)
            let beyond = deviations.filter { $0.value > 1 + 1e-9 }
            #expect(beyond.isEmpty, "\(format) at \(tolerance): \(beyond)")
            // Every layer the frames draw is exported, with its position.
            let layers = Set(oracle.frames.flatMap { $0["layers"]?.arrayValue ?? [] }.compactMap { $0["id"]?.stringValue })
            for id in layers {
                #expect(document.styles[".\(scenario.control)-\(id)"] != nil, "no element for layer \(id)")
                #expect(deviations["layers/\(id)/x"] != nil && deviations["layers/\(id)/y"] != nil, "layer \(id) is not placed")
            }
        }
    }

    @Test(arguments: ExportScenario.all)
    func cssAndWAAPIPlayTheSameKeyframes(_ scenario: ExportScenario) throws {
        let (css, _, _) = try scenario.export("css")
        let (waapi, _, _) = try scenario.export("waapi")
        #expect(css.styles == waapi.styles)
        #expect(css.registrations == waapi.registrations)
        #expect(css.animations.map(\.source) == waapi.animations.map(\.source))
        for (a, b) in zip(css.animations, waapi.animations) {
            #expect(a.selector == b.selector && a.easing == b.easing, "\(a.source)")
            #expect(a.keyframes.map(\.values) == b.keyframes.map(\.values), "\(a.source)")
            #expect(zip(a.keyframes, b.keyframes).allSatisfy { abs($0.offset - $1.offset) < 1e-10 }, "\(a.source)")
        }
    }

    @Test func layerGeometryIsATransformAnElementTakesAsIs() throws {
        let (switchExport, _, _) = try ExportScenario.named("switch toggle").export("css")
        let thumb = try #require(switchExport.animations.first { $0.source == "layers/thumb" })
        #expect(thumb.keyframes.first?.values == ["transform": "translate(2px, 2px) scale(1)"])
        #expect(thumb.keyframes.last?.values == ["transform": "translate(22px, 2px) scale(1)"])
        #expect(switchExport.styles[".switch-thumb"]?["width"] == "27px")
        #expect(switchExport.styles[".switch-thumb"]?["position"] == "absolute")
        #expect(switchExport.styles[".switch"] == ["position": "relative", "width": "51px", "height": "31px"])

        let (card, _, _) = try ExportScenario.named("card expand").export("waapi")
        let sheet = try #require(card.animations.first { $0.source == "layers/card" })
        #expect(sheet.keyframes.first?.values["transform"] == "translate(0px, 779px) scale(1)")
        #expect(sheet.keyframes.last?.values["transform"] == "translate(0px, 244px) scale(1)")
        #expect(sheet.keyframes.first?.values["borderRadius"] == "0px")
        #expect(sheet.keyframes.last?.values["borderRadius"] == "12px")
        let backdrop = try #require(card.animations.first { $0.source == "layers/backdrop" })
        #expect(backdrop.keyframes.last?.values == ["backdropFilter": "blur(20px)", "--blur-fraction": "1"])
    }

    @Test func aLayerThatAppearsIsHiddenUntilItDoes() throws {
        let (document, _, _) = try ExportScenario.named("progress ring").export("waapi")
        let ring = try #require(document.animations.first { $0.source == "layers/ring" })
        // 30 fps over 4 s: the ring is drawn from sample 15 (t = 0.5) on.
        let samples = ring.keyframes.map { Int(($0.offset * 120).rounded()) }
        #expect(ring.keyframes.compactMap { $0.values["visibility"] }.prefix(3) == ["hidden", "hidden", "visible"])
        #expect(samples.prefix(3) == [0, 14, 15])
        #expect(ring.keyframes.first?.values["strokeDashoffset"] == "1")
        #expect(ring.keyframes.last?.values["strokeDashoffset"] == "0")
        #expect(document.styles[".progressButton-ring"]?["stroke"] == "#ff3b30ff")
    }

    @Test func namedNumbersAreCustomPropertiesWithTheirOwnEasing() throws {
        let (document, _, response) = try ExportScenario.named("button press overshoot").export("css")
        #expect(document.registrations == ["--scale": "<number>", "--opacity": "<number>", "--backgroundColor": "<color>"])
        let scale = try #require(document.animations.first { $0.source == "properties/scale" })
        #expect(scale.keyframes.map(\.values) == [["--scale": "1"], ["--scale": "0.900086"]])
        // Case A overshoots by 13%: the press passes 0.9 on its way to 0.8869, so p leaves [0, 1].
        #expect(try LinearFunction(scale.easing).points.map(\.output).max()! > 1.13)
        // Constant ones are declared, not animated.
        #expect(document.styles[".button"]?["--opacity"] == "1")
        #expect(response.text.contains("/* properties/scale: normalisation endpoints, from 1 to 0.900086, "))
    }

    @Test func aPulseRunsToItsPeakAndBack() throws {
        let (document, _, _) = try ExportScenario.named("button pulse").export("waapi")
        let scale = try #require(document.animations.first { $0.source == "properties/scale" })
        let easing = try LinearFunction(scale.easing)
        #expect(scale.keyframes.first?.values["--scale"] == "1")
        #expect(easing.points.last?.output == 0)
        #expect(easing.points.contains { $0.output == 1 })
    }

    @Test func coloursAreColourTracks() throws {
        let (document, _, response) = try ExportScenario.named("switch toggle").export("css")
        #expect(document.registrations["--trackColor"] == "<color>")
        let color = try #require(document.animations.first { $0.source == "properties/trackColor" })
        #expect(color.keyframes.first?.values == ["--trackColor": "#e9e9eaff"])
        #expect(color.keyframes.last?.values == ["--trackColor": "#34c759ff"])
        let track = try #require(document.animations.first { $0.source == "layers/track" })
        #expect(track.keyframes.last?.values == ["backgroundColor": "#34c759ff"])
        #expect(response.text.contains("@property --trackColor {\n  syntax: \"<color>\";\n  inherits: true;\n  initial-value: transparent;\n}"))
    }

    @Test func aCoarserToleranceNeedsFewerKeyframes() throws {
        let counts = try [0.0001, 0.001, 0.01, 0.1].map { tolerance in
            try ExportScenario.named("card expand").export("css", tolerance: tolerance).0
                .animations.first { $0.source == "layers/card" }?.keyframes.count ?? 0
        }
        #expect(counts == counts.sorted(by: >) && Set(counts).count == 4, "\(counts)")
        #expect(counts[0] < 73, "73 frames")
    }

    @Test func aSingleFrameHoldsStill() throws {
        let (app, id) = try ExportScenario.named("switch toggle").start()
        let text = app.get("/v1/sessions/\(id)/frames?from=2&to=2&format=css").text
        let document = try ExportDocument(css: text, name: "switch")
        #expect(document.animations.isEmpty, "nothing moves in one frame")
        #expect(document.styles[".switch"]?["--thumbCenterX"] == "35.5")
        #expect(document.styles[".switch-thumb"]?["transform"] == "translate(22px, 2px) scale(1)")
        #expect(text.contains("1 samples at 60 fps, 0 ms from the first to the last."))
    }
}
