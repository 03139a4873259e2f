/// One frame's values, as `FrameShape` lays them out: where the interpreter's render writes them,
/// and what `Session.withFrameValues` and `forEachFrameValues` hand out (read-only outside this
/// module: the JSON frame writer reads them).
///
/// Owns nothing itself: the memory is the scoped allocation of the call that made it
/// (`FrameValues.with(count:_:)`, `Session`'s buffer reused over a window of frames, an array's
/// storage in `reading(_:_:)`, a `FrameStorage`'s in `withValues`), and a `FrameValues` is only
/// passed down inside that call, never stored. Raw memory because a frame is rendered for every sample of every window, where an
/// array would cost an allocation each.
public struct FrameValues {
    @usableFromInline let base: UnsafeMutablePointer<Double>

    /// The values at `base`, memory the caller's scope owns.
    @usableFromInline
    init(_ base: UnsafeMutablePointer<Double>) {
        self.base = base
    }

    /// The value at `index`; only this module's render writes one.
    public internal(set) subscript(index: Int) -> Double {
        @inlinable get { base[index] }
        @inline(__always) nonmutating set { base[index] = newValue }
    }

    /// The values from `offset` on (a property's, a layer's).
    @inlinable
    public func from(_ offset: Int) -> FrameValues {
        FrameValues(base + offset)
    }

    /// `count` values for `body`, given back when it returns.
    @inline(__always)
    static func with<Result>(count: Int, _ body: (FrameValues) -> Result) -> Result {
        withUnsafeTemporaryAllocation(of: Double.self, capacity: max(count, 1)) { body(FrameValues($0.baseAddress!)) }
    }

    /// `values` (at least one) as a frame's values for `body`: a frame made as a value, written as
    /// a session's are.
    public static func reading<Result>(_ values: inout [Double], _ body: (FrameValues) -> Result) -> Result {
        precondition(!values.isEmpty, "a frame's values are never empty")
        return values.withUnsafeMutableBufferPointer { body(FrameValues($0.baseAddress!)) }
    }
}
