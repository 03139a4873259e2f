import Testing
@testable import AnimationCore

/// `PropertyAnimatorGroup`, the primitive definitions' `animators` use: several
/// UIViewPropertyAnimators driven as one interactive transition (docs/fidelity.md#property-animator).
/// Linear members give the time fraction (within the cubic solver's 1e-6, as UIKit's); the
/// easeInOut value at 0.3 s of 1 s is oracle §6's.
@Suite("PropertyAnimatorGroup: interrupt, scrub, continue, reverse, completions")
struct PropertyAnimatorGroupTests {
    static func linear(_ duration: Double = 1) throws -> PropertyAnimator { try PropertyAnimator(duration: duration, curve: .linear) }
    static func easeInOut() throws -> PropertyAnimator { try PropertyAnimator(duration: 1, curve: .easeInEaseOut) }

    /// Completions as (member, position, t), t within the solver's tolerance.
    static func expectCompletions(_ actual: [PropertyAnimatorGroup.Completion], _ expected: [(Int, PropertyAnimator.Position, Double)],
                                  sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(actual.map(\.member) == expected.map(\.0), sourceLocation: sourceLocation)
        #expect(actual.map(\.position) == expected.map(\.1), sourceLocation: sourceLocation)
        for (completion, (_, _, t)) in zip(actual, expected) { expectClose(completion.t, t, within: 1e-6, sourceLocation: sourceLocation) }
    }

    @Test func startingRunsEveryMember() throws {
        let group = try PropertyAnimatorGroup(members: [Self.linear(), Self.easeInOut()], completing: [true, false], at: 0)
        #expect(group.isRunning && !group.isPaused && !group.isReversed)
        expectClose(group.members[0].progress(at: 0.3), 0.3, within: 1e-6)
        expectClose(group.members[1].progress(at: 0.3), 0.18739589, within: 1e-6)
        #expect(group.naturalEndTime == 1)
    }

    @Test("Interrupting pauses every member and reads progressWhenInterrupted from progressFrom's first active member")
    func interruptRemembersTheFraction() throws {
        var group = try PropertyAnimatorGroup(members: [Self.linear(), Self.easeInOut()], completing: [false, false],
                                              progressFrom: [1, 0], at: 0)
        let spare = try Self.linear()
        let fired = try group.interrupt(at: 0.3) { _ in spare }
        #expect(fired.isEmpty && group.isPaused)
        expectClose(group.progressWhenInterrupted, 0.18739589, within: 1e-6)   // the easeInOut member's fractionComplete
        expectClose(group.members[0].progress(at: 5), 0.3, within: 1e-6, "frozen")
    }

    @Test("Interrupting a reversed transition turns it forward without moving it")
    func interruptTurnsForward() throws {
        var group = try PropertyAnimatorGroup(members: [Self.linear()], completing: [true], at: 0)
        _ = try group.reverse(at: 0.5)
        #expect(group.isReversed)
        expectClose(group.members[0].progress(at: 0.6), 0.4, within: 1e-6)
        let spare = try Self.linear()
        _ = try group.interrupt(at: 0.6) { _ in spare }
        #expect(!group.isReversed && group.isPaused)
        expectClose(group.members[0].progress(at: 0.6), 0.4, within: 1e-6)
        expectClose(group.progressWhenInterrupted, 0.4, within: 1e-6)
    }

    @Test("A member that already ended is restarted paused, so all are scrubbed together")
    func interruptRestartsEndedMembers() throws {
        var group = try PropertyAnimatorGroup(members: [Self.linear(0.5), Self.linear(1)], completing: [true, true], at: 0)
        let ended = group.advance(to: 0.7)
        #expect(ended == [.init(member: 0, position: .end, t: 0.5)])
        #expect(group.members[0].state == .inactive)
        var made: [Int] = []
        let spare = try Self.linear(0.5)
        _ = try group.interrupt(at: 0.7) { index in made.append(index); return spare }
        #expect(made == [0])
        #expect(group.members[0].state == .active && !group.members[0].isRunning)
        _ = try group.scrub(0.25, at: 0.8)
        expectClose(group.members[0].progress(at: 0.8), 0.25, within: 1e-6)
        expectClose(group.members[1].progress(at: 0.8), 0.25, within: 1e-6)
        // Continued with factor 0: each takes the rest of its own duration, and reports its end.
        _ = try group.continueAnimation(timings: [nil, nil], durationFactor: 0, at: 1)
        Self.expectCompletions(group.advance(to: 3), [(0, .end, 1.375), (1, .end, 1.75)])
    }

    @Test func aReversedMemberCompletesAtTheStart() throws {
        var group = try PropertyAnimatorGroup(members: [Self.linear()], completing: [true], at: 0)
        _ = try group.reverse(at: 0.4)
        #expect(group.advance(to: 0.79).isEmpty)
        Self.expectCompletions(group.advance(to: 1), [(0, .start, 0.8)])
        #expect(!group.isRunning)
    }

    @Test("A completion due at the time of an operation is returned by it")
    func completionDuringAnOperation() throws {
        var group = try PropertyAnimatorGroup(members: [Self.linear(), Self.linear(2)], completing: [true, false], at: 0)
        let fired = try group.setReversed(true, at: 1)
        #expect(fired == [.init(member: 0, position: .end, t: 1)])
        #expect(group.members[0].state == .inactive && group.members[1].isReversed)
    }

    @Test func membersWithoutACompletionReportNothing() throws {
        var group = try PropertyAnimatorGroup(members: [Self.linear(), Self.linear()], completing: [false, true], at: 0)
        #expect(group.advance(to: 2) == [.init(member: 1, position: .end, t: 1)])
    }
}
