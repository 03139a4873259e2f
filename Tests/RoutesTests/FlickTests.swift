import AnimationCore
import Testing
@testable import Routes

/// `flick` expands to touches whose release velocity, as the pan recogniser reports it, is the
/// one asked for within 0.5 %; and end to end, the card with `release: velocity` settles where
/// that velocity projects.
@Suite("Flick: touches with the velocity asked for")
struct FlickTests {
    static let switchDefinition = BuiltInControls.named("switch")?.definition

    static func expand(_ body: String) throws -> [TimedInput] {
        let context = EventCodec.Context(definition: try #require(switchDefinition), control: "switch")
        return try EventCodec.decode(try JSONParser().parse(Array(body.utf8)), at: .root, context: context, now: 0)
    }

    /// The velocity `PanRecognizer` reports at the touch-up of `inputs`, nil when it never began.
    static func releaseVelocity(_ inputs: [TimedInput]) -> Point? {
        var pan = PanRecognizer()
        var ended: Point?
        for input in inputs {
            guard case let .touch(touch) = input.input else { continue }
            if case let .ended(_, velocity)? = pan.handle(touch, at: input.t) { ended = velocity }
        }
        return ended
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var from: (Double, Double), to: (Double, Double), velocity: (Double, Double), rate: Double?, duration: Double?
        var testDescription: String { "\(from)→\(to) at \(velocity) pt/s, rate \(rate ?? 60), duration \(duration.map { "\($0)" } ?? "—")" }
    }

    static let cases: [Case] = [
        Case(from: (195, 800), to: (195, 700), velocity: (0, -2000), rate: nil, duration: nil),
        Case(from: (0, 0), to: (300, 0), velocity: (3000, 0), rate: 120, duration: nil),
        Case(from: (0, 0), to: (12, 0), velocity: (50, 0), rate: 60, duration: nil),
        Case(from: (10, 10), to: (400, -250), velocity: (800, -600), rate: 240, duration: nil),
        Case(from: (0, 0), to: (0, 600), velocity: (0, 150), rate: 30, duration: nil),
        // Against the stroke: the finger turns back at the end.
        Case(from: (100, 100), to: (100, 300), velocity: (0, -400), rate: 60, duration: 0.5),
        Case(from: (0, 0), to: (20, 20), velocity: (0, 0), rate: 500, duration: nil),
        Case(from: (-5000, 2000), to: (-4000, 2100), velocity: (12000, 1200), rate: 10, duration: 2),
        Case(from: (0, 0), to: (50, 50), velocity: (1, -1), rate: 60, duration: 1),
    ]

    @Test(arguments: cases)
    func theRecogniserReportsTheVelocityAskedFor(_ c: Case) throws {
        var body = #"{"type":"flick","t":3,"from":{"x":\#(c.from.0),"y":\#(c.from.1)},"to":{"x":\#(c.to.0),"y":\#(c.to.1)},"velocity":{"x":\#(c.velocity.0),"y":\#(c.velocity.1)}"#
        if let rate = c.rate { body += #","rate":\#(rate)"# }
        if let duration = c.duration { body += #","duration":\#(duration)"# }
        let inputs = try Self.expand(body + "}")
        // A touch-down at `from` at t, a touch-up at `to`, moves between.
        #expect(inputs.first == TimedInput(t: 3, input: .touch(.down(Point(x: c.from.0, y: c.from.1)))))
        #expect(inputs.last?.input == .touch(.up(Point(x: c.to.0, y: c.to.1))))
        if let duration = c.duration { #expect(abs(try #require(inputs.last).t - (3 + duration)) < 1e-9, "ends after duration") }
        let velocity = try #require(Self.releaseVelocity(inputs), "the pan began")
        let size = max((c.velocity.0 * c.velocity.0 + c.velocity.1 * c.velocity.1).squareRoot(), 1)
        let error = ((velocity.x - c.velocity.0) * (velocity.x - c.velocity.0) + (velocity.y - c.velocity.1) * (velocity.y - c.velocity.1)).squareRoot()
        #expect(error <= 0.005 * size, "released at \(velocity), asked \(c.velocity): \(error / size * 100) %")
    }

    @Test func refusals() throws {
        let app = TestApp()
        let id = try app.create(control: "card")
        let flick = #"{"type":"flick","t":0,"from":{"x":195,"y":800},"#
        try expectEventsRejected(app, id, flick + #""to":{"x":200,"y":805},"velocity":{"x":0,"y":0}}"#, 400, "invalid_field", field: "/to")
        try expectEventsRejected(app, id, flick + #""to":{"x":195,"y":700},"velocity":{"x":0,"y":-100},"rate":1000}"#, 400, "invalid_field", field: "/rate")
        try expectEventsRejected(app, id, flick + #""to":{"x":195,"y":700},"velocity":{"x":0,"y":-100},"duration":0.02}"#, 400, "invalid_field", field: "/duration")
        try expectEventsRejected(app, id, flick + #""to":{"x":195,"y":700},"velocity":{"x":0,"y":-0.001}}"#, 400, "invalid_field", field: "/velocity")
        try expectEventsRejected(app, id, flick + #""to":{"x":195,"y":700}}"#, 400, "invalid_field", field: "/velocity")
        try expectEventsRejected(app, id, flick + #""to":{"x":195,"y":700},"velocity":{"x":0,"y":-100},"speed":3}"#, 400, "invalid_field", field: "/speed")
    }

    /// The card (collapsed at y 779, expanded at 244) flicked up 100 pt from its handle: fast, the
    /// projection (v/1000 · 0.998/0.002) passes the middle and it expands; slow, it falls back.
    @Test(arguments: [(-2000.0, "expanded"), (-50.0, "collapsed")])
    func theCardSettlesWhereTheFlickProjects(_ velocity: Double, _ rest: String) throws {
        let app = TestApp()
        let id = try app.create(#"{"control":"card","config":{"release":"velocity"}}"#)
        _ = try app.applied(id, #"{"type":"flick","t":0,"from":{"x":195,"y":800},"to":{"x":195,"y":700},"velocity":{"x":0,"y":\#(velocity)}}"#)
        // The log's last two moves, by the recogniser's rule (0.2·current + 0.8·previous sample).
        let log = try expectOK(app.get("/v1/sessions/\(id)/events"))["events"]?.arrayValue ?? []
        let moves = log.filter { $0["type"] == "touchMove" }.suffix(3).map { ($0["t"]!.doubleValue!, $0["y"]!.doubleValue!) }
        try #require(moves.count == 3)
        let previous = (moves[1].1 - moves[0].1) / (moves[1].0 - moves[0].0)
        let current = (moves[2].1 - moves[1].1) / (moves[2].0 - moves[1].0)
        let released = 0.2 * current + 0.8 * previous
        #expect(abs(released - velocity) <= 0.005 * abs(velocity), "\(released)")
        let settled = try #require(try app.session(id)["settledAt"]?.doubleValue)
        let last = try #require(try expectOK(app.get("/v1/sessions/\(id)/frames?from=\(settled)&to=settled"))["frames"]?[0])
        #expect(last["properties"]?["state"] == .string(rest))
        #expect(last["properties"]?["cardY"] == (rest == "expanded" ? 244 : 779))
    }
}
