import Synchronization

/// Counters the metrics endpoint reads: appended bytes, how long syncs take, what was cut at start.
final class JournalStatistics: Sendable {
    struct Values: Sendable {
        var bytes = 0
        var appends = 0
        var syncs = 0
        var syncSeconds = 0.0
        /// Sync latencies by upper bound in seconds (cumulative counts are built when printed).
        var syncBuckets = [Int](repeating: 0, count: JournalStatistics.bucketBounds.count + 1)
        /// Bytes of incomplete last records cut off when the journal was opened.
        var tornBytes = 0
    }

    static let bucketBounds = [0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.5]
    private let values = Mutex(Values())

    /// `records` records of `bytes` bytes in all, written to the file.
    func recordAppends(_ records: Int, bytes: Int) {
        values.withLock {
            $0.bytes += bytes
            $0.appends += records
        }
    }

    func recordSync(seconds: Double) {
        let bucket = Self.bucketBounds.firstIndex { seconds <= $0 } ?? Self.bucketBounds.count
        values.withLock {
            $0.syncs += 1
            $0.syncSeconds += seconds
            $0.syncBuckets[bucket] += 1
        }
    }

    func setBytes(_ bytes: Int) {
        values.withLock { $0.bytes = bytes }
    }

    func setTornBytes(_ bytes: Int) {
        values.withLock { $0.tornBytes = bytes }
    }

    var snapshot: Values { values.withLock { $0 } }
}
