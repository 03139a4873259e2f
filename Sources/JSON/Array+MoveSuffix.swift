/// How the reader hands a finished container's elements out of its shared stack: the one place
/// the reader touches raw memory outside `ByteScan`. It moves the elements into a new array by
/// pointer inside the array's own `withUnsafeMutableBufferPointer` scope, so no reference count
/// is touched; no pointer outlives the call.
extension Array {
    /// Removes the elements from `base` on and returns them as a new array, moving them rather
    /// than copying, so no reference count is touched. `filler` (a value with no references)
    /// briefly takes their places so the array stays fully initialised.
    ///
    /// From 0 (the outermost container, or a first member's or element's) the whole array is the
    /// suffix: it is handed over as it is, with no copy and no removal (a request body's object
    /// costs its members' one allocation).
    mutating func moveSuffix(from base: Int, leaving filler: Element) -> [Element] {
        if base == 0 {
            defer { self = [] }
            return self
        }
        let moved = count - base
        let suffix = withUnsafeMutableBufferPointer { buffer in
            let start = buffer.baseAddress! + base
            let suffix = [Element](unsafeUninitializedCapacity: moved) { destination, initialized in
                destination.baseAddress!.moveInitialize(from: start, count: moved)
                initialized = moved
            }
            start.initialize(repeating: filler, count: moved)
            return suffix
        }
        removeSubrange(base...)
        return suffix
    }
}
