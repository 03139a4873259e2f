/// A session's fixed-size state in one allocation: the animated values, then plain-data words
/// for the variables, the inputs' recognisers and the basic animations (at offsets the
/// definition's `StateLayout` gives), and in the header what grows (groups, timers).
///
/// Copying a control copies the reference; the first change after a copy copies the buffer
/// (one allocation), so a step costs what a hand-written control's copy does.
///
/// The controls read and change the words through pointers that outlive any one call, so the
/// address of the words is taken once, when the buffer is made, and kept in the header (`base`);
/// an object's storage never moves while it lives, and `buffer` keeps it alive. Once these
/// pointers came straight out of `withUnsafeMutablePointerToElements { $0 }`, valid by its
/// contract only inside that call, and the optimiser took it at its word: seeing stores go into
/// this object's tail, it judged an animated value's new array of animations not to outlive the
/// function and gave it stack storage (release build only; a scroll view's drag then read freed
/// stack memory and aborted in `free`). A pointer loaded from the header is one the optimiser
/// cannot trace to an object, so whatever is stored through it is treated as escaping, as it
/// does (docs/architecture.md, "A session in memory").
final class ControlState: ManagedBuffer<ControlState.Header, UInt64>, @unchecked Sendable {
    struct Header {
        /// What the buffer needs of its `StateLayout` to copy and free itself (the rest is the
        /// instance's; narrow, as every changed control holds a buffer of its own).
        var sizes: Sizes
        /// The first word of the tail (this object's own elements), where the animated values begin.
        var base: UnsafeMutableRawPointer
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

    /// A buffer with `header` (its `base` replaced by this buffer's own tail); the tail is raw.
    private static func make(sizes: Sizes, header: Header) -> ControlState {
        let buffer = unsafeDowncast(create(minimumCapacity: max(Int(sizes.words), 1)) { _ in header }, to: ControlState.self)
        buffer.head.pointee.base = UnsafeMutableRawPointer(buffer.withUnsafeMutablePointerToElements { $0 })
        return buffer
    }

    static func make(_ layout: StateLayout, groups: Int) -> ControlState {
        let sizes = Sizes(layout)
        return make(sizes: sizes, header: Header(sizes: sizes, base: UnsafeMutableRawPointer(bitPattern: 8)!,
                                                 groups: Array(repeating: nil, count: groups), timers: [], deferred: []))
    }

    /// The header, read and changed through its address: the standard library's `header` is a
    /// stored property, and each access to it paid a dynamic exclusivity check (`swift_beginAccess`)
    /// on a hot path. Only the arrays and `base` live there, and nothing stored
    /// into them is made on the spot by a literal, which is what the optimiser put on the stack
    /// when the tail was reached this way.
    @inline(__always)
    var head: UnsafeMutablePointer<Header> {
        withUnsafeMutablePointerToHeader { $0 }
    }

    @inline(__always)
    var base: UnsafeMutableRawPointer { head.pointee.base }

    @inline(__always)
    var animated: UnsafeMutablePointer<AnimatedValue> {
        base.assumingMemoryBound(to: AnimatedValue.self)
    }

    /// The plain-data words after the animated values.
    @inline(__always)
    var words: UnsafeMutableRawPointer {
        base + Int(head.pointee.sizes.animatedWords) * 8
    }

    /// Binds and fills the animated values (once, when made).
    func initializeAnimated(_ values: [AnimatedValue]) {
        let typed = base.bindMemory(to: AnimatedValue.self, capacity: values.count)
        typed.initialize(from: values, count: values.count)
    }

    func copy() -> ControlState {
        let sizes = head.pointee.sizes
        let state = ControlState.make(sizes: sizes, header: head.pointee)
        let animatedCount = Int(sizes.animatedCount)
        state.base.bindMemory(to: AnimatedValue.self, capacity: animatedCount).initialize(from: animated, count: animatedCount)
        state.words.copyMemory(from: words, byteCount: Int(sizes.words - sizes.animatedWords) * 8)
        return state
    }

    deinit {
        animated.deinitialize(count: Int(head.pointee.sizes.animatedCount))
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
