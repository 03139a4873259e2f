import Foundation
import HTTP1
import Routes
import Testing
@testable import Server

/// Sessions of every kind, journalled to disk, answer byte for byte the same after a restart.
@Suite("Restart: frames byte-identical after replaying the file journal")
struct RestartTests {
    static let requests: [(String, String, String)] = [
        ("POST", "/v1/sessions", #"{"control":"switch","config":{"animation":{"type":"spring","spring":{"response":0.3,"dampingRatio":0.75}}}}"#),
        ("POST", "/v1/sessions", #"{"control":"button","config":{"changesSelectionAsPrimaryAction":true}}"#),
        ("POST", "/v1/sessions", #"{"control":"card","config":{"release":"velocity"}}"#),
        ("POST", "/v1/sessions", #"{"control":"progressButton","clock":"wall"}"#),
        ("POST", "/v1/sessions/s1/events", #"{"events":[{"type":"touchDown","t":0,"x":25,"y":15},{"type":"touchUp","t":0.1,"x":25,"y":15}]}"#),
        ("POST", "/v1/sessions/s2/events", #"{"type":"tap","t":0.05,"x":100,"y":25}"#),
        ("POST", "/v1/sessions/s3/events", #"{"type":"drag","t":0,"from":{"x":100,"y":800},"to":{"x":100,"y":700},"duration":0.15}"#),
        ("POST", "/v1/sessions/s3/events", #"{"type":"toggle","t":1}"#),
        ("POST", "/v1/sessions/s4/events", #"{"type":"start","t":0.05,"startRatio":0.25}"#),
    ]

    final class Counter: @unchecked Sendable {
        var next = 0
        func id() -> String { next += 1; return "s\(next)" }
    }

    /// A router whose clocks stand at `now` (monotonic) and 1.7e9 + `now` (epoch): each restart
    /// happens later than the one before, as a real one does.
    func router(_ journal: FileJournal, at now: Double) -> Application {
        let ids = Counter()
        return makeApp(AppEnvironment(now: { now }, makeID: { ids.id() }, epoch: { 1_700_000_000 + now }, journal: journal))
    }

    /// The answer, waited for when it is pending on the journal (as the server does, off its thread).
    func answer(_ router: Application, _ request: HTTPRequest) throws -> HTTPAnswer {
        router.respond(to: request).ready
    }

    func frames(_ router: Application) -> [[UInt8]] {
        (1...4).flatMap { n in
            ["?from=0&to=3&fps=60", "?from=0.9&to=1.4&fps=240"].map { query in
                router.respond(to: HTTPRequest(method: "GET", target: "/v1/sessions/s\(n)/frames\(query)")).body
            }
        }
    }

    @Test func everyControlAnswersTheSameAfterARestart() throws {
        let dir = NSTemporaryDirectory() + "restart-test-\(UUID().uuidString)"
        let first = try FileJournal.open(directory: dir)
        let before = router(first.journal, at: 100)
        _ = before.restore(first.replay)
        for (method, target, body) in Self.requests {
            let status = try answer(before, HTTPRequest(method: method, target: target, body: Array(body.utf8))).status
            #expect(status == 200 || status == 201, "\(method) \(target)")
        }
        let expected = frames(before)
        first.journal.close()

        let second = try FileJournal.open(directory: dir)
        let after = router(second.journal, at: 5000)
        let report = after.restore(second.replay)
        #expect(report.sessions == 4 && report.unusable.isEmpty && report.damage.isEmpty)
        #expect(frames(after) == expected)
        // Compacted, the journal still rebuilds the same sessions.
        try second.journal.compact(snapshot: after.snapshot)
        second.journal.close()
        let third = try FileJournal.open(directory: dir)
        let compacted = router(third.journal, at: 9000)
        _ = compacted.restore(third.replay)
        #expect(frames(compacted) == expected)
        third.journal.close()
    }
}
