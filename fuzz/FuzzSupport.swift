import AnimationCore
import Glibc
@testable import Routes

// What both request-level fuzz targets check (compiled with each entry by fuzz/run.sh).

/// FUZZ_DEBUG=1 prints what each input decoded to (run the binary on corpus files to see it).
let debug = getenv("FUZZ_DEBUG") != nil

/// The API's own limit on expanded events per request (Limits.maxEventsPerBatch).
let maxEventsPerBatch = 10_000

/// The configuration as `POST /v1/sessions` would resolve it; the defaults when the body is refused.
func decodeConfiguration(_ control: RegisteredControl, object: JSONObject, json: JSON) -> ControlInstance {
    // A document with neither "control" nor "events" may be a bare config.
    let isBody = object["control"] != nil || object["events"] != nil || object["type"] != nil || object["definition"] != nil
    let config: JSON? = object["config"] ?? (isBody ? Optional<JSON>.none : json)
    let configuration: ControlInstance
    do {
        configuration = try control.instance(configuration: config)
    } catch {
        if debug { print("\(control.name): config refused: \(error.field ?? "-") \(error.message)") }
        return control.defaultInstance
    }
    check(configuration.name == control.name && configuration.definition === control.version.definition, "decoded a \(configuration.name) for \(control.name)")

    // The echo is complete: what the API writes back decodes to the same configuration.
    var w = JSONWriter()
    ConfigCodec.encode(configuration, into: &w)
    let echoed = w.bytes
    guard let reparsed = try? JSONParser().parse(echoed) else {
        fatalError("the echo of a \(control.name) config is not JSON: \(String(decoding: echoed, as: UTF8.self))")
    }
    do {
        let again = try control.instance(configuration: reparsed)
        check(again == configuration, "the echo \(String(decoding: echoed, as: UTF8.self)) decodes to another \(control.name) config")
    } catch {
        fatalError("the echo \(String(decoding: echoed, as: UTF8.self)) is refused: \(error)")
    }
    return configuration
}

/// Applies the inputs as one batch (all or nothing), then samples as the frame endpoints do.
/// `finite`: every number must be finite (the built-ins'); a user's definition may divide by
/// zero, and the API writes such a number as null, so its frames need only be valid JSON.
func exercise(_ configuration: ControlInstance, _ inputs: [TimedInput], finite: Bool = true) -> Session {
    var session = Session(configuration: configuration, maximumEvents: 100_000)
    // Session times beyond EventCodec.maximumTime are refused (the frame endpoints refuse such
    // times too), so no input, shorthands' expansions included, may land past it.
    for input in inputs {
        check(input.t.isFinite && input.t >= 0 && input.t <= EventCodec.maximumTime,
              "decoded an input at t=\(input.t), past the session time limit \(EventCodec.maximumTime)")
    }
    if !inputs.isEmpty, inputs.count <= maxEventsPerBatch {
        let before = session.time
        do {
            let emitted = try session.apply(inputs)
            check(session.events.count == inputs.count, "applied \(session.events.count) of \(inputs.count)")
            if finite { for emission in emitted { checkFinite(emission) } }
        } catch {
            if debug { print("  batch refused: \(error)") }
            check(session.events.isEmpty && session.time == before, "a refused batch changed the session")
        }
    }
    let time = session.time
    for t in [0, time, time + 0.05, time + 1, min(time + 3600, EventCodec.maximumTime), EventCodec.maximumTime] {
        encode(session.frame(at: t), expectedT: t, finite: finite)
    }
    let from = max(0, time - 0.25)
    let to = time + 0.25
    var count = 0
    // Frame k of a window is at the grid's time k (docs/scenarios.md: frames match by index).
    let grid = FrameGrid(from: from, fps: 60)
    session.forEachFrame(from: from, to: to, fps: 60) { frame in
        encode(frame, expectedT: grid.time(count), finite: finite)
        count += 1
    }
    check(count == Session.frameCount(from: from, to: to, fps: 60), "sampled \(count) frames")
    for emission in session.emissions(from: from, to: to) {
        check(emission.t >= from && emission.t <= to, "emission at \(emission.t) outside [\(from), \(to)]")
        if finite { checkFinite(emission) }
    }
    return session
}

/// A frame as the API writes it: every number finite, and the text valid JSON.
func encode(_ frame: Frame, expectedT: Double, finite: Bool = true) {
    check(frame.t == expectedT, "frame at \(frame.t) for t=\(expectedT)")
    if finite { for field in frame.properties { checkFinite(field, "property") } }
    for layer in frame.layers {
        let numbers = [layer.frame.minX, layer.frame.minY, layer.frame.size.width, layer.frame.size.height,
                       layer.cornerRadius, layer.opacity, layer.scale]
            + (layer.stroke.map { [$0.lineWidth, $0.strokeEnd, $0.startAngle] } ?? [])
            + (layer.blur.map { [$0.fraction, $0.radius] } ?? [])
        check(!finite || numbers.allSatisfy(\.isFinite), "layer \(layer.id) at t=\(frame.t) has a non-finite number: \(layer)")
    }
    var w = JSONWriter()
    FrameEncoder.encode(frame, into: &w)
    check((try? JSONParser().parse(w.bytes)) != nil, "frame JSON does not parse: \(String(decoding: w.bytes, as: UTF8.self))")
}

func checkFinite(_ emission: Emission) {
    check(emission.t.isFinite, "emission \(emission.name) at t=\(emission.t)")
    for field in emission.fields { checkFinite(field, "emission \(emission.name)") }
}

func checkFinite(_ field: Field, _ what: String) {
    if case let .number(value) = field.value {
        check(value.isFinite, "\(what) \(field.name) = \(value)")
    }
}

/// What the parser accepts, written compactly, parses back to the same value.
func checkRoundTrip(_ json: JSON) {
    let text = serialize(json)
    guard let again = try? JSONParser().parse(text) else {
        fatalError("serialized JSON does not parse: \(String(decoding: text, as: UTF8.self))")
    }
    check(again == json, "serialize/parse changed the value: \(String(decoding: text, as: UTF8.self))")
}

/// A failed invariant is a crash libFuzzer records with the input.
func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() {
        fatalError("invariant violated: \(message())")
    }
}
