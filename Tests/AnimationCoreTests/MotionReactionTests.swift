import Testing
@testable import AnimationCore

/// The motion reactions on small definitions (docs/controls.md#motion): `decelerate`, `page`,
/// `move` and `snap` move animated numbers the way the engine's primitives do, against the
/// oracle's literals, schedule their completion timer for the instant they come to rest, and
/// refuse to load when they are written wrong.
@Suite("Definitions: motion reactions")
struct MotionReactionTests {
    static func load(_ json: String) throws -> ControlDefinition {
        try ControlDefinition(try JSONParser().parse(Array(json.utf8)))
    }

    static func session(_ json: String) throws -> Session {
        Session(configuration: try ControlInstance(load(json), name: "test", configuration: nil))
    }

    static func command(_ name: String, _ arguments: [FieldValue] = [], at t: Double) -> TimedInput {
        TimedInput(t: t, input: .command(Command(name, arguments)))
    }

    /// `go` with `event.v` and `event.w` (0 unless given).
    static func go(_ v: Double = 0, _ w: Double = 0, at t: Double) -> TimedInput {
        command("go", [.number(v), .number(w)], at: t)
    }

    /// Two animated numbers, a `go` command running `reaction` (with `event.v`, `event.w`), and a
    /// `rested` timer emitting where they rest.
    static func definition(_ reaction: String, initial: (Double, Double) = (0, 0), variables: String = "{}") -> String {
        #"""
        {"variables": \#(variables),
         "animated": {"x": {"type": "number", "initial": \#(initial.0)}, "y": {"type": "number", "initial": \#(initial.1)}},
         "timers": {"rested": {"do": [{"emit": "rested", "fields": {"x": "x", "y": "y"}}]}},
         "commands": {"go": {"parameters": {"v": {"type": "number", "default": 0}, "w": {"type": "number", "default": 0}},
                             "do": [\#(reaction)]},
                      "stop": {"do": [{"set": "y", "to": "y"}, {"cancel": "rested"}]}},
         "properties": {"x": "x", "y": "y", "moving": "y.isAnimating", "target": "y.target"}}
        """#
    }

    // MARK: decelerate

    @Test("decelerate: a 1000 pt/s flick rests at 494.01 after 2300.28 ms (.normal) or 98.01 after 458.21 ms (.fast)")
    func flick() throws {
        for (rate, at100, rest, stop) in [(0.998, 90.535164, 494.01, 2.3002817), (0.99, 62.762798, 98.01, 0.4582106)] {
            var session = try Self.session(Self.definition(
                #"{"decelerate": "y", "velocity": "event.v", "minimum": 0, "maximum": 5000, "rate": \#(rate), "completion": "rested"}"#))
            try session.apply([Self.go(1000, 0, at: 1)])
            // Oracle §13.
            expectClose(session.frame(at: 1.1).number("y"), at100, within: 1e-6, "y(100 ms), rate \(rate)")
            expectClose(session.frame(at: 1 + stop + 0.01).number("y"), rest, within: 1e-6, "rest, rate \(rate)")
            expectClose(session.frame(at: 1).number("target"), rest, within: 1e-6, "the target is the rest")
            let rested = session.emissions(from: 0, to: 10)
            #expect(rested.map(\.name) == ["rested"])
            expectClose(rested.first?.t ?? 0, 1 + stop, within: 1e-7, "the completion at the stop")
            #expect(session.frame(at: 1 + stop - 1e-4)["moving"] == .bool(true))
            #expect(session.frame(at: 1 + stop + 1e-4)["moving"] == .bool(false))
        }
    }

    @Test("decelerate on two values stops both at the joint speed's stop (oracle §13)")
    func twoAxes() throws {
        var session = try Self.session(Self.definition(
            #"{"decelerate": ["x", "y"], "velocity": ["event.v", "event.w"], "minimum": -10000, "maximum": 10000, "completion": "rested"}"#))
        try session.apply([Self.go(600, -800, at: 0)])
        let rested = session.emissions(from: 0, to: 10)
        #expect(rested.map(\.name) == ["rested"])
        expectClose(rested.first?.t ?? 0, 2.3002817, within: 1e-7)
        let fields = rested.first?.fields ?? []
        expectFields(fields, [.number("x", 296.406), .number("y", -395.208)], within: 1e-6)
    }

    @Test("decelerate bounces at an edge: from 950 at 2000 pt/s the overshoot peaks at 63.27 pt, the stop waits for it (oracle §14)")
    func bounce() throws {
        var session = try Self.session(Self.definition(
            #"{"decelerate": "y", "velocity": "event.v", "minimum": 0, "maximum": 1000, "completion": "rested"}"#, initial: (0, 950)))
        try session.apply([Self.go(2000, at: 0)])
        for (t, y) in [(0.05, 1035.289123), (0.1, 1062.100530), (0.2, 1048.437085), (0.4, 1011.617192)] {
            expectClose(session.frame(at: t).number("y"), y, within: 1e-5, "y at \(t)")
        }
        expectClose(session.frame(at: 0.116411924).number("y"), 1063.266269, within: 1e-5, "the peak")
        let rested = session.emissions(from: 0, to: 10)
        expectClose(rested.first?.t ?? 0, 0.750077984, within: 1e-7, "stopped once within 0.5 pt")
        #expect(rested.first?.fields == [.number("x", 0), .number("y", 1000)], "pinned onto the edge")
    }

    @Test("decelerate with bounces false stops at the edge; a slow release does not move and schedules nothing")
    func heldAndStill() throws {
        var session = try Self.session(Self.definition(
            #"{"decelerate": "y", "velocity": "event.v", "minimum": 0, "maximum": 1000, "bounces": false, "completion": "rested"}"#,
            initial: (0, 950)))
        try session.apply([Self.go(2000, at: 0)])
        expectClose(session.emissions(from: 0, to: 10).first?.t ?? 0, 0.025673679, within: 1e-7, "held at the edge (oracle §14)")
        #expect(session.frame(at: 0.03).number("y") == 1000)
        try session.apply([Self.go(5, at: 1)])
        #expect(session.emissions(from: 0.5, to: 10).isEmpty, "5 pt/s is below the 10 pt/s stop speed")
        #expect(session.frame(at: 1)["moving"] == .bool(false))
    }

    @Test("Stopping the value (set to where it shows) and cancelling the timer ends the motion there")
    func stopped() throws {
        var session = try Self.session(Self.definition(
            #"{"decelerate": "y", "velocity": "event.v", "minimum": 0, "maximum": 5000, "completion": "rested"}"#))
        try session.apply([Self.go(1000, at: 0), Self.command("stop", at: 0.1)])
        expectClose(session.frame(at: 5).number("y"), 90.535164, within: 1e-6)
        #expect(session.emissions(from: 0, to: 10).isEmpty)
    }

    // MARK: page

    @Test("page: from 100 at 400 pt/s on 390 pt pages the spring settles on 390, snapping at 333 ms (oracle §16)")
    func page() throws {
        var session = try Self.session(Self.definition(
            #"{"page": "y", "velocity": "event.v", "pageSize": 390, "minimum": 0, "maximum": 1560, "completion": "rested"}"#,
            initial: (0, 100)))
        try session.apply([Self.go(400, at: 0)])
        #expect(session.frame(at: 0)["target"] == .number(390))
        for (t, y) in [(0.05, 172.796449972), (0.1, 264.742063988), (0.2, 364.777336495), (0.3, 388.336905069)] {
            expectClose(session.frame(at: t).number("y"), y, within: 1e-6, "y at \(t)")
        }
        let rested = session.emissions(from: 0, to: 10)
        expectClose(rested.first?.t ?? 0, 0.333, within: 1e-12)
        #expect(rested.first?.fields == [.number("x", 0), .number("y", 390)])
        // Released at rest on a page boundary: it stays, and nothing moves.
        try session.apply([Self.go(0, at: 1)])
        #expect(session.frame(at: 1)["moving"] == .bool(false))
        #expect(session.emissions(from: 0.5, to: 10).isEmpty)
    }

    @Test("page picks per value: 250 at −200 pt/s → 390, at −400 → 0 (oracle §16); dimension defaults to the page size")
    func pagePicks() throws {
        for (v, target) in [(-200.0, 390.0), (-400, 0), (310, 390)] {
            var session = try Self.session(Self.definition(
                #"{"page": ["x", "y"], "velocity": [0, "event.v"], "pageSize": 390, "minimum": 0, "maximum": 1560}"#, initial: (0, 250)))
            try session.apply([Self.go(v, at: 0)])
            #expect(session.frame(at: 0)["target"] == .number(target), "v \(v)")
        }
        var session = try Self.session(Self.definition(
            #"{"page": "y", "pageSize": 390, "minimum": 0, "maximum": 1560, "completion": "rested"}"#, initial: (0, 250)))
        try session.apply([Self.go(at: 0)])
        // Oracle §16: from 250 at rest to 390 (W 390) snaps at 352 ms.
        expectClose(session.emissions(from: 0, to: 10).first?.t ?? 0, 0.352, within: 1e-12)
        expectClose(session.frame(at: 0.1).number("y"), 325.659037345, within: 1e-6)
    }

    // MARK: move

    @Test("move: 0 → 300 over 0.3 s on sin² (oracle §21); to where it is already, nothing and no completion")
    func move() throws {
        var session = try Self.session(Self.definition(#"{"move": ["x", "y"], "to": [0, "event.v"], "completion": "rested"}"#))
        try session.apply([Self.go(300, at: 1)])
        for (t, y) in [(1.075, 43.933983), (1.15, 150.0), (1.225, 256.066017), (1.3, 300)] {
            expectClose(session.frame(at: t).number("y"), y, within: 1e-6, "y at \(t)")
        }
        #expect(session.emissions(from: 0, to: 5) == [Emission(t: 1.3, name: "rested", fields: [.number("x", 0), .number("y", 300)])])
        try session.apply([Self.go(300, at: 2)])
        #expect(session.emissions(from: 1.5, to: 5).isEmpty)
        #expect(session.frame(at: 2)["moving"] == .bool(false))
    }

    @Test("A move during a move starts from where the first shows, with the full duration again")
    func moveRestarts() throws {
        var session = try Self.session(Self.definition(#"{"move": "y", "to": "event.v", "duration": 0.5, "completion": "rested"}"#))
        try session.apply([Self.go(300, at: 0), Self.go(0, at: 0.25)])
        // At 0.25 s the first shows 150 (the midpoint of 0.5 s); the second runs 150 → 0 until 0.75 s.
        expectClose(session.frame(at: 0.5).number("y"), 75, within: 1e-9)
        #expect(session.emissions(from: 0, to: 5).map(\.t) == [0.75], "one completion: the first was replaced")
    }

    // MARK: snap

    /// A sheet's two detents at 69 and 398.56 (oracle §17), released at `event.v` from where y is
    /// (`event.w`), the chosen index into `choice`.
    static let sheetSnap = #"""
        {"snap": "y", "targets": [69, {"at": 398.56, "when": "!onlyLarge"}, {"at": "0 / 0"}], "velocity": "event.v",
         "position": "event.w", "index": "choice", "completion": "rested"}
        """#

    @Test("snap: oracle §17's releases choose their detent; the index names it in the list")
    func snapChooses() throws {
        let variables = #"{"choice": {"type": "number", "initial": -1}, "onlyLarge": {"type": "bool", "initial": false}}"#
        for (y, v, index) in [(350.0, -800.0, 1.0), (350, -1200, 0), (390, -1100, 0), (390, -900, 1), (300, -200, 1),
                              (200, 900, 1), (100, 1500, 1), (398.56, 1200, 1)] {
            var session = try Self.session(Self.definition(Self.sheetSnap, initial: (0, y), variables: variables)
                .replacingOccurrences(of: #""properties": {"#, with: #""properties": {"choice": "choice", "#))
            try session.apply([Self.go(v, y, at: 0)])
            #expect(session.frame(at: 0)["choice"] == .number(index), "release at \(y), \(v) pt/s")
        }
    }

    @Test("snap springs from where the value shows with the release velocity: ζ 0.8 after a flick (oracle §17)")
    func snapSprings() throws {
        let variables = #"{"choice": {"type": "number", "initial": -1}, "onlyLarge": {"type": "bool", "initial": false}}"#
        var session = try Self.session(Self.definition(Self.sheetSnap, initial: (0, 350), variables: variables))
        try session.apply([Self.go(-1200, 350, at: 0)])
        for (t, p) in [(0.1, 0.699074), (0.2, 0.989941), (0.3, 1.014074), (0.4, 1.003532)] {
            expectClose(session.frame(at: t).number("y"), 350 - 281 * p, within: 281 * 1e-6, "y at \(t)")
        }
        let rested = session.emissions(from: 0, to: 5)
        expectClose(rested.first?.t ?? 0, 0.518436, within: 1e-6, "the completion when the spring's time is up")
        // At rest (ζ 1) from medium to large: y(0.1) = 219.0228.
        var slow = try Self.session(Self.definition(#"{"snap": "y", "targets": [69]}"#, initial: (0, 398.56)))
        try slow.apply([Self.go(at: 0)])
        expectClose(slow.frame(at: 0.1).number("y"), 219.0228, within: 1e-4)
        expectClose(slow.frame(at: 0.505824 + 1e-6).number("y"), 69, within: 0)
    }

    @Test("snap leaves out targets whose condition is false or that are not finite; with none it does nothing")
    func snapCandidates() throws {
        let variables = #"{"choice": {"type": "number", "initial": -1}, "onlyLarge": {"type": "bool", "initial": true}}"#
        var session = try Self.session(Self.definition(Self.sheetSnap, initial: (0, 390), variables: variables)
            .replacingOccurrences(of: #""properties": {"#, with: #""properties": {"choice": "choice", "#))
        try session.apply([Self.go(0, 390, at: 0)])
        #expect(session.frame(at: 0)["choice"] == .number(0), "only 69 is a candidate")
        #expect(session.frame(at: 0)["target"] == .number(69))
        var none = try Self.session(Self.definition(#"{"snap": "y", "targets": [{"at": 10, "when": "false"}], "completion": "rested"}"#,
                                                    initial: (0, 50)))
        try none.apply([Self.go(at: 0)])
        #expect(none.frame(at: 1).number("y") == 50)
        #expect(none.emissions(from: 0, to: 5).isEmpty)
    }

    @Test("Numbers out of range at run time refuse the input, naming the primitive's parameter")
    func refusedAtRunTime() throws {
        var session = try Self.session(Self.definition(#"{"decelerate": "y", "velocity": 100, "minimum": 0, "maximum": 10, "rate": "event.v"}"#))
        #expect(throws: SessionError.rejected(index: 0, .invalidParameter(ParameterError("decelerationRate", "must be between 0 and 1, exclusive")))) {
            try session.apply([Self.go(1.5, at: 0)])
        }
        var moving = try Self.session(Self.definition(#"{"move": "y", "to": 10, "duration": "event.v"}"#))
        #expect(throws: SessionError.rejected(index: 0, .invalidParameter(ParameterError("duration", "must be greater than 0")))) {
            try moving.apply([Self.go(0, at: 0)])
        }
    }

    // MARK: Faults

    @Test("Motion reactions written wrong do not load: each fault with its code and pointer")
    func faults() throws {
        func fault(_ reaction: String, animated: String = #"{"y": {"type": "number", "initial": 0}}"#) throws -> (String, String, String)? {
            let json = #"""
            {"variables": {"on": {"type": "bool", "initial": false}},
             "animated": \#(animated), "timers": {"t": {"do": []}},
             "commands": {"go": {"do": [\#(reaction)]}}}
            """#
            do {
                _ = try Self.load(json)
                return nil
            } catch let error as DocumentError {
                return (error.code.rawValue, error.path.pointer, error.message)
            }
        }
        let go = "/commands/go/do/0"
        let cases: [(String, String, String, String)] = [
            (#"{"decelerate": "z", "minimum": 0, "maximum": 1}"#, "unknown_reference", go + "/decelerate", "unknown reference 'z'"),
            (#"{"decelerate": "on", "minimum": 0, "maximum": 1}"#, "type_mismatch", go + "/decelerate",
             "'decelerate' moves animated numbers; 'on' is a variable"),
            (#"{"decelerate": "y", "maximum": 1}"#, "invalid_definition", go + "/minimum", "is required"),
            (#"{"decelerate": "y", "minimum": [0, 1], "maximum": 1}"#, "invalid_definition", go + "/minimum",
             "expected 1 expressions, one per moved value, got 2"),
            (#"{"decelerate": "y", "minimum": 0, "maximum": 1, "bounces": 3}"#, "type_mismatch", go + "/bounces", "expected bool, got number (at character 1 of '3.0')"),
            (#"{"decelerate": "y", "minimum": 0, "maximum": 1, "completion": "on"}"#, "invalid_definition", go + "/completion", "'on' is not a timer"),
            (#"{"decelerate": "y", "minimum": 0, "maximum": 1, "spin": 1}"#, "invalid_definition", go + "/spin",
             "unknown field; the fields here are decelerate, velocity, minimum, maximum, bounces, rate, stopSpeed, bounceDecay, bounceEpsilon, completion"),
            (#"{"move": ["y", "y"], "to": 1}"#, "invalid_definition", go + "/move", "'y' is listed twice"),
            (#"{"page": [], "pageSize": 1, "minimum": 0, "maximum": 1}"#, "invalid_definition", go + "/page",
             "expected an animated value's name or a list of names"),
            (#"{"snap": "y"}"#, "invalid_definition", go + "/targets", "is required: a list of positions, each an expression or {\"at\", \"when\"}"),
            (#"{"snap": "y", "targets": [1], "index": "on"}"#, "invalid_definition", go + "/index", "'on' is not a number variable"),
            (#"{"snap": "y", "targets": [{"when": true}]}"#, "invalid_definition", go + "/targets/0/at", "is required"),
            (#"{"move": "y", "to": 1, "targets": [1]}"#, "invalid_definition", go + "/targets", "unknown field; the fields here are move, to, duration, completion"),
        ]
        for (reaction, code, pointer, message) in cases {
            let found = try fault(reaction)
            #expect(found?.0 == code && found?.1 == pointer && found?.2 == message, "\(reaction): \(String(describing: found))")
        }
        let colour = try fault(#"{"move": "c", "to": 1}"#, animated: #"{"c": {"type": "color", "initial": "white"}}"#)
        #expect(colour?.0 == "type_mismatch" && colour?.2 == "'move' moves animated numbers; 'c' is an animated value")
        let three = try fault(#"{"snap": ["y", "z"], "targets": [1]}"#,
                              animated: #"{"y": {"type": "number", "initial": 0}, "z": {"type": "number", "initial": 0}}"#)
        #expect(three?.2 == "'snap' moves at most 1 value")
    }
}
