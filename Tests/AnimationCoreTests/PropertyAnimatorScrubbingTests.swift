import Testing
@testable import AnimationCore

/// Pausing, scrubbing (`fractionComplete`), reversing and continuing (docs/fidelity.md#property-animator, oracle §6).
/// "Oracle §N" is a section of scripts/oracle/uikit_oracle.txt (docs/fidelity.md#oracle).
@Suite("PropertyAnimator: pause, fractionComplete, reverse, continue")
struct PropertyAnimatorScrubbingTests {
    static func easeInOut(scrubsLinearly: Bool = true) throws -> PropertyAnimator {
        var animator = try PropertyAnimator(duration: 1, curve: .easeInEaseOut)
        animator.scrubsLinearly = scrubsLinearly
        return animator
    }

    // MARK: Oracle §6, a 1 s easeInOut animator paused at 0.3 s

    @Test("scrubsLinearly (the default): fractionComplete becomes the visible progress 0.18739589")
    func pausedScrubbingLinearly() throws {
        var animator = try Self.easeInOut()
        #expect(animator.scrubsLinearly)
        try animator.start(at: 0)
        try animator.pause(at: 0.3)
        expectClose(animator.fractionComplete(at: 0.3), 0.18739589, within: 1e-6)
        expectClose(animator.progress(at: 0.3), 0.18739589, within: 1e-6, "no visual jump")
        expectClose(animator.fractionComplete(at: 7), 0.18739589, within: 1e-6, "frozen while paused")
        #expect(animator.sample(at: 0.5).velocity == 0)
    }

    @Test("Without scrubsLinearly fractionComplete stays the time fraction 0.3")
    func pausedOnTheCurve() throws {
        var animator = try Self.easeInOut(scrubsLinearly: false)
        try animator.start(at: 0)
        try animator.pause(at: 0.3)
        expectClose(animator.fractionComplete(at: 0.3), 0.3, within: 1e-6)
        expectClose(animator.progress(at: 0.3), 0.18739589, within: 1e-6)
    }

    @Test("Continuing with factor 0 resumes on the curve at time fraction 0.3 and ends at 1.0 s",
          arguments: [true, false])
    func continueResumesOnTheCurve(scrubsLinearly: Bool) throws {
        var animator = try Self.easeInOut(scrubsLinearly: scrubsLinearly)
        try animator.start(at: 0)
        try animator.pause(at: 0.3)
        try animator.continueAnimation(timing: nil, durationFactor: 0, at: 0.3)
        #expect(animator.isRunning)
        let end = try #require(animator.naturalEndTime)
        expectClose(end, 1.0, within: 1e-6, "remaining time (1 − 0.3)·1 s")
        expectClose(animator.fractionComplete(at: 0.3), 0.3, within: 1e-6, "time fraction on resuming")
        expectClose(animator.progress(at: 0.3), 0.18739589, within: 1e-6)
        // Half-way through the rest: time fraction 0.65 on the curve (oracle §5).
        expectClose(animator.fractionComplete(at: 0.65), 0.65, within: 1e-6)
        expectClose(animator.progress(at: 0.65), 0.74451439, within: 1e-6)
    }

    @Test("Time spent paused pushes the end later")
    func pausedTimeIsAdded() throws {
        var animator = try Self.easeInOut()
        try animator.start(at: 0)
        try animator.pause(at: 0.3)
        try animator.start(at: 2)
        let end = try #require(animator.naturalEndTime)
        expectClose(end, 2.7, within: 1e-6)
        expectClose(animator.progress(at: 2.35), 0.74451439, within: 1e-6, "time fraction 0.65")
    }

    // MARK: fractionComplete setter

    @Test("Setting fractionComplete on a fresh animator pauses it there; it scrubs linearly in progress")
    func setOnFreshAnimator() throws {
        var animator = try Self.easeInOut()
        try animator.setFractionComplete(0.4, at: 1)
        #expect(animator.state == .active)
        #expect(!animator.isRunning)
        expectClose(animator.fractionComplete(at: 1), 0.4, within: 1e-12)
        expectClose(animator.progress(at: 1), 0.4, within: 1e-12)
    }

    @Test("Without scrubsLinearly the set fraction is a time fraction on the curve")
    func setOnTheCurve() throws {
        var animator = try Self.easeInOut(scrubsLinearly: false)
        try animator.setFractionComplete(0.3, at: 0)
        expectClose(animator.fractionComplete(at: 0), 0.3, within: 1e-12)
        expectClose(animator.progress(at: 0), 0.18739589, within: 1e-6)
    }

    struct Clamp: Sendable, CustomTestStringConvertible {
        let set, readBack, shown: Double
        var testDescription: String { "set \(set)" }
    }

    /// UIKit stores [0.00001, 0.99999]; the sentinels read back as 0 and 1 but show as stored.
    static let clamps: [Clamp] = [
        .init(set: 0, readBack: 0, shown: 0.00001),
        .init(set: -3, readBack: 0, shown: 0.00001),
        .init(set: 0.000005, readBack: 0, shown: 0.00001),
        .init(set: 0.25, readBack: 0.25, shown: 0.25),
        .init(set: 0.999995, readBack: 1, shown: 0.99999),
        .init(set: 1, readBack: 1, shown: 0.99999),
        .init(set: 7, readBack: 1, shown: 0.99999),
    ]

    @Test("The setter clamps to [0.00001, 0.99999] and reads back the sentinels as 0 and 1", arguments: clamps)
    func clamping(_ clamp: Clamp) throws {
        var animator = try Self.easeInOut()
        try animator.start(at: 0)
        try animator.pause(at: 0.5)
        try animator.setFractionComplete(clamp.set, at: 0.5)
        #expect(animator.fractionComplete(at: 0.5) == clamp.readBack)
        expectClose(animator.progress(at: 0.5), clamp.shown, within: 1e-12)
    }

    @Test("Setting fractionComplete while running moves it there and keeps running")
    func setWhileRunning() throws {
        var animator = try Self.easeInOut()
        try animator.start(at: 0)
        try animator.setFractionComplete(0.5, at: 0.2)
        #expect(animator.isRunning)
        expectClose(animator.progress(at: 0.2), 0.5, within: 1e-6)
        let end = try #require(animator.naturalEndTime)
        expectClose(end, 0.7, within: 1e-6, "progress 0.5 is time fraction 0.5 on easeInEaseOut")
        expectClose(animator.progress(at: 0.45), 0.87083810, within: 1e-6, "time fraction 0.75 (oracle §5)")
    }

    // MARK: reversing

    @Test("Reversing a paused animator: fraction measured towards the start, nothing moves, ends at .start")
    func reversePaused() throws {
        var animator = try PropertyAnimator(duration: 1, curve: .linear)
        animator.addCompletion("back")
        try animator.start(at: 0)
        try animator.pause(at: 0.4)
        try animator.setReversed(true, at: 0.4)
        #expect(animator.isReversed)
        expectClose(animator.fractionComplete(at: 0.4), 0.6, within: 1e-6)
        expectClose(animator.progress(at: 0.4), 0.4, within: 1e-6, "nothing moves at the flip")
        try animator.continueAnimation(timing: nil, durationFactor: 0, at: 0.4)
        let end = try #require(animator.naturalEndTime)
        expectClose(end, 0.8, within: 1e-6, "0.4 of the way back at 1 s per run")
        expectClose(animator.progress(at: 0.6), 0.2, within: 1e-6)
        expectClose(animator.fractionComplete(at: 0.6), 0.8, within: 1e-6)
        #expect(animator.sample(at: 0.6).velocity < 0)
        let fired = animator.advance(to: 1)
        #expect(fired.map(\.id) == ["back"])
        #expect(fired.map(\.position) == [.start])
        expectClose(fired.first?.t ?? .nan, 0.8, within: 1e-6)
        #expect(animator.progress(at: 1) == 0)
    }

    @Test("Reversing while running keeps running backwards from where it shows", arguments: [true, false])
    func reverseRunning(scrubsLinearly: Bool) throws {
        var animator = try Self.easeInOut(scrubsLinearly: scrubsLinearly)
        try animator.start(at: 0)
        try animator.setReversed(true, at: 0.3)
        #expect(animator.isRunning)
        expectClose(animator.progress(at: 0.3), 0.18739589, within: 1e-6, "nothing moves at the flip")
        expectClose(animator.fractionComplete(at: 0.3), 0.7, within: 1e-6, "1 − time fraction 0.3")
        let end = try #require(animator.naturalEndTime)
        expectClose(end, 0.6, within: 1e-6, "back along the curve for 0.3 s")
        expectClose(animator.progress(at: 0.5), 0.01972245, within: 1e-6, "time fraction 0.1 (oracle §5)")
        let fired = animator.advance(to: 0.6)
        #expect(fired.isEmpty, "no completions were added")
        #expect(animator.state == .inactive)
    }

    @Test("Reversing a fresh animator is ignored")
    func reverseFresh() throws {
        var animator = try Self.easeInOut()
        try animator.setReversed(true, at: 0)
        #expect(!animator.isReversed)
        #expect(animator.state == .inactive)
    }

    // MARK: continuing with other factors and timings

    @Test("durationFactor ≠ 0: the rest takes factor·duration")
    func durationFactor() throws {
        var animator = try PropertyAnimator(duration: 1, curve: .linear)
        try animator.start(at: 0)
        try animator.pause(at: 0.4)
        try animator.continueAnimation(timing: nil, durationFactor: 2, at: 1)
        let end = try #require(animator.naturalEndTime)
        expectClose(end, 3, within: 1e-6)
        expectClose(animator.progress(at: 2), 0.7, within: 1e-6)
        expectClose(animator.fractionComplete(at: 2), 0.7, within: 1e-6)
    }

    @Test("Continuing with a new curve resumes at the time its progress is shown")
    func continueWithNewCurve() throws {
        var animator = try Self.easeInOut()
        try animator.start(at: 0)
        try animator.pause(at: 0.5)
        try animator.continueAnimation(timing: .cubic(.linear), durationFactor: 0.25, at: 0.5)
        let end = try #require(animator.naturalEndTime)
        expectClose(end, 0.75, within: 1e-6)
        expectClose(animator.progress(at: 0.625), 0.75, within: 1e-6, "linear from 0.5, half-way through the rest")
    }

    @Test("Continuing with a damped spring re-solves it for the remaining time from the shown progress")
    func continueWithSpring() throws {
        var animator = try PropertyAnimator(duration: 1, curve: .linear)
        try animator.start(at: 0)
        try animator.pause(at: 0.4)
        try animator.continueAnimation(timing: .dampedSpring(dampingRatio: 1, initialVelocity: 0),
                                       durationFactor: 0, at: 0.4)
        let end = try #require(animator.naturalEndTime)
        expectClose(end, 1.0, within: 1e-6, "(1 − 0.4)·1 s")
        // Oracle §11: UIKit's spring for 0.6 s, ζ 1, from rest, mapped onto 0.4 → 1:
        // τ = 0.1 → 0.673065718830661, τ = 0.3 → 0.9666863148109099.
        expectClose(animator.progress(at: 0.5), 0.673065718830661, within: 1e-6)
        expectClose(animator.progress(at: 0.7), 0.9666863148109099, within: 1e-6)
        #expect(animator.progress(at: 1.0) == 1)
    }
}
