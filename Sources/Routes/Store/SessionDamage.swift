/// What is known of a session whose journal history is damaged. Such a session is not served
/// (503 `session_damaged` on every endpoint that would serve it) until a client deletes it:
/// serving what is left would pass an older state off as the present. Its intact records are
/// kept verbatim, so compaction carries them (after a note of the damage) instead of dropping them.
struct SessionDamage: Sendable, Equatable {
    /// One damaged or unusable stretch of the session's history.
    struct Span: Sendable, Equatable {
        var file: String
        var offset: Int
        var length: Int
        var detail: String
    }

    var spans: [Span]
    /// The session's intact records, oldest first: kept, not applied.
    var retained: [[UInt8]] = []

    /// The answer every request for the session gets.
    func problem(id: String) -> Problem {
        let kept = retained.isEmpty ? "" : "; \(retained.count) intact record\(retained.count == 1 ? " is" : "s are") kept, not applied"
        return Problem(503, "session_damaged",
                       "session '\(id)' is not served: its journal history is damaged at \(places)\(kept). "
                           + "DELETE it to discard it; the damaged bytes stay in the journal directory's quarantine")
    }

    /// The answer every request for a user-defined control's damaged name gets.
    func problem(control name: String) -> Problem {
        Problem(503, "control_damaged",
                "control '\(name)' is not served: its journal records are damaged at \(places). PUT /v1/controls/\(name) "
                    + "registers it again, DELETE discards it; sessions made with it keep their definition")
    }

    /// The first three spans, for people.
    private var places: String {
        let shown = spans.prefix(3).map { "\($0.file) offset \($0.offset) (\($0.length) bytes): \($0.detail)" }
        return shown.joined(separator: "; ") + (spans.count > 3 ? " and \(spans.count - 3) more" : "")
    }

    // MARK: The compaction note

    /// `{"spans":[{"file","offset","length","detail"}, ...]}`: a `.damageNote` entry's payload.
    var note: [UInt8] {
        var w = JSONWriter(reservingCapacity: 256)
        w.beginObject()
        w.key("spans")
        w.beginArray()
        for span in spans {
            w.beginObject()
            w.member("file", span.file)
            w.member("offset", span.offset)
            w.member("length", span.length)
            w.member("detail", span.detail)
            w.endObject()
        }
        w.endArray()
        w.endObject()
        return w.bytes
    }

    init(spans: [Span]) {
        self.spans = spans
    }

    init(note: [UInt8]) throws {
        let json = try JSONParser().parse(note)
        guard let items = json["spans"]?.arrayValue, !items.isEmpty else { throw DocumentError(.invalidField, at: TreePath("spans"), "is required") }
        spans = try items.map { item in
            guard let file = item["file"]?.stringValue, let offset = item["offset"]?.intValue,
                  let length = item["length"]?.intValue, let detail = item["detail"]?.stringValue else {
                throw DocumentError(.invalidField, at: TreePath("spans"), "each needs file, offset, length and detail")
            }
            return Span(file: file, offset: offset, length: length, detail: detail)
        }
    }
}
