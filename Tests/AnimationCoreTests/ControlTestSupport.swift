import Testing
@testable import AnimationCore
import BuiltIns

// Shared vocabulary for the control scenario tests (Button, ProgressButton, Switch, Card,
// Session, Gesture): scripts of timed inputs, sessions built from them, and assertions that
// compare whole property lists and emission lists with literals.

// MARK: Scripts

extension TimedInput {
    static func down(_ x: Double, _ y: Double, at t: Double) -> TimedInput {
        TimedInput(t: t, input: .touch(.down(Point(x: x, y: y))))
    }

    static func move(_ x: Double, _ y: Double, at t: Double) -> TimedInput {
        TimedInput(t: t, input: .touch(.move(Point(x: x, y: y))))
    }

    static func up(_ x: Double, _ y: Double, at t: Double) -> TimedInput {
        TimedInput(t: t, input: .touch(.up(Point(x: x, y: y))))
    }

    static func cancel(at t: Double) -> TimedInput {
        TimedInput(t: t, input: .touch(.cancel))
    }

    static func command(_ command: Command, at t: Double) -> TimedInput {
        TimedInput(t: t, input: .command(command))
    }
}

/// A tap: down at `t`, up at the same point `duration` later.
func tap(_ x: Double, _ y: Double, at t: Double, duration: Double = 0.05) -> [TimedInput] {
    [.down(x, y, at: t), .up(x, y, at: t + duration)]
}

/// A vertical drag at `x`: down at the first `(t, y)`, a move at each one in between, up at the last.
func verticalDrag(x: Double, _ path: [(t: Double, y: Double)]) -> [TimedInput] {
    guard path.count >= 2, let first = path.first, let last = path.last else { return [] }
    return [.down(x, first.y, at: first.t)] + path.dropFirst().dropLast().map { .move(x, $0.y, at: $0.t) }
        + [.up(x, last.y, at: last.t)]
}

/// Every built-in definition file (`Sources/BuiltIns/Controls`) by name, parsed and loaded once,
/// as Routes' catalogue loads them; one that does not load stops the tests naming it.
let builtInDefinitions: [String: ControlDefinition] = Dictionary(uniqueKeysWithValues: BuiltInFiles.controls.map { file in
    do {
        return (BuiltInFiles.name(file: file.name), try ControlDefinition(JSONParser().parse(Array(file.text.utf8))))
    } catch {
        preconditionFailure("built-in control \(file.name) does not load: \(error)")
    }
})

/// A built-in control (its definition file) with `config` read over its defaults, as a
/// session's `config` is.
func builtIn(_ name: String, _ config: JSON = [:]) throws -> ControlInstance {
    let definition = try #require(builtInDefinitions[name], "no built-in control '\(name)'")
    return try ControlInstance(definition, name: name, configuration: config)
}

extension Session {
    /// A session with `events` applied as one batch.
    init(_ configuration: ControlInstance, _ events: [TimedInput] = []) throws {
        self.init(configuration: configuration)
        try apply(events)
    }

    /// Posts one event; returns what it emitted.
    @discardableResult
    mutating func post(_ event: TimedInput) throws -> [Emission] {
        try apply([event])
    }
}

// MARK: Literals

/// Colours as the seeds name them (hex values of UIKit's light appearance).
enum Palette {
    static let systemBlue = Color(rgb: 0x007AFF)
    static let systemRed = Color(rgb: 0xFF3B30)
    static let systemGreen = Color(rgb: 0x34C759)
    static let systemOrange = Color(rgb: 0xFF9500)
    static let switchOff = Color(rgb: 0xE9E9EA)
    static let white = Color(rgb: 0xFFFFFF)
    static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
}

extension Field {
    static func number(_ name: String, _ value: Double) -> Field { Field(name, .number(value)) }
    static func bool(_ name: String, _ value: Bool) -> Field { Field(name, .bool(value)) }
    static func color(_ name: String, _ value: Color) -> Field { Field(name, .color(value)) }
    static func string(_ name: String, _ value: String) -> Field { Field(name, .string(value)) }
}

extension Frame {
    /// A numeric property; NaN (which no tolerance accepts) when absent or not a number.
    func number(_ name: String) -> Double {
        if case let .number(value)? = self[name] { return value }
        return .nan
    }

    func layer(_ id: String) -> Layer? {
        layers.first { $0.id == id }
    }
}

// MARK: Assertions

/// Expects the same fields in the same order: numbers (and colour channels) within
/// `tolerance`, everything else exactly.
func expectFields(
    _ actual: [Field], _ expected: [Field], within tolerance: Double = 1e-9, _ what: String = "",
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let context = what.isEmpty ? "" : what + ": "
    #expect(actual.map(\.name) == expected.map(\.name), "\(context)field names", sourceLocation: sourceLocation)
    for (a, e) in zip(actual, expected) where a.name == e.name {
        if !fieldValuesMatch(a.value, e.value, within: tolerance) {
            Issue.record("\(context)\(a.name) is \(a.value), expected \(e.value) within \(tolerance)",
                         sourceLocation: sourceLocation)
        }
    }
}

private func fieldValuesMatch(_ a: FieldValue, _ e: FieldValue, within tolerance: Double) -> Bool {
    switch (a, e) {
    case let (.number(x), .number(y)):
        return abs(x - y) <= tolerance
    case let (.color(x), .color(y)):
        return [x.red - y.red, x.green - y.green, x.blue - y.blue, x.alpha - y.alpha].allSatisfy { abs($0) <= tolerance }
    default:
        return a == e
    }
}

/// Expects the frame's whole property list (see `expectFields`).
func expectFrame(
    _ frame: Frame, _ expected: [Field], within tolerance: Double = 1e-9,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    expectFields(frame.properties, expected, within: tolerance, "frame at t = \(frame.t)",
                 sourceLocation: sourceLocation)
}

/// Expects the same emissions in the same order; times and numeric fields within `tolerance`.
func expectEmissions(
    _ actual: [Emission], _ expected: [Emission], within tolerance: Double = 1e-9,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(actual.map(\.name) == expected.map(\.name), "emission names", sourceLocation: sourceLocation)
    for (a, e) in zip(actual, expected) where a.name == e.name {
        expectClose(a.t, e.t, within: tolerance, "\(a.name).t", sourceLocation: sourceLocation)
        expectFields(a.fields, e.fields, within: tolerance, a.name, sourceLocation: sourceLocation)
    }
}

/// One-sided finite-difference slopes of a sampled property at `t`: (left, right).
func slopes(of property: String, in session: Session, at t: Double, h: Double = 1e-6) -> (left: Double, right: Double) {
    let value = session.frame(at: t).number(property)
    let left = (value - session.frame(at: t - h).number(property)) / h
    let right = (session.frame(at: t + h).number(property) - value) / h
    return (left, right)
}

/// The seed controls' commands by name, as their definitions declare them (arguments in order).
extension Command {
    static func setSelected(_ selected: Bool) -> Command { Command("setSelected", [.bool(selected)]) }
    static func setEnabled(_ enabled: Bool) -> Command { Command("setEnabled", [.bool(enabled)]) }
    static func start(startRatio: Double) -> Command { Command("start", [.number(startRatio)]) }
    static func setOn(_ on: Bool, animated: Bool) -> Command { Command("setOn", [.bool(on), .bool(animated)]) }
    static let cancel = Command("cancel")
    static let pause = Command("pause")
    static let resume = Command("resume")
    static let expand = Command("expand")
    static let collapse = Command("collapse")
    static let toggle = Command("toggle")
}
