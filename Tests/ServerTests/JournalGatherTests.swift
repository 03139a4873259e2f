import Foundation
import Routes
import Synchronization
import Testing
@testable import Server

/// With `--fsync always`, a change written in an event-loop pass is taken when the pass ends, and
/// the flusher then syncs the batch once the other passes in progress have ended (their changes
/// join it), `maximumGather` at the longest; a loop tells the journal when each pass that serves
/// something begins and ends.
@Suite("Journal gather: a pass's changes share one sync, and the wait is bounded")
struct JournalGatherTests {
    static func entry(_ n: Int) -> JournalEntry {
        JournalEntry(session: "s\(n)", payload: Array(#"{"op":"delete","id":"s\#(n)"}"#.utf8))
    }

    /// A journal with its flusher thread on the simulated file system.
    static func journal(maximumGather: Double) throws -> FileJournal {
        try FileJournal.open(directory: "data", policy: .always, clock: TestClock(at: 0), log: { _ in },
                             fileSystem: SimulatedFileSystem(seed: 7), maximumGather: maximumGather).journal
    }

    /// Waits (for the flusher thread, not for time) until every sequence in `sequences` is durable.
    static func awaitDurable(_ journal: FileJournal, _ sequences: [UInt64]) -> Bool {
        let group = DispatchGroup()
        for sequence in sequences {
            group.enter()
            journal.whenDurable(sequence) { _ in group.leave() }
        }
        return group.wait(timeout: .now() + 30) == .success
    }

    @Test func theChangesOfOnePassShareOneSync() throws {
        let journal = try Self.journal(maximumGather: 3600)
        let loop = journal.joinLoop()
        journal.passBegan(loop)
        let sequences = try (0..<5).map { try journal.write(Self.entry($0)) }
        // The pass is in progress: nothing woke the flusher, and the bound is an hour away.
        #expect(journal.statistics.snapshot.syncs == 0)
        #expect(!journal.isDurable(sequences[0]))
        journal.passEnded(loop)
        #expect(Self.awaitDurable(journal, sequences))
        let stats = journal.statistics.snapshot
        #expect(stats.appends == 5)
        #expect(stats.syncs == 1)
        journal.close()
    }

    /// Loop 1's pass ends with a change in the batch while loop 2 is in a pass: that pass's change
    /// joins the same sync.
    @Test func aBatchWaitsForThePassesInProgressElsewhere() throws {
        let journal = try Self.journal(maximumGather: 3600)
        let first = journal.joinLoop(), second = journal.joinLoop()
        journal.passBegan(first)
        journal.passBegan(second)
        let one = try journal.write(Self.entry(1))
        journal.passEnded(first)
        let two = try journal.write(Self.entry(2))
        #expect(!journal.isDurable(one))
        journal.passEnded(second)
        #expect(Self.awaitDurable(journal, [one, two]))
        #expect(journal.statistics.snapshot.syncs == 1)
        journal.close()
    }

    /// A journal synced step by step (`flush()`) on a clock the test moves, with two loops in a
    /// pass each; the first writes a change and ends its pass, then the journal is flushed once.
    struct TwoPasses {
        let clock = TestClock(at: 100)
        let journal: FileJournal
        let second: Int
        let sequence: UInt64

        init(maximumGather: Double) throws {
            journal = try FileJournal.open(directory: "data", policy: .always, clock: clock, log: { _ in },
                                           fileSystem: SimulatedFileSystem(seed: 7), flushing: .manual,
                                           maximumGather: maximumGather).journal
            let first = journal.joinLoop()
            second = journal.joinLoop()
            journal.passBegan(first)
            journal.passBegan(second)
            sequence = try journal.write(JournalGatherTests.entry(1))
            journal.passEnded(first)
            journal.flush()
        }
    }

    /// A pass elsewhere that does not end holds a batch for `maximumGather` at most, on the
    /// journal's clock: not synced 0.4 ms after the gather began, synced 0.6 ms after it.
    @Test func theWaitForAnotherLoopsPassIsBounded() throws {
        let run = try TwoPasses(maximumGather: 0.0005)
        #expect(!run.journal.isDurable(run.sequence))
        run.clock.advance(to: 100.0004)
        run.journal.flush()
        #expect(!run.journal.isDurable(run.sequence))
        run.clock.advance(to: 100.0006)
        run.journal.flush()
        #expect(run.journal.isDurable(run.sequence))
        #expect(run.journal.statistics.snapshot.syncs == 1)
        run.journal.passEnded(run.second)
        run.journal.close()
    }

    /// The gathered pass's end lets the batch go at once, well inside the bound; a change written
    /// after the gather began (by that pass) shares the sync.
    @Test func theGatheredPassEndingEndsTheWait() throws {
        let run = try TwoPasses(maximumGather: 3600)
        #expect(!run.journal.isDurable(run.sequence))
        let two = try run.journal.write(Self.entry(2))
        run.journal.passEnded(run.second)
        run.journal.flush()
        #expect(run.journal.isDurable(run.sequence) && run.journal.isDurable(two))
        #expect(run.journal.statistics.snapshot.syncs == 1)
        run.journal.close()
    }

    /// `--fsync-gather-us 0`: the batch goes while the other loop's pass is still in progress.
    @Test func aZeroBoundNeverWaits() throws {
        let run = try TwoPasses(maximumGather: 0)
        #expect(run.journal.isDurable(run.sequence))
        run.journal.passEnded(run.second)
        run.journal.close()
    }

    /// A change made outside every pass (an expiry found by a sweep, a compaction) is synced
    /// without waiting for any.
    @Test func aChangeOutsideEveryPassIsSyncedWithoutAWait() throws {
        let journal = try Self.journal(maximumGather: 3600)
        let loop = journal.joinLoop()
        journal.passBegan(loop)
        journal.passEnded(loop)
        let sequence = try journal.write(Self.entry(1))
        #expect(Self.awaitDurable(journal, [sequence]))
        journal.close()
    }

    /// The loop tells its observer of each pass that serves something, around the serving: the
    /// responder runs inside a pass, and a pass that serves nothing tells nothing.
    @Test func anEventLoopReportsThePassesThatServe() throws {
        let observer = RecordingPasses()
        let harness = try LoopHarness(responder: PassCheckingResponder(observer: observer), passes: observer)
        #expect(observer.calls == ["join"])
        harness.run(for: 0.5)
        #expect(observer.calls == ["join"])     // no event: no pass
        let peer = harness.connect(sending: "GET /a HTTP/1.1\r\nHost: x\r\n\r\n")
        harness.settle()
        #expect(String(decoding: peer.received, as: UTF8.self).contains("in pass: true"))
        let calls = observer.calls
        #expect(calls.count >= 3)
        #expect(calls.dropFirst().enumerated().allSatisfy { $0.element == ($0.offset % 2 == 0 ? "began 0" : "ended 0") })
        #expect(calls.last == "ended 0")
        harness.stop()
        harness.run(for: 5)
    }
}

final class RecordingPasses: PassObserver, @unchecked Sendable {
    private let state = Mutex<(calls: [String], inPass: Bool)>(([], false))
    var calls: [String] { state.withLock { $0.calls } }
    var inPass: Bool { state.withLock { $0.inPass } }

    func joinLoop() -> Int {
        state.withLock { $0.calls.append("join") }
        return 0
    }

    func passBegan(_ loop: Int) {
        state.withLock { $0.calls.append("began \(loop)"); $0.inPass = true }
    }

    func passEnded(_ loop: Int) {
        state.withLock { $0.calls.append("ended \(loop)"); $0.inPass = false }
    }
}

/// Answers whether the loop was in a pass when it asked.
struct PassCheckingResponder: Responder {
    let observer: RecordingPasses
    func respond(to request: HTTPRequest) -> HTTPResponse {
        HTTPResponse(status: 200, contentType: "text/plain", body: Array("in pass: \(observer.inPass)".utf8))
    }
}
