import AnimationCore
import Routes

/// What one more layer of each kind (and each optional part on a rect) costs a frame: a small
/// synthetic definition per kind with 1 and with 17 such layers (`repeat`), each field an
/// expression of an animated value, the difference divided by 16. Both paths are timed: a
/// `Frame` value (`Session.frame(at:)`) and the frame's values alone (`Session.withFrameValues`,
/// what the routes' JSON writer reads).
enum LayerKindsBench {
    static let runs = 7

    /// A row: its name and the members of its layer after `id`, `repeat` and `frame`.
    static let kinds: [(name: String, members: String)] = [
        ("rect (frame, backgroundColor)", ##""backgroundColor": "mix(#ff000000, #ff0000ff, p)""##),
        ("rect + transform", ##""backgroundColor": "#ff0000", "transform": {"rotation": "k * p", "scaleX": "1 + p", "anchorY": 0.2}"##),
        ("rect + border", ##""backgroundColor": "#ff0000", "borderWidth": "p", "borderColor": "#00ff00""##),
        ("rect + shadow", ##""backgroundColor": "#ff0000", "shadow": {"opacity": "p", "radius": 4, "offsetY": 2}"##),
        ("shape (path data)", ##""kind": "shape", "path": {"data": "'M0 0 L10 0 L10 10 Z'", "fillColor": "mix(#ff000000, #ff0000ff, p)", "strokeEnd": "p"}"##),
        ("shape (named heart)", ##""kind": "shape", "path": {"shape": "heart", "fillColor": "#ff0000"}"##),
        ("text (literal)", ##""kind": "text", "text": {"string": "'Delete'", "fontSize": 17, "color": "mix(#000000, #ffffff, p)"}"##),
        ("text (format(p, 2))", ##""kind": "text", "text": {"string": "format(p, 2)", "alignment": "'center'"}"##),
        ("symbol", ##""kind": "symbol", "symbol": {"name": "'heart.fill'", "pointSize": "17 + p"}"##),
    ]

    static func run() {
        let passes = BenchScale.scaled(2_000, minimum: 5)
        print("layer-kinds: median of \(runs) runs, \(passes) × 61 frames per run; ns per layer per frame = (17 layers − 1 layer) / 16")
        var table = TextTable(["layer", "Frame ns/layer", "values ns/layer", "Frame ns (1 layer)", "values ns (1 layer)"])
        for kind in kinds {
            let one = session(kind.members, count: 1), many = session(kind.members, count: 17)
            let medians = interleaved([
                { frames(one, passes: passes) }, { frames(many, passes: passes) },
                { values(one, passes: passes) }, { values(many, passes: passes) },
            ])
            let perFrame = medians.map { $0 / Double(passes * SamplingBench.times.count) * 1e9 }
            table.add([kind.name, ((perFrame[1] - perFrame[0]) / 16).formatted(1), ((perFrame[3] - perFrame[2]) / 16).formatted(1),
                       perFrame[0].formatted(0), perFrame[2].formatted(0)])
        }
        table.print(indent: "  ")
    }

    /// A session of a definition with `count` layers of this kind, `p` mid-animation over [0, 1] s.
    static func session(_ members: String, count: Int) -> Session {
        let text = #"""
            {"animated": {"p": {"type": "number", "initial": 0}},
             "commands": {"go": {"do": [{"animate": "p", "to": 1, "timing": {"curve": "linear", "duration": 1}}]}},
             "properties": {"p": "p"},
             "layers": [{"id": "l", "repeat": {"count": \#(count), "maximum": \#(count), "as": "k"},
                         "frame": {"x": "k * 10 + p", "y": 0, "width": 10, "height": 10}, \#(members)}]}
            """#
        do {
            let definition = try ControlDefinition(try JSONParser().parse(Array(text.utf8)))
            var session = Session(configuration: try ControlInstance(definition, name: "layers", configuration: nil))
            try session.apply([TimedInput(t: 0, input: .command(Command("go")))])
            return session
        } catch {
            fatalError("layer-kinds: the synthetic definition did not load: \(error)\n\(text)")
        }
    }

    private static func interleaved(_ bodies: [() -> Void]) -> [Double] {
        var seconds = Array(repeating: [Double](), count: bodies.count)
        for _ in 0..<runs {
            for (index, body) in bodies.enumerated() { seconds[index].append(Measure.time { body(); return 0 }.seconds) }
        }
        return seconds.map(Measure.median)
    }

    @inline(never)
    private static func frames(_ session: Session, passes: Int) {
        var sum = 0.0
        for _ in 0..<passes {
            for t in SamplingBench.times { sum += SamplingBench.digest(session.frame(at: t)) }
        }
        Measure.consume(sum)
    }

    @inline(never)
    private static func values(_ session: Session, passes: Int) {
        var sum = 0.0
        let count = session.frameShape.count
        for _ in 0..<passes {
            for t in SamplingBench.times { sum += session.withFrameValues(at: t) { $0[count - 1] } }
        }
        Measure.consume(sum)
    }
}
