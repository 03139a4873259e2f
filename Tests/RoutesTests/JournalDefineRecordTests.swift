import AnimationCore
import Testing
@testable import Routes

/// The `define` record put together from a version's compact JSON is the record the writer
/// writes for its document, byte for byte, and reads back as that definition.
@Suite("Journal: the define record from compact JSON")
struct JournalDefineRecordTests {
    static let versions = BuiltInControls.all.map { DefinitionVersion(document: $0.document, definition: $0.definition) }

    @Test("Every built-in's define record equals the one the JSON writer writes")
    func equalsTheWrittenRecord() throws {
        #expect(Self.versions.count >= 5)
        for version in Self.versions {
            let written = JournalRecord.define(digest: version.digest, document: version.document).bytes
            #expect(JournalRecord.define(version) == written, "\(version.digest)")
            guard case let .define(digest, document) = try JournalRecord(parsing: JournalRecord.define(version)) else {
                Issue.record("not read back as a define record"); continue
            }
            #expect(digest == version.digest)
            #expect(document == version.document)
        }
    }

    @Test("A replay recognises a define record by its start, and nothing else as one")
    func recognisedByItsStart() throws {
        let first = try #require(Self.versions.first), second = try #require(Self.versions.last)
        #expect(first.digest != second.digest)
        let payload = JournalRecord.define(first)
        #expect(JournalRecord.isDefine(payload, of: first.digest))
        #expect(!JournalRecord.isDefine(payload, of: second.digest))
        #expect(!JournalRecord.isDefine(Array(#"{"op":"define","digest":""#.utf8) + Array(first.digest.utf8), of: first.digest))
        let create = JournalRecord.create(id: "s1", clock: .virtual, created: 0, control: "switch", digest: first.digest, config: .object([:])).bytes
        #expect(!JournalRecord.isDefine(create, of: first.digest))
    }
}
