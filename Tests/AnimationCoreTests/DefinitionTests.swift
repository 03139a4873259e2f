import Foundation
import Testing
@testable import AnimationCore

/// The definition interpreter on small definitions: expressions evaluated as Swift evaluates
/// them (bit for bit), names and their errors, and the reactions the built-ins do not exercise.
/// Expected values are literals or the same arithmetic written in Swift.
@Suite("Definitions: expressions, names, timers")
struct DefinitionTests {
    static func tree(_ json: String) throws -> JSON {
        try JSONParser().parse(Array(json.utf8))
    }

    static func load(_ json: String) throws -> ControlDefinition {
        try ControlDefinition(tree(json))
    }

    /// The load error's code, pointer and message.
    static func fault(_ json: String) throws -> (code: String, pointer: String, message: String)? {
        do {
            _ = try load(json)
            return nil
        } catch let error as DocumentError {
            return (error.code.rawValue, error.path.pointer, error.message)
        }
    }

    /// The frame properties at 0 of a definition whose `properties` are `expressions`, over
    /// `parameters` (configured by `config`).
    static func evaluate(_ expressions: [(String, String)], parameters: String = "{}", config: String = "{}") throws -> [String: FieldValue] {
        let properties = expressions.map { #""\#($0.0)": \#(quote($0.1))"# }.joined(separator: ", ")
        let definition = try load(#"{"parameters": \#(parameters), "properties": {\#(properties)}}"#)
        let instance = try ControlInstance(definition, name: "test", configuration: tree(config))
        let frame = Session(configuration: instance).frame(at: 0)
        return Dictionary(uniqueKeysWithValues: frame.properties.map { ($0.name, $0.value) })
    }

    /// A number property of the session's frame at `t` (NaN if there is none).
    static func number(_ session: Session, _ name: String, at t: Double) -> Double {
        for field in session.frame(at: t).properties where field.name == name {
            if case let .number(x) = field.value { return x }
        }
        return .nan
    }

    static func quote(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    // MARK: Expressions

    @Test func arithmeticIsSwiftsInTheSameOrder() throws {
        let (a, b, c) = (0.1, 0.2, 0.3)
        let values = try Self.evaluate([
            ("precedence", "1 + 2 * 3"), ("grouped", "(1 + 2) * 3"), ("negation", "-2 * -3"), ("division", "10 / 4"),
            ("left", "a * b + c"), ("right", "a + b * c"), ("chain", "a - b - c"), ("quotient", "a / b / c"),
        ], parameters: #"{"a": {"type": "number", "default": 0.1}, "b": {"type": "number", "default": 0.2}, "c": {"type": "number", "default": 0.3}}"#)
        #expect(values["precedence"] == .number(7))
        #expect(values["grouped"] == .number(9))
        #expect(values["negation"] == .number(6))
        #expect(values["division"] == .number(2.5))
        #expect(values["left"] == .number(a * b + c))
        #expect(values["right"] == .number(a + b * c))
        #expect(values["chain"] == .number(a - b - c))
        #expect(values["quotient"] == .number(a / b / c))
    }

    @Test func comparisonsLogicAndConditionals() throws {
        let values = try Self.evaluate([
            ("logic", "1 < 2 && !(2 <= 1) || false"), ("and", "true && false"), ("equal", "w == 12"),
            ("unequal", "mode != 'wide'"), ("enum", "mode == 'narrow'"), ("pick", "w > 10 ? w : 10"),
            ("nested", "w > 20 ? 1 : w > 10 ? 2 : 3"),
        ], parameters: #"{"w": {"type": "number", "default": 12}, "mode": {"type": "enum", "cases": ["narrow", "wide"], "default": "narrow"}}"#)
        #expect(values["logic"] == .bool(true))
        #expect(values["and"] == .bool(false))
        #expect(values["equal"] == .bool(true))
        #expect(values["unequal"] == .bool(true))
        #expect(values["enum"] == .bool(true))
        #expect(values["pick"] == .number(12))
        #expect(values["nested"] == .number(2))
    }

    @Test func theFunctions() throws {
        let values = try Self.evaluate([
            ("min", "min(3, 4)"), ("max", "max(3, 4)"), ("clamp", "clamp(5, 0, 2)"), ("abs", "abs(-3)"),
            ("floor", "floor(2.7)"), ("ceil", "ceil(2.1)"), ("round", "round(2.5)"), ("sqrt", "sqrt(16)"),
            ("mix", "mix(0, 10, 0.25)"), ("colour", "mix(#000000, #ffffff, 0.5)"),
            // UIScrollView's projection: v/1000 · d/(1 − d) (docs/fidelity.md#decay).
            ("project", "project(1000, 0.998)"),
            // The rubber band (1 − 1/(x·c/d + 1))·d with UIScrollView's c = 0.55 (docs/fidelity.md#rubber-band).
            ("rubberBand", "rubberBand(100, 200)"), ("rubberBandC", "rubberBand(100, 200, 1)"),
        ])
        #expect(values["min"] == .number(3))
        #expect(values["max"] == .number(4))
        #expect(values["clamp"] == .number(2))
        #expect(values["abs"] == .number(3))
        #expect(values["floor"] == .number(2))
        #expect(values["ceil"] == .number(3))
        #expect(values["round"] == .number(3))
        #expect(values["sqrt"] == .number(4))
        #expect(values["mix"] == .number(2.5))
        #expect(values["colour"] == .color(Color(red: 0.5, green: 0.5, blue: 0.5)))
        guard case let .number(projected)? = values["project"], case let .number(band)? = values["rubberBand"],
              case let .number(bandC)? = values["rubberBandC"] else { Issue.record("not numbers: \(values)"); return }
        expectClose(projected, 499, within: 1e-9)
        expectClose(band, 43.137254902, within: 1e-9)
        expectClose(bandC, (1 - 1 / (100.0 / 200 + 1)) * 200, within: 1e-12)
    }

    @Test func coloursAreLiteralsSystemNamesOrParameters() throws {
        let values = try Self.evaluate([
            ("hex", "#ff000080"), ("short", "#0f0"), ("system", "systemBlue"), ("shadowed", "white"), ("parameter", "tint"),
        ], parameters: ##"{"tint": {"type": "color", "default": "systemGreen"}, "white": {"type": "color", "default": "#123456"}}"##,
           config: ##"{"tint": "#00000000"}"##)
        #expect(values["hex"] == .color(Color(red: 1, green: 0, blue: 0, alpha: 128.0 / 255)))
        #expect(values["short"] == .color(Color(red: 0, green: 1, blue: 0)))
        #expect(values["system"] == .color(Color(rgb: 0x007AFF)))
        #expect(values["shadowed"] == .color(Color(rgb: 0x123456)))              // a declared name wins
        #expect(values["parameter"] == .color(Color(red: 0, green: 0, blue: 0, alpha: 0)))
    }

    // MARK: Curve parameters

    static let eased = #"""
    {"parameters": {"ease": {"type": "curve", "default": {"curve": "easeIn"}}},
     "animated": {"x": {"type": "number", "initial": 0}},
     "commands": {"go": {"do": [{"animate": "x", "to": 100, "timing": {"curve": "ease", "duration": 1}}]}},
     "properties": {"x": "x"}}
    """#

    @Test func aCurveParameterTimesAnAnimation() throws {
        func x(at t: Double, config: String) throws -> Double? {
            var session = Session(configuration: try ControlInstance(Self.load(Self.eased), name: "eased", configuration: Self.tree(config)))
            try session.apply([Self.command("go", [], at: 0)])
            guard case let .number(value)? = session.frame(at: t).properties.first?.value else { return nil }
            return value
        }
        // Configured linear: half the way at half the time.
        expectClose(try #require(try x(at: 0.5, config: #"{"ease": {"controlPoints": [0, 0, 1, 1]}}"#)), 50, within: 1e-6)
        // The default ease-in is behind at half time, and arrives.
        #expect(try #require(try x(at: 0.5, config: "{}")) < 40)
        #expect(try x(at: 1, config: "{}") == 100)
    }

    // MARK: Names and their faults

    @Test func faultsNameTheirPlaceAndWhatIsWrong() throws {
        let cases: [(String, String, String, String)] = [
            (#"{"properties": {"p": "1 < 2 ? 1 : true"}}"#, "type_mismatch", "/properties/p", "the two branches of '?' differ"),
            (#"{"properties": {"p": "cube(2)"}}"#, "unknown_reference", "/properties/p", "unknown function 'cube'"),
            (#"{"properties": {"p": "min(1)"}}"#, "type_mismatch", "/properties/p", "min takes (number, number), got (number)"),
            (#"{"inputs": {"t": {"type": "control", "region": {"x": 0, "y": 0, "width": 1, "height": 1}}}, "properties": {"p": "t.isPressed"}}"#,
             "unknown_reference", "/properties/p", "'t' has no member 'isPressed' (its members are "),
            (#"{"parameters": {"event": {"type": "bool"}}}"#, "duplicate_name", "/parameters/event", "'event' is reserved"),
            (#"{"parameters": {"größe": {"type": "number", "default": 1}}}"#, "invalid_definition", "/parameters/größe", "is not a name"),
            (#"{"commands": {"tap": {"do": []}}}"#, "invalid_definition", "/commands/tap", "'tap' cannot name a command"),
            (#"{"parameters": {"w": {"type": "number", "default": 1}}, "checks": [{"require": "w > 0", "field": "h", "message": "m"}]}"#,
             "unknown_reference", "/checks/0/field", "'h' is not a parameter"),
            (#"{"properties": {"p": "1 +* 2"}}"#, "expression_syntax", "/properties/p", "unexpected '*' (at character 4 of '1 +* 2')"),
            (#"{"values": {"a": "b", "b": "a"}}"#, "cycle", "/values/a", "'a' depends on itself: a → b → a"),
        ]
        for (json, code, pointer, message) in cases {
            let fault = try #require(try Self.fault(json), "\(json) loaded")
            #expect(fault.code == code, "\(json): \(fault)")
            #expect(fault.pointer == pointer, "\(json): \(fault)")
            #expect(fault.message.contains(message), "\(json): \(fault.message)")
        }
    }

    @Test func theDefaultsMustPassTheChecks() throws {
        let fault = try #require(try Self.fault(
            #"{"parameters": {"w": {"type": "number", "default": 1}}, "checks": [{"require": "w > 5", "field": "w", "message": "must exceed 5"}]}"#))
        #expect(fault.code == "invalid_definition" && fault.pointer == "/parameters")
        #expect(fault.message == "the defaults are not a valid configuration: /config/w: must exceed 5")
    }

    // MARK: Timers and local names

    static let timed = #"""
    {"timers": {"ping": {"do": [{"emit": "ping", "fields": {"n": "count"}}]}},
     "variables": {"count": {"type": "number", "initial": 0}},
     "commands": {
       "arm": {"parameters": {"after": {"type": "number", "minimum": 0}},
               "do": [{"let": {"next": "count + 1"}}, {"set": "count", "to": "next * 10"}, {"schedule": "ping", "after": "event.after"}]},
       "disarm": {"do": [{"cancel": "ping"}]}},
     "state": {"count": "count", "pending": "ping.isPending"}}
    """#

    static func command(_ name: String, _ arguments: [FieldValue], at t: Double) -> TimedInput {
        TimedInput(t: t, input: .command(Command(name, arguments)))
    }

    @Test func aScheduledTimerFiresAfterItsDelayAndACancelledOneNever() throws {
        let instance = try ControlInstance(Self.load(Self.timed), name: "timed", configuration: nil)
        var session = Session(configuration: instance)
        try session.apply([Self.command("arm", [.number(0.5)], at: 1)])
        #expect(session.state == [Field("count", .number(10)), Field("pending", .bool(true))])
        #expect(session.emissions(from: 0, to: 1.49).isEmpty)
        #expect(session.emissions(from: 0, to: 2) == [Emission(t: 1.5, name: "ping", fields: [Field("n", .number(10))])])
        // Armed again, then disarmed before it falls due: nothing more.
        try session.apply([Self.command("arm", [.number(1)], at: 2), Self.command("disarm", [], at: 2.5)])
        #expect(session.state == [Field("count", .number(110)), Field("pending", .bool(false))])
        #expect(session.emissions(from: 1.6, to: 10).isEmpty)
    }

    @Test("A timer scheduled with no delay fires 1 ms later, after the input that scheduled it")
    func timersFireAtLeastAMillisecondLater() throws {
        let instance = try ControlInstance(Self.load(Self.timed), name: "timed", configuration: nil)
        var session = Session(configuration: instance)
        try session.apply([Self.command("arm", [.number(0)], at: 1)])
        #expect(session.emissions(from: 0, to: 1).isEmpty)
        #expect(session.emissions(from: 0, to: 2).map(\.t) == [1.001])
    }
}
