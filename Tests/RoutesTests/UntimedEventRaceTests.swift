import Dispatch
import Synchronization
import Testing
@testable import Routes

/// Events without `t` happen at the session's present. Two clients posting them to one session
/// at once must never be refused as out of order: the stamp is taken under the same lock that
/// applies the events, so no other batch can move the session's time in between.
@Suite("API: untimed events from concurrent clients")
struct UntimedEventRaceTests {
    /// Posts from each of `bodies` `rounds` times, all at once (one thread a body); the answers
    /// that were not 200, with their bodies.
    private static func race(_ app: TestApp, _ id: String, _ bodies: [String], rounds: Int) -> [String] {
        let refusals = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: bodies.count) { client in
            for _ in 0..<rounds {
                let response = app.postEvents(id, bodies[client])
                if response.status != 200 { refusals.withLock { $0.append("\(response.status) \(response.text)") } }
            }
        }
        return refusals.withLock { $0 }
    }

    @Test(arguments: ["virtual", "wall"])
    func untimedTapsAndCommandsAreNeverRefused(clock: String) throws {
        let app = TestApp()
        let id = try app.create(#"{"control":"switch","clock":"\#(clock)"}"#)
        // A tap ends 0.1 s after its stamp, so a stamp taken before another client's tap was
        // applied would be older than that tap's touch-up.
        let rounds = 3_000
        let refusals = Self.race(app, id, [
            #"{"type":"tap","x":25,"y":15}"#,
            #"{"events":[{"type":"setOn","on":true,"animated":false},{"type":"tap","x":25,"y":15}]}"#,
        ], rounds: rounds)
        #expect(refusals.isEmpty, "\(refusals.count) refused, the first: \(refusals.first ?? "")")
        // Every input applied: 2 per tap, 3 per batch.
        #expect(try app.session(id)["eventCount"] == .number(Double(rounds * 2 + rounds * 3)))
        // Each tap moved the session 0.1 s on (the clock never moved, so the wall clock's present
        // is behind the events): 2 × 3,000 taps after one another.
        let time = try #require(try app.session(id)["time"]?.doubleValue)
        #expect(abs(time - 600) < 1e-6)
    }
}
