import Dispatch
import Glibc
import HTTP1
import Routes
import Synchronization
@testable import Server

/// A `ResponseStream` on a fixed grid: poll k (from 1) returns `payload(k)` and asks for the next poll at
/// `first + k × interval`, so late polls never accumulate; after `count` polls it ends (nil: never).
/// Records its polls and cancellations for the test.
final class StubStream: ResponseStream {
    let interval: Double
    let count: Int?
    let payload: @Sendable (Int) -> [UInt8]
    /// What `finish` says when the server stops.
    let farewell: [UInt8]
    let cancelled = DispatchSemaphore(value: 0)
    private let state = Mutex<(polls: Int, first: Double)>((0, 0))
    private let cancels = Atomic<Int>(0)

    init(interval: Double, count: Int? = nil, farewell: String = "",
         payload: @escaping @Sendable (Int) -> [UInt8] = StubStream.event) {
        self.interval = interval
        self.count = count
        self.farewell = Array(farewell.utf8)
        self.payload = payload
    }

    func finish(now: Double) -> [UInt8] {
        farewell
    }

    /// `data: k` as one Server-Sent Event.
    @Sendable static func event(_ k: Int) -> [UInt8] {
        Array("data: \(k)\n\n".utf8)
    }

    func poll(now: Double) -> StreamPoll {
        state.withLock { state in
            if state.polls == 0 { state.first = now }
            state.polls += 1
            let k = state.polls
            let next = count.map { k >= $0 } == true ? nil : state.first + Double(k) * interval
            return StreamPoll(bytes: payload(k), next: next)
        }
    }

    func cancel() {
        cancels.add(1, ordering: .relaxed)
        cancelled.signal()
    }

    var polls: Int { state.withLock { $0.polls } }
    var cancellations: Int { cancels.load(ordering: .relaxed) }
}

/// Answers paths starting with `/stream` with a fresh stream from `make` (kept, so the test can look at
/// it) as `text/event-stream`; passes everything else to `others`.
final class StreamResponder: Responder {
    private let make: @Sendable () -> StubStream
    private let others: any Responder
    private let opened = Mutex<[StubStream]>([])

    init(others: any Responder = EchoResponder(), _ make: @escaping @Sendable () -> StubStream) {
        self.make = make
        self.others = others
    }

    func respond(to request: HTTPRequest) -> HTTPResponse {
        guard request.path.hasPrefix("/stream") else { return others.respond(to: request) }
        let stream = make()
        opened.withLock { $0.append(stream) }
        return HTTPResponse(status: 200, headers: HTTPHeaders([("Content-Type", "text/event-stream")]), stream: stream)
    }

    var streams: [StubStream] { opened.withLock { $0 } }

}
