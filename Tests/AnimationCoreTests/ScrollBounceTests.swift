import Testing
@testable import AnimationCore

/// The bounce at a content edge (docs/fidelity.md#bounce) against oracle §14, whose figures come
/// from UIKit's bounce step run every 0.01 ms and from the closed form worked out separately.
@Suite("Scroll bounce")
struct ScrollBounceTests {
    /// Content offsets 0…1000, `.normal` deceleration.
    static func release(at offset: Double, velocity: Double, bounces: Bool = true) -> ScrollDeceleration {
        ScrollDeceleration(vertical: .init(offset: offset, velocity: velocity, minimum: 0, maximum: 1000,
                                           bounces: bounces), at: 0)
    }

    @Test("A flick at 2000 pt/s from 50 pt before the edge: over it, peaks, returns, stops pinned (oracle §14)")
    func flickIntoTheEdge() {
        let motion = Self.release(at: 950, velocity: 2000)
        let axis = motion.vertical
        // Oracle §14, closed form, 6 decimals.
        for (ms, offset) in [(50.0, 1035.289123), (100, 1062.100530), (200, 1048.437085), (400, 1011.617192)] {
            expectClose(axis.value(at: ms / 1000), offset, within: 1e-6, "offset at \(ms) ms")
        }
        // The edge at 25.673679 ms: inside just before, beyond just after, with continuous velocity.
        let edge = 0.025673679
        #expect(axis.value(at: edge - 1e-6) < 1000 && axis.value(at: edge + 1e-6) > 1000)
        expectClose(axis.sample(at: edge - 1e-9).velocity, axis.sample(at: edge + 1e-9).velocity, relative: 1e-6,
                    "velocity across the edge")
        // The peak, 63.266269 pt at 116.411924 ms: the velocity changes sign there.
        expectClose(axis.value(at: 0.116411924), 1063.266269, within: 1e-6, "peak")
        #expect(axis.sample(at: 0.1164).velocity > 0 && axis.sample(at: 0.1165).velocity < 0)
        expectClose(axis.overshoot(at: 0.116411924), 63.266269, within: 1e-6, "overshoot at the peak")
        // It stops once within 0.5 pt of the edge (the speed fell below 10 pt/s at 461.03 ms, earlier).
        expectClose(motion.endTime * 1000, 750.077984, within: 1e-5, "stop")
        expectClose(axis.value(at: motion.endTime - 1e-9), 1000.5, within: 1e-6, "0.5 pt out just before the stop")
        #expect(axis.restingOffset == 1000)
        #expect(axis.sample(at: 0.8) == (1000, 0))
    }

    @Test("Released beyond the edge at rest: a pure exponential back (oracle §14)")
    func releasedOverscrolled() {
        let motion = Self.release(at: 1050, velocity: 0)
        #expect(motion.willDecelerate, "overscrolled, so it decelerates")
        expectClose(motion.vertical.value(at: 0.1), 1018.302232, within: 1e-6, "50·e^(−1.005)")
        // ln(50/0.5)/0.01005 ms.
        expectClose(motion.endTime * 1000, 458.2259, within: 1e-4, "below 0.5 pt")
        let deeper = Self.release(at: 1100, velocity: 0)
        expectClose(deeper.endTime * 1000, 527.1958, within: 1e-4, "from 100 pt")
        let above = Self.release(at: -50, velocity: 0)
        expectClose(above.vertical.value(at: 0.1), -18.302232, within: 1e-6, "the same above the top")
        #expect(above.vertical.restingOffset == 0)
    }

    @Test("Released beyond the top moving in fast: back inside, across the content, into the other edge (oracle §14)")
    func acrossTheContent() {
        let motion = Self.release(at: -80, velocity: 3000)
        let axis = motion.vertical
        #expect(axis.motion.pieces.count == 3, "bounce, free, bounce")
        for (ms, offset) in [(20.0, -17.375881), (100, 145.435960), (500, 657.961696)] {
            expectClose(axis.value(at: ms / 1000), offset, within: 1e-6, "offset at \(ms) ms")
        }
        // Back inside at 27.433103 ms; at the bottom edge at 1353.954062 ms; peak 5.042459 pt at 1444.692307 ms.
        #expect(axis.value(at: 0.027433) < 0 && axis.value(at: 0.027434) > 0)
        expectClose(axis.sample(at: 0.027433103 - 1e-9).velocity, axis.sample(at: 0.027433103 + 1e-9).velocity,
                    relative: 1e-5, "velocity across the return")
        #expect(axis.value(at: 1.353953) < 1000 && axis.value(at: 1.353955) > 1000)
        expectClose(axis.overshoot(at: 1.444692307), 5.042459, within: 1e-6, "peak beyond the bottom")
        expectClose(motion.endTime * 1000, 1800.993904, within: 1e-5, "stop")
        #expect(axis.restingOffset == 1000)
    }

    @Test("The closed form against UIKit's bounce step taken every 0.01 ms")
    func closedFormMatchesTheStep() {
        for (offset, velocity) in [(950.0, 2000.0), (1050, 0), (-80, 3000), (990, 600), (30, -2500)] {
            let motion = Self.release(at: offset, velocity: velocity)
            var stepped = SteppedScrollAxis(x: offset, v: velocity / 1000, lower: 0, upper: 1000, rate: 0.998)
            var t = 0.0, stop: Double?
            for step in 1...250_000 {
                let bouncing = stepped.step(0.01)
                t = Double(step) * 0.01
                if step % 1000 == 0, t < motion.endTime * 1000 {
                    // Linear splitting at the edges costs the stepped oracle up to ~1e-3 pt.
                    expectClose(motion.vertical.value(at: t / 1000), stepped.x, within: 2e-3,
                                "from \(offset) at \(velocity) pt/s, \(t) ms")
                }
                if !bouncing && abs(stepped.v) < 0.01 { stop = t; break }
            }
            expectClose(motion.endTime * 1000, stop ?? .nan, within: 0.02, "stop from \(offset) at \(velocity) pt/s")
        }
    }

    @Test("Without bounces the axis is held at the edge and stops there (oracle §14)")
    func bouncesOff() {
        let motion = Self.release(at: 950, velocity: 2000, bounces: false)
        expectClose(motion.endTime * 1000, 25.673679, within: 1e-5, "stopped at the edge")
        #expect(motion.vertical.sample(at: 0.02).value < 1000)
        #expect(motion.vertical.sample(at: 0.03) == (1000, 0))
        let outside = Self.release(at: 1200, velocity: -300, bounces: false)
        #expect(outside.vertical.sample(at: 0) == (1000, 0), "released outside: clamped at once")
        #expect(!outside.willDecelerate)
    }

    @Test("One axis bouncing holds the other's stop back: the view stops as one (oracle §14)")
    func bouncingAxisDelaysTheStop() {
        func release(vertical velocity: Double) -> ScrollDeceleration {
            ScrollDeceleration(horizontal: .init(offset: 950, velocity: 2000, minimum: 0, maximum: 1000),
                               vertical: .init(offset: 0, velocity: velocity, minimum: 0, maximum: 5000), at: 0)
        }
        // 300 pt/s vertically outlasts the bounce: the stop is the vertical speed's, 1698.897525 ms,
        // the bounced axis long since within 0.5 pt and pinned onto its edge.
        let slowBounce = release(vertical: 300)
        expectClose(slowBounce.endTime * 1000, 1698.897525, within: 1e-4, "the vertical speed's stop")
        #expect(slowBounce.horizontal.restingOffset == 1000)
        expectClose(slowBounce.vertical.restingOffset, 144.71, within: 1e-4, "y at rest")
        // 30 pt/s alone would stop at 548.76 ms; the bounce holds it to 750.08 ms.
        let held = release(vertical: 30)
        expectClose(held.endTime * 1000, 750.077984, within: 1e-5, "held by the bounce")
        expectClose(held.vertical.restingOffset, 11.6353, within: 1e-4, "y at rest")
    }

    @Test("Bounces sampled at 60, 120 and 240 fps agree at the shared times")
    func frameRates() {
        expectFrameRateAgreement(Self.release(at: 950, velocity: 2000).vertical, from: 0, through: 0.8)
        expectFrameRateAgreement(Self.release(at: -80, velocity: 3000).vertical, from: 0, through: 2)
    }
}
