/// One compiled reaction. Each carries the program computing its expressions (into the
/// context's registers) and the registers holding the results.
indirect enum Reaction: Sendable {
    /// A variable takes a value.
    case set(variable: Int, Program, result: Int)
    /// An animated value jumps to a value (animations in flight are removed).
    case jump(animated: Int, width: Int, Program, result: Int)
    /// `UIView.animate`: additively, or (`retarget`) a spring from the current value and velocity.
    case animate(animated: Int, width: Int, Program, result: Int, timing: TimingSource, retarget: Bool)
    case emit(name: String, fields: [OutputField], Program)
    case branch(Program, condition: Int, then: [Reaction], otherwise: [Reaction])
    /// `let`: results copied into the context's fixed registers.
    case bind(Program, [(result: Int, register: Int, width: Int)])
    /// Runs an action with arguments computed here (copied to the action's registers from 0 on).
    case run(action: Int, Program, arguments: [(result: Int, width: Int)])
    case schedule(timer: Int, Program, after: Int)
    case cancelTimer(Int)
    case setSelected(input: Int, Program, result: Int)
    case setEnabled(input: Int, Program, result: Int)
    /// A recogniser forgets its touch, reporting nothing.
    case reset(input: Int)
    case addBasic(Int, Program, from: Int, to: Int, duration: Int, curve: CubicBezier?)
    case pauseBasic(Int)
    case resumeBasic(Int)
    case removeBasic(Int)
    case startGroup(Int)
    case pauseGroup(Int)
    case interruptGroup(Int)
    case scrubGroup(Int, Program, fraction: Int)
    /// Timings by member (nil: the member's own).
    case continueGroup(Int, Program, durationFactor: Int, timings: [AnimatorTiming?])
    case reverseGroup(Int)
    case setReversedGroup(Int, Program, result: Int)
    case discardGroup(Int)

    /// Reactions this one amounts to, actions expanded (the per-input bound).
    func count(actions: [Int]) -> Int {
        switch self {
        case let .branch(_, _, then, otherwise):
            1 + then.reduce(0) { $0 + $1.count(actions: actions) } + otherwise.reduce(0) { $0 + $1.count(actions: actions) }
        case let .run(action, _, _):
            1 + actions[action]
        default:
            1
        }
    }
}
