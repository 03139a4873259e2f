import Dispatch
import Foundation
import Glibc
import HTTP1
import Routes
import Synchronization
@testable import Server

/// A `PendingResponse` whose delivery the test decides: `start` gets the server's `deliver` from
/// `onReady` and calls it at once, later from another thread, or never. Counts `onReady` calls.
final class StubPending: PendingResponse {
    private let start: @Sendable (@escaping @Sendable (HTTPAnswer) -> Void) -> Void
    private let readyCalls = Atomic<Int>(0)

    init(_ start: @escaping @Sendable (@escaping @Sendable (HTTPAnswer) -> Void) -> Void) {
        self.start = start
    }

    func onReady(_ deliver: @escaping @Sendable (HTTPAnswer) -> Void) {
        readyCalls.add(1, ordering: .relaxed)
        start(deliver)
    }

    var onReadyCalls: Int { readyCalls.load(ordering: .relaxed) }
}

/// A delivery the test makes by hand, for the request with `target`.
struct HeldDelivery: Sendable {
    let target: String
    let response: HTTPAnswer
    let deliver: @Sendable (HTTPAnswer) -> Void

    func callAsFunction() {
        deliver(response)
    }
}

/// Answers `/pending/<mode>` with a pending `201 text/plain` response whose body says
/// "METHOD target bodyBytes" (as the route saw it: GET for HEAD); everything else like `EchoResponder`.
/// Modes: `sync` (delivered inside onReady), `after/<ms>` (from another thread), `never`, `held` (the
/// test delivers, see `held(_:)`), `batch` (by `batcher`), `stream` (a 3-event stream, from another thread).
final class PendingResponder: Responder {
    let batcher: BatchDeliverer?
    private let made = Mutex<[StubPending]>([])
    private let holding = Holding()

    private final class Holding: Sendable {
        let deliveries = Mutex<[HeldDelivery]>([])
    }

    init(batcher: BatchDeliverer? = nil) {
        self.batcher = batcher
    }

    func respond(to request: HTTPRequest) -> HTTPResponse {
        guard request.path.hasPrefix("/pending/") else { return EchoResponder().respond(to: request) }
        let response = HTTPAnswer(status: 201, contentType: "text/plain",
                                    body: Array("\(request.method) \(request.target) \(request.body.count)".utf8))
        let mode = request.path.dropFirst("/pending/".count)
        let pending = StubPending { [target = request.target, batcher, holding] deliver in
            switch mode {
            case "sync":
                deliver(response)
            case "never":
                break
            case "held":
                holding.deliveries.withLock { $0.append(HeldDelivery(target: target, response: response, deliver: deliver)) }
            case "batch":
                batcher?.enqueue { deliver(response) }
            case "stream":
                _ = onNewThread {
                    usleep(20_000)
                    deliver(HTTPAnswer(status: 200, headers: HTTPHeaders([("Content-Type", "text/event-stream")]),
                                         stream: StubStream(interval: 0.01, count: 3)))
                }
            default:
                let delay = mode.hasPrefix("after/") ? Double(mode.dropFirst(6)) ?? 0 : 0
                _ = onNewThread {
                    usleep(UInt32(delay * 1000))
                    deliver(response)
                }
            }
        }
        made.withLock { $0.append(pending) }
        return HTTPResponse(pending: pending)
    }

    var pendings: [StubPending] { made.withLock { $0 } }

    /// The first `count` held deliveries, in the order the requests arrived, waiting up to `timeout`
    /// for them; fewer if they do not come.
    func held(_ count: Int, timeout: Double = 2) -> [HeldDelivery] {
        let deadline = MonotonicClock.now() + timeout
        while MonotonicClock.now() < deadline {
            let held = holding.deliveries.withLock { $0 }
            if held.count >= count { return Array(held.prefix(count)) }
            usleep(1000)
        }
        return holding.deliveries.withLock { $0 }
    }
}

/// Stands in for the journal's flusher: a thread that every `interval` delivers everything queued
/// since its last pass, as one group commit does.
final class BatchDeliverer: Sendable {
    private let queue: Queue
    private let finished: DispatchSemaphore

    private final class Queue: Sendable {
        let deliveries = Mutex<[@Sendable () -> Void]>([])
        let stopping = Atomic<Bool>(false)
        let batches = Atomic<Int>(0)
    }

    init(interval: Double) {
        let queue = Queue()
        self.queue = queue
        finished = onNewThread {
            var taken: [@Sendable () -> Void] = []
            while !queue.stopping.load(ordering: .relaxed) {
                usleep(UInt32(interval * 1_000_000))
                queue.deliveries.withLock { swap(&$0, &taken) }
                guard !taken.isEmpty else { continue }
                queue.batches.add(1, ordering: .relaxed)
                for deliver in taken { deliver() }
                taken.removeAll(keepingCapacity: true)
            }
        }
    }

    func enqueue(_ delivery: @escaping @Sendable () -> Void) {
        queue.deliveries.withLock { $0.append(delivery) }
    }

    /// Passes that delivered something.
    var batchCount: Int { queue.batches.load(ordering: .relaxed) }

    func stop() {
        queue.stopping.store(true, ordering: .relaxed)
        finished.wait()
    }
}
