import Routes

/// The server's own Prometheus lines for `/metrics`: open connections and the journal.
enum ProcessMetrics {
    static func render(connections: Int, journal: JournalStatistics.Values?) -> String {
        var out = Prometheus.header("controlsim_open_connections", "gauge", "Open client connections.")
            + "controlsim_open_connections \(connections)\n"
        guard let journal else { return out }
        out += Prometheus.header("controlsim_journal_bytes", "gauge", "Bytes in the journal (snapshot and segments).")
            + "controlsim_journal_bytes \(journal.bytes)\n"
        out += Prometheus.header("controlsim_journal_appends_total", "counter", "Records appended.")
            + "controlsim_journal_appends_total \(journal.appends)\n"
        out += Prometheus.header("controlsim_journal_torn_tail_bytes", "gauge",
                                 "Bytes of incomplete last records (crashes mid-write) cut off when the journal was opened.")
            + "controlsim_journal_torn_tail_bytes \(journal.tornBytes)\n"
        out += Prometheus.header("controlsim_journal_fsync_seconds", "histogram", "Time to make appended records durable.")
        out += Prometheus.histogram("controlsim_journal_fsync_seconds", labels: "", bounds: JournalStatistics.bucketBounds,
                                    buckets: journal.syncBuckets, sum: journal.syncSeconds, count: journal.syncs)
        return out
    }
}
