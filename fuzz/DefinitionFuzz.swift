import AnimationCore
@testable import Routes

// libFuzzer target for the control-definition loader (Sources/AnimationCore/Definition over
// Sources/Routes/Registry), linked by fuzz/run.sh with the Routes library as SwiftPM builds it.
// The bytes are parsed as JSON; the document's `definition` member (or the document itself) is
// loaded as `POST /v1/controls` loads it. A refusal must be a problem of the API's vocabulary
// whose `field` is a JSON pointer into the request body that leads to where the fault is (a
// member the document has, or the object missing it). A definition that loads is then used as
// a session is: its defaults, the document's `config`, its `events` (decoded as the definition
// declares its commands), frames sampled; nothing may trap or take unbounded time, the same
// inputs must give the same frames twice, and every frame must encode to JSON.
//
// Input shape, by example: {"definition":{...},"config":{...},"events":[{...}, ...]}.

/// The codes a definition may be refused with (the definition codes of `DocumentError.Code`, in
/// Sources/AnimationCore/Definition/DocumentError+Codes.swift, and the byte limit).
private let definitionCodes: Set<String> = [
    "invalid_definition", "expression_syntax", "unknown_reference", "type_mismatch", "cycle", "unknown_primitive",
    "out_of_range", "duplicate_name", "too_many_layers", "layer_tree_too_deep", "too_many_expressions",
    "expression_too_deep", "expression_too_large", "too_many_reactions", "too_many_timers", "too_many_names",
    "definition_too_large",
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    guard let json = try? JSONParser().parse(bytes) else { return 0 }
    let object = json.objectValue
    let document = object?["definition"] ?? json
    let body = JSON.object(JSONObject([(key: "definition", value: document)]))
    let version: DefinitionVersion
    do {
        version = try DefinitionVersion.load(document, under: TreePath("definition"), limits: Limits())
    } catch {
        check(definitionCodes.contains(error.code), "refused with \(error.code): \(error.detail)")
        check(error.status == (error.code == "definition_too_large" ? 413 : 400), "\(error.code) with status \(error.status)")
        check(!error.detail.isEmpty, "\(error.code) without a detail")
        let pointer = error.field ?? ""
        check(pointer == "/definition" || pointer.hasPrefix("/definition/"), "field \(pointer) is not a pointer into the definition")
        check(leads(pointer, into: body), "\(error.code) at \(pointer), which the document does not lead to: \(error.detail)")
        if debug { print("refused: \(error.code) at \(pointer): \(error.detail)") }
        return 0
    }
    // A definition that loads has defaults that make a session (the loader checks them).
    guard let control = try? RegisteredControl(name: "fuzz", builtIn: false, version: version) else {
        fatalError("a loaded definition's defaults do not make a configuration")
    }
    // Its JSON as kept (what the journal and GET /v1/controls carry) loads again to the same
    // digest: the digest is taken over the canonical form, whatever the member order.
    if let again = try? JSONParser().parse(version.compact), let reloaded = try? DefinitionVersion.load(again, under: TreePath("definition"), limits: Limits()) {
        check(reloaded.digest == version.digest, "the kept JSON loads to another digest")
    } else {
        fatalError("the kept JSON of a loaded definition does not load")
    }
    let configuration = decodeConfiguration(control, object: object ?? JSONObject(), json: json)
    let context = EventCodec.Context(definition: version.definition, control: "fuzz")
    var inputs: [TimedInput] = []
    if let events = object?["events"],
       let decoded = try? EventCodec.decodeBody(.object(JSONObject([(key: "events", value: events)])), context: context, now: 0) {
        inputs = decoded.inputs
    }
    if debug { print("loaded: \(version.definition.commands.count) commands, \(inputs.count) inputs") }
    let first = exercise(configuration, inputs, finite: false)
    let second = exercise(configuration, inputs, finite: false)
    // Compared as the API writes them (a NaN is never equal to itself, its text is).
    func written(_ frame: Frame) -> [UInt8] {
        var w = JSONWriter()
        FrameEncoder.encode(frame, into: &w)
        return w.bytes
    }
    for t in [0, first.time, first.time + 0.5] {
        check(written(first.frame(at: t)) == written(second.frame(at: t)), "the same inputs gave other frames at \(t)")
    }
    return 0
}

/// Whether `pointer` leads into `json`: every step but the last exists, and the last names a
/// member or index the document has or one the object at that place lacks.
private func leads(_ pointer: String, into json: JSON) -> Bool {
    var steps = pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map { step in
        String(step).replacing("~1", with: "/").replacing("~0", with: "~")
    }
    guard let last = steps.popLast() else { return true }
    var node = json
    for step in steps {
        guard let next = child(node, step) else { return false }
        node = next
    }
    switch node {
    case .object: return true
    case let .array(items): return Int(last).map { items.indices.contains($0) } ?? false
    default: return false
    }
}

private func child(_ json: JSON, _ step: String) -> JSON? {
    switch json {
    case let .object(object): return object[step]
    case let .array(items): return Int(step).flatMap { items.indices.contains($0) ? items[$0] : nil }
    default: return nil
    }
}
