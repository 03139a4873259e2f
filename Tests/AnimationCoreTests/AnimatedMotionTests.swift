import Testing
@testable import AnimationCore

/// An animated value handed to a closed-form motion (`follow`) and to a spring with the velocity
/// a released drag gives it (`retarget(to:spring:velocity:at:)`), against the oracle's literals
/// (docs/fidelity.md#catalogue-motion).
@Suite("AnimatedValue: following motions, springs with a given velocity")
struct AnimatedMotionTests {
    /// A flick at 1000 pt/s from 0 with `.normal` deceleration, released at 0.5 s (oracle §13).
    static func flick() -> ScrollDeceleration {
        ScrollDeceleration(vertical: .init(offset: 0, velocity: 1000, minimum: 0, maximum: 10_000), at: 0.5)
    }

    @Test("A value following a deceleration shows it, rests where it rests, and reports its end")
    func followsDeceleration() {
        var value = AnimatedValue(0)
        value.follow(.deceleration(Self.flick().vertical))
        // Oracle §13, .normal: x(100 ms) = 90.535164 moving at 817.747692 pt/s; rest 494.010 at 2300.2817 ms.
        expectClose(value.value(at: 0.6), 90.535164, within: 1e-6)
        expectClose(value.sample(at: 0.6).velocity, 817.747692, within: 1e-6)
        expectClose(value.value(at: 1.5), 431.602803, within: 1e-6)
        #expect(value.target == Self.flick().vertical.restingOffset)
        expectClose(value.target, 494.01, within: 1e-9)
        expectClose(value.endTime ?? 0, 0.5 + 2.3002817, within: 1e-7)
        #expect(value.isAnimating(at: 2.8))
        #expect(!value.isAnimating(at: 2.81))
        #expect(value.sample(at: 2.81) == (value.target, 0))
        #expect(value.value(at: 0.5) == 0, "it starts where the release was")
    }

    @Test("A page settle and a sin² move are followed the same way (oracle §16, §21)")
    func followsPagingAndSine() throws {
        let target = PageTarget(offset: 100, velocity: 400, pageSize: 390, minimum: 0, maximum: 1560)
        let paging = PagingMotion(offset: 100, velocity: 400, target: target, spring: try .paging(dimension: 390),
                                  minimum: 0, maximum: 1560, at: 0)
        var page = AnimatedValue(100)
        page.follow(.paging(paging))
        expectClose(page.value(at: 0.1), 264.742063988, within: 1e-6)
        #expect(page.target == 390)
        expectClose(page.endTime ?? 0, 0.333, within: 1e-12)
        var move = AnimatedValue(0)
        move.follow(.sine(try SineMove(from: 0, to: 300, at: 1)))
        expectClose(move.value(at: 1.075), 43.933983, within: 1e-6)
        #expect(move.target == 300)
        #expect(move.endTime == 1.3)
    }

    @Test("An animation added to a moving value adds to the motion; set and retarget replace it")
    func composesAndIsReplaced() throws {
        var value = AnimatedValue(0)
        value.follow(.deceleration(Self.flick().vertical))
        let alone = value
        value.animate(to: value.target + 100, timing: .curve(.linear, duration: 1), at: 1)
        // linear(0.5) = 0.5 (oracle §5 within 1e-7): half of the 100 has come on top of the motion.
        expectClose(value.value(at: 1.5), alone.value(at: 1.5) + 50, within: 1e-4)
        #expect(value.endTime == alone.endTime, "the motion ends last")
        var stopped = alone
        stopped.set(stopped.value(at: 1))
        #expect(stopped.endTime == nil)
        #expect(stopped.value(at: 3) == alone.value(at: 1))
        var sprung = alone
        let spring = try SpringParameters.uikit(duration: 0.5, dampingRatio: 1, initialVelocity: 0).resolve()
        sprung.retarget(to: 0, spring: spring, at: 1)
        AnimatedValueTests.expectContinuous(alone, sprung, at: 1)
        #expect(sprung.sample(at: 1.5) == (0, 0))
    }

    @Test("retarget(velocity:) hands a finger's speed to the spring: the sheet's flick (oracle §17)")
    func springWithVelocity() throws {
        // Released at 350 moving −1200 pt/s towards the large detent at 69: ζ 0.8 after a flick.
        let parameters = SnapSpring.sheet.parameters(from: 350, to: 69, velocity: -1200, flick: true)
        let spring = try parameters.resolve()
        var value = AnimatedValue(350)
        value.retarget(to: 69, spring: spring, velocity: -1200, at: 2)
        let sample = value.sample(at: 2)
        expectClose(sample.value, 350, within: 1e-12)
        expectClose(sample.velocity, -1200, within: 1e-9)
        // y = 350 − 281·p: p(0.1) 0.699074, p(0.2) 0.989941, p(0.3) 1.014074, p(0.4) 1.003532.
        for (t, p) in [(0.1, 0.699074), (0.2, 0.989941), (0.3, 1.014074), (0.4, 1.003532)] {
            expectClose(value.value(at: 2 + t), 350 - 281 * p, within: 281 * 1e-6, "y at \(t)")
        }
        expectClose(value.endTime ?? 0, 2.518436, within: 1e-6, "runs UIKit's settling time for that velocity")
        #expect(value.target == 69)
        var still = AnimatedValue(69)
        still.retarget(to: 69, spring: spring, velocity: 0, at: 0)
        #expect(still.endTime == nil, "no distance and no speed: nothing to animate")
    }
}
