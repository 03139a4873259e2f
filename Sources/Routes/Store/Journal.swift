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

/// A journal's error that tells a full disk (no space, or over a quota) from other failures, so
/// that the answer can say which: 507 `journal_full` rather than 503 `journal_unavailable`.
public protocol JournalFailure: Error {
    var isOutOfSpace: Bool { get }
}

extension Error {
    /// A journal failure because the disk is full.
    var isJournalOutOfSpace: Bool { (self as? any JournalFailure)?.isOutOfSpace == true }
}

/// An answer sent once the journal record it acknowledges is durable, without holding the
/// thread that made it; a journal that fails meanwhile turns it into `failure` (`outOfSpace`
/// when its disk is full).
final class DurableAnswer: PendingResponse {
    let journal: any SessionJournal
    let sequence: UInt64
    let response: HTTPAnswer
    let failure: HTTPAnswer
    let outOfSpace: HTTPAnswer

    init(journal: any SessionJournal, sequence: UInt64, response: HTTPAnswer, failure: HTTPAnswer, outOfSpace: HTTPAnswer) {
        self.journal = journal
        self.sequence = sequence
        self.response = response
        self.failure = failure
        self.outOfSpace = outOfSpace
    }

    /// The response itself when its record is durable already, else a pending response.
    var answer: HTTPResponse {
        journal.isDurable(sequence) ? .now(response) : .later(self)
    }

    func onReady(_ deliver: @escaping @Sendable (HTTPAnswer) -> Void) {
        journal.whenDurable(sequence) { [response, failure, outOfSpace] error in
            deliver(error.map { $0.isJournalOutOfSpace ? outOfSpace : failure } ?? response)
        }
    }
}

/// One journal record: a JSON object, so a journal is readable with ordinary tools.
///
/// - `{"op":"define","digest","definition"}`: a definition version, written once (before the first
///   record that needs it, and again in each snapshot while a session or a name uses it);
///   `digest` is the SHA-256 of the definition's canonical JSON (members sorted by key), and
///   `definition` the JSON as its author wrote it. Journals written before digests were
///   canonical hold the SHA-256 of that JSON as written; a replay accepts both.
/// - `{"op":"register","name","digest"}` and `{"op":"unregister","name"}`: user-defined controls.
/// - `{"op":"create","id","clock","created","control","digest","config"}`: `created` is epoch
///   seconds (a wall-clock session keeps its age across restarts); `digest` names the definition
///   version the session was made with (absent in journals written before definitions: the
///   built-in of that name); `config` is the resolved echo.
/// - `{"op":"events","id","base","events":[...]}`: `base` is how many events the session had
///   before, so a replay applies each batch exactly once even when a snapshot already holds it.
///   The events are decoded against the session's own definition when replayed.
/// - `{"op":"scene","id","clock","created","scene":{"views":[...]}}`: a scene session, its views
///   as `SceneDocument` keeps them (each control by name with its definition's `digest` and its
///   resolved `config`); its events records carry each input's `touch` or `view`.
/// - `{"op":"delete","id"}`.
enum JournalRecord: Sendable {
    case define(digest: String, document: JSON)
    case register(name: String, digest: String)
    case unregister(name: String)
    case create(id: String, clock: SessionClock, created: Double, control: String, digest: String?, config: JSON)
    case events(id: String, base: Int, items: [JSON])
    case delete(id: String)
    case scene(id: String, clock: SessionClock, created: Double, document: JSON)

    /// What a record is framed under (the journal's key): the session's id for a session's
    /// records; `control:<name>` for a registration or removal and `definition:<digest>` for a
    /// definition, which belong to no session (a session id never holds a colon). Damage to a
    /// record costs what its key names.
    var key: String {
        switch self {
        case let .define(digest, _): Self.definitionKey(digest)
        case let .register(name, _), let .unregister(name): Self.controlKey(name)
        case let .create(id, _, _, _, _, _), let .events(id, _, _), let .delete(id), let .scene(id, _, _, _): id
        }
    }

    static func controlKey(_ name: String) -> String { "control:" + name }
    static func definitionKey(_ digest: String) -> String { "definition:" + digest }

    /// What a journal key names.
    enum Key: Equatable, CustomStringConvertible {
        case session(String)
        case control(String)
        case definition(String)

        var description: String {
            switch self {
            case let .session(id): "session \(id)"
            case let .control(name): "control \(name)"
            case let .definition(digest): "definition \(digest)"
            }
        }

        init(_ key: String) {
            if key.hasPrefix("control:") {
                self = .control(String(key.dropFirst("control:".count)))
            } else if key.hasPrefix("definition:") {
                self = .definition(String(key.dropFirst("definition:".count)))
            } else {
                self = .session(key)
            }
        }
    }

    /// The `define` record of `version`, as `bytes` writes it, put together from the compact
    /// JSON the version already holds instead of writing its document again (a compaction writes
    /// every definition in use; the digest is hex, so nothing needs escaping).
    static func define(_ version: DefinitionVersion) -> [UInt8] {
        var bytes = Array(#"{"op":"define","digest":""#.utf8)
        bytes.reserveCapacity(bytes.count + version.digest.utf8.count + version.compact.count + 18)
        bytes += version.digest.utf8
        bytes += #"","definition":"#.utf8
        bytes += version.compact
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }

    /// Whether `payload` is the `define` record of `digest`, read no further than its start (a
    /// replay that already holds the version need not parse the definition again; the record's
    /// checksum has vouched for the rest).
    static func isDefine(_ payload: [UInt8], of digest: String) -> Bool {
        let start = Array(#"{"op":"define","digest":""#.utf8) + Array(digest.utf8) + Array(#"","#.utf8)
        return payload.count > start.count && payload.starts(with: start)
    }

    /// The events record of a batch, each input named as its definition declares.
    static func events(id: String, base: Int, inputs: some Collection<TimedInput>, definition: ControlDefinition) -> [UInt8] {
        events(id: id, base: base, count: inputs.count) { w in
            for input in inputs { EventCodec.encode(input, definition: definition, into: &w) }
        }
    }

    /// The events record of `count` inputs that `write` writes (a session's or a scene's).
    static func events(id: String, base: Int, count: Int, _ write: (inout JSONWriter) -> Void) -> [UInt8] {
        var w = JSONWriter(reservingCapacity: 128 + 64 * count)
        w.beginObject()
        w.member("op", "events")
        w.member("id", id)
        w.member("base", base)
        w.key("events")
        w.beginArray()
        write(&w)
        w.endArray()
        w.endObject()
        return w.bytes
    }

    var bytes: [UInt8] {
        var w = JSONWriter(reservingCapacity: 512)
        w.beginObject()
        switch self {
        case let .define(digest, document):
            w.member("op", "define")
            w.member("digest", digest)
            w.key("definition")
            w.value(document)
        case let .register(name, digest):
            w.member("op", "register")
            w.member("name", name)
            w.member("digest", digest)
        case let .unregister(name):
            w.member("op", "unregister")
            w.member("name", name)
        case let .create(id, clock, created, control, digest, config):
            w.member("op", "create")
            w.member("id", id)
            w.member("clock", clock.rawValue)
            w.member("created", created)
            w.member("control", control)
            if let digest { w.member("digest", digest) }
            w.key("config")
            w.value(config)
        case let .events(id, base, items):
            w.member("op", "events")
            w.member("id", id)
            w.member("base", base)
            w.key("events")
            w.beginArray()
            for item in items { w.value(item) }
            w.endArray()
        case let .delete(id):
            w.member("op", "delete")
            w.member("id", id)
        case let .scene(id, clock, created, document):
            w.member("op", "scene")
            w.member("id", id)
            w.member("clock", clock.rawValue)
            w.member("created", created)
            w.member("scene", document)
        }
        w.endObject()
        return w.bytes
    }

    init(parsing bytes: [UInt8]) throws {
        let json = try JSONParser().parse(bytes)
        var r = try ObjectReader(json)
        switch try r.string("op") {
        case "define":
            guard let digest = try r.string("digest") else { throw r.error("digest", "is required") }
            guard let document = r.raw("definition") else { throw r.error("definition", "is required") }
            self = .define(digest: digest, document: document)
        case "register":
            guard let name = try r.string("name"), let digest = try r.string("digest") else {
                throw r.error("name", "name and digest are required")
            }
            self = .register(name: name, digest: digest)
        case "unregister":
            guard let name = try r.string("name") else { throw r.error("name", "is required") }
            self = .unregister(name: name)
        case "create":
            guard let id = try r.string("id") else { throw r.error("id", "is required") }
            let clock = try r.choice("clock", default: SessionClock.virtual)
            let created = try r.requiredNumber("created")
            guard let control = try r.string("control") else { throw r.error("control", "is required") }
            let digest = try r.string("digest")
            self = .create(id: id, clock: clock, created: created, control: control, digest: digest,
                           config: r.raw("config") ?? .object([:]))
        case "events":
            guard let id = try r.string("id") else { throw r.error("id", "is required") }
            guard let base = try r.number("base").flatMap({ Int(exactly: $0) }), base >= 0 else {
                throw r.error("base", "must be a whole number ≥ 0")
            }
            self = .events(id: id, base: base, items: try r.array("events") ?? [])
        case "delete":
            guard let id = try r.string("id") else { throw r.error("id", "is required") }
            self = .delete(id: id)
        case "scene":
            guard let id = try r.string("id") else { throw r.error("id", "is required") }
            let clock = try r.choice("clock", default: SessionClock.virtual)
            let created = try r.requiredNumber("created")
            guard let document = r.raw("scene") else { throw r.error("scene", "is required") }
            self = .scene(id: id, clock: clock, created: created, document: document)
        default:
            throw r.error("op", "must be define, register, unregister, create, events, scene or delete")
        }
        try r.finish()
    }
}
