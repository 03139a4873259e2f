import AnimationCore

/// Where changes go before they are acknowledged. The server's implementation appends to a
/// file and syncs it; nothing here ever waits for a sync.
public protocol SessionJournal: Sendable {
    /// Writes an entry and returns at once with its sequence number; it is durable when
    /// `isDurable`/`whenDurable` say so. Entries are durable in the order they were written.
    /// Throws when the entry cannot be written (and the change is then not made).
    func write(_ entry: JournalEntry) throws -> UInt64
    func isDurable(_ sequence: UInt64) -> Bool
    /// Runs `action` once `sequence` is durable (nil) or can no longer become durable (the error).
    func whenDurable(_ sequence: UInt64, _ action: @escaping @Sendable ((any Error)?) -> Void)
}

/// An answer sent once the journal record it acknowledges is durable, without holding the
/// thread that made it; a journal that fails meanwhile turns it into `failure`.
final class DurableAnswer: PendingResponse {
    let journal: any SessionJournal
    let sequence: UInt64
    let response: HTTPAnswer
    let failure: HTTPAnswer

    init(journal: any SessionJournal, sequence: UInt64, response: HTTPAnswer, failure: HTTPAnswer) {
        self.journal = journal
        self.sequence = sequence
        self.response = response
        self.failure = failure
    }

    /// The response itself when its record is durable already, else a pending response.
    var answer: HTTPResponse {
        journal.isDurable(sequence) ? .now(response) : .later(self)
    }

    func onReady(_ deliver: @escaping @Sendable (HTTPAnswer) -> Void) {
        journal.whenDurable(sequence) { [response, failure] error in deliver(error == nil ? response : failure) }
    }
}

/// One journal record: a JSON object, so a journal is readable with ordinary tools.
///
/// - `{"op":"create","id","clock","created","control","config"}`: `created` is epoch seconds
///   (a wall-clock session keeps its age across restarts); `config` is the resolved echo.
/// - `{"op":"events","id","base","events":[...]}`: `base` is how many events the session had
///   before, so a replay applies each batch exactly once even when a snapshot already holds it.
/// - `{"op":"delete","id"}`.
enum JournalRecord: Sendable {
    case create(id: String, clock: SessionClock, created: Double, configuration: ControlConfiguration)
    case events(id: String, base: Int, inputs: [TimedInput])
    case delete(id: String)

    var bytes: [UInt8] {
        var w = JSONWriter(reservingCapacity: 512)
        w.beginObject()
        switch self {
        case let .create(id, clock, created, configuration):
            w.member("op", "create")
            w.member("id", id)
            w.member("clock", clock.rawValue)
            w.member("created", created)
            w.member("control", configuration.kind)
            w.key("config")
            ConfigCodec.encode(configuration, into: &w)
        case let .events(id, base, inputs):
            w.member("op", "events")
            w.member("id", id)
            w.member("base", base)
            w.key("events")
            w.beginArray()
            for input in inputs { EventCodec.encode(input, into: &w) }
            w.endArray()
        case let .delete(id):
            w.member("op", "delete")
            w.member("id", id)
        }
        w.endObject()
        return w.bytes
    }

    init(parsing bytes: [UInt8]) throws {
        let json = try JSONParser().parse(bytes)
        var r = try ObjectReader(json, path: "")
        guard let id = try r.string("id") else { throw WireError(field: "id", "is required") }
        switch try r.string("op") {
        case "create":
            let clock = try r.choice("clock", default: SessionClock.virtual)
            let created = try r.requiredNumber("created")
            guard let control = try r.string("control") else { throw WireError(field: "control", "is required") }
            self = .create(id: id, clock: clock, created: created,
                           configuration: try ConfigCodec.decode(control: control, config: r.raw("config")))
        case "events":
            guard let base = try r.number("base").flatMap({ Int(exactly: $0) }), base >= 0 else {
                throw WireError(field: "base", "must be a whole number ≥ 0")
            }
            var inputs: [TimedInput] = []
            for (index, item) in (try r.array("events") ?? []).enumerated() {
                // Every journalled input has its own t, so `now` is never used.
                inputs += try EventCodec.decode(item, path: "events[\(index)]", control: "", now: 0, checkingOwner: false)
            }
            self = .events(id: id, base: base, inputs: inputs)
        case "delete":
            self = .delete(id: id)
        default:
            throw WireError(field: "op", "must be create, events or delete")
        }
        try r.finish()
    }
}
