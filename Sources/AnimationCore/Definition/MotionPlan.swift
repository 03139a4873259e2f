/// A motion reaction as compiled (docs/controls.md#motion): which animated values it moves and
/// where, in the registers of the reaction's program, its numbers are. Kept in the definition's
/// `motionPlans`; the reaction itself holds only the plan's index.
struct MotionPlan: Sendable {
    enum Kind: String, Sendable, CaseIterable {
        /// UIScrollView's deceleration and edge bounce (`ScrollDeceleration`).
        case decelerate
        /// A paging scroll view settling on the page a release picks (`PageTarget`, `PagingMotion`).
        case page
        /// `setContentOffset(_:animated: true)`'s sin² move (`SineMove`).
        case move
        /// A released drag springing to the target its flick projects to (`ProjectedSnap`, `SnapSpring`).
        case snap
    }

    /// One moved value: its first scalar among the session's animated values, and a register for
    /// each of the kind's per-value fields, in `MotionPlan.fields(of:)` order.
    struct Axis: Sendable {
        var animated: Int
        var registers: [Int]
    }

    var kind: Kind
    var axes: [Axis]
    /// Registers of the kind's shared fields, in order.
    var shared: [Int]
    /// `snap`'s candidates: the register of each position, and of its condition (−1: always one).
    var targets: [(at: Int, when: Int)]
    /// `snap`: the number variable that receives the chosen candidate's index, −1 for none.
    var index: Int
    /// The timer scheduled for the instant the motion comes to rest, −1 for none.
    var completion: Int

    /// A field: its name, type, and the expression it takes when left out (nil: required).
    struct Field {
        var key: String
        var type: ValueType
        var fallback: JSON?
    }

    /// The fields of each kind, per moved value and shared, with UIKit's values as defaults.
    static func fields(of kind: Kind) -> (axis: [Field], shared: [Field]) {
        func field(_ key: String, _ fallback: JSON?, type: ValueType = .number) -> Field {
            Field(key: key, type: type, fallback: fallback)
        }
        switch kind {
        case .decelerate:
            return ([field("velocity", .number(0)), field("minimum", nil), field("maximum", nil),
                     field("bounces", .bool(true), type: .bool)],
                    [field("rate", .number(Decay.normal)), field("stopSpeed", .number(ScrollPhysics.defaultStopSpeed)),
                     field("bounceDecay", .number(ScrollPhysics.defaultBounceDecay)),
                     field("bounceEpsilon", .number(ScrollPhysics.defaultBounceEpsilon))])
        case .page:
            // `dimension` left out is the page size (the bounds along the axis, no interpage spacing);
            // `pageVelocity` left out is `velocity` (UIKit picks the page before it smooths the release).
            return ([field("velocity", .number(0)), field("pageSize", nil), field("minimum", nil), field("maximum", nil),
                     field("bounces", .bool(true), type: .bool), field("dimension", nil), field("origin", .number(0)),
                     field("pageVelocity", nil)],
                    [field("flickSpeed", .number(PageTarget.flickSpeed)), field("ceilingAtEnd", .bool(true), type: .bool),
                     field("clockRate", .number(1))])
        case .move:
            return ([field("to", nil)], [field("duration", .number(SineMove.contentOffsetDuration))])
        case .snap:
            // `position` left out is where the value shows.
            let snap = ProjectedSnap.sheet, spring = SnapSpring.sheet
            return ([field("velocity", .number(0)), field("position", nil)],
                    [field("decelerationRate", .number(snap.decelerationRate)), field("minimumSpeed", .number(snap.minimumSpeed)),
                     field("flickSpeed", .number(snap.flickSpeed)), field("flickAdvances", .bool(snap.flickAdvances), type: .bool),
                     field("response", .number(spring.response)), field("dampingRatio", .number(spring.dampingRatio)),
                     field("flickDampingRatio", .number(spring.flickDampingRatio))])
        }
    }

    /// How many values one reaction of the kind moves at most (a scroll view's two axes; a snap
    /// picks one target for one value).
    static func maximumAxes(of kind: Kind) -> Int {
        kind == .snap ? 1 : 2
    }

    /// `snap`'s candidates at most.
    static let maximumTargets = 16
}
