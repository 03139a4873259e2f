import Testing
@testable import AnimationCore

/// A `PropertyAnimator` keeps what never changes (duration, timing, the resolved timeline) in a
/// `Plan` behind one pointer, and a control's instance makes one plan per animator its
/// definition declares for its sessions to share. Sharing must not change a single bit of motion.
@Suite("PropertyAnimator plans: shared, and moving as an animator made anew")
struct PropertyAnimatorPlanTests {
    /// Every sample of a start, pause, scrub, continue and reverse, bit for bit.
    static func trace(_ animator: PropertyAnimator) throws -> [UInt64] {
        var animator = animator
        var bits: [UInt64] = []
        func record(_ t: Double) {
            let (p, v) = animator.sample(at: t)
            bits += [p.bitPattern, v.bitPattern, animator.fractionComplete(at: t).bitPattern]
        }
        try animator.start(at: 0)
        for k in 0..<8 { record(Double(k) * 0.05) }
        try animator.pause(at: 0.4)
        try animator.setFractionComplete(0.3, at: 0.5)
        record(0.5)
        try animator.continueAnimation(timing: nil, durationFactor: 0, at: 0.6)
        for k in 0..<8 { record(0.6 + Double(k) * 0.07) }
        try animator.setReversed(true, at: 0.9)
        for k in 0..<8 { record(0.9 + Double(k) * 0.1) }
        return bits
    }

    @Test("An animator of a plan moves to the bit as one made of the same duration and timing",
          arguments: [PropertyAnimator.TimingParameters.cubic(.easeInEaseOut), .dampedSpring(dampingRatio: 0.7, initialVelocity: 0.5),
                      .spring(.response(response: 0.4, dampingRatio: 0.8, initialVelocity: 0))])
    func planMovesAsNew(timing: PropertyAnimator.TimingParameters) throws {
        let plan = try PropertyAnimator.Plan(duration: 0.9, timing: timing)
        let shared = PropertyAnimator(plan: plan)
        let made = try PropertyAnimator(duration: 0.9, timing: timing)
        #expect(shared == made)
        #expect(try Self.trace(shared) == Self.trace(made))
    }

    @Test("Same bits means every number's bit pattern: −0 is not 0")
    func sameBits() {
        let a = PropertyAnimator.TimingParameters.dampedSpring(dampingRatio: 0.7, initialVelocity: 0)
        #expect(a.hasSameBits(as: .dampedSpring(dampingRatio: 0.7, initialVelocity: 0)))
        #expect(!a.hasSameBits(as: .dampedSpring(dampingRatio: 0.7, initialVelocity: -0.0)))
        #expect(a == .dampedSpring(dampingRatio: 0.7, initialVelocity: -0.0))
        #expect(!a.hasSameBits(as: .cubic(.linear)))
        let shared = SharedAnimatorPlan(duration: 0, timing: a, plan: try! PropertyAnimator.Plan(duration: 0, timing: a))
        #expect(shared.isMade(duration: 0, timing: a))
        #expect(!shared.isMade(duration: -0.0, timing: a))
    }

    @Test("Two card sessions' animators share their instance's plans; their frames are those of animators made anew")
    func cardSessionsShare() throws {
        let card = try builtIn("card")
        let first = try Session(card, tap(195, 800, at: 0))
        let second = try Session(card, tap(195, 800, at: 0.5))
        let plans = try card.animatorPlans[0].map { try #require($0).plan }
        #expect(plans.count == 3)
        for session in [first, second] {
            let members = try #require(session.latest.groups[0]).members
            #expect(members.count == 3)
            for (member, plan) in zip(members, plans) { #expect(member.plan === plan) }
        }
        // The instance's plans are the ones the card's members would make: frame and blur springs
        // ζ 1 over 0.9 s, the corner radius linear.
        #expect(plans[0] == (try PropertyAnimator.Plan(duration: 0.9, timing: .dampedSpring(dampingRatio: 1, initialVelocity: 0))))
        #expect(plans[1] == (try PropertyAnimator.Plan(duration: 0.9, timing: .cubic(.linear))))
        #expect(plans[2] == plans[0])
    }
}
