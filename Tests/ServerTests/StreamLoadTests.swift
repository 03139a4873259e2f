import Dispatch
import Glibc
import Synchronization
import Testing
@testable import Server

/// Many streams at once must each keep their rate, and must not slow ordinary requests down.
@Suite(.serialized) struct StreamLoadTests {
    static let host = "Host: t\r\n"

    /// 200 streams at 60 Hz for 3 s on two loops; meanwhile a plain client asks every 100 ms.
    /// The seconds of blocking reads run on a thread of their own, not on one of the test runner's few.
    @Test func twoHundredStreamsKeepTheirRateAndPlainRequestsStayFast() async throws {
        let (rates, latencies) = try await onOwnThread(Self.measureTwoHundredStreams)
        #expect(rates.count == 200)
        #expect(rates.allSatisfy { (54 ... 66).contains($0) }, "rates from \(rates.min() ?? 0) to \(rates.max() ?? 0) Hz")
        #expect(latencies.count == 25)
        #expect((latencies.max() ?? 1) < 0.1, "slowest plain request \(latencies.max() ?? 1) s")
    }

    /// Each stream's event rate over the window, and the plain requests' latencies, in seconds.
    static func measureTwoHundredStreams() throws -> (rates: [Double], latencies: [Double]) {
        let responder = StreamResponder { StubStream(interval: 1.0 / 60) }
        var measured: (rates: [Double], latencies: [Double]) = ([], [])
        try TestServer.run(responder: responder) { server in
            let swarm = try EventCounter(port: server.port, streams: 200)
            swarm.read(for: 0.5)
            let before = swarm.counts
            let plain = PlainProber(port: server.port, interval: 0.1, count: 25)
            let window = swarm.read(for: 3)
            measured = (zip(swarm.counts, before).map { Double($0 - $1) / window }, plain.finish())
        }
        return measured
    }
}

/// Opens `streams` connections to `/stream` and counts their events (blank-line terminated, so chunk
/// framing never counts) on the test thread with poll(2).
final class EventCounter {
    private let clients: [TestClient]
    private var pollSet: [pollfd]
    private var lastByte: [UInt8]
    private(set) var counts: [Int]
    private var buffer = [UInt8](repeating: 0, count: 64 * 1024)

    init(port: Int, streams: Int) throws {
        clients = try (0 ..< streams).map { _ in try TestClient.connect(port: port) }
        for client in clients {
            try client.send("GET /stream HTTP/1.1\r\nHost: t\r\n\r\n")
        }
        pollSet = clients.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
        lastByte = Array(repeating: 0, count: streams)
        counts = Array(repeating: 0, count: streams)
    }

    /// Reads whatever arrives for `seconds`; returns the time that actually passed.
    @discardableResult
    func read(for seconds: Double) -> Double {
        let started = MonotonicClock.now()
        while MonotonicClock.now() - started < seconds {
            guard poll(&pollSet, nfds_t(pollSet.count), 10) > 0 else { continue }
            for index in pollSet.indices where pollSet[index].revents != 0 {
                drain(index)
            }
        }
        return MonotonicClock.now() - started
    }

    private func drain(_ index: Int) {
        let count = recv(pollSet[index].fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
        guard count > 0 else { return }
        for byte in buffer[..<count] {
            if byte == 0x0A, lastByte[index] == 0x0A { counts[index] += 1 }
            lastByte[index] = byte
        }
    }
}

/// Sends a plain GET every `interval` on one keep-alive connection from a background thread and
/// records how long each answer took.
final class PlainProber: Sendable {
    private let latencies = Mutex<[Double]>([])
    private let done = Mutex<DispatchSemaphore?>(nil)

    init(port: Int, interval: Double, count: Int) {
        let done = onNewThread {
            guard let client = try? TestClient.connect(port: port) else { return }
            for index in 0 ..< count {
                let started = MonotonicClock.now()
                guard (try? client.send("GET /plain\(index) HTTP/1.1\r\nHost: t\r\n\r\n")) != nil,
                      (try? client.readResponse()) != nil else { return }
                let took = MonotonicClock.now() - started
                self.latencies.withLock { $0.append(took) }
                usleep(UInt32(max(0, interval - took) * 1_000_000))
            }
        }
        self.done.withLock { $0 = done }
    }

    /// Waits for the last request; the latencies in seconds.
    func finish() -> [Double] {
        done.withLock { $0 }?.wait()
        return latencies.withLock { $0 }
    }
}
