import Testing
@testable import AnimationCore

/// `UIViewPropertyAnimator`'s state machine (docs/fidelity.md#property-animator): states, `isRunning`, delays
/// and misuse. "Oracle §N" is a section of scripts/oracle/uikit_oracle.txt (docs/fidelity.md#oracle).
@Suite("PropertyAnimator: states and misuse")
struct PropertyAnimatorStateTests {
    /// What UIKit exposes publicly about an animator's state.
    struct Snapshot: Equatable, CustomStringConvertible {
        var state: PropertyAnimator.State
        var isRunning: Bool
        init(_ state: PropertyAnimator.State, _ isRunning: Bool) { self.state = state; self.isRunning = isRunning }
        init(_ animator: PropertyAnimator) { self.init(animator.state, animator.isRunning) }
        var description: String { "\(state)\(isRunning ? "+running" : "")" }
    }

    @Test("inactive → active (running) → active (paused) → running → stopped → inactive")
    func stateTable() throws {
        var animator = try PropertyAnimator(duration: 1, curve: .easeInEaseOut)
        var seen = [Snapshot(animator)]
        try animator.start(at: 0)
        seen.append(Snapshot(animator))
        try animator.pause(at: 0.3)
        seen.append(Snapshot(animator))
        try animator.continueAnimation(timing: nil, durationFactor: 0, at: 0.4)
        seen.append(Snapshot(animator))
        try animator.pause(at: 0.5)
        try animator.start(at: 0.6)
        seen.append(Snapshot(animator))
        try animator.stop(withoutFinishing: false, at: 0.7)
        seen.append(Snapshot(animator))
        try animator.finish(at: .current, at: 0.8)
        seen.append(Snapshot(animator))
        #expect(seen == [
            .init(.inactive, false), .init(.active, true), .init(.active, false), .init(.active, true),
            .init(.active, true), .init(.stopped, false), .init(.inactive, false),
        ])
    }

    @Test("isPaused: active and not running, through the same states")
    func isPausedAcrossStates() throws {
        var animator = try PropertyAnimator(duration: 1, curve: .easeInEaseOut)
        var seen = [animator.isPaused]
        try animator.start(at: 0)
        seen.append(animator.isPaused)
        try animator.pause(at: 0.3)
        seen.append(animator.isPaused)
        try animator.continueAnimation(timing: nil, durationFactor: 0, at: 0.4)
        seen.append(animator.isPaused)
        try animator.pause(at: 0.5)
        seen.append(animator.isPaused)
        try animator.stop(withoutFinishing: false, at: 0.7)
        seen.append(animator.isPaused)
        try animator.finish(at: .current, at: 0.8)
        seen.append(animator.isPaused)
        #expect(seen == [false, false, true, false, true, false, false])
    }

    @Test("Pausing a fresh animator makes it active and paused at 0")
    func pauseFresh() throws {
        var animator = try PropertyAnimator(duration: 1, curve: .easeInEaseOut)
        try animator.pause(at: 2)
        #expect(Snapshot(animator) == .init(.active, false))
        #expect(animator.fractionComplete(at: 3) == 0)
        #expect(animator.progress(at: 3) == 0)
    }

    @Test("Natural completion fires .end at the end time and leaves the animator inactive at 1")
    func naturalCompletion() throws {
        var animator = try PropertyAnimator(duration: 1, curve: .easeInEaseOut)
        animator.addCompletion("done")
        try animator.start(at: 2)
        #expect(animator.naturalEndTime == 3)
        #expect(animator.advance(to: 2.9999).isEmpty)
        let fired = animator.advance(to: 3.5)
        #expect(fired == [.init(id: "done", position: .end, t: 3)])
        #expect(Snapshot(animator) == .init(.inactive, false))
        #expect(animator.progress(at: 4) == 1)
        #expect(animator.fractionComplete(at: 4) == 0)
        #expect(animator.advance(to: 10).isEmpty, "completions run once")
    }

    @Test("A completion due before a later call fires from that call")
    func completionFromLaterCall() throws {
        var animator = try PropertyAnimator(duration: 1, curve: .linear)
        animator.addCompletion("done")
        try animator.start(at: 0)
        let fired = try animator.setReversed(false, at: 1.5)
        #expect(fired == [.init(id: "done", position: .end, t: 1)])
        #expect(Snapshot(animator) == .init(.inactive, false))
    }

    @Test("A refused call changes nothing: the completions it would have let happen are not lost")
    func refusedCallKeepsCompletions() throws {
        var animator = try PropertyAnimator(duration: 1, curve: .linear)
        animator.addCompletion("done")
        try animator.start(at: 0)
        let error = #expect(throws: AnimatorError.self) { try animator.pause(at: 1.5) }
        #expect(error == .finished(operation: "pause"), "the run ended at 1.0, before the pause")
        #expect(animator.advance(to: 1.5) == [.init(id: "done", position: .end, t: 1)])
        #expect(Snapshot(animator) == .init(.inactive, false))
    }

    @Test("Starting after a delay: active and running at once, fraction 0 until the delay ends")
    func startWithDelay() throws {
        var animator = try PropertyAnimator(duration: 1, curve: .easeInEaseOut)
        try animator.start(at: 0, delay: 0.5)
        #expect(Snapshot(animator) == .init(.active, true))
        #expect(animator.fractionComplete(at: 0.25) == 0)
        #expect(animator.progress(at: 0.25) == 0)
        #expect(animator.fractionComplete(at: 0.5) == 0)
        expectClose(animator.fractionComplete(at: 1.0), 0.5, within: 1e-12)
        expectClose(animator.progress(at: 0.8), 0.18739589, within: 1e-6, "easeInEaseOut(0.3), oracle §5")
        #expect(animator.naturalEndTime == 1.5)
    }

    @Test("Nothing moves during a start delay, even on a curve that starts at speed")
    func stillDuringDelay() throws {
        var animator = try PropertyAnimator(duration: 2, curve: .linear)
        try animator.start(at: 0, delay: 1)
        #expect(animator.sample(at: 0.5) == (0, 0))
        #expect(animator.sample(at: 1) == (0, 0.5), "from the first instant: 1 per 2 s")
        expectClose(animator.sample(at: 2).velocity, 0.5, within: 1e-6)
    }

    @Test("A duration of 0 becomes 0.2 s")
    func zeroDuration() throws {
        var animator = try PropertyAnimator(duration: 0, curve: .linear)
        #expect(animator.duration == 0.2)
        #expect(animator.unitDuration == 0.2)
        try animator.start(at: 1)
        #expect(animator.naturalEndTime == 1.2)
        expectClose(animator.progress(at: 1.1), 0.5, within: 1e-6)
    }

    @Test("Negative durations are rejected")
    func negativeDuration() {
        let error = #expect(throws: ParameterError.self) { try PropertyAnimator(duration: -1, curve: .linear) }
        #expect(error?.parameter == "duration")
    }

    // MARK: misuse

    @Test("continueAnimation needs a paused animator")
    func continueWhileRunning() throws {
        var animator = try PropertyAnimator(duration: 1, curve: .linear)
        #expect(throws: AnimatorError.notPaused(operation: "continue")) {
            try animator.continueAnimation(timing: nil, durationFactor: 0, at: 0)
        }
        try animator.start(at: 0)
        #expect(throws: AnimatorError.notPaused(operation: "continue")) {
            try animator.continueAnimation(timing: nil, durationFactor: 0, at: 0.1)
        }
        #expect(Snapshot(animator) == .init(.active, true), "the failed call changed nothing")
    }

    @Test("finish(at:) needs a stopped animator")
    func finishWhenNotStopped() throws {
        var animator = try PropertyAnimator(duration: 1, curve: .linear)
        #expect(throws: AnimatorError.notStopped) { try animator.finish(at: .end, at: 0) }
        try animator.start(at: 0)
        #expect(throws: AnimatorError.notStopped) { try animator.finish(at: .end, at: 0.1) }
        try animator.pause(at: 0.2)
        #expect(throws: AnimatorError.notStopped) { try animator.finish(at: .start, at: 0.3) }
    }

    @Test("Starting a paused animator after a delay is an error; without one it continues")
    func startWithDelayWhilePaused() throws {
        var animator = try PropertyAnimator(duration: 1, curve: .linear)
        try animator.start(at: 0)
        try animator.pause(at: 0.4)
        #expect(throws: AnimatorError.pausedWithDelay) { try animator.start(at: 0.5, delay: 0.1) }
        #expect(Snapshot(animator) == .init(.active, false))
        try animator.start(at: 0.5)
        #expect(Snapshot(animator) == .init(.active, true))
        let end = try #require(animator.naturalEndTime)
        // The linear curve is solved to ε 1e-7 (oracle §5 prints linear(0.4) = 0.40000006).
        expectClose(end, 1.1, within: 1e-6, "0.6 of the second left, from 0.5")
    }

    @Test("A stopped animator refuses everything but finish")
    func stoppedRefuses() throws {
        var animator = try PropertyAnimator(duration: 1, curve: .linear)
        try animator.start(at: 0)
        try animator.stop(withoutFinishing: false, at: 0.5)
        #expect(throws: AnimatorError.stopped(operation: "start")) { try animator.start(at: 0.6) }
        #expect(throws: AnimatorError.stopped(operation: "pause")) { try animator.pause(at: 0.6) }
        #expect(throws: AnimatorError.stopped(operation: "continue")) {
            try animator.continueAnimation(timing: nil, durationFactor: 0, at: 0.6)
        }
        #expect(throws: AnimatorError.stopped(operation: "reverse")) { try animator.setReversed(true, at: 0.6) }
        #expect(throws: AnimatorError.stopped(operation: "stop")) {
            try animator.stop(withoutFinishing: true, at: 0.6)
        }
        let error = #expect(throws: AnimatorError.self) { try animator.setFractionComplete(0.2, at: 0.6) }
        guard case .stopped? = error else {
            Issue.record("setFractionComplete on a stopped animator threw \(String(describing: error))")
            return
        }
        #expect(Snapshot(animator) == .init(.stopped, false))
        expectClose(animator.progress(at: 0.7), 0.5, within: 1e-6, "still showing where it stopped")
    }

    @Test("A finished animator cannot start or pause again")
    func finishedRefuses() throws {
        var animator = try PropertyAnimator(duration: 1, curve: .linear)
        try animator.start(at: 0)
        try animator.stop(withoutFinishing: true, at: 0.5)
        #expect(throws: AnimatorError.finished(operation: "start")) { try animator.start(at: 0.6) }
        #expect(throws: AnimatorError.finished(operation: "pause")) { try animator.pause(at: 0.6) }
    }

    /// The parameter an `.invalid` error names; nil for any other error.
    static func invalidParameter(_ error: AnimatorError?) -> String? {
        guard case let .invalid(parameterError)? = error else { return nil }
        return parameterError.parameter
    }

    @Test("Invalid numbers throw AnimatorError.invalid naming the parameter")
    func invalidNumbers() throws {
        var animator = try PropertyAnimator(duration: 1, curve: .linear)
        let delay = #expect(throws: AnimatorError.self) { try animator.start(at: 0, delay: -1) }
        #expect(Self.invalidParameter(delay) == "delay")
        try animator.start(at: 0)
        let fraction = #expect(throws: AnimatorError.self) { try animator.setFractionComplete(.nan, at: 0.1) }
        #expect(Self.invalidParameter(fraction) == "fractionComplete")
        try animator.pause(at: 0.2)
        let factor = #expect(throws: AnimatorError.self) {
            try animator.continueAnimation(timing: nil, durationFactor: -1, at: 0.3)
        }
        #expect(Self.invalidParameter(factor) == "durationFactor")
        #expect(animator.state == .active && !animator.isRunning, "the refused calls changed nothing")
    }
}
