/// The server's own Prometheus lines for `/metrics`: open connections and the journal.
enum ProcessMetrics {
    static func render(connections: Int, journal: JournalStatistics.Values?) -> String {
        var out = "# HELP controlsim_open_connections Open client connections.\n"
        out += "# TYPE controlsim_open_connections gauge\ncontrolsim_open_connections \(connections)\n"
        guard let journal else { return out }
        out += "# HELP controlsim_journal_bytes Bytes in the journal (snapshot and segments).\n"
        out += "# TYPE controlsim_journal_bytes gauge\ncontrolsim_journal_bytes \(journal.bytes)\n"
        out += "# HELP controlsim_journal_appends_total Records appended.\n"
        out += "# TYPE controlsim_journal_appends_total counter\ncontrolsim_journal_appends_total \(journal.appends)\n"
        out += "# HELP controlsim_journal_fsync_seconds Time to make appended records durable.\n"
        out += "# TYPE controlsim_journal_fsync_seconds histogram\n"
        var cumulative = 0
        for (index, bound) in JournalStatistics.bucketBounds.enumerated() {
            cumulative += journal.syncBuckets[index]
            out += "controlsim_journal_fsync_seconds_bucket{le=\"\(bound)\"} \(cumulative)\n"
        }
        out += "controlsim_journal_fsync_seconds_bucket{le=\"+Inf\"} \(journal.syncs)\n"
        out += "controlsim_journal_fsync_seconds_sum \(journal.syncSeconds)\n"
        out += "controlsim_journal_fsync_seconds_count \(journal.syncs)\n"
        return out
    }
}
