/// How much a sheet dims what is behind it at a given offset, from `largestUndimmedDetentIdentifier`
/// (`-[_UISheetLayoutInfo _percentDimmedFromOffset]`, docs/fidelity.md#sheet).
///
/// Detent offsets are the sheet's top edge in the container, the largest detent (smallest
/// offset) first. Dimming ramps linearly from the detent below the dimming detent (or the
/// dismissed position) up to the dimming detent, and stays full above it.
public enum DetentDimming {
    /// The index the sheet dims from: the smallest detent when nothing is undimmed (UIKit's
    /// default, dimmed everywhere), the next larger one than the largest undimmed detent, and
    /// none when the largest detent itself is undimmed.
    public static func dimmingIndex(largestUndimmed: Int?, count: Int) -> Int? {
        guard count > 0 else { return nil }
        guard let undimmed = largestUndimmed else { return count - 1 }
        let index = min(undimmed, count) - 1
        return index >= 0 ? index : nil
    }

    /// The fraction dimmed, 0…1, with the sheet's top at `offset`.
    public static func fraction(offset: Double, detentOffsets: [Double], dimmingIndex: Int?,
                                dismissOffset: Double) -> Double {
        guard let index = dimmingIndex, detentOffsets.indices.contains(index) else { return 0 }
        let dimmed = detentOffsets[index]
        let next = index + 1 < detentOffsets.count ? detentOffsets[index + 1] : dismissOffset
        if dimmed == next { return 1 }
        return min(max((offset - next) / (dimmed - next), 0), 1)
    }
}
