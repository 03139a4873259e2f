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
/// Modes: `sync` (delivered inside onReady), `never`, `held` (the test delivers, see `held(_:)`),
/// `batch` (by `batcher`), anything else at once from another thread.
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
            default:
                _ = onNewThread { deliver(response) }
            }
        }
        made.withLock { $0.append(pending) }
        return HTTPResponse(pending: pending)
    }

    var pendings: [StubPending] { made.withLock { $0 } }

    /// The first `count` held deliveries, in the order the requests arrived (fewer if they have not).
    func held(_ count: Int) -> [HeldDelivery] {
        Array(holding.deliveries.withLock { $0 }.prefix(count))
    }
}

/// Stands in for the journal's flusher: a thread that wakes when something is queued and delivers
/// everything queued since its last pass, as one group commit does.
final class BatchDeliverer: Sendable {
    private let queue: Queue
    private let finished: DispatchSemaphore

    private final class Queue: Sendable {
        let deliveries = Mutex<[@Sendable () -> Void]>([])
        let queued = DispatchSemaphore(value: 0)
        let stopping = Atomic<Bool>(false)
        let batches = Atomic<Int>(0)
    }

    init() {
        let queue = Queue()
        self.queue = queue
        finished = onNewThread {
            var taken: [@Sendable () -> Void] = []
            while true {
                queue.queued.wait()
                guard !queue.stopping.load(ordering: .relaxed) else { return }
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
        queue.queued.signal()
    }

    /// Passes that delivered something.
    var batchCount: Int { queue.batches.load(ordering: .relaxed) }

    func stop() {
        queue.stopping.store(true, ordering: .relaxed)
        queue.queued.signal()
        finished.wait()
    }
}
