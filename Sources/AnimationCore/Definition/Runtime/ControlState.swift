/// A session's fixed-size state: what grows (groups, timers) as properties, and the rest in one
/// block of words this object allocates and frees: the animated values, then plain-data words
/// for the variables, the inputs' recognisers and the basic animations (at offsets the
/// definition's `StateLayout` gives).
///
/// Copying a control copies the reference; the first change after a copy copies the state
/// (two allocations), so a step costs what a hand-written control's copy does.
///
/// Why the words are a block of their own and not this object's tail (a `ManagedBuffer`, as they
/// once were): the controls read and change them through pointers that outlive the call that
/// made them. A pointer to an object's tail, taken out of `withUnsafeMutablePointerToElements`,
/// is valid only inside that call, and the optimizer takes it at its word: in a release build it
/// once placed an array stored through such a pointer (an animated value's new animations) on the
/// stack, as if it could not outlive the function, and the session then read freed stack memory.
/// A block from `allocate` is valid until `deallocate`, here in `deinit`, so the pointers are
/// sound for as long as the state lives (docs/architecture.md, "A session in memory").
final class ControlState: @unchecked Sendable {
    /// What the state needs of its `StateLayout` to copy and free itself (the rest is the
    /// instance's; narrow, as every changed control holds a state of its own).
    let sizes: Sizes
    /// The first word of the block: the animated values begin here.
    let base: UnsafeMutableRawPointer
    // Read and changed only through the control that owns this state (copied first when shared),
    // so no dynamic exclusivity check is needed.
    @exclusivity(unchecked) var groups: [PropertyAnimatorGroup?]
    /// Pending timers, in firing order (first scheduled first at equal times).
    @exclusivity(unchecked) var timers: [DefinedControl.PendingTimer]
    /// Animator completions that fell due during an operation, run once the current input's
    /// reactions are done (as UIKit calls completions on a later turn). Empty between inputs.
    @exclusivity(unchecked) var deferred: [(group: Int, completion: PropertyAnimatorGroup.Completion)]

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

    private init(sizes: Sizes, groups: [PropertyAnimatorGroup?], timers: [DefinedControl.PendingTimer],
                 deferred: [(group: Int, completion: PropertyAnimatorGroup.Completion)]) {
        self.sizes = sizes
        base = .allocate(byteCount: max(Int(sizes.words), 1) * 8, alignment: 16)
        self.groups = groups
        self.timers = timers
        self.deferred = deferred
    }

    static func make(_ layout: StateLayout, groups: Int) -> ControlState {
        ControlState(sizes: Sizes(layout), groups: Array(repeating: nil, count: groups), timers: [], deferred: [])
    }

    @inline(__always)
    var animated: UnsafeMutablePointer<AnimatedValue> {
        base.assumingMemoryBound(to: AnimatedValue.self)
    }

    /// The plain-data words after the animated values.
    @inline(__always)
    var words: UnsafeMutableRawPointer {
        base + Int(sizes.animatedWords) * 8
    }

    /// Binds and fills the animated values (once, when made).
    func initializeAnimated(_ values: [AnimatedValue]) {
        let typed = base.bindMemory(to: AnimatedValue.self, capacity: values.count)
        typed.initialize(from: values, count: values.count)
    }

    func copy() -> ControlState {
        let state = ControlState(sizes: sizes, groups: groups, timers: timers, deferred: deferred)
        let animatedCount = Int(sizes.animatedCount)
        state.base.bindMemory(to: AnimatedValue.self, capacity: animatedCount).initialize(from: animated, count: animatedCount)
        state.words.copyMemory(from: words, byteCount: Int(sizes.words - sizes.animatedWords) * 8)
        return state
    }

    deinit {
        animated.deinitialize(count: Int(sizes.animatedCount))
        base.deallocate()
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
