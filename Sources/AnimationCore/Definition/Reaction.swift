/// How an `animate` reaction meets the motion in flight, and the register holding its delay
/// in seconds (−1: none).
struct AnimateMode: Sendable, Equatable {
    enum Kind: UInt8, Sendable { case additive, retarget, fromCurrent }
    // The two registers first: with `kind` before them, the optimiser read `delay` as the upper
    // half of a 64-bit word whose lower half held `kind` and padding, and valgrind (which cannot
    // tell that a sign test reads only the top bit) reported every animate as reading
    // uninitialised memory.
    var delay: Int32 = -1
    /// `repeatCount`'s register (-1: once), or forever; `autoreverses` (docs/fidelity.md#repeat).
    var repeatCount: Int32 = -1
    var kind: Kind
    var repeatsForever = false
    var autoreverses = false

    /// The names `mode` takes in a definition, in `Kind`'s order.
    static let names = ["additive", "retarget", "fromCurrent"]

    /// A delay as computed: seconds from 0 to an hour (NaN counts as none).
    static func seconds(_ delay: Double) -> Double {
        delay > 0 ? min(delay, ParameterError.maximumDuration) : 0
    }
}

/// A list of compiled reactions: a range of the definition's reaction pool.
struct ReactionList: Sendable, Equatable {
    var start: Int32
    var count: Int32

    static let empty = ReactionList(start: 0, count: 0)
    var isEmpty: Bool { count == 0 }
}

/// A range of one of the definition's other pools (emission fields, run arguments, timings).
struct PoolRange: Sendable, Equatable {
    var start: Int32
    var count: Int32
}

/// One compiled reaction: plain data (slots, registers, ranges of the definition's pools), so
/// running reactions copies no references. Each carries the program computing its expressions
/// (into the context's registers) and the registers holding the results.
enum Reaction: Sendable {
    /// A variable takes a value.
    case set(variable: Int, Program, result: Int)
    /// An animated value jumps to a value (animations in flight are removed).
    case jump(animated: Int, width: Int, Program, result: Int)
    /// `UIView.animate`: additively, (`retarget`) a spring from the current value and velocity,
    /// or (`fromCurrent`) from the value shown; after a delay; `completion` runs when it ends
    /// (with `event.finished`).
    case animate(animated: Int, width: Int, Program, result: Int, timing: TimingSource, mode: AnimateMode,
                 completion: ReactionList)
    /// A `CAKeyframeAnimation` (`animate` with `keyframes`): `plan` indexes the definition's
    /// keyframe plans; the timing, delay, repeat and completion are `animate`'s.
    case keyframes(animated: Int, width: Int, Program, plan: Int, timing: TimingSource, mode: AnimateMode,
                   completion: ReactionList)
    /// `name` indexes the definition's emission names; `fields` its emission fields.
    case emit(name: Int, fields: PoolRange, Program)
    case branch(Program, condition: Int, then: ReactionList, otherwise: ReactionList)
    /// `let`: a result copied into a fixed register of the context.
    case bind(Program, result: Int, register: Int, width: Int)
    /// Runs an action with arguments computed here (copied to the action's registers from 0 on);
    /// `arguments` indexes the definition's argument pool (result register, width).
    case run(action: Int, Program, arguments: PoolRange)
    case schedule(timer: Int, Program, after: Int)
    case cancelTimer(Int)
    case setSelected(input: Int, Program, result: Int)
    case setEnabled(input: Int, Program, result: Int)
    /// A recogniser forgets its touch, reporting nothing.
    case reset(input: Int)
    /// `curve`: an index of the definition's curves, −1 for linear.
    case addBasic(Int, Program, from: Int, to: Int, duration: Int, curve: Int)
    case pauseBasic(Int)
    case resumeBasic(Int)
    case removeBasic(Int)
    case startGroup(Int)
    case pauseGroup(Int)
    case interruptGroup(Int)
    case scrubGroup(Int, Program, fraction: Int)
    /// Timings by member (the definition's timing pool; nil: the member's own).
    case continueGroup(Int, Program, durationFactor: Int, timings: PoolRange)
    case reverseGroup(Int)
    case setReversedGroup(Int, Program, result: Int)
    case discardGroup(Int)
    /// Starts a motion (decelerate, page, move, snap): `plan` indexes the definition's motion plans.
    case motion(plan: Int, Program)
}

/// The pools reactions index, filled while a definition compiles.
/// `@unchecked Sendable`: filled by one compilation, on its thread, and only read after it.
final class ReactionPools: @unchecked Sendable {
    var reactions: [Reaction] = []
    var emitNames: [String] = []
    var fields: [OutputField] = []
    var arguments: [(result: Int, width: Int)] = []
    var timings: [AnimatorTiming?] = []
    var enums: [EnumType] = []
    var curves: [CubicBezier] = []
    var eventLists: [ReactionList] = []
    var motions: [MotionPlan] = []
    var keyframes: [KeyframePlan] = []

    func curve(_ curve: CubicBezier) -> Int {
        if let index = curves.firstIndex(of: curve) { return index }
        curves.append(curve)
        return curves.count - 1
    }

    func addEventLists(_ lists: [ReactionList]) -> PoolRange {
        defer { eventLists += lists }
        return PoolRange(start: Int32(eventLists.count), count: Int32(lists.count))
    }

    /// An output field of `type` at `value`.
    func output(_ name: String, _ type: ValueType, _ value: Operand) -> OutputField {
        let kind: OutputField.Kind
        switch type {
        case .number: kind = .number
        case .bool: kind = .bool
        case .color: kind = .color
        case .string: kind = .string
        case let .enumeration(enumType):
            if let index = enums.firstIndex(of: enumType) {
                kind = .enumeration(index)
            } else {
                enums.append(enumType)
                kind = .enumeration(enums.count - 1)
            }
        }
        return OutputField(name: name, kind: kind, value: value)
    }

    /// Appends a list compiled on the side (its nested lists already appended).
    func add(_ list: [Reaction]) -> ReactionList {
        defer { reactions += list }
        return ReactionList(start: Int32(reactions.count), count: Int32(list.count))
    }

    func emitName(_ name: String) -> Int {
        if let index = emitNames.firstIndex(of: name) { return index }
        emitNames.append(name)
        return emitNames.count - 1
    }

    func addFields(_ list: [OutputField]) -> PoolRange {
        defer { fields += list }
        return PoolRange(start: Int32(fields.count), count: Int32(list.count))
    }

    func addArguments(_ list: [(result: Int, width: Int)]) -> PoolRange {
        defer { arguments += list }
        return PoolRange(start: Int32(arguments.count), count: Int32(list.count))
    }

    func addTimings(_ list: [AnimatorTiming?]) -> PoolRange {
        defer { timings += list }
        return PoolRange(start: Int32(timings.count), count: Int32(list.count))
    }

    subscript(_ list: ReactionList) -> ArraySlice<Reaction> {
        reactions[Int(list.start)..<Int(list.start + list.count)]
    }

    /// Reactions a list amounts to, actions expanded (the per-input bound).
    func count(_ list: ReactionList, actions: [ReactionList], counts: inout [Int?]) -> Int {
        var total = 0
        for reaction in self[list] {
            total += 1
            switch reaction {
            case let .branch(_, _, then, otherwise):
                total += count(then, actions: actions, counts: &counts) + count(otherwise, actions: actions, counts: &counts)
            case let .run(action, _, _):
                if counts[action] == nil { counts[action] = count(actions[action], actions: actions, counts: &counts) }
                total += counts[action] ?? 0
            default:
                break
            }
            if total > Int.max / 4 { return total }
        }
        return total
    }

    /// The actions a list runs, directly or in its branches.
    func runs(_ list: ReactionList) -> [Int] {
        var found: [Int] = []
        for reaction in self[list] {
            switch reaction {
            case let .run(action, _, _): found.append(action)
            case let .branch(_, _, then, otherwise): found += runs(then) + runs(otherwise)
            default: break
            }
        }
        return found
    }
}
