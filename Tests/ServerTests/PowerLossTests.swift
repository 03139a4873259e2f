import Routes
import Synchronization
import Testing
@testable import Server
import TestSupport

/// Power loss, simulated: clients create sessions, post batches, delete sessions and the
/// journal compacts, over a file system that loses power at a random operation (seeded) and
/// keeps only what was synced, plus a random prefix of each file's unsynced appends. After
/// every restart, every acknowledged change is there, nothing refused is, every change whose
/// answer never came is there whole or not at all, no session is reported damaged, and every
/// session's frames equal those of a server that was never journalled, fed the same changes.
@Suite("Power loss, simulated: every acknowledged change survives, nothing half-applied appears")
struct PowerLossTests {
    enum Outcome: Equatable {
        case acknowledged
        /// Refused before anything was written: must not appear.
        case refused
        /// In flight when the power went: may appear, whole.
        case unknown
    }

    struct Batch {
        var body: String
        var events: Int
        var outcome: Outcome
    }

    struct Tracked {
        var control: String
        var create: String
        var created: Outcome
        var batches: [Batch] = []
        var deleted: Outcome?
        var nextTime = 0.0
    }

    /// A valid batch for the control, starting at `t`.
    static func batch(_ control: String, at t: Double, _ random: inout SplitMix64) -> (String, Int) {
        switch control {
        case "progressButton":
            let command = ["start", "cancel", "pause", "resume"][random.next(upTo: 4)]
            return (#"{"type":"\#(command)","t":\#(t)}"#, 1)
        case "card":
            return (#"{"type":"drag","t":\#(t),"from":{"x":100,"y":800},"to":{"x":100,"y":\#(560 + random.next(upTo: 200))},"duration":0.25}"#, 17)
        default:
            return (#"{"type":"tap","t":\#(t),"x":25,"y":15}"#, 2)
        }
    }

    static let controls = ["switch", "button", "card", "progressButton"]

    struct Counts: Sendable, CustomStringConvertible {
        var runs = 0
        var powerLosses = 0
        /// Power lost while the journal was being opened.
        var lostAtStart = 0
        var compactions = 0
        /// Sessions and batches found as acknowledged (or in flight and kept whole) after restarts.
        var sessionsChecked = 0
        var batchesChecked = 0
        /// Changes in flight when the power went: kept whole, or gone whole.
        var inFlightKept = 0
        var inFlightGone = 0

        static func + (a: Counts, b: Counts) -> Counts {
            Counts(runs: a.runs + b.runs, powerLosses: a.powerLosses + b.powerLosses, lostAtStart: a.lostAtStart + b.lostAtStart,
                   compactions: a.compactions + b.compactions, sessionsChecked: a.sessionsChecked + b.sessionsChecked,
                   batchesChecked: a.batchesChecked + b.batchesChecked, inFlightKept: a.inFlightKept + b.inFlightKept,
                   inFlightGone: a.inFlightGone + b.inFlightGone)
        }

        var description: String {
            "\(runs) runs, \(powerLosses) power losses (\(lostAtStart) during start-up), \(compactions) compactions; "
                + "\(sessionsChecked) session checks and \(batchesChecked) batch checks after restarts, every acknowledged one there; "
                + "changes in flight kept whole \(inFlightKept) times, gone whole \(inFlightGone) times"
        }
    }

    static let seeds = 24
    static let tally = Mutex((counts: Counts(), runs: 0))

    final class Run {
        var random: SplitMix64
        var sessions: [String: Tracked] = [:]
        var order: [String] = []
        var counts = Counts()

        init(seed: UInt64) { random = SplitMix64(seed: seed &* 7919 &+ 17) }

        /// Opens the journal; the power may go during start-up too, and then the machine boots again.
        func boot(_ files: inout SimulatedFileSystem, ids: SequentialIDs) -> JournalHarness {
            while true {
                if let harness = try? JournalHarness(files: files, ids: { ids.next() }) { return harness }
                counts.lostAtStart += 1
                counts.powerLosses += 1
                files = files.restarted(failAt: 1 + random.next(upTo: 400))
            }
        }

        /// Drives clients until the power goes (or `steps` run out).
        func work(_ harness: JournalHarness, ids: SequentialIDs, steps: Int) {
            var waiting: [(JournalHarness.Delivery, (Outcome) -> Void)] = []
            func settle(powerLost: Bool) {
                waiting = waiting.filter { delivery, record in
                    guard let answer = delivery.answer else {
                        if powerLost { record(.unknown) }
                        return !powerLost
                    }
                    // 503 after writing (the sync failed): what happened is unknown.
                    record(answer.status < 300 ? .acknowledged : .unknown)
                    return false
                }
            }
            for _ in 0..<steps where !harness.files.poweredOff {
                let live = order.filter { sessions[$0]?.created == .acknowledged && sessions[$0]?.deleted == nil }
                switch random.next(upTo: 16) {
                case 0...2:
                    let control = PowerLossTests.controls[random.next(upTo: PowerLossTests.controls.count)]
                    let body = #"{"control":"\#(control)"}"#
                    let answer = harness.router.respond(to: HTTPRequest(method: "POST", target: "/v1/sessions", body: Array(body.utf8)))
                    if case .now(let refusal) = answer, refusal.status == 503 { continue }   // refused: nothing written
                    let delivery = JournalHarness.Delivery()
                    delivery.track(answer)
                    let id = ids.last
                    order.append(id)
                    sessions[id] = Tracked(control: control, create: body, created: .unknown)
                    waiting.append((delivery, { [self] in sessions[id]?.created = $0 }))
                case 3...10 where !live.isEmpty:
                    let id = live[random.next(upTo: live.count)]
                    guard var tracked = sessions[id] else { continue }
                    let (body, events) = PowerLossTests.batch(tracked.control, at: tracked.nextTime, &random)
                    let delivery = harness.send("POST", "/v1/sessions/\(id)/events", body)
                    if delivery.answer?.status == 503 {
                        tracked.batches.append(Batch(body: body, events: events, outcome: .refused))
                    } else {
                        let index = tracked.batches.count
                        tracked.batches.append(Batch(body: body, events: events, outcome: .unknown))
                        waiting.append((delivery, { [self] in sessions[id]?.batches[index].outcome = $0 }))
                    }
                    tracked.nextTime = (tracked.nextTime + 0.5).rounded(.down) + 0.5
                    sessions[id] = tracked
                case 11 where !live.isEmpty:
                    let id = live[random.next(upTo: live.count)]
                    let delivery = harness.send("DELETE", "/v1/sessions/\(id)")
                    if delivery.answer?.status == 503 { continue }
                    sessions[id]?.deleted = .unknown
                    waiting.append((delivery, { [self] in sessions[id]?.deleted = $0 }))
                case 12:
                    if (try? harness.journal.compact(snapshot: harness.router.snapshot)) != nil { counts.compactions += 1 }
                default:
                    harness.journal.flush()
                }
                settle(powerLost: false)
            }
            harness.journal.flush()
            settle(powerLost: harness.files.poweredOff)
        }

        /// After a restart: checks every session against what its clients were told, then
        /// resolves what was unknown to what survived.
        func check(_ harness: JournalHarness, _ reference: ReferenceServer, seed: UInt64) throws {
            #expect(harness.report.damage.isEmpty && harness.report.damagedSessions == 0 && harness.report.unusable.isEmpty,
                    "seed \(seed): \(harness.report)")
            #expect(try JSONParser().parse(harness.get("/readyz").body)["status"] == "ready", "seed \(seed)")
            for id in order {
                guard var tracked = sessions[id] else { continue }
                let answer = harness.get("/v1/sessions/\(id)")
                let context = "seed \(seed), \(id): \(answer.status) \(String(decoding: answer.body, as: UTF8.self).prefix(200))"
                let present = answer.status == 200
                #expect(present || answer.status == 404, "\(context)")
                // What must be there, what must not, and what may be.
                if tracked.created == .acknowledged && tracked.deleted == nil { #expect(present, "\(context): acknowledged, lost") }
                if tracked.created == .refused || tracked.deleted == .acknowledged { #expect(!present, "\(context): should be gone") }
                guard present else {
                    if tracked.created == .unknown || tracked.deleted == .unknown { counts.inFlightGone += 1 }
                    sessions[id] = nil
                    continue
                }
                if tracked.created == .unknown || tracked.deleted == .unknown { counts.inFlightKept += 1 }
                tracked.created = .acknowledged
                tracked.deleted = nil
                let count = try #require(try JSONParser().parse(answer.body)["eventCount"]?.intValue)
                // The batches held: every acknowledged one, then a prefix of those in flight (durable in order).
                var held = 0
                var kept: [Batch] = []
                for batch in tracked.batches where batch.outcome != .refused {
                    guard batch.outcome == .acknowledged || held + batch.events <= count else { break }
                    held += batch.events
                    if batch.outcome == .unknown { counts.inFlightKept += 1 }
                    kept.append(Batch(body: batch.body, events: batch.events, outcome: .acknowledged))
                }
                let inFlight = tracked.batches.filter { $0.outcome == .unknown }.count
                let keptInFlight = kept.count - tracked.batches.filter { $0.outcome == .acknowledged }.count
                counts.inFlightGone += inFlight - keptInFlight
                #expect(held == count, "\(context): holds \(count) events, not a whole prefix of its batches (\(tracked.batches.map { ($0.events, $0.outcome) }))")
                tracked.batches = kept
                sessions[id] = tracked
                counts.sessionsChecked += 1
                counts.batchesChecked += kept.count
                let frames = "/frames?from=0&to=\(tracked.nextTime + 1)&fps=10"
                #expect(harness.get("/v1/sessions/\(id)\(frames)").body == reference.frames(tracked, frames), "\(context): frames differ")
            }
        }
    }

    /// An ephemeral server fed the same changes: what the frames must be.
    struct ReferenceServer {
        func frames(_ tracked: Tracked, _ query: String) -> [UInt8] {
            let router = makeApp(AppEnvironment(now: { JournalHarness.now }, makeID: { "r" }, epoch: { JournalHarness.epoch }))
            _ = router.respond(to: HTTPRequest(method: "POST", target: "/v1/sessions", body: Array(tracked.create.utf8)))
            for batch in tracked.batches {
                _ = router.respond(to: HTTPRequest(method: "POST", target: "/v1/sessions/r/events", body: Array(batch.body.utf8)))
            }
            return router.respond(to: HTTPRequest(method: "GET", target: "/v1/sessions/r\(query)")).body
        }
    }

    @Test(arguments: 0..<seeds)
    func everyAcknowledgedChangeSurvivesAPowerLoss(seed: Int) throws {
        let run = Run(seed: UInt64(seed))
        var files = SimulatedFileSystem(seed: UInt64(seed), failAt: 1 + run.random.next(upTo: 400))
        let ids = SequentialIDs()
        for _ in 0..<4 {
            let harness = run.boot(&files, ids: ids)
            try run.check(harness, ReferenceServer(), seed: UInt64(seed))
            run.work(harness, ids: ids, steps: 300)
            if files.poweredOff { run.counts.powerLosses += 1 }
            files = files.restarted(failAt: 1 + run.random.next(upTo: 400))
        }
        // A last boot with the power staying on.
        let final = run.boot(&files, ids: ids)
        try run.check(final, ReferenceServer(), seed: UInt64(seed))
        run.counts.runs = 1
        let total = Self.tally.withLock { tally -> Counts? in
            tally.counts = tally.counts + run.counts
            tally.runs += 1
            return tally.runs == Self.seeds ? tally.counts : nil
        }
        if let total {
            print("power loss: \(total)")
            #expect(total.powerLosses > 60 && total.inFlightKept > 0 && total.inFlightGone > 0 && total.compactions > 0)
        }
    }
}
