import AnimationCore
import Testing
@testable import Routes

/// A definition's digest is taken over its canonical JSON (members sorted by key, numbers in one
/// spelling), so the same definition has one digest whoever sends it; journals written when the
/// digest was taken over the JSON as sent still replay.
@Suite("Definition digests: canonical, and the old ones still replay")
struct DefinitionDigestTests {
    typealias App = JournalTests.App

    static let small = ControlJournalTests.small
    /// `small` with every object's members in another order and its numbers spelled otherwise.
    static let reordered = #"{"layers":[{"backgroundColor":"systemRed","id":"a","frame":{"height":"size","width":"size","y":0.0,"x":0e3}}],"parameters":{"size":{"exclusiveMinimum":0,"default":2.0e1,"type":"number"}}}"#
    /// SHA-256 of `small` with sorted keys and compact separators, computed apart from the
    /// server (Python: `json.dumps(json.loads(small), sort_keys=True, separators=(",", ":"))`).
    static let canonicalDigest = "4a79b0de576b903cdf8298becc51c0cf491fc660b1335809ef5e1d11916dc2cc"
    /// SHA-256 of `small` as written: the digest a journal from before canonical digests holds.
    static let legacyDigest = "c52b51c46e80801ed78ea386ad7dc9630df61ba4353bcca4e3a6238b948f9f81"

    @Test func memberOrderAndNumberSpellingDoNotChangeTheDigest() throws {
        let app = App()
        var digests: [String] = []
        for (name, definition) in [("one", Self.small), ("two", Self.reordered)] {
            let response = app.send("POST", "/v1/controls", #"{"name":"\#(name)","definition":\#(definition)}"#)
            #expect(response.status == 201)
            digests.append(try #require(try JSONParser().parse(response.body)["digest"]?.stringValue))
        }
        #expect(digests == [Self.canonicalDigest, Self.canonicalDigest])
        // The definition is still served as its author wrote it.
        let served = try JSONParser().parse(app.send("GET", "/v1/controls/two").body)["definition"]
        #expect(served.map { serialize($0) }.map { String(decoding: $0, as: UTF8.self) }
                == #"{"layers":[{"backgroundColor":"systemRed","id":"a","frame":{"height":"size","width":"size","y":0,"x":0}}],"parameters":{"size":{"exclusiveMinimum":0,"default":20,"type":"number"}}}"#)
    }

    @Test func everyBuiltInKeepsItsDigestWhenItsMembersAreReversed() throws {
        func reversed(_ json: JSON) -> JSON {
            switch json {
            case let .object(members): .object(JSONObject(members.reversed().map { ($0.key, reversed($0.value)) }))
            case let .array(items): .array(items.map(reversed))
            default: json
            }
        }
        for entry in BuiltInControls.all {
            let original = DefinitionVersion(document: entry.document, definition: entry.definition)
            let flipped = DefinitionVersion(document: reversed(entry.document), definition: entry.definition)
            #expect(flipped.compact != original.compact, "\(entry.name)")
            #expect(flipped.digest == original.digest, "\(entry.name)")
        }
    }

    @Test func aJournalWithTheOldDigestsReplays() throws {
        // As written before digests were canonical: the define record named by the SHA-256 of its
        // JSON as written, a registration and a create naming it, an event.
        let entries = [
            JournalEntry(session: "definition:\(Self.legacyDigest)",
                         payload: Array(#"{"op":"define","digest":"\#(Self.legacyDigest)","definition":\#(Self.small)}"#.utf8)),
            JournalEntry(session: "control:sq", payload: Array(#"{"op":"register","name":"sq","digest":"\#(Self.legacyDigest)"}"#.utf8)),
            JournalEntry(session: "a", payload: Array(#"{"op":"create","id":"a","clock":"virtual","created":1700001000,"control":"sq","digest":"\#(Self.legacyDigest)","config":{"size":30}}"#.utf8)),
            JournalEntry(session: "a", payload: Array(#"{"op":"events","id":"a","base":0,"events":[{"type":"touchDown","t":0,"x":5,"y":5}]}"#.utf8)),
        ]
        let app = App()
        let report = app.router.restore(entries: entries)
        #expect(report.sessions == 1 && report.controls == 1 && report.events == 1 && report.unusable.isEmpty)
        let control = try JSONParser().parse(app.send("GET", "/v1/controls/sq").body)
        #expect(control["digest"]?.stringValue == Self.canonicalDigest)
        let session = try JSONParser().parse(app.send("GET", "/v1/sessions/a").body)
        #expect(session["config"]?["size"] == .number(30) && session["eventCount"] == .number(1))
        // A compaction writes the version under its canonical digest, and that replays too.
        let snapshot = app.router.snapshot()
        #expect(snapshot.contains { $0.session == "definition:\(Self.canonicalDigest)" })
        let again = App()
        let second = again.router.restore(entries: snapshot)
        #expect(second.sessions == 1 && second.controls == 1 && second.unusable.isEmpty)
        #expect(again.send("GET", "/v1/sessions/a/frame?t=0").body == app.send("GET", "/v1/sessions/a/frame?t=0").body)
    }
}

/// A golden written back by a client that orders an emission's members otherwise (a typed client
/// writes its schema's `t` and `name` first) still matches: fields are compared as a set.
@Suite("Comparison: emitted fields in any order")
struct ComparisonMemberOrderTests {
    @Test func anEmissionMatchesWhateverTheOrderOfItsMembers() {
        let emitted: [JSON] = [.object(["t": .number(0.05), "name": .string("panEnded"), "velocityY": .number(-2000)])]
        let reordered: [JSON] = [.object(["velocityY": .number(-2000), "name": .string("panEnded"), "t": .number(0.05)])]
        let (onlyA, onlyB) = FrameComparison.unmatched(emitted, reordered, tolerance: 1e-9)
        #expect(onlyA.isEmpty && onlyB.isEmpty)
        let other: [JSON] = [.object(["velocityY": .number(-1000), "name": .string("panEnded"), "t": .number(0.05)])]
        #expect(FrameComparison.unmatched(emitted, other, tolerance: 1e-9).onlyA.count == 1)
    }
}
