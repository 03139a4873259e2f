import Foundation
import Testing
@testable import Routes

/// The built-in definition files as committed, read from the source tree (not through the code
/// that embeds them).
enum BuiltInFiles {
    static func directory(filePath: String = #filePath) -> URL {
        URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/BuiltIns/Controls")
    }

    /// `NN-name.json` → (name, the file's text), in file order.
    static func all() throws -> [(name: String, text: String)] {
        let files = try FileManager.default.contentsOfDirectory(atPath: directory().path).filter { $0.hasSuffix(".json") }.sorted()
        return try files.map { file in
            let name = String(file.dropLast(".json".count).drop { $0 != "-" }.dropFirst())
            return (name, try String(contentsOf: directory().appendingPathComponent(file), encoding: .utf8))
        }
    }
}

/// A small user-defined control: a square that shrinks while pressed and springs back, with a
/// `bump` command (a number argument with a default) and a `paint` command.
let dotDefinition = #"""
{"parameters": {"size": {"type": "number", "default": 20, "exclusiveMinimum": 0, "maximum": 1000},
                "color": {"type": "color", "default": "systemPink"}},
 "variables": {"bumps": {"type": "number", "initial": 0}},
 "animated": {"scale": {"type": "number", "initial": 1}},
 "inputs": {"press": {"type": "control", "region": {"x": 0, "y": 0, "width": "size", "height": "size"},
   "on": {"touchDown": [{"animate": "scale", "to": 0.8, "timing": {"curve": "easeOut", "duration": 0.1}}],
          "touchUpInside": [{"animate": "scale", "to": 1, "timing": {"spring": {"dampingRatio": 0.5, "response": 0.3}}},
                            {"emit": "tapped", "fields": {"scale": "scale"}}]}}},
 "commands": {"bump": {"parameters": {"by": {"type": "number", "default": 1, "range": [0, 10]}},
                       "do": [{"set": "bumps", "to": "bumps + event.by"}, {"emit": "bumped", "fields": {"bumps": "bumps"}}]},
              "paint": {"parameters": {"on": {"type": "bool"}}, "do": []}},
 "state": {"bumps": "bumps"},
 "properties": {"scale": "scale", "bumps": "bumps"},
 "layers": [{"id": "dot", "frame": {"x": 0, "y": 0, "width": "size", "height": "size"},
             "backgroundColor": "color", "cornerRadius": "size / 2", "scale": "scale"}]}
"""#

@Suite("API: /v1/controls and sessions of user-defined controls")
struct APIControlsTests {
    /// `{"name": name, "definition": definition}` posted, expecting 201.
    static func register(_ app: TestApp, _ name: String, _ definition: String,
                         sourceLocation: SourceLocation = #_sourceLocation) throws {
        let response = app.post("/v1/controls", #"{"name":"\#(name)","definition":\#(definition)}"#)
        try #require(response.status == 201, "answered \(response.text)", sourceLocation: sourceLocation)
        #expect(response.headers["Location"] == "/v1/controls/\(name)", sourceLocation: sourceLocation)
    }

    // MARK: Listing

    @Test func theListHasTheBuiltInsInCatalogueOrderWithTheirCommands() throws {
        let app = TestApp()
        let controls = try #require(try expectOK(app.get("/v1/controls"))["controls"]?.arrayValue)
        // The catalogue is the folder: every definition file, in file order, with its commands.
        let files = try BuiltInFiles.all()
        #expect(controls.compactMap { $0["name"]?.stringValue } == files.map(\.name))
        #expect(Array(files.map(\.name).prefix(4)) == ["button", "progressButton", "switch", "card"], "the seeds first")
        #expect(controls.allSatisfy { $0["builtIn"] == .bool(true) })
        let commands = controls.map { ($0["commands"]?.objectValue?.keys).map(Array.init) ?? [] }
        let declared = try files.map { file in
            (try JSONParser().parse(Array(file.text.utf8))["commands"]?.objectValue?.keys).map(Array.init) ?? []
        }
        #expect(commands == declared)
        #expect(commands[2] == ["setOn"] && commands[0] == ["setSelected", "setEnabled"])
        let switchControl = controls[2]
        #expect(switchControl["parameters"]?["thumbSize"]?["default"] == .number(27))
        #expect(switchControl["commands"]?["setOn"]?["parameters"]?["animated"]?["default"] == .bool(true))
        for control in controls {
            let digest = try #require(control["digest"]?.stringValue)
            #expect(digest.count == 64 && digest.allSatisfy { "0123456789abcdef".contains($0) })
        }
    }

    @Test func eachBuiltInIsServedAsItsFileSays() throws {
        let app = TestApp()
        for (name, text) in try BuiltInFiles.all() {
            let detail = try expectOK(app.get("/v1/controls/\(name)"))
            #expect(detail["name"]?.stringValue == name)
            #expect(detail["builtIn"] == .bool(true))
            #expect(detail["definition"] == (try JSONParser().parse(Array(text.utf8))), "\(name)")
        }
        try expectProblem(app.get("/v1/controls/nothing"), 404, "control_not_found", field: nil)
    }

    // MARK: A built-in under another name

    /// Pointer input any control takes (a tap, then a drag across its corner): the script of a
    /// built-in that has none of its own below, so a new definition file needs no entry here.
    static let anyControlScript = [#"{"type":"tap","t":0,"x":10,"y":10}"#,
                                   #"{"type":"drag","t":0.3,"from":{"x":10,"y":10},"to":{"x":40,"y":12},"duration":0.1}"#]

    /// Events for the built-ins that need more: presses, drags and every command, with times.
    static let scripts: [String: [String]] = [
        "button": [#"{"type":"tap","t":0,"x":100,"y":25}"#, #"{"type":"setSelected","t":0.6,"selected":true}"#,
                   #"{"type":"setEnabled","t":0.9,"enabled":false}"#],
        "progressButton": [#"{"type":"start","t":0,"startRatio":0.2}"#, #"{"type":"pause","t":0.5}"#,
                           #"{"type":"resume","t":0.8}"#, #"{"type":"tap","t":1.2,"x":16,"y":16}"#],
        "switch": [#"{"type":"tap","t":0,"x":25,"y":15}"#, #"{"type":"setOn","t":0.1,"on":false,"animated":true}"#],
        "card": [#"{"type":"drag","t":0,"from":{"x":100,"y":800},"to":{"x":100,"y":600},"duration":0.2}"#,
                 #"{"type":"toggle","t":0.5}"#, #"{"type":"tap","t":0.7,"x":100,"y":300}"#],
        "checkbox": [#"{"type":"tap","t":0,"x":11,"y":11}"#, #"{"type":"setOn","t":0.5,"on":false,"animated":true}"#,
                     #"{"type":"setEnabled","t":0.7,"enabled":false}"#],
        "slider": [#"{"type":"drag","t":0,"from":{"x":14,"y":16},"to":{"x":150,"y":16},"duration":0.2}"#,
                   #"{"type":"setValue","t":0.5,"value":0.2,"animated":true}"#],
        "stepper": [#"{"type":"tap","t":0,"x":70,"y":16}"#, #"{"type":"touchDown","t":0.3,"x":70,"y":16}"#,
                    #"{"type":"touchUp","t":1.4,"x":70,"y":16}"#, #"{"type":"setValue","t":1.45,"value":50}"#],
        "segmentedControl": [#"{"type":"tap","t":0,"x":250,"y":16}"#,
                             #"{"type":"drag","t":0.6,"from":{"x":250,"y":16},"to":{"x":50,"y":16},"duration":0.2}"#,
                             #"{"type":"setSelectedIndex","t":1.2,"index":1,"animated":true}"#],
        "sheet": [#"{"type":"drag","t":0,"from":{"x":200,"y":420},"to":{"x":200,"y":250},"duration":0.2}"#,
                  #"{"type":"selectDetent","t":1,"detent":"medium"}"#, #"{"type":"tap","t":1.2,"x":196,"y":76}"#],
        "scrollView": [#"{"type":"drag","t":0,"from":{"x":200,"y":600},"to":{"x":200,"y":300},"duration":0.1}"#,
                       #"{"type":"tap","t":0.5,"x":100,"y":100}"#, #"{"type":"setContentOffset","t":0.8,"x":0,"y":100}"#],
    ]

    /// What a client sees of a session: every frame of a window, each answer, the session itself.
    static func observe(_ app: TestApp, _ id: String, _ script: [String]) throws -> [String] {
        var seen: [String] = []
        for body in script {
            let answer = app.postEvents(id, body)
            try #require(answer.status == 200, "\(body): \(answer.text)")
            seen.append(answer.text)
        }
        seen.append(app.get("/v1/sessions/\(id)/frames?from=0&to=1.5&fps=120").text)
        seen.append(app.get("/v1/sessions/\(id)").text.replacingOccurrences(of: "\"id\":\"\(id)\"", with: "\"id\":\"\""))
        return seen
    }

    @Test func aBuiltInsDefinitionUnderANewNameMovesByteForByteTheSame() throws {
        let app = TestApp()
        for (name, _) in try BuiltInFiles.all() {
            let script = Self.scripts[name] ?? Self.anyControlScript
            let definition = try #require(try expectOK(app.get("/v1/controls/\(name)"))["definition"])
            var w = JSONWriter()
            w.value(definition)
            try Self.register(app, "my-\(name)", String(decoding: w.bytes, as: UTF8.self))
            let original = try Self.observe(app, try app.create(control: name), script)
            let copy = try Self.observe(app, try app.create(control: "my-\(name)"), script)
            let inline = try Self.observe(app, try app.create(#"{"control":"\#(name)","definition":\#(String(decoding: w.bytes, as: UTF8.self))}"#), script)
            // The session reports its control's name; everything else is the same bytes.
            #expect(copy.map { $0.replacingOccurrences(of: "\"control\":\"my-\(name)\"", with: "\"control\":\"\(name)\"") } == original, "\(name)")
            #expect(inline == original, "\(name) inline")
            #expect(original.last?.contains("\"eventCount\":0") == false)
        }
    }

    // MARK: Registering, replacing, removing

    @Test func namesAreRegisteredOnceReplacedByPutAndBuiltInsAreKept() throws {
        let app = TestApp()
        try Self.register(app, "dot", dotDefinition)
        try expectProblem(app.post("/v1/controls", #"{"name":"dot","definition":\#(dotDefinition)}"#), 409, "control_exists", field: "/name")
        try expectProblem(app.post("/v1/controls", #"{"name":"switch","definition":\#(dotDefinition)}"#), 409, "built_in_control", field: "/name")
        try expectProblem(app.send("PUT", "/v1/controls/card", body: #"{"definition":\#(dotDefinition)}"#), 409, "built_in_control", field: "name")
        try expectProblem(app.delete("/v1/controls/card"), 409, "built_in_control", field: "name")
        try expectProblem(app.post("/v1/controls", #"{"name":"9lives","definition":{}}"#), 400, "invalid_field", field: "/name")
        try expectProblem(app.post("/v1/controls", #"{"name":"a b","definition":{}}"#), 400, "invalid_field", field: "/name")
        try expectProblem(app.post("/v1/controls", #"{"name":"x"}"#), 400, "invalid_field", field: "/definition")
        try expectProblem(app.post("/v1/controls", #"{"name":"x","definition":{},"extra":1}"#), 400, "invalid_field", field: "/extra")
        #expect(app.send("PUT", "/v1/controls/dot", body: #"{"definition":{}}"#).status == 200)
        let put = app.send("PUT", "/v1/controls/fresh", body: #"{"definition":{}}"#)
        #expect(put.status == 201 && put.headers["Location"] == "/v1/controls/fresh")
        let names = try expectOK(app.get("/v1/controls"))["controls"]?.arrayValue?.compactMap { $0["name"]?.stringValue }
        #expect(names == (try BuiltInFiles.all()).map(\.name) + ["dot", "fresh"])
        #expect(try expectOK(app.get("/v1/controls/dot"))["definition"] == .object(JSONObject()))
        #expect(app.delete("/v1/controls/dot").status == 204)
        try expectProblem(app.delete("/v1/controls/dot"), 404, "control_not_found", field: nil)
        try expectProblem(app.get("/v1/controls/dot"), 404, "control_not_found", field: nil)
        try expectProblem(app.post("/v1/sessions", #"{"control":"dot"}"#), 400, "unknown_control", field: "/control")
    }

    @Test func aNodeHoldsAtMostItsLimitOfUserDefinedControls() throws {
        let app = TestApp.with { $0.maxUserControls = 2 }
        try Self.register(app, "a", "{}")
        try Self.register(app, "b", "{}")
        try expectProblem(app.post("/v1/controls", #"{"name":"c","definition":{}}"#), 409, "too_many_controls", field: nil)
        try expectProblem(app.send("PUT", "/v1/controls/c", body: #"{"definition":{}}"#), 409, "too_many_controls", field: nil)
        #expect(app.send("PUT", "/v1/controls/a", body: #"{"definition":{}}"#).status == 200)    // replacing is not adding
        #expect(app.delete("/v1/controls/a").status == 204)
        try Self.register(app, "c", "{}")
    }

    @Test func aSessionKeepsTheDefinitionItWasMadeWith() throws {
        let app = TestApp()
        try Self.register(app, "dot", dotDefinition)
        let old = try app.create(control: "dot")
        _ = try app.applied(old, #"{"type":"tap","t":0,"x":10,"y":10}"#)
        let before = app.get("/v1/sessions/\(old)/frames?from=0&to=1&fps=30").text
        // Replaced: a bigger dot for new sessions, the old one unchanged.
        let bigger = dotDefinition.replacingOccurrences(of: #""default": 20"#, with: #""default": 40"#)
        #expect(app.send("PUT", "/v1/controls/dot", body: #"{"definition":\#(bigger)}"#).status == 200)
        let new = try app.create(control: "dot")
        #expect(try app.session(new)["config"]?["size"] == .number(40))
        #expect(try app.session(old)["config"]?["size"] == .number(20))
        #expect(app.get("/v1/sessions/\(old)/frames?from=0&to=1&fps=30").text == before)
        // Removed: the old session still takes its commands and moves as before.
        #expect(app.delete("/v1/controls/dot").status == 204)
        #expect(app.get("/v1/sessions/\(old)/frames?from=0&to=1&fps=30").text == before)
        let bumped = try app.applied(old, #"{"type":"bump","t":2,"by":3}"#)
        #expect(bumped["state"]?["bumps"] == .number(3))
        #expect(bumped["emitted"]?.arrayValue?.first?["name"]?.stringValue == "bumped")
    }

    // MARK: Commands a definition declares

    @Test func commandsAreDecodedAsTheirDefinitionDeclaresThem() throws {
        let app = TestApp()
        try Self.register(app, "dot", dotDefinition)
        let id = try app.create(control: "dot")
        #expect(try app.applied(id, #"{"type":"bump","t":0}"#)["state"]?["bumps"] == .number(1))   // the default
        #expect(try app.applied(id, #"{"type":"bump","t":0,"by":2.5}"#)["state"]?["bumps"] == .number(3.5))
        try expectEventsRejected(app, id, #"{"type":"bump","t":1,"by":11}"#, 400, "invalid_field", field: "/by")
        try expectEventsRejected(app, id, #"{"type":"bump","t":1,"by":"two"}"#, 400, "invalid_field", field: "/by")
        try expectEventsRejected(app, id, #"{"type":"bump","t":1,"times":2}"#, 400, "invalid_field", field: "/times")
        try expectEventsRejected(app, id, #"{"type":"paint","t":1}"#, 400, "invalid_field", field: "/on")
        try expectEventsRejected(app, id, #"{"type":"expand","t":1}"#, 400, "unsupported_command", field: "/type")
        try expectEventsRejected(app, id, #"{"type":"explode","t":1}"#, 400, "unknown_event_type", field: "/type")
        // In a batch, the failing event's field is named by its place.
        try expectEventsRejected(app, id, #"{"events":[{"type":"bump","t":1},{"type":"bump","t":1,"by":-1}]}"#,
                                 400, "invalid_field", field: "/events/1/by")
    }

    // MARK: Inline definitions

    @Test func aSessionCanCarryItsDefinition() throws {
        let app = TestApp()
        let id = try app.create(#"{"definition":\#(dotDefinition),"config":{"size":30}}"#)
        let session = try app.session(id)
        #expect(session["control"]?.stringValue == "inline")
        #expect(session["config"]?["size"] == .number(30))
        let tapped = try app.applied(id, #"{"type":"tap","t":0,"x":15,"y":15}"#)
        #expect(tapped["emitted"]?.arrayValue?.map { $0["name"]?.stringValue } == ["tapped"])
        let named = try app.create(#"{"control":"my-dot","definition":\#(dotDefinition)}"#)
        #expect(try app.session(named)["control"]?.stringValue == "my-dot")
        // Not a registration: the name is not listed.
        try expectProblem(app.get("/v1/controls/my-dot"), 404, "control_not_found", field: nil)
        try expectProblem(app.post("/v1/sessions", #"{"control":"not a name","definition":{}}"#), 400, "invalid_field", field: "/control")
        try expectProblem(app.post("/v1/sessions", #"{"definition":{"layers":[{"id":"a"}]}}"#), 400, "invalid_definition",
                          field: "/definition/layers/0/frame")
        try expectProblem(app.post("/v1/sessions", #"{"definition":\#(dotDefinition),"config":{"size":0}}"#), 400, "invalid_field",
                          field: "/config/size")
    }

    // MARK: Definitions that do not load

    /// A definition, the code it is refused with, and the pointer into the request body.
    struct Fault: Sendable, CustomTestStringConvertible {
        let definition: String
        let code: String
        let pointer: String
        init(_ definition: String, _ code: String, _ pointer: String) {
            self.definition = definition
            self.code = code
            self.pointer = pointer
        }
        var testDescription: String { "\(code) at \(pointer)" }
    }

    static let layer = #"{"id": "a", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}}"#

    static let faults: [Fault] = [
        Fault(#"{"layers": [{"id": "a", "frame": {"x": 0, "y": 0, "width": "nope", "height": 10}}]}"#,
              "unknown_reference", "/definition/layers/0/frame/width"),
        Fault(#"{"layers": [{"id": "a", "frame": {"x": 0, "y": 0, "width": "1 < 2", "height": 10}}]}"#,
              "type_mismatch", "/definition/layers/0/frame/width"),
        Fault(#"{"parameters": {"on": {"type": "bool", "default": true}}, "constants": {"w": "on + 1"}}"#,
              "type_mismatch", "/definition/constants/w"),
        Fault(#"{"layers": [{"id": "a", "frame": {"x": 0, "y": 0, "width": "10 +", "height": 10}}]}"#,
              "expression_syntax", "/definition/layers/0/frame/width"),
        Fault(#"{"constants": {"a": "b + 1", "b": "a * 2"}}"#, "cycle", "/definition/constants/a"),
        Fault(#"{"actions": {"ping": {"do": [{"run": "pong"}]}, "pong": {"do": [{"run": "ping"}]}}}"#, "cycle", "/definition/actions/ping"),
        Fault(#"{"parameters": {"w": {"type": "length"}}}"#, "unknown_primitive", "/definition/parameters/w/type"),
        Fault(#"{"inputs": {"hover": {"type": "hover", "region": {"x": 0, "y": 0, "width": 1, "height": 1}}}}"#,
              "unknown_primitive", "/definition/inputs/hover/type"),
        Fault(#"{"commands": {"go": {"do": [{"explode": true}]}}}"#, "unknown_primitive", "/definition/commands/go/do/0"),
        Fault(#"{"layers": [{"id": "a", "kind": "circle", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}}]}"#,
              "unknown_primitive", "/definition/layers/0/kind"),
        Fault(#"{"inputs": {"p": {"type": "pan", "region": {"x": 0, "y": 0, "width": 1, "height": 1}, "on": {"swiped": []}}}}"#,
              "unknown_primitive", "/definition/inputs/p/on/swiped"),
        Fault(#"{"parameters": {"w": {"type": "number", "default": 0, "exclusiveMinimum": 0}}}"#, "out_of_range", "/definition/parameters/w/default"),
        Fault(#"{"parameters": {"mode": {"type": "enum", "cases": ["a", "b"], "default": "c"}}}"#, "out_of_range", "/definition/parameters/mode/default"),
        Fault(#"{"parameters": {"w": {"type": "number", "default": 1}}, "constants": {"w": "2"}}"#, "duplicate_name", "/definition/constants/w"),
        Fault(#"{"layers": [\#(layer), \#(layer)]}"#, "duplicate_name", "/definition/layers/1/id"),
        Fault(#"{"commands": {"go": {"do": [{"set": "nothing", "to": 1}]}}}"#, "unknown_reference", "/definition/commands/go/do/0/set"),
        Fault(#"{"timers": {"t": {"do": []}}, "commands": {"go": {"do": [{"animate": "t", "to": 1, "timing": {"curve": "linear", "duration": 1}}]}}}"#,
              "type_mismatch", "/definition/commands/go/do/0/animate"),
        Fault(#"{"bogus": {}}"#, "invalid_definition", "/definition/bogus"),
        Fault(#"{"layers": [{"id": "a"}]}"#, "invalid_definition", "/definition/layers/0/frame"),
        Fault(#"{"parameters": []}"#, "invalid_definition", "/definition/parameters"),
        // A missing argument: where it goes, or the reaction missing its "with" (found by the fuzzer).
        Fault(#"{"actions": {"a": {"parameters": {"x": {"type": "number"}}, "do": []}}, "commands": {"go": {"do": [{"run": "a", "with": {}}]}}}"#,
              "invalid_definition", "/definition/commands/go/do/0/with/x"),
        Fault(#"{"actions": {"a": {"parameters": {"x": {"type": "number"}}, "do": []}}, "commands": {"go": {"do": [{"run": "a"}]}}}"#,
              "invalid_definition", "/definition/commands/go/do/0/with"),
        Fault(#"[]"#, "invalid_definition", "/definition"),
        // Limits, each with its own code.
        Fault(#"{"layers": [\#((0..<65).map { #"{"id": "l\#($0)", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}}"# }.joined(separator: ","))]}"#,
              "too_many_layers", "/definition/layers"),
        Fault(#"{"constants": {"c": "\#(String(repeating: "(", count: 40))1\#(String(repeating: ")", count: 40))"}}"#,
              "expression_too_deep", "/definition/constants/c"),
        Fault(#"{"constants": {"c": "\#((0..<300).map { _ in "1" }.joined(separator: " + "))"}}"#, "expression_too_large", "/definition/constants/c"),
        Fault(#"{"commands": {"go": {"do": [{"emit": "e", "fields": {\#((0..<4001).map { #""f\#($0)": 1"# }.joined(separator: ","))}}]}}}"#,
              "too_many_expressions", "/definition/commands/go/do/0/fields/f4000"),
        Fault(#"{"timers": {\#((0..<33).map { #""t\#($0)": {"do": []}"# }.joined(separator: ","))}}"#, "too_many_timers", "/definition/timers"),
        Fault(#"{"constants": {\#((0..<257).map { #""c\#($0)": 1"# }.joined(separator: ","))}}"#, "too_many_names", "/definition/constants"),
        // 50 emissions run 50 times from one command: 2,500 reactions from one input.
        Fault(#"{"actions": {"fifty": {"do": [\#(Array(repeating: #"{"emit": "e"}"#, count: 50).joined(separator: ","))]}},"# +
              #""commands": {"go": {"do": [\#(Array(repeating: #"{"run": "fifty"}"#, count: 50).joined(separator: ","))]}}}"#,
              "too_many_reactions", "/definition/commands/go"),
    ]

    @Test(arguments: faults)
    func aDefinitionThatDoesNotLoadIsRefusedWhereItIsWrong(_ fault: Fault) throws {
        let app = TestApp()
        let registered = app.post("/v1/controls", #"{"name":"x","definition":\#(fault.definition)}"#)
        let problem = try expectProblem(registered, 400, fault.code, field: fault.pointer)
        // Inline, the same fault at the same place; neither leaves anything behind.
        try expectProblem(app.post("/v1/sessions", #"{"definition":\#(fault.definition)}"#), 400, fault.code, field: fault.pointer)
        try expectProblem(app.get("/v1/controls/x"), 404, "control_not_found", field: nil)
        #expect(try app.listedIDs().isEmpty)
        #expect(problem["detail"]?.stringValue?.count ?? 0 > 10)
    }

    @Test func theMessagesSayWhatIsWrong() throws {
        let app = TestApp()
        func detail(_ definition: String) throws -> String? {
            try app.post("/v1/controls", #"{"name":"x","definition":\#(definition)}"#).json()["detail"]?.stringValue
        }
        #expect(try detail(#"{"parameters": {"w": {"type": "number", "default": 0, "exclusiveMinimum": 0}}}"#) == "the default 0 must be greater than 0")
        #expect(try detail(#"{"timers": {\#((0..<33).map { #""t\#($0)": {"do": []}"# }.joined(separator: ","))}}"#)
                == "33 timers; a definition may have at most 32")
        #expect(try detail(#"{"layers": [{"id": "a", "kind": "circle", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}}]}"#)
                == "unknown layer kind 'circle'; the kinds are rect, arc, blur, shape, text, symbol")
    }

    @Test func aDefinitionOfMoreThanItsLimitOfBytesIs413() throws {
        let app = TestApp.with { $0.maxDefinitionBytes = 1000 }
        let long = #"{"description":"\#(String(repeating: "x", count: 1000))"}"#
        try expectProblem(app.post("/v1/controls", #"{"name":"x","definition":\#(long)}"#), 413, "definition_too_large", field: "/definition")
        try expectProblem(app.post("/v1/sessions", #"{"definition":\#(long)}"#), 413, "definition_too_large", field: "/definition")
        try expectProblem(app.send("PUT", "/v1/controls/x", body: #"{"definition":\#(long)}"#), 413, "definition_too_large", field: "/definition")
        try Self.register(app, "x", #"{"description":"short"}"#)
    }
}
