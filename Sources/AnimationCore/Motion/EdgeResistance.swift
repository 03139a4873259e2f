/// What a drag shows beyond each end of its range: UIScrollView's rubber band, a hard stop, or
/// nothing (the finger is followed), chosen per end (docs/fidelity.md#rubber-band-drag).
///
/// A scroll view rubber-bands at both ends with the bounds dimension; a sheet rubber-bands above
/// its largest detent with a small extent and below its smallest one with another, or follows the
/// finger there when it may be dismissed.
public struct EdgeResistance: Sendable, Equatable {
    public enum Edge: Sendable, Equatable {
        /// `RubberBand.stretch` of the overscroll, with its own dimension.
        case rubberBand(RubberBand)
        /// Held at the end (UIScrollView with `bounces` off).
        case clamped
        /// The raw value, unresisted.
        case free
    }

    public let minimum: Double
    public let maximum: Double
    public let below: Edge
    public let above: Edge

    /// `maximum` below `minimum` is raised to it, as UIScrollView treats content smaller than its bounds.
    public init(minimum: Double, maximum: Double, below: Edge, above: Edge) {
        self.minimum = minimum
        self.maximum = max(minimum, maximum)
        self.below = below
        self.above = above
    }

    /// A scroll view's: the same rubber band (c = 0.55, d the bounds dimension) at both ends, or
    /// clamped when it does not bounce.
    public static func scrollView(minimum: Double, maximum: Double, dimension: Double,
                                  bounces: Bool = true) throws(ParameterError) -> EdgeResistance {
        let edge: Edge = bounces ? .rubberBand(try RubberBand(dimension: dimension)) : .clamped
        return EdgeResistance(minimum: minimum, maximum: maximum, below: edge, above: edge)
    }

    /// What shows for the unresisted value `raw` (the drag's start plus its translation).
    public func shown(_ raw: Double) -> Double {
        if raw < minimum { return minimum - Self.resist(minimum - raw, below) }
        if raw > maximum { return maximum + Self.resist(raw - maximum, above) }
        return raw
    }

    /// The unresisted value that shows as `shown`: where a drag must start from so that grabbing
    /// a view mid-bounce does not make it jump. A clamped end gives the end itself.
    public func raw(_ shown: Double) -> Double {
        if shown < minimum { return minimum - Self.unresist(minimum - shown, below) }
        if shown > maximum { return maximum + Self.unresist(shown - maximum, above) }
        return shown
    }

    private static func resist(_ overscroll: Double, _ edge: Edge) -> Double {
        switch edge {
        case let .rubberBand(band): band.stretch(overscroll)
        case .clamped: 0
        case .free: overscroll
        }
    }

    private static func unresist(_ stretch: Double, _ edge: Edge) -> Double {
        switch edge {
        case let .rubberBand(band): min(band.overscroll(forStretch: stretch), ParameterError.maximumLength)
        case .clamped: 0
        case .free: stretch
        }
    }
}
