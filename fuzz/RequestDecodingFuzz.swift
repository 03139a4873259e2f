import AnimationCore
@testable import Routes

// libFuzzer target for request-body decoding (Sources/JSON and Sources/Routes/Wire), linked
// by fuzz/run.sh with the Routes library as SwiftPM builds it, over AnimationCore. The bytes are parsed as
// JSON; an object is decoded as a create-session body (`RegisteredControl.instance(configuration:)`) and as an events body
// (`EventCodec.decodeBody`) for every built-in control; decoded events are applied to a `Session` of
// that control, and frames are sampled and encoded, which puts client-chosen numbers through
// AnimationCore. Nothing may trap, every frame number must be finite (JSON has no NaN), and what
// the API writes back must parse and decode to what was read.
//
// Input shape, by example: {"control":"card","config":{...},"events":[{...}, ...]}. The document
// itself is also tried as an events body (one event, or {"events": [...]}), and one with neither
// "control", "events" nor "type" as a config.

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
    let all = registry.all
    let controls = all.filter { $0.name == named } + all.filter { $0.name != named }
    for control in controls {
        let configuration = decodeConfiguration(control, object: object, json: json)
        let context = EventCodec.Context(definition: control.version.definition, control: control.name,
                                         catalogue: { registry.commandCatalogue })
        var inputs = try? EventCodec.decodeBody(json, context: context, now: 0).inputs
        if inputs == nil, let events = object["events"] {
            inputs = try? EventCodec.decodeBody(.object(JSONObject([(key: "events", value: events)])), context: context, now: 0).inputs
        }
        if debug { print("\(control.name): config \(configuration === control.defaultInstance ? "defaults" : "decoded"), \(inputs.map { "\($0.count) inputs" } ?? "events refused")") }
        _ = exercise(configuration, inputs ?? [])
    }
    return 0
}

/// The built-in controls, as the server has them.
private let registry = ControlRegistry()


