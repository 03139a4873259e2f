import Testing
@testable import AnimationCore

/// Completions, stopping and finishing (docs/fidelity.md#property-animator), and a spring animator
/// against case C of oracle §1 (scripts/oracle/uikit_oracle.txt, docs/fidelity.md#oracle).
@Suite("PropertyAnimator: springs, stopping and completions")
struct PropertyAnimatorCompletionTests {
    @Test("A (duration 0.9, dampingRatio 1) animator shows case C until 0.9 s, then the end")
    func springAnimatorFollowsCaseC() throws {
        var animator = try PropertyAnimator(duration: 0.9, timing: .dampedSpring(dampingRatio: 1, initialVelocity: 0))
        #expect(animator.unitDuration == 0.9)
        try animator.start(at: 0)
        #expect(animator.naturalEndTime == 0.9)
        for row in UIKitSpringCase.c.samples {
            let (progress, velocity) = animator.sample(at: row.t)
            expectClose(progress, row.displayed, within: 1e-6, "progress at t = \(row.t)")
            expectClose(velocity, row.t < 0.9 ? row.velocity : 0, within: 1e-5, "velocity at t = \(row.t)")
            expectClose(animator.fractionComplete(at: row.t), min(row.t / 0.9, 1), within: 1e-12,
                        "time fraction at t = \(row.t)")
        }
    }

    @Test("A mass/stiffness/damping animator ignores its duration and runs for the settling time")
    func physicalSpringAnimatorIgnoresDuration() throws {
        let spring = SpringParameters.physical(mass: 1, stiffness: 100, damping: 5, initialVelocity: 0,
                                               allowsOverdamping: false)
        var animator = try PropertyAnimator(duration: 0.3, timing: .spring(spring))
        #expect(animator.duration == 0.3)
        expectClose(animator.unitDuration, 2.8550, within: 5e-5, "oracle §0")
        try animator.start(at: 0)
        expectClose(try #require(animator.naturalEndTime), 2.8550, within: 5e-5)
    }

    @Test("Pausing a spring with linear scrubbing parks at the displacement fraction 1 − |1 − p|")
    func pausedSpringParksByDisplacement() throws {
        var animator = try PropertyAnimator(duration: 0.5, timing: .dampedSpring(dampingRatio: 0.8, initialVelocity: 0))
        try animator.start(at: 0)
        try animator.pause(at: 0.3)
        // Case D shows 1.014985 at 0.3 s (oracle §1): 1.5 % past the end parks at 0.985015.
        expectClose(animator.fractionComplete(at: 0.3), 0.985015, within: 1e-6)
        expectClose(animator.progress(at: 0.3), 0.985015, within: 1e-6)
    }

    @Test("pausesOnCompletion: no completion, and the animator stays active at the end")
    func pausesOnCompletion() throws {
        var animator = try PropertyAnimator(duration: 1, curve: .easeInEaseOut)
        animator.pausesOnCompletion = true
        animator.addCompletion("never")
        try animator.start(at: 0)
        #expect(animator.advance(to: 1.5).isEmpty)
        #expect(animator.state == .active)
        #expect(!animator.isRunning)
        #expect(animator.progress(at: 2) == 1)
        #expect(animator.fractionComplete(at: 2) == 1)
        try animator.setReversed(true, at: 2)
        try animator.start(at: 2)
        #expect(animator.isRunning, "it can be sent back")
        expectClose(try #require(animator.naturalEndTime), 3, within: 1e-6)
    }

    @Test("stop(withoutFinishing: true) fires nothing, keeps what shows and goes inactive")
    func stopWithoutFinishing() throws {
        var animator = try PropertyAnimator(duration: 1, curve: .easeInEaseOut)
        animator.addCompletion("first")
        animator.addCompletion("second")
        try animator.start(at: 0)
        try animator.setReversed(true, at: 0.2)
        #expect(try animator.stop(withoutFinishing: true, at: 0.3).isEmpty)
        #expect(animator.state == .inactive)
        #expect(!animator.isRunning)
        #expect(!animator.isReversed)
        #expect(animator.fractionComplete(at: 0.3) == 0)
        // Went forward to 0.2, then back for 0.1 s: time fraction 0.1 on the curve (oracle §5).
        expectClose(animator.progress(at: 0.3), 0.01972245, within: 1e-6)
        #expect(animator.advance(to: 5).isEmpty, "no completion ever runs")
    }

    struct Finish: Sendable, CustomTestStringConvertible {
        let position: PropertyAnimator.Position
        let rest: Double
        var testDescription: String { "finish(at: .\(position))" }
    }

    /// Stopped at 0.3 s on a 1 s easeInEaseOut curve, where 0.18739589 shows (oracle §6).
    static let finishes: [Finish] = [
        .init(position: .end, rest: 1),
        .init(position: .start, rest: 0),
        .init(position: .current, rest: 0.18739589),
    ]

    @Test("stop(false) then finish(at:) fires every completion in order with that position", arguments: finishes)
    func stopThenFinish(_ finish: Finish) throws {
        var animator = try PropertyAnimator(duration: 1, curve: .easeInEaseOut)
        for id in ["first", "second", "third"] { animator.addCompletion(id) }
        try animator.start(at: 0)
        #expect(try animator.stop(withoutFinishing: false, at: 0.3).isEmpty)
        #expect(animator.state == .stopped)
        #expect(!animator.isRunning)
        expectClose(animator.progress(at: 0.4), 0.18739589, within: 1e-6, "stopped where it showed")
        #expect(animator.advance(to: 2).isEmpty, "a stopped animator does not complete by itself")
        let fired = try animator.finish(at: finish.position, at: 2.5)
        #expect(fired == [
            .init(id: "first", position: finish.position, t: 2.5),
            .init(id: "second", position: finish.position, t: 2.5),
            .init(id: "third", position: finish.position, t: 2.5),
        ])
        #expect(animator.state == .inactive)
        expectClose(animator.progress(at: 3), finish.rest, within: 1e-6)
    }

    @Test("A stopped paused animator finishes too")
    func stopWhilePaused() throws {
        var animator = try PropertyAnimator(duration: 1, curve: .linear)
        animator.addCompletion("done")
        try animator.start(at: 0)
        try animator.pause(at: 0.25)
        try animator.stop(withoutFinishing: false, at: 0.5)
        expectClose(animator.fractionComplete(at: 0.5), 0.25, within: 1e-6)
        #expect(try animator.finish(at: .end, at: 0.5) == [.init(id: "done", position: .end, t: 0.5)])
    }
}
