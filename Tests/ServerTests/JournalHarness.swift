import Routes
import Synchronization
@testable import Server

/// A router over a `FileJournal` on a `SimulatedFileSystem`, flushed by hand: requests go in,
/// answers that wait for durability come out after the flush that makes them durable.
/// Everything is in one thread and in memory, so the damage and power-loss tests are fast and
/// deterministic.
struct JournalHarness {
    static let directory = "data"
    static let epoch = 1_700_000_000.0
    static let now = 500.0

    let files: SimulatedFileSystem
    let opened: FileJournal.Opened
    let router: Application
    let report: RestoreReport

    var journal: FileJournal { opened.journal }

    /// Opens the journal on `files` and replays it into a fresh router whose ids come from `ids`.
    init(files: SimulatedFileSystem, ids: @escaping @Sendable () -> String = { "unused" }) throws {
        self.files = files
        opened = try FileJournal.open(directory: Self.directory, policy: .always, clock: TestClock(at: 0), log: { _ in },
                                      fileSystem: files, flushing: .manual)
        let journal = opened.journal
        router = makeApp(AppEnvironment(now: { Self.now }, makeID: ids, epoch: { Self.epoch + Self.now }, journal: journal))
        report = router.restore(opened.replay)
    }

    /// What a pending answer delivers, once it has.
    final class Delivery: Sendable {
        private let delivered = Mutex<HTTPAnswer?>(nil)
        var answer: HTTPAnswer? { delivered.withLock { $0 } }
        func deliver(_ answer: HTTPAnswer) { delivered.withLock { $0 = answer } }

        /// Filled from `response` now, or when its pending answer is delivered.
        func track(_ response: HTTPResponse) {
            switch response {
            case .now(let answer): deliver(answer)
            case .later(let pending): pending.onReady { [self] in deliver($0) }
            }
        }
    }

    /// Sends a request; a pending answer is returned as a delivery that fills in on a later flush.
    func send(_ method: String, _ target: String, _ body: String = "") -> Delivery {
        let delivery = Delivery()
        delivery.track(router.respond(to: HTTPRequest(method: method, target: target, body: Array(body.utf8))))
        return delivery
    }

    /// Sends a request, flushes, and returns the answer.
    func answer(_ method: String, _ target: String, _ body: String = "") -> HTTPAnswer? {
        let delivery = send(method, target, body)
        journal.flush()
        return delivery.answer
    }

    func get(_ target: String) -> HTTPResponse {
        router.respond(to: HTTPRequest(method: "GET", target: target))
    }
}

/// Session ids "s1", "s2", … in creation order.
final class SequentialIDs: Sendable {
    private let issued = Mutex(0)

    func next() -> String {
        issued.withLock { count in
            count += 1
            return "s\(count)"
        }
    }

    /// The id issued last.
    var last: String { "s\(issued.withLock { $0 })" }
}

extension FileJournal {
    /// Compacts to the entries `snapshot` returns all at once (tests only: the server hands them
    /// over one at a time, `compact(writing:)`).
    func compact(snapshot: () -> [JournalEntry]) throws {
        try compact { emit in for entry in snapshot() { try emit(entry) } }
    }
}
