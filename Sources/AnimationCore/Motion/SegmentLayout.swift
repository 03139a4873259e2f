/// UISegmentedControl's segments on the iOS 13+ look (docs/fidelity.md#segmented-control): equal
/// widths with dividers between them, the segment a touch belongs to (the one containing it, or
/// else the nearest), and the selection indicator's frame.
public struct SegmentLayout: Sendable, Equatable {
    public let bounds: Rect
    public let count: Int
    public let dividerWidth: Double
    /// The selection indicator is the segment inset this much on every side.
    public let indicatorInset: Double

    public init(bounds: Rect, count: Int, dividerWidth: Double = 1, indicatorInset: Double = 2) throws(ParameterError) {
        try ParameterError.length(bounds.size.width, "width")
        try ParameterError.length(bounds.size.height, "height")
        try ParameterError.within(bounds.origin.x, -ParameterError.maximumLength...ParameterError.maximumLength, "x")
        try ParameterError.within(bounds.origin.y, -ParameterError.maximumLength...ParameterError.maximumLength, "y")
        guard count >= 1 && count <= 1000 else { throw ParameterError("segments", "must have between 1 and 1000 segments") }
        try ParameterError.nonNegative(dividerWidth, "dividerWidth", upTo: ParameterError.maximumLength)
        try ParameterError.nonNegative(indicatorInset, "indicatorInset", upTo: ParameterError.maximumLength)
        guard Double(count - 1) * dividerWidth < bounds.size.width else {
            throw ParameterError("dividerWidth", "leaves no room for the segments")
        }
        self.bounds = bounds
        self.count = count
        self.dividerWidth = dividerWidth
        self.indicatorInset = indicatorInset
    }

    /// Each segment's width: what the dividers leave, shared equally.
    public var segmentWidth: Double { (bounds.size.width - Double(count - 1) * dividerWidth) / Double(count) }

    /// The frame of segment `index` (clamped to the segments).
    public func segment(_ index: Int) -> Rect {
        let i = Double(min(max(index, 0), count - 1))
        return Rect(x: bounds.minX + i * (segmentWidth + dividerWidth), y: bounds.minY,
                    width: segmentWidth, height: bounds.size.height)
    }

    /// The selection indicator's frame over segment `index`.
    public func indicator(_ index: Int) -> Rect {
        let frame = segment(index)
        return Rect(x: frame.minX + indicatorInset, y: frame.minY + indicatorInset,
                    width: max(frame.size.width - 2 * indicatorInset, 0),
                    height: max(frame.size.height - 2 * indicatorInset, 0))
    }

    /// The segment containing `x`, or the nearest one (`_closestSegmentIndexAtPoint:`); a point on
    /// a divider belongs to the segment whose edge is nearer, the left one on a tie.
    public func index(atX x: Double) -> Int {
        let pitch = segmentWidth + dividerWidth
        let position = x - bounds.minX
        guard position.isFinite else { return 0 }
        let slot = (position / pitch).rounded(.down)
        let i = Int(min(max(slot, 0), Double(count - 1)))
        // In the divider after segment i: whichever edge is nearer.
        let intoDivider = position - Double(i) * pitch - segmentWidth
        if intoDivider > dividerWidth / 2 && i + 1 < count { return i + 1 }
        return i
    }
}
