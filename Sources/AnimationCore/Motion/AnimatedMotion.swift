/// A closed-form motion an animated value follows instead of an animation (docs/fidelity.md#catalogue-motion):
/// a released scroll view's deceleration and bounce, a page settling on its spring, or
/// `setContentOffset(_:animated:)`'s sin² move. The value shows the motion until its end and rests
/// where the motion rests; nothing composes on top of it but later animations.
public enum AnimatedMotion: MotionSegment, Equatable {
    case deceleration(ScrollDeceleration.Axis)
    case paging(PagingMotion)
    case sine(SineMove)

    public func sample(at t: Double) -> (value: Double, velocity: Double) {
        switch self {
        case let .deceleration(axis): axis.sample(at: t)
        case let .paging(motion): motion.sample(at: t)
        case let .sine(move): move.sample(at: t)
        }
    }

    public var endTime: Double {
        switch self {
        case let .deceleration(axis): axis.endTime
        case let .paging(motion): motion.endTime
        case let .sine(move): move.endTime
        }
    }

    /// Where the value rests from `endTime` on.
    public var restingValue: Double {
        switch self {
        case let .deceleration(axis): axis.restingOffset
        case let .paging(motion): motion.target
        case let .sine(move): move.to
        }
    }
}
