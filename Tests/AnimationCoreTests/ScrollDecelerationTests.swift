import Testing
@testable import AnimationCore

/// UIScrollView's deceleration (docs/fidelity.md#scroll-deceleration) against oracle §13, and the
/// closed form against UIKit's own step run every millisecond (`SteppedScrollAxis`).
@Suite("Scroll deceleration")
struct ScrollDecelerationTests {
    /// A vertical flick from 0 with content far larger than any flick travels.
    static func flick(_ velocity: Double, rate: Double, at start: Double = 0) throws -> ScrollDeceleration {
        try ScrollDeceleration(
            vertical: .init(offset: 0, velocity: velocity, minimum: -1e5, maximum: 1e5),
            at: start, physics: ScrollPhysics(decelerationRate: rate))
    }

    struct Flick: Sendable {
        let rate: Double
        /// (ms, offset, velocity pt/s), oracle §13 to 6 decimals.
        let samples: [(Double, Double, Double)]
        let stopMilliseconds, rest: Double
    }

    static let flicks: [Flick] = [
        .init(rate: 0.998, samples: [(100, 90.535164, 817.747692), (250, 196.492694, 605.620434),
                                     (500, 315.611884, 367.143498), (1000, 431.602803, 134.929368)],
              stopMilliseconds: 2300.2817, rest: 494.010000),
        .init(rate: 0.99, samples: [(100, 62.762798, 364.196048), (250, 90.975207, 80.651866)],
              stopMilliseconds: 458.2106, rest: 98.010000),
    ]

    @Test("A flick at 1000 pt/s: offsets, velocities, the stop and the rest (normal and fast)", arguments: flicks)
    func flickAt1000(_ row: Flick) throws {
        let motion = try Self.flick(1000, rate: row.rate, at: 2)
        for (ms, offset, velocity) in row.samples {
            let sample = motion.vertical.sample(at: 2 + ms / 1000)
            // The oracle prints 6 decimals.
            expectClose(sample.value, offset, within: 1e-6, "offset at \(ms) ms")
            expectClose(sample.velocity, velocity, within: 1e-6, "velocity at \(ms) ms")
        }
        // ln(0.01/1)/ln F ms, to the printed 4 decimals.
        expectClose((motion.endTime - 2) * 1000, row.stopMilliseconds, within: 5e-5, "stop")
        expectClose(motion.vertical.restingOffset, row.rest, within: 1e-6, "rest")
        #expect(motion.vertical.sample(at: motion.endTime + 5).velocity == 0)
        #expect(motion.willDecelerate)
        // The horizontal axis was still and stays so.
        #expect(motion.horizontal.sample(at: 3) == (0, 0))
    }

    @Test("The closed form is UIKit's step taken every millisecond, exactly, at every millisecond")
    func closedFormMatchesTheStep() throws {
        for rate in [0.998, 0.99] {
            let motion = try Self.flick(1800, rate: rate)
            var stepped = SteppedScrollAxis(x: 0, v: 1.8, lower: -1e5, upper: 1e5, rate: rate)
            for ms in 1...400 {
                _ = stepped.step(1)
                expectClose(motion.vertical.value(at: Double(ms) / 1000), stepped.x, within: 1e-9, "\(rate) at \(ms) ms")
            }
        }
    }

    @Test("The velocity is the derivative of the offset")
    func velocityIsTheDerivative() throws {
        let motion = try Self.flick(-2500, rate: 0.998)
        for t in [0.01, 0.2, 0.9, 1.7] {
            let h = 1e-6
            let slope = (motion.vertical.value(at: t + h) - motion.vertical.value(at: t - h)) / (2 * h)
            expectClose(motion.vertical.sample(at: t).velocity, slope, relative: 1e-6, "at \(t) s")
        }
    }

    @Test("Sampled at 60, 120 and 240 fps the flick shows the same values at the shared times, and ends at the same instant")
    func frameRates() throws {
        let motion = try Self.flick(1000, rate: 0.998, at: 0.25)
        expectFrameRateAgreement(motion.vertical, from: 0.25, through: 3)
        // UIKit's own end depends on the frame rate (oracle §13: 2316.7, 2308.3, 2304.2 ms at 60, 120,
        // 240 fps); the engine's is the continuous instant, within a frame of each.
        for (fps, uikitStop) in [(60.0, 2316.6667), (120.0, 2308.3333), (240.0, 2304.1667)] {
            let stop = (motion.endTime - 0.25) * 1000
            #expect(stop <= uikitStop && uikitStop - stop < 1000 / fps, "\(fps) fps")
        }
    }

    @Test("Two axes stop together on their joint speed (oracle §13: (600, −800) pt/s)")
    func twoAxes() throws {
        let motion = ScrollDeceleration(
            horizontal: .init(offset: 0, velocity: 600, minimum: -1e5, maximum: 1e5),
            vertical: .init(offset: 0, velocity: -800, minimum: -1e5, maximum: 1e5), at: 0)
        // The joint speed is 1000 pt/s, so the stop is the 1000 pt/s flick's: 2300.2817 ms.
        expectClose(motion.endTime * 1000, 2300.2817, within: 5e-5, "stop")
        #expect(motion.horizontal.endTime == motion.endTime && motion.vertical.endTime == motion.endTime)
        expectClose(motion.horizontal.restingOffset, 296.406, within: 1e-6, "x at rest")
        expectClose(motion.vertical.restingOffset, -395.208, within: 1e-6, "y at rest")
    }

    @Test("A release below the stop speed inside the content does not decelerate")
    func slowRelease() throws {
        let motion = ScrollDeceleration(vertical: .init(offset: 120, velocity: 9, minimum: 0, maximum: 500), at: 4)
        #expect(!motion.willDecelerate)
        #expect(motion.endTime == 4)
        #expect(motion.vertical.sample(at: 4) == (120, 0))
        #expect(motion.vertical.sample(at: 10) == (120, 0))
    }

    @Test("Inputs that are not numbers, or absurd, still give a finite motion that ends")
    func hostileInputs() {
        for velocity in [Double.nan, .infinity, -.infinity, 1e300] {
            let motion = ScrollDeceleration(vertical: .init(offset: 10, velocity: velocity, minimum: 0, maximum: 500),
                                            at: 0)
            #expect(motion.endTime.isFinite, "\(velocity)")
            #expect(motion.vertical.restingOffset.isFinite && motion.vertical.value(at: 0.3).isFinite, "\(velocity)")
        }
        let nowhere = ScrollDeceleration(vertical: .init(offset: .nan, velocity: 100, minimum: .nan, maximum: .infinity),
                                         at: 0)
        #expect(nowhere.endTime.isFinite && nowhere.vertical.value(at: 1).isFinite)
    }

    @Test("targetContentOffset: x − (v − 0.01·sgn v)/ln F, where the continuous decay slows to 10 pt/s, clamped (oracle §28)")
    func projectedOffset() {
        // 1000 pt/s from 115: 609.504834835 (.normal), 213.504170849 (.fast); the stepped motion rests
        // at 609.01 and 213.01, the old geometric limit was 614 and 214.
        expectClose(ScrollDeceleration.projectedOffset(offset: 115, velocity: 1000, minimum: 0, maximum: 1156),
                    609.504834835, within: 1e-9)
        expectClose(ScrollDeceleration.projectedOffset(offset: 115, velocity: 1000, minimum: 0, maximum: 1156,
                                                       decelerationRate: Decay.fast), 213.504170849, within: 1e-9)
        expectClose(ScrollDeceleration.projectedOffset(offset: 115, velocity: 260, minimum: 0, maximum: 1156),
                    239.874958292, within: 1e-9)
        #expect(ScrollDeceleration.projectedOffset(offset: 115, velocity: 3000, minimum: 0, maximum: 1156) == 1156)
        #expect(ScrollDeceleration.projectedOffset(offset: 600, velocity: -1500, minimum: 0, maximum: 1156) == 0,
                "unclamped −144.254751418")
    }

    @Test("Physics parameters out of range are refused by name")
    func invalidPhysics() throws {
        #expect(throws: ParameterError("decelerationRate", "must be between 0 and 1, exclusive")) {
            try ScrollPhysics(decelerationRate: 1)
        }
        #expect(throws: ParameterError("stopSpeed", "must be greater than 0")) { try ScrollPhysics(stopSpeed: 0) }
        #expect(throws: ParameterError("bounceDecay", "must be greater than 0")) { try ScrollPhysics(bounceDecay: -1) }
        #expect(throws: ParameterError("bounceEpsilon", "must be a finite number")) {
            try ScrollPhysics(bounceEpsilon: .nan)
        }
        let defaults = try ScrollPhysics()
        #expect(ScrollPhysics.standard == defaults)
    }
}
