import AnimationCore

/// One definition exactly as loaded: its document, its compact JSON as written (what the journal
/// and `GET /v1/controls/{name}` carry, members in the author's order), the SHA-256 of its
/// canonical JSON (the version's identity) and the compiled definition. Sessions hold the version
/// they were created with, whatever happens to the name later.
final class DefinitionVersion: Sendable {
    let document: JSON
    let compact: [UInt8]
    let digest: String
    /// The digest journals written before canonical digests named it by: the SHA-256 of `compact`
    /// (`isNamed(by:)`). Computed once: every replay asks for each built-in's.
    let compactDigest: String
    let definition: ControlDefinition

    init(document: JSON, definition: ControlDefinition) {
        self.document = document
        var writer = JSONWriter(reservingCapacity: 4096)
        writer.value(document)
        compact = writer.bytes
        digest = Self.digest(of: document)
        compactDigest = SHA256.hex(writer.bytes)
        self.definition = definition
    }

    /// The SHA-256 (hex) of the document's canonical JSON: members sorted by key, numbers in the
    /// writer's one spelling. The same definition has one digest whoever sends it, whatever the
    /// order its members come in (a typed client writes them in its schema's order) and however
    /// its numbers are spelled (`1`, `1.0`, `1e0`).
    static func digest(of document: JSON) -> String {
        var writer = JSONWriter(reservingCapacity: 4096)
        writer.canonicalValue(document)
        return SHA256.hex(writer.bytes)
    }

    /// Whether `recorded` names this version in a journal: its digest, or the digest journals
    /// written before canonical digests took, over the compact JSON as written (a journal's
    /// `define` record holds exactly those bytes), so that they still replay.
    func isNamed(by recorded: String) -> Bool {
        recorded == digest || recorded == compactDigest
    }

    /// Compiles a posted definition; faults are problems naming the pointer under `member`
    /// (`/definition/layers/2/frame/width`).
    static func load(_ json: JSON, under member: TreePath, limits: Limits) throws(Problem) -> DefinitionVersion {
        let size = serialize(json).count
        guard size <= limits.maxDefinitionBytes else {
            throw Problem(413, "definition_too_large", "the definition is \(size) bytes of JSON; at most \(limits.maxDefinitionBytes)",
                          field: member.pointer)
        }
        do {
            return DefinitionVersion(document: json, definition: try ControlDefinition(json))
        } catch {
            throw Problem(definition: error, under: member)
        }
    }
}

extension Problem {
    /// A definition that does not load: 400 with its code; `field` is the JSON pointer of the
    /// fault in the request body.
    init(definition error: DocumentError, under member: TreePath) {
        self.init(400, error.code.rawValue, error.message, field: member.appending(error.path).pointer)
    }
}
