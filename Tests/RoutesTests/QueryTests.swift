import Testing
@testable import Routes

/// A request's query string as the handlers read it: strict (known keys, each once), empty parts
/// skipped, a key without `=` holding "", the value everything after the first `=`, percent-decoded.
@Suite("Query string")
struct QueryTests {
    static let allowed = ["t", "state", "name"]

    @Test func partsAreReadKeyByKey() throws {
        let query = try Query("t=0.25&state=changed", allowed: Self.allowed)
        #expect(query.string("t") == "0.25")
        #expect(try query.number("t") == 0.25)
        #expect(query.string("state") == "changed")
        #expect(query.string("name") == nil)
        #expect(try Query(nil, allowed: Self.allowed).string("t") == nil)
        #expect(try Query("", allowed: Self.allowed).string("t") == nil)
    }

    @Test func emptyPartsAreSkippedAndAKeyAloneIsEmpty() throws {
        let query = try Query("&&state&t=1&", allowed: Self.allowed)
        #expect(query.string("state") == "")
        #expect(query.string("t") == "1")
        let equals = try Query("name=a=b&t=", allowed: Self.allowed)
        #expect(equals.string("name") == "a=b")
        #expect(equals.string("t") == "")
    }

    @Test func keysAndValuesArePercentDecoded() throws {
        let query = try Query("na%6De=a%20b+c%3D", allowed: Self.allowed)
        #expect(query.string("name") == "a b c=")
    }

    @Test(arguments: [
        ("x=1", "unknown query parameter 'x'; this endpoint takes t, state, name", "x"),
        ("t=1&t=2", "query parameter 't' given more than once", "t"),
        ("=1", "unknown query parameter ''; this endpoint takes t, state, name", ""),
        ("name=%zz", "query parameter 'name' is not valid percent-encoded UTF-8", "name"),
    ])
    func strayOrRepeatedKeysAreRefused(raw: String, detail: String, field: String) {
        #expect(throws: Problem(400, "invalid_query", detail, field: field)) {
            try Query(Substring(raw), allowed: Self.allowed)
        }
    }

    @Test func aKeyThatIsNotUTF8IsRefused() {
        #expect(throws: Problem(400, "invalid_query", "query parameter name is not valid percent-encoded UTF-8")) {
            try Query("%ff=1", allowed: Self.allowed)
        }
    }
}
