import Dispatch
import Foundation
import Glibc
import HTTP1
import Routes
import Synchronization
@testable import Server

/// Runs a server on a free loopback port for the duration of `body`, with short timeouts so no
/// test waits long, and stops it afterwards.
enum TestServer {
    static func configuration(_ adjust: (inout Configuration) -> Void = { _ in }) -> Configuration {
        var configuration = Configuration()
        configuration.address = .loopback(port: 0)
        configuration.threads = 2
        configuration.timeouts.shutdownGrace = 1
        adjust(&configuration)
        return configuration
    }

    static func run(_ configuration: Configuration = configuration(), responder: any Responder = EchoResponder(),
                    log: @escaping LogSink = { _ in }, counter: ConnectionCounter = ConnectionCounter(),
                    _ body: (Server) throws -> Void) throws {
        let server = try Server(configuration: configuration, responder: responder, log: log, counter: counter)
        defer { server.stop() }
        try body(server)
    }
}

extension Server {
    /// Runs `stop()` on another thread, as the signal-waiting thread does; the returned semaphore is
    /// signalled when it returns.
    func stopInBackground() -> DispatchSemaphore {
        onNewThread { self.stop() }
    }
}

/// Runs `body` on a thread of its own; the semaphore is signalled when it returns. Not a Dispatch
/// worker: with tests blocking in parallel on two cores, the global queue can start work a second late.
func onNewThread(_ body: @escaping @Sendable () -> Void) -> DispatchSemaphore {
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
        body()
        done.signal()
    }
    return done
}

/// Runs blocking test work on a thread of its own and awaits its result, so the Swift concurrency
/// pool (one thread per core) stays free for other tests. Expectations belong after the await: on
/// that thread they would not be attributed to the test.
func onOwnThread<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
        Thread.detachNewThread {
            continuation.resume(with: Result { try body() })
        }
    }
}

/// Answers "METHOD target bodyBytes", so tests can see which request an answer belongs to.
struct EchoResponder: Responder {
    func respond(to request: HTTPRequest) -> HTTPResponse {
        HTTPResponse(status: 200, contentType: "text/plain", body: Array("\(request.method) \(request.target) \(request.body.count)".utf8))
    }
}

/// Answers with a large body and counts how many requests it saw.
final class LargeResponder: Responder {
    let size: Int
    let calls = Atomic<Int>(0)
    init(size: Int) { self.size = size }
    func respond(to request: HTTPRequest) -> HTTPResponse {
        calls.add(1, ordering: .relaxed)
        return HTTPResponse(status: 200, contentType: "application/octet-stream", body: [UInt8](repeating: 0x61, count: size))
    }
}

/// Collects log lines from every loop thread.
final class LogCollector: Sendable {
    private let lines = Mutex<[String]>([])
    /// A call of the sink may carry several lines (an event loop's batch): kept one by one.
    var sink: LogSink {
        { text in self.lines.withLock { $0 += text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) } }
    }
    var all: [String] { lines.withLock { $0 } }
}

/// Tests read answers as the server sends them: one that comes later (after a journal sync) is
/// waited for, up to 5 s.
extension HTTPResponse {
    var ready: HTTPAnswer {
        switch self {
        case .now(let answer): return answer
        case .later(let pending):
            let box = Mutex<HTTPAnswer?>(nil)
            let arrived = DispatchSemaphore(value: 0)
            pending.onReady { answer in
                box.withLock { $0 = answer }
                arrived.signal()
            }
            guard arrived.wait(timeout: .now() + 5) == .success, let answer = box.withLock({ $0 }) else {
                preconditionFailure("a pending response was not delivered within 5 s")
            }
            return answer
        }
    }

    var status: Int { ready.status }
    var body: [UInt8] { ready.body }
}
