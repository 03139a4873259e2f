/// UISlider's geometry on the iOS 13–18 look (`_UISlideriOSVisualElement`, docs/fidelity.md#slider):
/// where the thumb sits for a value, which touches grab it, the value a drag shows, and how long
/// an animated `setValue` runs. The thumb position is rounded to whole points, as UIKit rounds it,
/// which is why this is a primitive and not an expression.
public struct SliderTrack: Sendable, Equatable {
    /// The slider's bounds, in the control's coordinates.
    public let bounds: Rect
    public let thumbDiameter: Double
    /// The track is inset this much at each end; the thumb travels the un-inset width.
    public let trackInset: Double
    public let trackHeight: Double
    /// Touches within a thumb rect grown to at least this size grab the thumb.
    public let grabSize: Double
    /// `setValue(_:animated:)` runs max(factor·Δx/trackWidth, minimum) seconds.
    public let animationFactor: Double
    public let minimumAnimationDuration: Double

    public init(bounds: Rect, thumbDiameter: Double = 28, trackInset: Double = 3, trackHeight: Double = 4,
                grabSize: Double = 48, animationFactor: Double = 0.25,
                minimumAnimationDuration: Double = 0.1) throws(ParameterError) {
        try ParameterError.length(bounds.size.width, "width")
        try ParameterError.length(bounds.size.height, "height")
        try ParameterError.within(bounds.origin.x, -ParameterError.maximumLength...ParameterError.maximumLength, "x")
        try ParameterError.within(bounds.origin.y, -ParameterError.maximumLength...ParameterError.maximumLength, "y")
        try ParameterError.length(thumbDiameter, "thumbDiameter")
        try ParameterError.nonNegative(trackInset, "trackInset", upTo: ParameterError.maximumLength)
        try ParameterError.length(trackHeight, "trackHeight")
        try ParameterError.nonNegative(grabSize, "grabSize", upTo: ParameterError.maximumLength)
        try ParameterError.nonNegative(animationFactor, "animationFactor", upTo: ParameterError.maximumDuration)
        try ParameterError.nonNegative(minimumAnimationDuration, "minimumAnimationDuration",
                                       upTo: ParameterError.maximumDuration)
        self.bounds = bounds
        self.thumbDiameter = thumbDiameter
        self.trackInset = trackInset
        self.trackHeight = trackHeight
        self.grabSize = grabSize
        self.animationFactor = animationFactor
        self.minimumAnimationDuration = minimumAnimationDuration
    }

    /// `trackRectForBounds:`: the bounds (at least two insets wide) inset at both ends, the track
    /// height centred and rounded.
    public var track: Rect {
        let width = max(bounds.size.width, 2 * trackInset)
        return Rect(x: bounds.minX + trackInset, y: bounds.minY + ((bounds.size.height - trackHeight) / 2).rounded(),
                    width: width - 2 * trackInset, height: trackHeight)
    }

    /// The fraction of the range a value stands for, clamped, in single precision as UISlider's
    /// Float values are (0 when the range is empty).
    public static func fraction(value: Double, minimum: Double, maximum: Double) -> Double {
        let low = Float(minimum), high = Float(maximum)
        guard high != low else { return 0 }
        let v = min(max(Float(value), low), high)
        return Double((v - low) / (high - low))
    }

    /// `thumbRectForBounds:trackRect:value:`: x = trackX − inset + round((travel − thumb)·f).
    public func thumb(value: Double, minimum: Double, maximum: Double) -> Rect {
        let track = self.track
        let f = Self.fraction(value: value, minimum: minimum, maximum: maximum)
        let travel = track.size.width + 2 * trackInset
        return Rect(x: track.minX - trackInset + ((travel - thumbDiameter) * f).rounded(),
                    y: track.minY + ((trackHeight - thumbDiameter) / 2).rounded(),
                    width: thumbDiameter, height: thumbDiameter)
    }

    /// Where the minimum track ends: the thumb's centre, rounded as UIKit divides the track.
    public func minimumTrackEnd(value: Double, minimum: Double, maximum: Double) -> Double {
        let thumb = self.thumb(value: value, minimum: minimum, maximum: maximum)
        return min(max(thumb.minX + (thumbDiameter / 2).rounded(), track.minX), track.maxX)
    }

    /// The grab offset for a touch-down at `point`, or nil when the touch misses the thumb's grab
    /// area (UIKit then does not track: a tap on the bare track does nothing). The offset keeps
    /// the thumb from jumping under the finger: round(thumb/2 − touch's x in the thumb).
    public func grabOffset(at point: Point, value: Double, minimum: Double, maximum: Double) -> Double? {
        let thumb = self.thumb(value: value, minimum: minimum, maximum: maximum)
        let grow = max((grabSize - thumbDiameter) / 2, 0)
        guard thumb.expanded(by: grow).contains(point) else { return nil }
        return (thumbDiameter / 2 - (point.x - thumb.minX)).rounded()
    }

    /// The value for a finger at `x` dragging with `grabOffset`: the inverse of the thumb
    /// position, so the thumb's centre moves exactly with the finger, clamped to the range.
    public func value(atX x: Double, grabOffset: Double, minimum: Double, maximum: Double) -> Double {
        let travel = track.size.width + 2 * trackInset - thumbDiameter
        guard travel > 0 else { return minimum }
        let f = min(max((x + grabOffset - thumbDiameter / 2 - (track.minX - trackInset)) / travel, 0), 1)
        return minimum + f * (maximum - minimum)
    }

    /// How long `setValue(_:animated: true)` takes from a thumb shown at `fromThumbX` (its
    /// presentation origin) to `value`: max(factor·|Δx|/trackWidth, minimum), on easeInEaseOut.
    public func animationDuration(fromThumbX: Double, toValue value: Double, minimum: Double, maximum: Double) -> Double {
        let to = thumb(value: value, minimum: minimum, maximum: maximum).minX
        let width = track.size.width
        guard width > 0 else { return minimumAnimationDuration }
        return max(animationFactor * abs(fromThumbX - to) / width, minimumAnimationDuration)
    }
}
