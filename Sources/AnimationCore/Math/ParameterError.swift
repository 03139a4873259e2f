/// A client-supplied parameter that cannot describe motion; names the parameter so the API can point at it.
public struct ParameterError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The parameter's name as the client spelled it, e.g. `dampingRatio`.
    public var parameter: String
    public var reason: String

    public init(_ parameter: String, _ reason: String) {
        self.parameter = parameter
        self.reason = reason
    }

    public var description: String { "\(parameter): \(reason)" }

    /// Throws unless `value` is finite.
    static func finite(_ value: Double, _ name: String) throws(ParameterError) {
        guard value.isFinite else { throw ParameterError(name, "must be a finite number") }
    }

    /// Lengths in points: bounded so that sums and products of them stay finite.
    public static let maximumLength = 100_000.0
    /// Durations in seconds.
    public static let maximumDuration = 3_600.0

    /// Throws unless `value` is finite, > 0 and ≤ `limit`.
    static func positive(_ value: Double, _ name: String,
                         upTo limit: Double = .greatestFiniteMagnitude) throws(ParameterError) {
        try finite(value, name)
        guard value > 0 else { throw ParameterError(name, "must be greater than 0") }
        guard value <= limit else { throw ParameterError(name, "must be at most \(format(limit))") }
    }

    /// Throws unless `value` is finite, ≥ 0 and ≤ `limit`.
    static func nonNegative(_ value: Double, _ name: String,
                            upTo limit: Double = .greatestFiniteMagnitude) throws(ParameterError) {
        try finite(value, name)
        guard value >= 0 else { throw ParameterError(name, "must not be negative") }
        guard value <= limit else { throw ParameterError(name, "must be at most \(format(limit))") }
    }

    static func length(_ value: Double, _ name: String) throws(ParameterError) {
        try positive(value, name, upTo: maximumLength)
    }

    /// Relative spring velocities (distances per second).
    static func velocity(_ value: Double) throws(ParameterError) {
        try finite(value, "initialVelocity")
        guard abs(value) <= 1e6 else { throw ParameterError("initialVelocity", "must be between -1000000 and 1000000") }
    }

    static func seconds(_ value: Double, _ name: String) throws(ParameterError) {
        try positive(value, name, upTo: maximumDuration)
    }

    /// `100000` rather than `100000.0` in messages.
    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// Throws unless `value` lies in `range`.
    static func within(_ value: Double, _ range: ClosedRange<Double>, _ name: String) throws(ParameterError) {
        try finite(value, name)
        guard range.contains(value) else {
            throw ParameterError(name, "must be between \(format(range.lowerBound)) and \(format(range.upperBound))")
        }
    }
}
