import Glibc
import Routes
import Testing
@testable import Server

/// A full or failing disk, simulated (`SimulatedFileSystem.inject`): the journal's write or its
/// fdatasync fails with ENOSPC or EIO while changes wait. Every change waiting on it, and every
/// later one, is refused with a problem of its own code (507 `journal_full` for a full disk, 503
/// `journal_unavailable` otherwise) and a Retry-After; reads are served meanwhile; after a restart
/// (the disk working again, space freed) every acknowledged change is there, a refused batch is
/// there whole or not at all, and changes are accepted again. `scripts/full-disk-test.sh` does
/// the same on a real file system that fills up.
@Suite("Journal on a full or failing disk: refused with their own code and Retry-After, reads served, nothing acknowledged lost")
struct JournalFailureTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var fault: SimulatedFileSystem.Fault
        var status: Int
        var code: String
        var testDescription: String { "\(fault) → \(status) \(code)" }
    }

    static let cases = [
        Case(fault: .write(errno: ENOSPC), status: 507, code: "journal_full"),
        Case(fault: .write(errno: EIO), status: 503, code: "journal_unavailable"),
        Case(fault: .sync(errno: EIO), status: 503, code: "journal_unavailable"),
        Case(fault: .sync(errno: ENOSPC), status: 507, code: "journal_full"),
    ]

    static let tap = #"{"events":[{"type":"touchDown","t":%T,"x":25,"y":15},{"type":"touchUp","t":%U,"x":25,"y":15}]}"#

    static func tap(at t: Int) -> String {
        tap.replacingOccurrences(of: "%T", with: "\(t)").replacingOccurrences(of: "%U", with: "\(t).05")
    }

    static func eventCount(_ harness: JournalHarness, _ id: String) throws -> Int? {
        let answer = harness.get("/v1/sessions/\(id)")
        guard answer.status == 200 else { return nil }
        return try JSONParser().parse(answer.body)["eventCount"]?.intValue
    }

    static func expectRefused(_ answer: HTTPAnswer?, _ expected: Case, _ context: String) throws {
        let answer = try #require(answer, "\(context): no answer")
        #expect(answer.status == expected.status, "\(context)")
        #expect(try JSONParser().parse(answer.body)["code"]?.stringValue == expected.code, "\(context)")
        #expect(answer.headers["Retry-After"] == "30", "\(context)")
    }

    @Test(arguments: cases)
    func aFailingDiskRefusesWithItsCodeServesReadsAndLosesNothingAcknowledged(_ expected: Case) throws {
        let files = SimulatedFileSystem(seed: 11)
        let ids = SequentialIDs()
        let harness = try JournalHarness(files: files, ids: { ids.next() })
        for _ in 1...3 { #expect(harness.answer("POST", "/v1/sessions", #"{"control":"switch"}"#)?.status == 201) }
        for t in 0..<4 {
            for id in ["s1", "s2", "s3"] { #expect(harness.answer("POST", "/v1/sessions/\(id)/events", Self.tap(at: t))?.status == 200) }
        }
        let acknowledged = 8
        files.inject(expected.fault)
        // Two changes wait in one batch when the disk fails under it.
        let first = harness.send("POST", "/v1/sessions/s1/events", Self.tap(at: 10))
        let second = harness.send("POST", "/v1/sessions/s2/events", Self.tap(at: 10))
        harness.journal.flush()
        try Self.expectRefused(first.answer, expected, "the batch's first change")
        try Self.expectRefused(second.answer, expected, "the batch's second change")
        // Later changes are refused at once, the same way.
        try Self.expectRefused(harness.answer("POST", "/v1/sessions", #"{"control":"switch"}"#), expected, "a later create")
        try Self.expectRefused(harness.answer("POST", "/v1/sessions/s3/events", Self.tap(at: 10)), expected, "a later batch")
        try Self.expectRefused(harness.answer("DELETE", "/v1/sessions/s3"), expected, "a later delete")
        // Reads are served.
        #expect(try Self.eventCount(harness, "s3") == acknowledged)
        #expect(harness.get("/v1/sessions/s3/frames?from=0&to=1&fps=10").status == 200)
        #expect(harness.get("/healthz").status == 200)

        // The next start, the disk working again: every acknowledged change, refused ones whole or gone.
        let restarted = files.restarted(failAt: nil)
        let again = try JournalHarness(files: restarted, ids: { ids.next() })
        #expect(again.report.damage.isEmpty && again.report.damagedSessions == 0)
        #expect(try Self.eventCount(again, "s3") == acknowledged)
        for id in ["s1", "s2"] {
            let count = try #require(try Self.eventCount(again, id), "\(id) is gone")
            #expect(count == acknowledged || count == acknowledged + 2, "\(id): \(count) events, half a batch")
            if case .write = expected.fault { #expect(count == acknowledged, "\(id): a batch whose write failed is cut back") }
        }
        #expect(again.answer("POST", "/v1/sessions/s3/events", Self.tap(at: 20))?.status == 200)
        #expect(try Self.eventCount(again, "s3") == acknowledged + 2)
    }
}
