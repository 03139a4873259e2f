import Testing
@testable import AnimationCore

/// UIKit-style additive composition and spring retargeting on one scalar.
@Suite("AnimatedValue: additive animation and retargeting")
struct AnimatedValueTests {
    static let easeInOutOneSecond = Timing.curve(.easeInEaseOut, duration: 1)

    /// Value and velocity just before and just after a change at `t`, where `before` is the value
    /// as it was and `after` as it is now.
    static func expectContinuous(_ before: AnimatedValue, _ after: AnimatedValue, at t: Double,
                                 sourceLocation: SourceLocation = #_sourceLocation) {
        let (valueBefore, velocityBefore) = before.sample(at: t)
        let (valueAfter, velocityAfter) = after.sample(at: t)
        expectClose(valueAfter, valueBefore, within: 1e-9, "value", sourceLocation: sourceLocation)
        expectClose(velocityAfter, velocityBefore, within: 1e-9, "velocity", sourceLocation: sourceLocation)
        // One-sided differences: the old motion up to t, the new one from t.
        let h = 1e-7
        let slopeBefore = (before.value(at: t) - before.value(at: t - h)) / h
        let slopeAfter = (after.value(at: t + h) - after.value(at: t)) / h
        expectClose(slopeAfter, slopeBefore, within: 1e-2, "finite-difference velocity", sourceLocation: sourceLocation)
        expectClose(slopeBefore, velocityBefore, within: 1e-2, "reported velocity", sourceLocation: sourceLocation)
    }

    @Test("Adding an animation mid-flight keeps value and velocity continuous")
    func additiveRetargetIsContinuous() throws {
        var value = AnimatedValue(0)
        value.animate(to: 100, timing: Self.easeInOutOneSecond, at: 0)
        let before = value
        let spring = try SpringParameters.uikit(duration: 0.5, dampingRatio: 0.8, initialVelocity: 0).resolve()
        value.animate(to: -50, timing: .spring(spring), at: 0.4)
        #expect(value.target == -50)
        Self.expectContinuous(before, value, at: 0.4)
        let middle = value
        value.animate(to: 20, timing: Self.easeInOutOneSecond, at: 0.55)
        Self.expectContinuous(middle, value, at: 0.55)
    }

    @Test("Two additive easeInOut animations sum as UIKit composes them")
    func additiveSum() {
        var value = AnimatedValue(0)
        value.animate(to: 100, timing: Self.easeInOutOneSecond, at: 0)
        value.animate(to: 200, timing: Self.easeInOutOneSecond, at: 0.5)
        // value = 200 − 100·(1 − e(t)) − 100·(1 − e(t − 0.5)), e = easeInEaseOut from oracle §5:
        // t = 0.5: 200 − 100·(1 − 0.5) − 100·(1 − 0) = 50 (where the first one alone shows)
        expectClose(value.value(at: 0.5), 50, within: 1e-4)
        // t = 0.8: 200 − 100·(1 − 0.91834018) − 100·(1 − 0.18739589) = 110.573607
        expectClose(value.value(at: 0.8), 110.573607, within: 1e-4)
        // t = 1.2: the first has ended; 200 − 100·(1 − 0.81260411) = 181.260411
        expectClose(value.value(at: 1.2), 181.260411, within: 1e-4)
        #expect(value.value(at: 1.5) == 200)
    }

    @Test("retarget(to:spring:at:) starts one spring from the current value and velocity")
    func retargetIsContinuous() throws {
        var value = AnimatedValue(0)
        value.animate(to: 100, timing: Self.easeInOutOneSecond, at: 0)
        value.animate(to: 300, timing: Self.easeInOutOneSecond, at: 0.2)
        let before = value
        let spring = try SpringParameters.uikit(duration: 0.5, dampingRatio: 0.8, initialVelocity: 0).resolve()
        value.retarget(to: -40, spring: spring, at: 0.6)
        #expect(value.target == -40)
        Self.expectContinuous(before, value, at: 0.6)
        #expect(value.endTime == 1.1, "one spring, shown for its 0.5 s")
        #expect(value.value(at: 1.1) == -40)
        #expect(!value.isAnimating(at: 1.1))
    }

    @Test("Retargeting to where it rests, at rest, adds nothing")
    func retargetAtRest() throws {
        var value = AnimatedValue(5)
        let spring = try SpringParameters.uikit(duration: 0.5, dampingRatio: 1, initialVelocity: 0).resolve()
        value.retarget(to: 5, spring: spring, at: 1)
        #expect(value.endTime == nil)
    }

    @Test("End times: the latest animation's end; none when nothing is in flight")
    func endTimes() throws {
        var value = AnimatedValue(0)
        #expect(value.endTime == nil)
        value.animate(to: 10, timing: .curve(.linear, duration: 2), at: 1)
        #expect(value.endTime == 3)
        value.animate(to: 20, timing: .curve(.linear, duration: 0.5), at: 1.5)
        #expect(value.endTime == 3)
        #expect(value.isAnimating(at: 2.9))
        #expect(!value.isAnimating(at: 3))
        value.animate(to: 20, timing: .curve(.linear, duration: 4), at: 3.5)
        #expect(value.endTime == nil, "animating to the model value adds nothing, and the ended ones are gone")
    }

    @Test("set() jumps and removes every animation")
    func setRemovesAnimations() {
        var value = AnimatedValue(0)
        value.animate(to: 100, timing: Self.easeInOutOneSecond, at: 0)
        value.set(42)
        #expect(value.endTime == nil)
        #expect(value.value(at: 0.5) == 42)
        #expect(value.sample(at: 0.5).velocity == 0)
    }

    @Test("Before a change starts, its offset holds the old value")
    func beforeStart() {
        var value = AnimatedValue(10)
        value.animate(to: 30, timing: .curve(.linear, duration: 1), at: 2)
        #expect(value.value(at: 1) == 10)
        expectClose(value.value(at: 2.5), 20, within: 1e-6)
    }

    @Test("More than 64 overlapping spring animations collapse into one spring, continuously")
    func manySprings() throws {
        var value = AnimatedValue(0)
        let spring = try SpringParameters.uikit(duration: 2, dampingRatio: 0.9, initialVelocity: 0).resolve()
        for i in 0..<AnimatedValue.maximumComponents {
            value.animate(to: Double(i + 1), timing: .spring(spring), at: Double(i) * 0.01)
        }
        let before = value
        let t = Double(AnimatedValue.maximumComponents) * 0.01
        value.animate(to: 100, timing: .spring(spring), at: t)
        Self.expectContinuous(before, value, at: t)
        expectClose(try #require(value.endTime), t + 2, within: 1e-12)
        #expect(value.value(at: t + 2) == 100)
    }
}
