/// Where the interpreter's render writes one frame's values, as `FrameShape` lays them out.
///
/// Owns nothing itself: the memory is the scoped allocation of the call that made it
/// (`FrameValues.with(count:_:)`, or `Session`'s buffer reused over a window of frames), and a
/// `FrameValues` is only passed down inside that call, never stored. Raw memory because a frame
/// is rendered for every sample of every window, where an array would cost an allocation each.
struct FrameValues {
    private let base: UnsafeMutablePointer<Double>

    /// The values at `base`, memory the caller's scope owns (`Session`'s window buffer).
    init(_ base: UnsafeMutablePointer<Double>) {
        self.base = base
    }

    @inline(__always)
    subscript(index: Int) -> Double {
        get { base[index] }
        nonmutating set { base[index] = newValue }
    }

    /// The values from `offset` on (a property's, a layer's).
    @inline(__always)
    func from(_ offset: Int) -> FrameValues {
        FrameValues(base + offset)
    }

    /// The frame at `t` these values make, by `shape`.
    func frame(t: Double, shape: FrameShape) -> Frame {
        Frame(t: t, shape: shape, values: base)
    }

    /// `count` values for `body`, given back when it returns.
    @inline(__always)
    static func with<Result>(count: Int, _ body: (FrameValues) -> Result) -> Result {
        withUnsafeTemporaryAllocation(of: Double.self, capacity: max(count, 1)) { body(FrameValues($0.baseAddress!)) }
    }
}
