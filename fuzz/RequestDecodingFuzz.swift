import AnimationCore
import Glibc
@testable import Routes

// libFuzzer target for request-body decoding (Sources/Routes/JSON and Sources/Routes/Wire), linked
// by fuzz/run.sh with the Routes library as SwiftPM builds it, over AnimationCore. The bytes are parsed as
// JSON; an object is decoded as a create-session body (`ConfigCodec.decode`) and as an events body
// (`EventCodec.decodeBody`) for every control kind; decoded events are applied to a `Session` of
// that control, and frames are sampled and encoded, which puts client-chosen numbers through
// AnimationCore. Nothing may trap, every frame number must be finite (JSON has no NaN), and what
// the API writes back must parse and decode to what was read.
//
// Input shape, by example: {"control":"card","config":{...},"events":[{...}, ...]}. The document
// itself is also tried as an events body (one event, or {"events": [...]}), and one with neither
// "control", "events" nor "type" as a config.

/// FUZZ_DEBUG=1 prints what each input decoded to (run the binary on corpus files to see it).
private let debug = getenv("FUZZ_DEBUG") != nil

/// The API's own limit on expanded events per request (Limits.maxEventsPerBatch).
private let maxEventsPerBatch = 10_000

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let json: JSON
    do {
        json = try JSONParser().parse(bytes)
    } catch {
        check(!error.message.isEmpty && error.offset >= 0 && error.offset <= size,
              "parse error \(error.reason) at \(error.offset) of \(size): \(error.message)")
        return 0
    }
    checkRoundTrip(json)
    guard case let .object(object) = json else { return 0 }

    let named = object["control"]?.stringValue
    let kinds = ControlConfiguration.kinds.filter { $0 == named } + ControlConfiguration.kinds.filter { $0 != named }
    for kind in kinds {
        let configuration = decodeConfiguration(kind: kind, object: object, json: json)
        var inputs = try? EventCodec.decodeBody(json, control: kind, now: 0)
        if inputs == nil, let events = object["events"] {
            inputs = try? EventCodec.decodeBody(.object(JSONObject([(key: "events", value: events)])), control: kind, now: 0)
        }
        if debug { print("\(kind): config \(configuration == defaultConfiguration(kind) ? "defaults" : "decoded"), \(inputs.map { "\($0.count) inputs" } ?? "events refused")") }
        exercise(configuration, inputs ?? [])
    }
    return 0
}

/// The configuration as `POST /v1/sessions` would resolve it; the defaults when the body is refused.
private func decodeConfiguration(kind: String, object: JSONObject, json: JSON) -> ControlConfiguration {
    // A document with neither "control" nor "events" may be a bare config.
    let isBody = object["control"] != nil || object["events"] != nil || object["type"] != nil
    let config: JSON? = object["config"] ?? (isBody ? Optional<JSON>.none : json)
    let configuration: ControlConfiguration
    do {
        configuration = try ConfigCodec.decode(control: kind, config: config)
    } catch {
        if debug { print("\(kind): config refused: \(error.field ?? "-") \(error.detail)") }
        return defaultConfiguration(kind)
    }
    check(configuration.kind == kind, "decoded a \(configuration.kind) for \(kind)")

    // The echo is complete: what the API writes back decodes to the same configuration.
    var w = JSONWriter()
    ConfigCodec.encode(configuration, into: &w)
    let echoed = w.bytes
    guard let reparsed = try? JSONParser().parse(echoed) else {
        fatalError("the echo of a \(kind) config is not JSON: \(String(decoding: echoed, as: UTF8.self))")
    }
    do {
        let again = try ConfigCodec.decode(control: kind, config: reparsed)
        check(again == configuration, "the echo \(String(decoding: echoed, as: UTF8.self)) decodes to another \(kind) config")
    } catch {
        fatalError("the echo \(String(decoding: echoed, as: UTF8.self)) is refused: \(error)")
    }
    return configuration
}

private func defaultConfiguration(_ kind: String) -> ControlConfiguration {
    guard let defaults = try? ConfigCodec.decode(control: kind, config: nil) else {
        fatalError("the defaults of \(kind) do not decode")
    }
    return defaults
}

/// Applies the inputs as one batch (all or nothing), then samples as the frame endpoints do.
private func exercise(_ configuration: ControlConfiguration, _ inputs: [TimedInput]) {
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
            for emission in emitted { checkFinite(emission) }
        } catch {
            if debug { print("  batch refused: \(error)") }
            check(session.events.isEmpty && session.time == before, "a refused batch changed the session")
        }
    }
    let time = session.time
    for t in [0, time, time + 0.05, time + 1, min(time + 3600, EventCodec.maximumTime), EventCodec.maximumTime] {
        encode(session.frame(at: t), expectedT: t)
    }
    let from = max(0, time - 0.25)
    let to = time + 0.25
    var count = 0
    session.forEachFrame(from: from, to: to, fps: 60) { frame in
        encode(frame, expectedT: from + Double(count) / 60)
        count += 1
    }
    check(count == Session.frameCount(from: from, to: to, fps: 60), "sampled \(count) frames")
    for emission in session.emissions(from: from, to: to) {
        check(emission.t >= from && emission.t <= to, "emission at \(emission.t) outside [\(from), \(to)]")
        checkFinite(emission)
    }
}

/// A frame as the API writes it: every number finite, and the text valid JSON.
private func encode(_ frame: Frame, expectedT: Double) {
    check(frame.t == expectedT, "frame at \(frame.t) for t=\(expectedT)")
    for field in frame.properties { checkFinite(field, "property") }
    for layer in frame.layers {
        let numbers = [layer.frame.minX, layer.frame.minY, layer.frame.size.width, layer.frame.size.height,
                       layer.cornerRadius, layer.opacity, layer.scale]
            + (layer.stroke.map { [$0.lineWidth, $0.strokeEnd, $0.startAngle] } ?? [])
            + (layer.blur.map { [$0.fraction, $0.radius] } ?? [])
        check(numbers.allSatisfy(\.isFinite), "layer \(layer.id) at t=\(frame.t) has a non-finite number: \(layer)")
    }
    var w = JSONWriter()
    FrameEncoder.encode(frame, into: &w)
    check((try? JSONParser().parse(w.bytes)) != nil, "frame JSON does not parse: \(String(decoding: w.bytes, as: UTF8.self))")
}

private func checkFinite(_ emission: Emission) {
    check(emission.t.isFinite, "emission \(emission.name) at t=\(emission.t)")
    for field in emission.fields { checkFinite(field, "emission \(emission.name)") }
}

private func checkFinite(_ field: Field, _ what: String) {
    if case let .number(value) = field.value {
        check(value.isFinite, "\(what) \(field.name) = \(value)")
    }
}

/// What the parser accepts, written compactly, parses back to the same value.
private func checkRoundTrip(_ json: JSON) {
    let text = serialize(json)
    guard let again = try? JSONParser().parse(text) else {
        fatalError("serialized JSON does not parse: \(String(decoding: text, as: UTF8.self))")
    }
    check(again == json, "serialize/parse changed the value: \(String(decoding: text, as: UTF8.self))")
}

/// A failed invariant is a crash libFuzzer records with the input.
private func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() {
        fatalError("invariant violated: \(message())")
    }
}
