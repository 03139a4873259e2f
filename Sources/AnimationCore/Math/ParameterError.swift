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

    /// Throws unless `value` is finite and > 0.
    static func positive(_ value: Double, _ name: String) throws(ParameterError) {
        try finite(value, name)
        guard value > 0 else { throw ParameterError(name, "must be greater than 0") }
    }

    /// Throws unless `value` is finite and ≥ 0.
    static func nonNegative(_ value: Double, _ name: String) throws(ParameterError) {
        try finite(value, name)
        guard value >= 0 else { throw ParameterError(name, "must not be negative") }
    }

    /// Throws unless `value` lies in `range`.
    static func within(_ value: Double, _ range: ClosedRange<Double>, _ name: String) throws(ParameterError) {
        try finite(value, name)
        guard range.contains(value) else {
            throw ParameterError(name, "must be between \(range.lowerBound) and \(range.upperBound)")
        }
    }
}
