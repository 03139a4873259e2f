import Synchronization

/// Request counts by route and status, and a latency histogram by route, in the Prometheus text
/// format. Other parts of the process (connections, the journal) add their lines through
/// `AppEnvironment.extraMetrics`.
final class Metrics: Sendable {
    /// Upper bounds in seconds of the latency histogram's buckets.
    static let latencyBounds = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1]

    private struct Series: Sendable {
        var counts: [Int: Int] = [:]
        var buckets = [Int](repeating: 0, count: Metrics.latencyBounds.count + 1)
        var sum = 0.0
        var total = 0
    }

    /// The series in the order they are listed: the routes in table order, then the answers no route gave.
    let keys: [RouteKey]
    /// Where each key's series is: matched by what answered, not by its place in a table.
    private let positions: [RouteKey: Int]
    private let series: Mutex<[Series]>

    init(routes: [RouteKey]) {
        keys = routes + RouteKey.others
        positions = Dictionary(keys.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        series = Mutex([Series](repeating: Series(), count: keys.count))
    }

    /// Records one answered request under the series of what answered it.
    func record(_ key: RouteKey, status: Int, seconds: Double) {
        guard let index = positions[key] else { preconditionFailure("no metrics series for \(key)") }
        let bucket = Self.latencyBounds.firstIndex { seconds <= $0 } ?? Self.latencyBounds.count
        series.withLock { all in
            all[index].counts[status, default: 0] += 1
            all[index].buckets[bucket] += 1
            all[index].sum += seconds
            all[index].total += 1
        }
    }

    func render(sessions: Int, ready: Bool, damage: JournalDamageSummary = JournalDamageSummary(), damagedSessions: Int = 0) -> String {
        let snapshot = series.withLock { $0 }
        let used = snapshot.indices.filter { snapshot[$0].total > 0 }
        func labelText(_ index: Int) -> String { "method=\"\(keys[index].labels.method)\",route=\"\(keys[index].labels.route)\"" }
        var out = Prometheus.header("controlsim_requests_total", "counter", "Requests answered, by route and status.")
        for index in used {
            for (status, count) in snapshot[index].counts.sorted(by: { $0.key < $1.key }) {
                out += "controlsim_requests_total{\(labelText(index)),status=\"\(status)\"} \(count)\n"
            }
        }
        out += Prometheus.header("controlsim_request_duration_seconds", "histogram",
                                 "Time to answer a request (streams: to their head), by route.")
        for index in used {
            let s = snapshot[index]
            out += Prometheus.histogram("controlsim_request_duration_seconds", labels: labelText(index),
                                        bounds: Self.latencyBounds, buckets: s.buckets, sum: s.sum, count: s.total)
        }
        out += Prometheus.header("controlsim_sessions", "gauge", "Live sessions.") + "controlsim_sessions \(sessions)\n"
        out += Prometheus.header("controlsim_ready", "gauge", "Whether the journal was replayed and requests are served.")
            + "controlsim_ready \(ready ? 1 : 0)\n"
        out += Prometheus.header("controlsim_sessions_damaged", "gauge",
                                 "Sessions not served (503 session_damaged) because their journal history is damaged.")
            + "controlsim_sessions_damaged \(damagedSessions)\n"
        out += Prometheus.header("controlsim_journal_damaged_records", "gauge",
                                 "Damaged journal records met by the replay at start-up, with intact ones that did not fit.")
            + "controlsim_journal_damaged_records \(damage.records)\n"
        out += Prometheus.header("controlsim_journal_damaged_bytes", "gauge", "Bytes in the damaged spans met at start-up.")
            + "controlsim_journal_damaged_bytes \(damage.bytes)\n"
        out += Prometheus.header("controlsim_journal_noise_bytes", "gauge",
                                 "Bytes after the last record of a journal file that can be no record, met at start-up (they cost no session).")
            + "controlsim_journal_noise_bytes \(damage.noiseBytes)\n"
        return out
    }
}
