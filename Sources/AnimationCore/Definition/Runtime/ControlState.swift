/// A session's fixed-size state, in one allocation this object owns: a header with what grows
/// (animator groups, timers, deferred completions), then the animated values, then plain-data
/// words for the variables, the inputs' recognisers and the basic animations (at offsets the
/// definition's `StateLayout` gives).
///
/// The interpreter's only raw memory. It is allocated in `init` and freed in `deinit`, so a
/// pointer into it is valid exactly as long as this object is, and everything is read and
/// changed in place through this type's accessors (no pointer leaves it). The plain words are
/// loaded and stored only as `BitwiseCopyable` types, so the compiler proves every type kept
/// there trivial (one holding a reference cannot be stored by copying its bytes).
///
/// Why one raw allocation and not stored properties or arrays: copying a control copies the
/// reference, and the first change after a copy copies this object (two allocations, one
/// copy of the bytes); every session that was changed holds one, so its size is the session's
/// memory (docs/architecture.md, "A session in memory"), and the header's arrays are reached
/// through a pointer, not class properties each paying a dynamic exclusivity check on the
/// events path. It replaces a `ManagedBuffer` whose element and header addresses were kept
/// after `withUnsafeMutablePointerTo…` returned, which that API does not allow (and which the
/// optimiser once exploited: docs/performance.md).
///
/// `@unchecked Sendable`: a `DefinedControl` changes its state only when it holds it alone
/// (copy on write, `isKnownUniquelyReferenced`); a state shared between copies, and so possibly
/// between threads, is only read.
final class ControlState: @unchecked Sendable {
    struct Header {
        /// What the state needs of its `StateLayout` to copy and free itself (the rest is the
        /// instance's; narrow, as every changed control holds a state of its own).
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

    /// The header at the start, the animated values at `valuesOffset`, the words after them.
    private let storage: UnsafeMutableRawPointer

    private static let alignment = max(MemoryLayout<Header>.alignment, MemoryLayout<AnimatedValue>.alignment, 8)
    private static let valuesOffset = (MemoryLayout<Header>.stride + alignment - 1) / alignment * alignment

    /// A state with `header` and room for its words (the animated values not yet made).
    private init(header: Header) {
        storage = .allocate(byteCount: Self.valuesOffset + Int(header.sizes.words) * 8, alignment: Self.alignment)
        storage.initializeMemory(as: Header.self, to: header)
    }

    static func make(_ layout: StateLayout, groups: Int) -> ControlState {
        ControlState(header: Header(sizes: Sizes(layout), groups: Array(repeating: nil, count: groups), timers: [], deferred: []))
    }

    deinit {
        animated.deinitialize(count: Int(head.pointee.sizes.animatedCount))
        head.deinitialize(count: 1)
        storage.deallocate()
    }

    @inline(__always)
    private var head: UnsafeMutablePointer<Header> { storage.assumingMemoryBound(to: Header.self) }

    @inline(__always)
    private var animated: UnsafeMutablePointer<AnimatedValue> {
        (storage + Self.valuesOffset).assumingMemoryBound(to: AnimatedValue.self)
    }

    /// The plain-data words after the animated values.
    @inline(__always)
    private var words: UnsafeMutableRawPointer {
        storage + Self.valuesOffset + Int(head.pointee.sizes.animatedWords) * 8
    }

    /// Binds and fills the animated values (once, when made).
    func initializeAnimated(_ values: [AnimatedValue]) {
        let typed = (storage + Self.valuesOffset).bindMemory(to: AnimatedValue.self, capacity: values.count)
        typed.initialize(from: values, count: values.count)
    }

    func copy() -> ControlState {
        let sizes = head.pointee.sizes
        let state = ControlState(header: head.pointee)
        let animatedCount = Int(sizes.animatedCount)
        (state.storage + Self.valuesOffset).bindMemory(to: AnimatedValue.self, capacity: animatedCount)
            .initialize(from: animated, count: animatedCount)
        state.words.copyMemory(from: words, byteCount: Int(sizes.words - sizes.animatedWords) * 8)
        return state
    }

    // MARK: Access in place

    var groups: [PropertyAnimatorGroup?] {
        _read { yield head.pointee.groups }
        _modify { yield &head.pointee.groups }
    }

    var timers: [DefinedControl.PendingTimer] {
        _read { yield head.pointee.timers }
        _modify { yield &head.pointee.timers }
    }

    var deferred: [(group: Int, completion: PropertyAnimatorGroup.Completion)] {
        _read { yield head.pointee.deferred }
        _modify { yield &head.pointee.deferred }
    }

    /// Calls `body` with member `member` of animator group `group` where it lies (nil when there
    /// is none): a copy of it retained and released everything it holds, every frame.
    @inline(__always)
    func withMember<Result>(_ member: Int, of group: Int, _ body: (UnsafePointer<PropertyAnimator>?) -> Result) -> Result {
        head.pointee.groups.withUnsafeBufferPointer { groups in
            guard groups.indices.contains(group) else { return body(nil) }
            return (groups.baseAddress! + group).pointee?.members.withUnsafeBufferPointer { members in
                body(members.indices.contains(member) ? members.baseAddress! + member : nil)
            } ?? body(nil)
        }
    }

    /// Animated value `index` (scalars in declaration order).
    subscript(animated index: Int) -> AnimatedValue {
        _read { yield animated[index] }
        _modify { yield &animated[index] }
    }

    /// The plain value of type `T` at `offset` bytes into the words.
    @inline(__always)
    func load<T: BitwiseCopyable>(_: T.Type, at offset: Int) -> T {
        words.load(fromByteOffset: offset, as: T.self)
    }

    @inline(__always)
    func store<T: BitwiseCopyable>(_ value: T, at offset: Int) {
        words.storeBytes(of: value, toByteOffset: offset, as: T.self)
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
