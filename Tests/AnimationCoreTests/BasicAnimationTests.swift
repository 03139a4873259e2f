import Testing
@testable import AnimationCore

/// `CABasicAnimation` on a scalar, removed on completion (docs/fidelity.md#basic-animation).
/// "Oracle §N" is a section of scripts/oracle/uikit_oracle.txt (docs/fidelity.md#oracle).
@Suite("BasicAnimation")
struct BasicAnimationTests {
    @Test("Linear from → to over its duration; the model value shows before it begins and from its end")
    func linear() throws {
        let animation = try BasicAnimation(from: 10, to: 30, duration: 2, begin: 1)
        #expect(animation.value(at: 0.5) == nil)
        #expect(animation.value(at: 1) == 10)
        expectClose(try #require(animation.value(at: 2)), 20, within: 1e-12)
        expectClose(try #require(animation.value(at: 2.5)), 25, within: 1e-12)
        expectClose(try #require(animation.value(at: 2.999)), 29.99, within: 1e-9)
        #expect(animation.value(at: 3) == nil, "removed on completion")
        #expect(animation.value(at: 10) == nil)
        #expect(animation.endTime == 3)
        expectClose(animation.fraction(at: 2.5), 0.75, within: 1e-12)
        expectClose(animation.remaining(at: 2.5), 0.5, within: 1e-12)
    }

    @Test("With a curve: from + (to − from)·curve(elapsed / duration), oracle §5")
    func withCurve() throws {
        let animation = try BasicAnimation(from: 100, to: 0, duration: 0.5, curve: .easeInEaseOut, begin: 0)
        // 100 − 100·easeInEaseOut(0.3) = 100 − 18.739589
        expectClose(try #require(animation.value(at: 0.15)), 81.260411, within: 1e-4)
        expectClose(try #require(animation.value(at: 0.25)), 50, within: 1e-4)
        let systemDefault = try BasicAnimation(from: 0, to: 1, duration: 1, curve: .systemDefault, begin: 0)
        expectClose(try #require(systemDefault.value(at: 0.5)), 0.80240339, within: 1e-6)
    }

    @Test("A duration of 0 means Core Animation's 0.25 s")
    func zeroDuration() throws {
        let animation = try BasicAnimation(from: 0, to: 1, duration: 0, begin: 2)
        #expect(animation.duration == 0.25)
        #expect(animation.endTime == 2.25)
        expectClose(try #require(animation.value(at: 2.125)), 0.5, within: 1e-12)
    }

    @Test("Pausing freezes the value; resuming continues from there and pushes the end later")
    func pauseAndResume() throws {
        var animation = try BasicAnimation(from: 0, to: 10, duration: 2, begin: 0)
        animation.pause(at: 0.5)
        #expect(animation.isPaused)
        #expect(animation.endTime == nil)
        expectClose(try #require(animation.value(at: 5)), 2.5, within: 1e-12, "frozen at 0.5 s of 2")
        animation.resume(at: 5)
        #expect(!animation.isPaused)
        #expect(animation.endTime == 6.5)
        expectClose(try #require(animation.value(at: 5.5)), 5, within: 1e-12)
        animation.pause(at: 6)
        animation.resume(at: 7)
        #expect(animation.endTime == 7.5, "a second pause adds its second too")
        expectClose(try #require(animation.value(at: 7.25)), 8.75, within: 1e-12)
        #expect(animation.value(at: 7.5) == nil)
    }

    @Test("Pausing twice or resuming a running animation changes nothing")
    func redundantPauseResume() throws {
        var animation = try BasicAnimation(from: 0, to: 10, duration: 2, begin: 0)
        animation.resume(at: 1)
        #expect(animation.endTime == 2)
        animation.pause(at: 1)
        animation.pause(at: 1.5)
        expectClose(try #require(animation.value(at: 3)), 5, within: 1e-12)
    }

    @Test("Invalid numbers throw naming the key")
    func invalid() {
        let duration = #expect(throws: ParameterError.self) { try BasicAnimation(from: 0, to: 1, duration: -1, begin: 0) }
        #expect(duration?.parameter == "duration")
        let from = #expect(throws: ParameterError.self) { try BasicAnimation(from: .nan, to: 1, duration: 1, begin: 0) }
        #expect(from?.parameter == "fromValue")
        let to = #expect(throws: ParameterError.self) { try BasicAnimation(from: 0, to: .infinity, duration: 1, begin: 0) }
        #expect(to?.parameter == "toValue")
        let begin = #expect(throws: ParameterError.self) { try BasicAnimation(from: 0, to: 1, duration: 1, begin: .nan) }
        #expect(begin?.parameter == "beginTime")
    }
}
