/// A session's fixed-size state in one allocation: a header with what grows (animator groups,
/// timers, deferred completions), then the animated values, then plain-data words for the
/// variables, the inputs' recognisers and the basic animations (at offsets the definition's
/// `StateLayout` gives).
///
/// The interpreter's only raw memory, and reached only through this type: every access runs
/// inside `withUnsafeMutablePointers`, so no address of the header or the tail outlives the
/// call that was given it (an animated value is read or changed in place in a closure, a plain
/// word is loaded or stored as a `BitwiseCopyable` type, so the compiler proves every type kept
/// as bytes trivial). A `ManagedBuffer`, one allocation, because copying a control copies the
/// reference and the first change after a copy copies this object: an object owning a separate
/// allocation costs a second one per copy, measured on the frames window and in the memory of
/// many sessions (docs/performance.md, "Raw memory contained").
final class ControlState: ManagedBuffer<ControlState.Header, UInt64> {
    struct Header {
        /// What the buffer needs of its `StateLayout` to copy and free itself (the rest is the
        /// instance's; narrow, as every changed control holds a buffer of its own).
        var sizes: Sizes
        var groups: [PropertyAnimatorGroup?]
        /// Pending timers, in firing order (first scheduled first at equal times).
        var timers: [DefinedControl.PendingTimer]
        /// Animator completions that fell due during an operation, run once the current input's
        /// reactions are done (as UIKit calls completions on a later turn). Empty between inputs.
        var deferred: [(group: Int, completion: PropertyAnimatorGroup.Completion)]
    }

    struct Sizes {
        var animatedCount: Int32
        var animatedWords: Int32
        var words: Int32

        init(_ layout: StateLayout) {
            animatedCount = Int32(layout.animatedCount)
            animatedWords = Int32(layout.animatedWords)
            words = Int32(layout.words)
        }
    }

    /// A buffer with `header` and room for its words (the animated values not yet made).
    private static func make(header: Header) -> ControlState {
        unsafeDowncast(create(minimumCapacity: max(Int(header.sizes.words), 1)) { _ in header }, to: ControlState.self)
    }

    static func make(_ layout: StateLayout, groups: Int) -> ControlState {
        make(header: Header(sizes: Sizes(layout), groups: Array(repeating: nil, count: groups), timers: [], deferred: []))
    }

    /// `body` with the header and the tail's three parts: the animated values and the plain words.
    @inline(__always)
    private func withParts<Result>(_ body: (UnsafeMutablePointer<Header>, UnsafeMutablePointer<AnimatedValue>,
                                            UnsafeMutableRawPointer) -> Result) -> Result {
        withUnsafeMutablePointers { header, tail in
            let raw = UnsafeMutableRawPointer(tail)
            return body(header, raw.assumingMemoryBound(to: AnimatedValue.self), raw + Int(header.pointee.sizes.animatedWords) * 8)
        }
    }

    /// Binds and fills the animated values (once, when made).
    func initializeAnimated(_ values: [AnimatedValue]) {
        withUnsafeMutablePointerToElements { tail in
            UnsafeMutableRawPointer(tail).bindMemory(to: AnimatedValue.self, capacity: values.count)
                .initialize(from: values, count: values.count)
        }
    }

    func copy() -> ControlState {
        withParts { header, animated, words in
            let sizes = header.pointee.sizes
            let state = ControlState.make(header: header.pointee)
            state.withUnsafeMutablePointerToElements { tail in
                let count = Int(sizes.animatedCount)
                let raw = UnsafeMutableRawPointer(tail)
                raw.bindMemory(to: AnimatedValue.self, capacity: count).initialize(from: animated, count: count)
                (raw + Int(sizes.animatedWords) * 8).copyMemory(from: words, byteCount: Int(sizes.words - sizes.animatedWords) * 8)
            }
            return state
        }
    }

    deinit {
        withParts { header, animated, _ in animated.deinitialize(count: Int(header.pointee.sizes.animatedCount)) }
    }

    // MARK: Access in place

    /// `body` with the header where it lies, to read in place (a copy of it would retain and
    /// release every list it holds).
    @inline(__always)
    func withHeader<Result>(_ body: (UnsafePointer<Header>) -> Result) -> Result {
        withUnsafeMutablePointerToHeader { body($0) }
    }

    /// `body` changing the header in place.
    @inline(__always)
    func updating<Result>(_ body: (inout Header) -> Result) -> Result {
        withUnsafeMutablePointerToHeader { body(&$0.pointee) }
    }

    /// Calls `body` with member `member` of animator group `group` where it lies (nil when there
    /// is none): a copy of it retained and released everything it holds, every frame.
    @inline(__always)
    func withMember<Result>(_ member: Int, of group: Int, _ body: (UnsafePointer<PropertyAnimator>?) -> Result) -> Result {
        withUnsafeMutablePointerToHeader { header in
            header.pointee.groups.withUnsafeBufferPointer { groups in
                guard groups.indices.contains(group) else { return body(nil) }
                return (groups.baseAddress! + group).pointee?.members.withUnsafeBufferPointer { members in
                    body(members.indices.contains(member) ? members.baseAddress! + member : nil)
                } ?? body(nil)
            }
        }
    }

    /// `body` with animated value `index` (scalars in declaration order) where it lies, to read
    /// in place (a copy would retain and release its animations).
    @inline(__always)
    func withAnimated<Result>(_ index: Int, _ body: (UnsafePointer<AnimatedValue>) -> Result) -> Result {
        withParts { _, animated, _ in body(animated + index) }
    }

    /// `body` changing animated value `index` in place.
    @inline(__always)
    func updateAnimated<Result>(_ index: Int, _ body: (inout AnimatedValue) -> Result) -> Result {
        withParts { _, animated, _ in body(&animated[index]) }
    }

    /// The plain value of type `T` at `offset` bytes into the words.
    @inline(__always)
    func load<T: BitwiseCopyable>(_: T.Type, at offset: Int) -> T {
        withParts { _, _, words in words.load(fromByteOffset: offset, as: T.self) }
    }

    @inline(__always)
    func store<T: BitwiseCopyable>(_ value: T, at offset: Int) {
        withParts { _, _, words in words.storeBytes(of: value, toByteOffset: offset, as: T.self) }
    }
}

/// Where each piece of a session's state lives in its `ControlState`, computed once per
/// definition: plain numbers, so reading it copies nothing that is counted.
struct StateLayout: Sendable, Equatable {
    var animatedCount = 0
    var animatedWords = 0
    /// Byte offsets from `words`; inputs and basic animations each take a fixed stride.
    var variables = 0
    var inputs = 0
    var inputStride = 0
    var basics = 0
    var basicStride = 0
    var basicCount = 0
    /// Every word of the tail, animated values included.
    var words = 0

    init(animated: Int, variables: Int, inputs: Int, basics: Int) {
        animatedCount = animated
        animatedWords = animated * MemoryLayout<AnimatedValue>.stride / 8
        func rounded(_ bytes: Int) -> Int { (bytes + 7) / 8 * 8 }
        self.variables = 0
        self.inputs = rounded(variables * 8)
        inputStride = rounded(MemoryLayout<DefinedControl.InputState>.stride)
        self.basics = self.inputs + inputs * inputStride
        basicStride = rounded(MemoryLayout<BasicAnimation?>.stride)
        basicCount = basics
        words = animatedWords + (self.basics + basics * basicStride) / 8
    }
}
