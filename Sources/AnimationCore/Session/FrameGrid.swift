/// The times a window of frames is sampled at: `from + k/fps` for k = 0, 1, …, computed so that
/// one instant has one time however the window that holds it starts.
///
/// When `from` lies on the grid of whole frames (`from·fps` within a millionth of a frame of a
/// whole number n₀), frame k is at `(n₀ + k)/fps`: a whole number divided once, correctly
/// rounded, so the grid's frame n prints the same in every window that holds it (`from + k/fps`
/// could differ in its last digit between windows that start differently). Off the grid, the
/// window is its own grid: `from + k/fps`. Either way times come from the index, never from
/// adding steps.
public struct FrameGrid: Sendable, Equatable {
    public let from: Double
    public let fps: Double
    /// n₀ when `from` lies on the grid (a whole number, held as a Double so no product overflows).
    public let origin: Double?

    public init(from: Double, fps: Double) {
        self.from = from
        self.fps = fps
        let frames = from * fps
        let nearest = frames.rounded()
        let slack = max(1e-6, 4 * frames.magnitude.ulp)
        origin = frames.isFinite && abs(frames - nearest) <= slack && nearest.magnitude < 0x1p52 ? nearest : nil
    }

    /// The time of sample `k` of the window.
    @inline(__always)
    public func time(_ k: Int) -> Double {
        if let origin { return (origin + Double(k)) / fps }
        return from + Double(k) / fps
    }
}
