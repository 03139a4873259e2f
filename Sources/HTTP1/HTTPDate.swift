import Glibc

/// The `Date` header value (IMF-fixdate, RFC 9110 §5.6.7), formatted at most once per second
/// because every response carries it.
public struct HTTPDate {
    private var second: Int = .min
    private var cached: [UInt8] = []

    /// "Sun, 06 Nov 1994 08:49:37 GMT" for `epochSeconds` (wall-clock seconds since 1970).
    public mutating func bytes(at epochSeconds: Int) -> [UInt8] {
        if epochSeconds != second {
            second = epochSeconds
            cached = Array(Self.format(epochSeconds).utf8)
        }
        return cached
    }

    public static func format(_ epochSeconds: Int) -> String {
        var time = time_t(epochSeconds)
        var parts = tm()
        guard gmtime_r(&time, &parts) != nil else { return "Thu, 01 Jan 1970 00:00:00 GMT" }
        let day = days[Int(parts.tm_wday) % 7]
        let month = months[Int(parts.tm_mon) % 12]
        return "\(day), \(twoDigits(parts.tm_mday)) \(month) \(parts.tm_year + 1900) "
            + "\(twoDigits(parts.tm_hour)):\(twoDigits(parts.tm_min)):\(twoDigits(parts.tm_sec)) GMT"
    }

    private static func twoDigits(_ value: Int32) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }

    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
}
