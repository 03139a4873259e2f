/// A session's fixed-size state in one allocation: a header with what grows (animator groups,
/// timers, deferred completions), then the animated values, then plain-data words for the
/// variables, the inputs' recognisers and the basic animations (at offsets the definition's
/// `StateLayout` gives).
///
/// The interpreter's only raw memory, and reached only through this type: every access runs
/// inside `withUnsafeMutablePointers`, so no address of the header or the tail outlives the
/// call that was given it, and none leaves this file: the header, an animated value or a group's
/// member is read in place by the questions below (what it shows at `t`, its target, a member's
/// progress) and changed in place through `inout`; a plain word is loaded or stored as a
/// `BitwiseCopyable` type, so the compiler proves every type kept as bytes trivial.
/// A `ManagedBuffer`, one allocation, because copying a control copies the reference and the
/// first change after a copy copies this object: an object owning a separate allocation costs a
/// second one per copy, measured on the frames window and in the memory of many sessions
/// (docs/performance.md, "Raw memory contained").
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
        withParts { header, animated, _ in _ = animated.deinitialize(count: Int(header.pointee.sizes.animatedCount)) }
    }

    // MARK: Questions asked in place

    // The header, an animated value or an animator is read where it lies and never lent out: a
    // copy of it retains and releases every list it holds, and a value lent to a closure that is
    // not inlined is copied to be passed (docs/performance.md, "Raw memory contained"). So the
    // interpreter asks these questions instead of holding an address.

    /// The header's lists, as copies (one retain each).
    var groups: [PropertyAnimatorGroup?] { withUnsafeMutablePointerToHeader { $0.pointee.groups } }
    var timers: [DefinedControl.PendingTimer] { withUnsafeMutablePointerToHeader { $0.pointee.timers } }
    var deferred: [(group: Int, completion: PropertyAnimatorGroup.Completion)] {
        withUnsafeMutablePointerToHeader { $0.pointee.deferred }
    }

    /// The earliest of the first pending timer and the groups' natural ends.
    var headerDeadline: Double? {
        withUnsafeMutablePointerToHeader { header in
            var earliest = header.pointee.timers.first?.t
            // By index: a loop over the groups themselves copied each one (its members) to read it.
            for index in header.pointee.groups.indices {
                if let end = header.pointee.groups[index]?.naturalEndTime, end < earliest ?? .infinity { earliest = end }
            }
            return earliest
        }
    }

    /// What a program reads of animator group `group` (`ReadField.group`).
    struct GroupReading {
        var isPaused: Bool
        var isReversed: Bool
        var isRunning: Bool
        var progressWhenInterrupted: Double
    }

    /// Animator group `group` as a program reads it (nil when it has none): its stored fields
    /// and its primary member read in place, as a copy of the group retained its arrays.
    @inline(__always)
    func group(_ group: Int) -> GroupReading? {
        withUnsafeMutablePointerToHeader { header in
            header.pointee.groups.withUnsafeBufferPointer { groups in
                guard groups.indices.contains(group) else { return nil }
                let found = groups.baseAddress! + group
                guard let primary = found.pointee?.primary, let interrupted = found.pointee?.progressWhenInterrupted
                else { return nil }
                return found.pointee?.members.withUnsafeBufferPointer { members in
                    let animator = members.baseAddress! + primary
                    return GroupReading(isPaused: animator.pointee.isPaused, isReversed: animator.pointee.isReversed,
                                        isRunning: animator.pointee.isRunning, progressWhenInterrupted: interrupted)
                }
            }
        }
    }

    /// `body` with member `member` of animator group `group` where it lies (nil when there is none).
    @inline(__always)
    private func withMember<Result>(_ member: Int, of group: Int,
                                    _ body: (UnsafePointer<PropertyAnimator>) -> Result) -> Result? {
        withUnsafeMutablePointerToHeader { header in
            header.pointee.groups.withUnsafeBufferPointer { groups in
                guard groups.indices.contains(group) else { return nil }
                return (groups.baseAddress! + group).pointee?.members.withUnsafeBufferPointer { members in
                    members.indices.contains(member) ? body(members.baseAddress! + member) : nil
                }
            }
        }
    }

    /// `PropertyAnimator.sample(at:)` of member `member` of group `group` (nil when there is none).
    @inline(__always)
    func sample(ofMember member: Int, of group: Int, at t: Double) -> (progress: Double, velocity: Double)? {
        withMember(member, of: group) { $0.pointee.sample(at: t) }
    }

    /// `PropertyAnimator.fractionComplete(at:)` of member `member` of group `group`.
    @inline(__always)
    func fractionComplete(ofMember member: Int, of group: Int, at t: Double) -> Double? {
        withMember(member, of: group) { $0.pointee.fractionComplete(at: t) }
    }

    /// The flags a program reads of member `member` of group `group`.
    @inline(__always)
    func flags(ofMember member: Int, of group: Int) -> (isActive: Bool, isRunning: Bool, isReversed: Bool)? {
        withMember(member, of: group) { ($0.pointee.state == .active, $0.pointee.isRunning, $0.pointee.isReversed) }
    }

    /// `AnimatedValue.sample(at:)` of animated value `index` (scalars in declaration order): what
    /// it shows at `t` and its velocity.
    @inline(__always)
    func sample(ofAnimated index: Int, at t: Double) -> (value: Double, velocity: Double) {
        withParts { _, animated, _ in animated[index].sample(at: t) }
    }

    /// The value animated value `index` moves to (its model value).
    @inline(__always)
    func target(ofAnimated index: Int) -> Double {
        withParts { _, animated, _ in animated[index].target }
    }

    /// Whether an animation of value `index` is in flight at `t`.
    @inline(__always)
    func isAnimating(animated index: Int, at t: Double) -> Bool {
        withParts { _, animated, _ in animated[index].isAnimating(at: t) }
    }

    /// When value `index`'s animations end (`DefinedControl.rest`).
    @inline(__always)
    func rest(ofAnimated index: Int) -> MotionRest {
        withParts { _, animated, _ in animated[index].rest }
    }

    /// Whether animated value `index` is the same here and in `other`.
    func animated(_ index: Int, equals other: ControlState) -> Bool {
        withParts { _, mine, _ in other.withParts { _, theirs, _ in mine[index] == theirs[index] } }
    }

    // MARK: Changes in place

    /// `body` changing the header in place.
    @inline(__always)
    func updating<Result>(_ body: (inout Header) -> Result) -> Result {
        withUnsafeMutablePointerToHeader { body(&$0.pointee) }
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
    /// Where in an input's slot its kind is (`DefinedControl.InputKind`).
    var inputKind = 0
    var basics = 0
    var basicStride = 0
    var basicCount = 0
    /// Every word of the tail, animated values included.
    var words = 0

    init(animated: Int, variables: Int, inputs: [InputSpec], basics: Int) {
        animatedCount = animated
        animatedWords = animated * MemoryLayout<AnimatedValue>.stride / 8
        func rounded(_ bytes: Int) -> Int { (bytes + 7) / 8 * 8 }
        self.variables = 0
        self.inputs = rounded(variables * 8)
        // An input's recognizer, then its kind (a byte, in the widest one's tail padding if it has some).
        inputKind = inputs.map(\.recognizerSize).max() ?? 0
        inputStride = rounded(inputKind + 1)
        self.basics = self.inputs + inputs.count * inputStride
        basicStride = rounded(MemoryLayout<BasicAnimation?>.stride)
        basicCount = basics
        words = animatedWords + (self.basics + basics * basicStride) / 8
    }
}

extension InputSpec {
    /// The bytes its recognizer takes in a control's state (a store writes no more).
    var recognizerSize: Int {
        switch self {
        case .control: MemoryLayout<ControlTracking>.size
        case .tap: MemoryLayout<TapRecognizer>.size
        case .pan: MemoryLayout<PanRecognizer>.size
        case .longPress: MemoryLayout<LongPressRecognizer>.size
        case .swipe: MemoryLayout<SwipeRecognizer>.size
        case .transform: MemoryLayout<TransformRecognizer>.size
        }
    }
}
