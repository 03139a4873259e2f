/// When an appended record counts as durable, and so when the request that made it is answered.
enum SyncPolicy: Equatable, Sendable, CustomStringConvertible {
    /// Every append is followed by its own fdatasync before it returns.
    case always
    /// Group commit: appends are written at once and wait for a shared fdatasync that runs at
    /// most `window` seconds after the first of them. Still nothing is acknowledged unsynced;
    /// concurrent writers share the cost of one sync.
    case batch(window: Double)

    var description: String {
        switch self {
        case .always: "always"
        case let .batch(window): "batch(\(window * 1000) ms)"
        }
    }
}
