import Testing

/// Expects `actual` within `tolerance` of `expected` (a NaN never is), reporting at the caller.
func expectClose(
    _ actual: Double, _ expected: Double, within tolerance: Double, _ what: String = "",
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(
        abs(actual - expected) <= tolerance,
        "\(what.isEmpty ? "" : what + ": ")\(actual) is not within \(tolerance) of \(expected)",
        sourceLocation: sourceLocation)
}

/// Expects `actual` within `relative`·|expected| of `expected`.
func expectClose(
    _ actual: Double, _ expected: Double, relative: Double, _ what: String = "",
    sourceLocation: SourceLocation = #_sourceLocation
) {
    expectClose(actual, expected, within: relative * abs(expected), what, sourceLocation: sourceLocation)
}
