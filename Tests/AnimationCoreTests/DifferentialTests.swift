import Testing
@testable import AnimationCore
@testable import Routes

/// Each built-in definition against the hand-written control it replaces: the same configuration
/// (read from the same JSON) and the same inputs must give the same configuration echo, and
/// bit-identical frames, state, emissions and refusals at every step and any time.
@Suite("Differential: the built-in definitions against the hand-written controls")
struct DifferentialTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let control: String
        let config: String
        let events: [TimedInput]
        let label: String
        var testDescription: String { "\(control) \(label) (\(events.count) inputs)" }
    }

    // MARK: Inputs

    typealias Generator = @Sendable (inout Random) -> Command

    /// SplitMix64: deterministic, so a failing case is the same every run.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
        mutating func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }
        mutating func chance(_ p: Double) -> Bool { unit() < p }
    }

    /// A random stream of touches (mostly well formed, sometimes stray) and commands.
    ///
    /// `distinctTimes`: no two inputs at one instant. For the card: a reversal at the very instant a
    /// transition starts finishes its animators at once, and the hand-written card lost that
    /// completion (it then stayed `animating` for ever); the definition delivers it, the named fix
    /// `CardFixTests` checks.
    static func randomEvents(_ seed: UInt64, count: Int, bounds: Rect, commands: [Generator], distinctTimes: Bool = false) -> [TimedInput] {
        var random = Random(state: seed)
        var t = 0.0
        var down = false
        var events: [TimedInput] = []
        func point(_ random: inout Random) -> Point {
            let spread = random.chance(0.2) ? 3.0 : 1.2
            let cx = bounds.minX + bounds.size.width / 2, cy = bounds.minY + bounds.size.height / 2
            return Point(x: cx + (random.unit() - 0.5) * bounds.size.width * spread,
                         y: cy + (random.unit() - 0.5) * bounds.size.height * spread)
        }
        for _ in 0..<count {
            t += random.pick([distinctTimes ? 0.0001 : 0, 0.001, 0.01, 0.016, 0.05, 0.1, 0.12, 0.25, 0.5, 1.2])
                * (random.chance(0.5) ? 1 : 0.01 + random.unit())
            let input: Input
            if !commands.isEmpty, random.chance(0.2) {
                input = .command(random.pick(commands)(&random))
            } else if random.chance(0.03) {
                input = .touch(random.pick([.down(point(&random)), .move(point(&random)), .up(point(&random)), .cancel]))
            } else if !down {
                input = .touch(.down(point(&random)))
                down = true
            } else if random.chance(0.6) {
                input = .touch(.move(point(&random)))
            } else if random.chance(0.9) {
                input = .touch(.up(point(&random)))
                down = false
            } else {
                input = .touch(.cancel)
                down = false
            }
            events.append(TimedInput(t: t, input: input))
        }
        return events
    }

    static let buttonCommands: [Generator] = [
        { .setSelected($0.chance(0.5)) }, { .setEnabled($0.chance(0.7)) }, { _ in .toggle },
    ]
    static let progressCommands: [Generator] = [
        { .start(startRatio: $0.pick([0, 0.2, 0.5, 1, $0.unit(), 1.5, -0.1])) }, { _ in .cancel }, { _ in .pause },
        { _ in .resume }, { _ in .setOn(true, animated: true) },
    ]
    static let switchCommands: [Generator] = [
        { .setOn($0.chance(0.5), animated: $0.chance(0.7)) }, { _ in .expand },
    ]
    static let cardCommands: [Generator] = [
        { _ in .expand }, { _ in .collapse }, { _ in .toggle }, { _ in .toggle }, { _ in .setSelected(true) },
    ]

    static let configs: [(control: String, config: String, bounds: Rect, commands: [Generator])] = [
        ("button", "{}", Rect(x: 0, y: 0, width: 200, height: 50), buttonCommands),
        ("button", #"{"changesSelectionAsPrimaryAction":true,"effects":[{"type":"scale","mode":"hold","ratio":0.8},{"type":"background","color":"systemOrange"},{"type":"opacity","opacity":0.4}]}"#,
         Rect(x: 0, y: 0, width: 200, height: 50), buttonCommands),
        ("button", #"{"selected":true,"effects":[{"type":"scale","mode":"hold","press":{"response":0.3,"dampingRatio":0.6},"release":{"type":"physical","stiffness":300,"damping":12}}]}"#,
         Rect(x: 0, y: 0, width: 200, height: 50), buttonCommands),
        ("button", #"{"enabled":false,"effects":[],"width":80,"height":30,"cornerRadius":15}"#, Rect(x: 0, y: 0, width: 80, height: 30), buttonCommands),
        ("button", #"{"effects":[{"type":"opacity"},{"type":"scale","ratio":1.2,"press":{"type":"perceptual","duration":0.4,"bounce":0.3}}]}"#,
         Rect(x: 0, y: 0, width: 200, height: 50), buttonCommands),
        ("progressButton", "{}", Rect(x: 0, y: 0, width: 32, height: 32), progressCommands),
        ("progressButton", ##"{"radius":30,"duration":1.5,"lineWidth":3,"color":"#00ff0080","backgroundColor":"systemGray6"}"##,
         Rect(x: 0, y: 0, width: 60, height: 60), progressCommands),
        ("switch", "{}", Rect(x: 0, y: 0, width: 51, height: 31), switchCommands),
        ("switch", #"{"toggleOn":"touchUp","isOn":true}"#, Rect(x: 0, y: 0, width: 51, height: 31), switchCommands),
        ("switch", #"{"animation":{"type":"spring","spring":{"response":0.3,"dampingRatio":0.75}}}"#, Rect(x: 0, y: 0, width: 51, height: 31), switchCommands),
        ("switch", #"{"width":80,"height":40,"thumbSize":36,"margin":1,"animation":{"controlPoints":[0.2,1.4,0.4,1],"duration":0.4}}"#,
         Rect(x: 0, y: 0, width: 80, height: 40), switchCommands),
        ("switch", #"{"animation":{"type":"spring","spring":{"type":"uikit","duration":0.5,"dampingRatio":0.3,"initialVelocity":2}}}"#,
         Rect(x: 0, y: 0, width: 51, height: 31), switchCommands),
        ("card", "{}", Rect(x: 0, y: 779, width: 390, height: 65), cardCommands),
        ("card", #"{"release":"velocity"}"#, Rect(x: 0, y: 779, width: 390, height: 65), cardCommands),
        ("card", #"{"initialState":"expanded","release":"velocity","dampingRatio":0.6}"#, Rect(x: 0, y: 244, width: 390, height: 65), cardCommands),
        ("card", #"{"cardHeight":400,"handleHeight":80,"duration":0.5,"cornerRadius":20,"blurStyle":"light","blurRadius":8}"#,
         Rect(x: 0, y: 764, width: 390, height: 80), cardCommands),
    ]

    static let scripted: [Case] = SessionTests.Script.all.map { script in
        let (control, config): (String, String) = switch script.name {
        case "button": ("button", #"{"changesSelectionAsPrimaryAction":true,"effects":[{"type":"scale"},{"type":"background","color":"systemOrange"}]}"#)
        default: (script.name, "{}")
        }
        return Case(control: control, config: config, events: script.events, label: "script")
    }

    static let cases: [Case] = scripted + configs.enumerated().flatMap { index, entry in
        (0..<3).map { run in
            Case(control: entry.control, config: entry.config,
                 events: randomEvents(UInt64(index * 31 + run + 1), count: run == 0 ? 400 : 120, bounds: entry.bounds,
                                      commands: entry.commands, distinctTimes: entry.control == "card"),
                 label: "config \(index) random \(run)")
        }
    }

    // MARK: The comparison

    @Test(arguments: cases)
    func identical(_ example: Case) throws {
        let json = try JSONParser().parse(Array(example.config.utf8))
        let written = try ConfigCodec.decode(control: example.control, config: json)
        let entry = try #require(BuiltInControls.named(example.control))
        let instance = try ControlInstance(entry.definition, name: example.control, configuration: Tree(json))
        var handWritten = JSONWriter()
        ConfigCodec.encode(written, into: &handWritten)
        #expect(String(decoding: serialize(JSON(instance.echo)), as: UTF8.self) == String(decoding: handWritten.bytes, as: UTF8.self),
                "configuration echo")
        var old = Session(configuration: written)
        var new = Session(configuration: .defined(instance))
        #expect(String(describing: old.state) == String(describing: new.state), "initial state")
        for (index, event) in example.events.enumerated() {
            let a = Result { () throws(SessionError) in try old.apply([event]) }
            let b = Result { () throws(SessionError) in try new.apply([event]) }
            guard String(describing: a) == String(describing: b) else {
                Issue.record("event \(index) \(event): hand-written \(a), definition \(b)")
                return
            }
            guard String(describing: old.state) == String(describing: new.state) else {
                Issue.record("state after event \(index) \(event): \(old.state) vs \(new.state)")
                return
            }
        }
        let end = old.time + 2
        let a = old.frames(from: 0, to: end, fps: 60), b = new.frames(from: 0, to: end, fps: 60)
        for (x, y) in zip(a, b) where String(describing: x) != String(describing: y) {
            Issue.record("frame at \(x.t):\n\(x)\n\(y)")
            return
        }
        #expect(a.count == b.count)
        var random = Random(state: 99)
        for _ in 0..<50 {
            let t = random.unit() * (end + 1)
            #expect(String(describing: old.frame(at: t)) == String(describing: new.frame(at: t)), "frame(at: \(t))")
        }
        #expect(String(describing: old.emissions(from: 0, to: end + 10)) == String(describing: new.emissions(from: 0, to: end + 10)),
                "emissions")
    }
}
