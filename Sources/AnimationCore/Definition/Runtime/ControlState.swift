/// A session's fixed-size state in one allocation: the animated values, then plain-data words
/// for the variables, the inputs' recognisers and the basic animations (at offsets the
/// definition's `StateLayout` gives), and in the header what grows (groups, timers).
///
/// Copying a control copies the reference; the first change after a copy copies the buffer
/// (one allocation), so a step costs what a hand-written control's copy does.
final class ControlState: ManagedBuffer<ControlState.Header, UInt64>, @unchecked Sendable {
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

    static func make(_ layout: StateLayout, groups: Int) -> ControlState {
        let buffer = create(minimumCapacity: max(layout.words, 1)) { _ in
            Header(sizes: Sizes(layout), groups: Array(repeating: nil, count: groups), timers: [], deferred: [])
        }
        return unsafeDowncast(buffer, to: ControlState.self)
    }

    /// The header, read and changed through its address (no dynamic exclusivity check).
    @inline(__always)
    var head: UnsafeMutablePointer<Header> {
        withUnsafeMutablePointerToHeader { $0 }
    }

    /// The first word of the tail.
    @inline(__always)
    var base: UnsafeMutablePointer<UInt64> {
        withUnsafeMutablePointerToElements { $0 }
    }

    @inline(__always)
    var animated: UnsafeMutablePointer<AnimatedValue> {
        UnsafeMutableRawPointer(base).assumingMemoryBound(to: AnimatedValue.self)
    }

    /// The plain-data words after the animated values.
    @inline(__always)
    var words: UnsafeMutableRawPointer {
        UnsafeMutableRawPointer(base + Int(head.pointee.sizes.animatedWords))
    }

    /// Binds and fills the animated values (once, when made).
    func initializeAnimated(_ values: [AnimatedValue]) {
        let typed = UnsafeMutableRawPointer(base).bindMemory(to: AnimatedValue.self, capacity: values.count)
        typed.initialize(from: values, count: values.count)
    }

    func copy() -> ControlState {
        let sizes = head.pointee.sizes
        let animatedCount = Int(sizes.animatedCount)
        let copy = ControlState.create(minimumCapacity: max(Int(sizes.words), 1)) { _ in head.pointee }
        let state = unsafeDowncast(copy, to: ControlState.self)
        let animated = UnsafeMutableRawPointer(state.base).bindMemory(to: AnimatedValue.self, capacity: animatedCount)
        animated.initialize(from: self.animated, count: animatedCount)
        state.words.copyMemory(from: words, byteCount: Int(sizes.words - sizes.animatedWords) * 8)
        return state
    }

    deinit {
        _ = withUnsafeMutablePointers { header, base in
            UnsafeMutableRawPointer(base).assumingMemoryBound(to: AnimatedValue.self).deinitialize(count: Int(header.pointee.sizes.animatedCount))
        }
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
