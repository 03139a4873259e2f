/// Lines of the Prometheus text exposition format, written one way for every metric.
public enum Prometheus {
    /// The `_bucket` (cumulative, then `+Inf`), `_sum` and `_count` lines of one histogram series;
    /// `buckets` holds per-bucket counts for `bounds`, plus one for values beyond the last.
    public static func histogram(_ name: String, labels: String, bounds: [Double], buckets: [Int],
                                 sum: Double, count: Int) -> String {
        let prefix = labels.isEmpty ? "" : labels + ","
        let braces = labels.isEmpty ? "" : "{" + labels + "}"
        var out = ""
        var cumulative = 0
        for (index, bound) in bounds.enumerated() {
            cumulative += buckets[index]
            out += "\(name)_bucket{\(prefix)le=\"\(bound)\"} \(cumulative)\n"
        }
        out += "\(name)_bucket{\(prefix)le=\"+Inf\"} \(count)\n"
        out += "\(name)_sum\(braces) \(sum)\n"
        out += "\(name)_count\(braces) \(count)\n"
        return out
    }

    /// `# HELP` and `# TYPE` lines.
    public static func header(_ name: String, _ type: String, _ help: String) -> String {
        "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n"
    }
}
